import { describe, expect, it } from 'vitest';
import {
  COLUNAS_PLANILHA_PRECOS,
  type LinhaPlanilhaPrecos,
  leCabecalhoPrecos,
  linhaPlanilhaPrecos,
  planejaImportacaoPrecos,
} from './planilha-precos.ts';
import type { ItemTabelaPreco } from './tabela-precos.schema.ts';

const PRODUTOS = new Map([
  ['A1', { id: 'id-a1' }],
  ['B2', { id: 'id-b2' }],
  ['C3', { id: 'id-c3' }],
  ['1001', { id: 'id-1001' }],
]);

const REGRA_INVALIDA =
  'Regra inválida: use Preço fixo, % sobre o custo médio, % acima do preço de venda ou % abaixo do preço de venda';

describe('header', () => {
  it('maps titles to keys (trimmed, accents and case ignored); unknown columns are skipped', () => {
    expect(
      leCabecalhoPrecos([
        'codigo',
        'Produto',
        ' REGRA ',
        'Valor',
        'preco minimo',
        'Faixa 1 - a partir de',
        'Observação',
        null,
      ]),
    ).toEqual({
      ok: true,
      colunas: ['codigo', 'produto', 'regra', 'valor', 'preco_minimo', 'faixa1_quantidade', null, null],
    });
  });

  it('refuses a sheet without Código or Valor, or with a column twice', () => {
    expect(leCabecalhoPrecos(['Produto', 'Regra'])).toEqual({
      ok: false,
      erros: [
        { linha: 1, mensagem: 'Coluna "Código" não encontrada no cabeçalho' },
        { linha: 1, mensagem: 'Coluna "Valor" não encontrada no cabeçalho' },
      ],
    });
    expect(leCabecalhoPrecos(['Código', 'Valor', 'valor'])).toEqual({
      ok: false,
      erros: [{ linha: 1, mensagem: 'Coluna "Valor" repetida no cabeçalho' }],
    });
  });
});

