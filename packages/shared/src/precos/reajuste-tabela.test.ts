import { describe, expect, it } from 'vitest';
import { copiaTabela, reajustaTabela, reajustaValor } from './reajuste-tabela.ts';
import { type ItemTabelaPreco, reajusteSchema, type TabelaPreco } from './tabela-precos.schema.ts';

const ITENS: ItemTabelaPreco[] = [
  {
    produto_id: 'a',
    regra: 'preco_fixo',
    valor: '10.10',
    preco_minimo: '9.00',
    faixas: [
      { quantidade_minima: '12.000', tipo: 'preco', valor: '9.50' },
      { quantidade_minima: '24.000', tipo: 'desconto', valor: '10.00' },
    ],
  },
  { produto_id: 'b', regra: 'markup_custo', valor: '30.00', preco_minimo: null, faixas: [] },
  { produto_id: 'c', regra: 'abaixo_base', valor: '5.00', preco_minimo: '4.99', faixas: [] },
];

const aumento = reajusteSchema.parse({ sentido: 'aumento', percentual: '5' });
const reducao = reajusteSchema.parse({ sentido: 'reducao', percentual: '3,5' });

describe('readjust a table by %', () => {
  it.each([
    // valor, reajuste -> novo (by hand)
    ['10.10', aumento, '10.61'], // 10,605
    ['9.50', aumento, '9.98'], // 9,975
    ['4.99', aumento, '5.24'], // 5,2395
    ['10.10', reducao, '9.75'], // 9,7465
    ['9.00', reducao, '8.69'], // 8,685
    ['0.01', reajusteSchema.parse({ sentido: 'reducao', percentual: '50' }), '0.01'], // 0,005 -> up
    ['1000.00', reajusteSchema.parse({ sentido: 'aumento', percentual: '0,01' }), '1000.10'],
  ])('%s %j -> %s', (valor, reajuste, novo) => {
    expect(reajustaValor(valor, reajuste)).toBe(novo);
  });

  it('previews every money value before and after; percent rules stay as they are', () => {
    const r = reajustaTabela(ITENS, aumento);
    expect(r.previa).toEqual([
      { produto_id: 'a', campo: 'preco', quantidade_minima: null, antes: '10.10', depois: '10.61' },
      { produto_id: 'a', campo: 'faixa', quantidade_minima: '12.000', antes: '9.50', depois: '9.98' },
      { produto_id: 'a', campo: 'preco_minimo', quantidade_minima: null, antes: '9.00', depois: '9.45' },
      { produto_id: 'c', campo: 'preco_minimo', quantidade_minima: null, antes: '4.99', depois: '5.24' },
    ]);
    expect(r.semValores).toEqual(['b']);
    expect(r.erros).toEqual([]);
    expect(r.itens).toEqual([
      {
        produto_id: 'a',
        regra: 'preco_fixo',
        valor: '10.61',
        preco_minimo: '9.45',
        faixas: [
          { quantidade_minima: '12.000', tipo: 'preco', valor: '9.98' },
          { quantidade_minima: '24.000', tipo: 'desconto', valor: '10.00' },
        ],
      },
      ITENS[1],
      { ...ITENS[2], preco_minimo: '5.24' },
    ]);
  });

  it('a reduction', () => {
    const r = reajustaTabela(ITENS, reducao);
    expect(r.previa.map((l) => [l.produto_id, l.campo, l.depois])).toEqual([
      ['a', 'preco', '9.75'], // 9,7465
      ['a', 'faixa', '9.17'], // 9,1675
      ['a', 'preco_minimo', '8.69'], // 8,685
      ['c', 'preco_minimo', '4.82'], // 4,81535
    ]);
  });

  it('does not change the items it was given', () => {
    const copia = JSON.parse(JSON.stringify(ITENS));
    reajustaTabela(ITENS, aumento);
    expect(ITENS).toEqual(copia);
  });

  it('reports a price a reduction would bring to zero', () => {
    const r = reajustaTabela(
      [{ produto_id: 'x', regra: 'preco_fixo', valor: '0.01', preco_minimo: '0.01', faixas: [] }],
      reajusteSchema.parse({ sentido: 'reducao', percentual: '60' }), // 0,004 -> 0,00
    );
    expect(r.erros).toEqual([{ produto_id: 'x', mensagem: 'O reajuste deixaria o preço em R$ 0,00' }]);
  });
});

describe('copy a table', () => {
  const origem: TabelaPreco = {
    id: 't1',
    nome: 'Clientes VIP',
    vigencia_inicio: '2026-01-01',
    vigencia_fim: '2026-06-30',
    ativa: true,
    escopo: 'clientes',
    grupo_id: null,
    segmento_id: null,
    regiao_id: null,
    cliente_ids: ['c1', 'c2'],
    itens: ITENS,
  };

  it('same scope, customers and items; new name and vigência; inactive', () => {
    const copia = copiaTabela(origem, {
      nome: 'Clientes VIP 2º semestre',
      vigencia_inicio: '2026-07-01',
      vigencia_fim: null,
    });
    expect(copia).toEqual({
      nome: 'Clientes VIP 2º semestre',
      vigencia_inicio: '2026-07-01',
      vigencia_fim: null,
      ativa: false,
      escopo: 'clientes',
      grupo_id: null,
      segmento_id: null,
      regiao_id: null,
      cliente_ids: ['c1', 'c2'],
      itens: ITENS,
    });
    expect(copia.itens[0]).not.toBe(ITENS[0]);
    expect(copia.itens[0]!.faixas[0]).not.toBe(ITENS[0]!.faixas[0]);
  });
});