describe('import plan', () => {
  const boas: LinhaPlanilhaPrecos[] = [
    {
      linha: 2,
      celulas: {
        codigo: 'A1',
        produto: 'Água 500 ml',
        regra: 'Preço fixo',
        valor: 12.5, // a numeric cell
        preco_minimo: '11,00',
        faixa1_quantidade: 12,
        faixa1_tipo: 'Preço',
        faixa1_valor: '11,50',
      },
    },
    { linha: 3, celulas: { codigo: 'B2', regra: '% SOBRE O CUSTO MEDIO', valor: '30' } },
    { linha: 4, celulas: { codigo: '', valor: null } }, // empty line: skipped
    { linha: 5, celulas: { codigo: 1001, valor: '9,90' } }, // no rule: a fixed price
    {
      linha: 6,
      celulas: {
        codigo: ' C3 ',
        regra: 'abaixo_base',
        valor: '5',
        faixa2_quantidade: '10',
        faixa2_tipo: '% de desconto',
        faixa2_valor: '2,5',
      },
    },
  ];

  it('plans every line when all are right', () => {
    expect(planejaImportacaoPrecos(boas, PRODUTOS)).toEqual({
      ok: true,
      itens: [
        {
          produto_id: 'id-a1',
          regra: 'preco_fixo',
          valor: '12.50',
          preco_minimo: '11.00',
          faixas: [{ quantidade_minima: '12.000', tipo: 'preco', valor: '11.50' }],
        },
        { produto_id: 'id-b2', regra: 'markup_custo', valor: '30.00', preco_minimo: null, faixas: [] },
        { produto_id: 'id-1001', regra: 'preco_fixo', valor: '9.90', preco_minimo: null, faixas: [] },
        {
          produto_id: 'id-c3',
          regra: 'abaixo_base',
          valor: '5.00',
          preco_minimo: null,
          faixas: [{ quantidade_minima: '10.000', tipo: 'desconto', valor: '2.50' }],
        },
      ],
    });
  });

  it('one bad line: only errors, nothing to change', () => {
    const comErro = [...boas, { linha: 7, celulas: { codigo: 'X9', valor: '1,00' } }];
    expect(planejaImportacaoPrecos(comErro, PRODUTOS)).toEqual({
      ok: false,
      erros: [{ linha: 7, mensagem: 'Produto X9 não encontrado' }],
    });
  });

  it.each([
    [{ valor: '1' }, ['Código do produto é obrigatório']],
    [{ codigo: 'A1', regra: 'markdown', valor: '1' }, [REGRA_INVALIDA]],
    [{ codigo: 'A1', valor: 8.455 }, ['Valor inválido']], // never rounded
    [{ codigo: 'A1', valor: '0' }, ['Preço deve ser maior que zero']],
    [
      { codigo: 'A1', regra: '% abaixo do preço de venda', valor: '100' },
      ['Percentual abaixo do preço de venda deve ser menor que 100'],
    ],
    [
      { codigo: 'A1', regra: '% acima do preço de venda', valor: '1000,01' },
      ['Percentual deve ser no máximo 1000'],
    ],
    [{ codigo: 'A1', valor: '5', preco_minimo: '6' }, ['Preço mínimo não pode ser maior que o preço']],
    [
      { codigo: 'A1', valor: '5', faixa1_quantidade: '10', faixa1_tipo: 'brinde', faixa1_valor: '1' },
      ['Faixa 1: tipo inválido: use Preço ou % de desconto'],
    ],
    [
      { codigo: 'A1', valor: '5', faixa3_tipo: 'Preço', faixa3_valor: '4' },
      ['Faixa 3: Quantidade mínima é obrigatória'],
    ],
    [
      {
        codigo: 'A1',
        valor: '5',
        faixa1_quantidade: '10',
        faixa1_tipo: '% de desconto',
        faixa1_valor: '100',
        faixa2_quantidade: '10,000',
        faixa2_tipo: 'Preço',
        faixa2_valor: '4',
      },
      ['Faixa 1: Desconto deve ser menor que 100 %', 'Faixa 2: Quantidade repetida nas faixas'],
    ],
    [
      { codigo: 'Z', regra: '?', valor: 'abc' },
      ['Produto Z não encontrado', REGRA_INVALIDA, 'Valor inválido'],
    ],
  ])('%j -> %j', (celulas, mensagens) => {
    expect(planejaImportacaoPrecos([{ linha: 2, celulas }], PRODUTOS)).toEqual({
      ok: false,
      erros: mensagens.map((mensagem) => ({ linha: 2, mensagem })),
    });
  });

  it('a product twice names the line where it first appeared', () => {
    const r = planejaImportacaoPrecos(
      [
        { linha: 2, celulas: { codigo: 'A1', valor: '1' } },
        { linha: 3, celulas: { codigo: 'B2', valor: '1' } },
        { linha: 4, celulas: { codigo: 'A1', valor: '2' } },
      ],
      PRODUTOS,
    );
    expect(r).toEqual({
      ok: false,
      erros: [{ linha: 4, mensagem: 'Produto A1 repetido na planilha (linha 2)' }],
    });
  });

  it('a sheet without items', () => {
    expect(planejaImportacaoPrecos([{ linha: 2, celulas: {} }], PRODUTOS)).toEqual({
      ok: false,
      erros: [{ linha: null, mensagem: 'A planilha não tem itens.' }],
    });
  });
});

describe('export', () => {
  const item: ItemTabelaPreco = {
    produto_id: 'id-c3',
    regra: 'abaixo_base',
    valor: '5.00',
    preco_minimo: '4.00',
    faixas: [
      { quantidade_minima: '10.000', tipo: 'desconto', valor: '2.50' },
      { quantidade_minima: '50.000', tipo: 'preco', valor: '4.10' },
    ],
  };

  it('writes one line per item, with every column', () => {
    const linha = linhaPlanilhaPrecos(item, { codigo: 'C3', nome: 'Detergente 500 ml' });
    expect(Object.keys(linha)).toEqual(COLUNAS_PLANILHA_PRECOS.map((c) => c.chave));
    expect(linha).toMatchObject({
      codigo: 'C3',
      produto: 'Detergente 500 ml',
      regra: '% abaixo do preço de venda',
      valor: '5.00',
      preco_minimo: '4.00',
      faixa1_quantidade: '10.000',
      faixa1_tipo: '% de desconto',
      faixa1_valor: '2.50',
      faixa2_quantidade: '50.000',
      faixa2_tipo: 'Preço',
      faixa2_valor: '4.10',
      faixa3_quantidade: null,
    });
  });

  it('what is exported imports back to the same item', () => {
    const celulas = linhaPlanilhaPrecos(item, { codigo: 'C3', nome: 'Detergente 500 ml' });
    expect(planejaImportacaoPrecos([{ linha: 2, celulas }], PRODUTOS)).toEqual({ ok: true, itens: [item] });
  });
});
