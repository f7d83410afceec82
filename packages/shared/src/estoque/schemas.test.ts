import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  categoriaCreateSchema,
  grupoEstoqueUpdateSchema,
  localCreateSchema,
  unidadeCreateSchema,
} from './cadastros-estoque.schema.ts';
import { quantidadeCampo } from './campos.ts';
import {
  inventarioAbrirSchema,
  inventarioContagemSchema,
  inventarioLeituraSchema,
  inventariosListQuerySchema,
} from './inventario.schema.ts';
import { loteCreateSchema, lotesListQuerySchema } from './lotes.schema.ts';
import {
  ajusteSchema,
  kardexQuerySchema,
  posicaoListQuerySchema,
  transferenciaSchema,
} from './movimentos.schema.ts';
import { origemLabels } from './origem.ts';
import { errosUnidadesProduto, produtoCreateSchema, produtoUpdateSchema } from './produtos.schema.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ID2 = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function erros(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('quantity field', () => {
  const schema = z.object({ q: quantidadeCampo() });
  it.each([
    ['12', '12.000'],
    ['12,5', '12.500'],
    ['1.234,567', '1234.567'],
    ['1234.5', '1234.500'],
    [3, '3.000'],
    [0.25, '0.250'],
    ['99999999999,999', '99999999999.999'],
  ])('%j -> %s', (q, out) => {
    expect(schema.parse({ q }).q).toBe(out);
  });

  it.each([
    ['', 'Quantidade é obrigatória'],
    [undefined, 'Quantidade é obrigatória'],
    ['abc', 'Quantidade inválida'],
    ['1,2345', 'Quantidade aceita no máximo 3 casas decimais'],
    [0.1 + 0.2, 'Quantidade aceita no máximo 3 casas decimais'], // a float that is not 0.3
    ['0', 'Quantidade deve ser maior que zero'],
    ['-1', 'Quantidade não pode ser negativa'],
    ['100000000000', 'Quantidade deve ser no máximo 99.999.999.999,999'],
  ])('%j -> %s', (q, mensagem) => {
    expect(erros(schema.safeParse({ q }))).toEqual({ q: mensagem });
  });

  it('a count may be zero', () => {
    expect(quantidadeCampo('Quantidade contada', { positiva: false }).parse('0')).toBe('0.000');
  });
});

describe('produto schema', () => {
  const minimo = { codigo: 'ARZ-5', nome: 'Arroz Tipo 1 5 kg', unidade: 'un', ncm: '1006.30.21' };

  it('fills defaults and normalises', () => {
    expect(produtoCreateSchema.parse(minimo)).toEqual({
      codigo: 'ARZ-5',
      nome: 'Arroz Tipo 1 5 kg',
      descricao_complementar: null,
      marca: null,
      grupo_id: null,
      categoria_id: null,
      fornecedor_id: null,
      unidade: 'UN',
      gtin: 'SEM GTIN',
      ncm: '10063021',
      cest: null,
      origem: '0',
      peso_bruto: '0.000',
      peso_liquido: '0.000',
      volume: '0.000000',
      preco_venda: '0.00',
      estoque_minimo: '0.000',
      estoque_maximo: '0.000',
      controla_lote: false,
      ativo: true,
      embalagens: [],
    });
  });

  it('accepts a full product with two packagings', () => {
    const p = produtoCreateSchema.parse({
      ...minimo,
      gtin: '7891000315507',
      cest: '17.031.00',
      origem: 1,
      peso_bruto: '5,050',
      peso_liquido: '5',
      volume: '0,0123',
      preco_venda: '28,90',
      estoque_minimo: '100',
      estoque_maximo: '1.000,000',
      controla_lote: true,
      grupo_id: ID,
      embalagens: [
        {
          unidade: 'CX',
          fator: '12',
          gtin: '17891000315504',
          padrao_compra: true,
          peso_bruto: '13,2',
          altura: '30',
          largura: '20,5',
          comprimento: '25',
        },
        { unidade: 'UN', fator: '1', padrao_venda: true },
      ],
    });
    expect(p.origem).toBe('1');
    expect(p.cest).toBe('1703100');
    expect(p.volume).toBe('0.012300');
    expect(p.estoque_maximo).toBe('1000.000');
    expect(p.embalagens).toEqual([
      {
        unidade: 'CX',
        fator: '12.000',
        gtin: '17891000315504',
        padrao_compra: true,
        padrao_venda: false,
        peso_bruto: '13.200',
        altura: '30.00',
        largura: '20.50',
        comprimento: '25.00',
      },
      {
        unidade: 'UN',
        fator: '1.000',
        gtin: null,
        padrao_compra: false,
        padrao_venda: true,
        peso_bruto: null,
        altura: null,
        largura: null,
        comprimento: null,
      },
    ]);
  });

  it("a packaging's box: weight and dimensions positive, the three dimensions together", () => {
    const cx = { unidade: 'CX', fator: '12', padrao_compra: true };
    const comCaixa = (caixa: Record<string, string>) =>
      erros(
        produtoCreateSchema.safeParse({
          ...minimo,
          embalagens: [
            { ...cx, ...caixa },
            { unidade: 'UN', fator: '1', padrao_venda: true },
          ],
        }),
      );
    expect(comCaixa({ altura: '30', largura: '', comprimento: '25' })).toEqual({
      'embalagens.0.largura': 'Informe altura, largura e comprimento, ou deixe os três em branco',
    });
    expect(comCaixa({ peso_bruto: '0', altura: '0', largura: '1', comprimento: '1' })).toEqual({
      'embalagens.0.peso_bruto': 'Peso bruto deve ser maior que zero',
      'embalagens.0.altura': 'Altura deve ser maior que zero',
    });
    expect(comCaixa({ altura: 'x', largura: '1', comprimento: '1' })).toEqual({
      'embalagens.0.altura': 'Altura inválida',
    });
    expect(comCaixa({ peso_bruto: '13,2' })).toEqual({});
  });

  it('gives pt-BR field errors', () => {
    expect(erros(produtoCreateSchema.safeParse({}))).toEqual({
      codigo: 'Código é obrigatório',
      nome: 'Nome é obrigatório',
      unidade: 'Unidade base é obrigatória',
      ncm: 'NCM é obrigatório',
    });
    expect(
      erros(
        produtoCreateSchema.safeParse({
          ...minimo,
          gtin: '7891000315508',
          ncm: '1006',
          origem: '9',
          peso_bruto: 'x',
          grupo_id: 'abc',
        }),
      ),
    ).toEqual({
      gtin: 'GTIN inválido: dígito verificador não confere',
      ncm: 'NCM deve ter 8 dígitos',
      origem: 'Origem da mercadoria inválida (use 0 a 8)',
      peso_bruto: 'Peso bruto inválido',
      grupo_id: 'Grupo inválido',
    });
  });

  it('cross-field rules: weights, stock levels', () => {
    expect(
      erros(
        produtoCreateSchema.safeParse({
          ...minimo,
          peso_bruto: '5',
          peso_liquido: '5,001',
          estoque_minimo: '10',
          estoque_maximo: '9',
        }),
      ),
    ).toEqual({
      peso_liquido: 'Peso líquido não pode ser maior que o peso bruto',
      estoque_maximo: 'Estoque máximo deve ser maior ou igual ao mínimo',
    });
    // a maximum of 0 means "no maximum"; no gross weight means nothing to compare
    expect(
      produtoCreateSchema.safeParse({
        ...minimo,
        estoque_minimo: '10',
        estoque_maximo: '0',
        peso_liquido: '1',
      }).success,
    ).toBe(true);
  });

  it('exactly one purchase default and one sale default among the packagings', () => {
    const cx = { unidade: 'CX', fator: '12' };
    expect(erros(produtoCreateSchema.safeParse({ ...minimo, embalagens: [cx] }))).toEqual({
      embalagens: 'Marque uma embalagem como padrão de venda',
    });
    const r = produtoCreateSchema.safeParse({
      ...minimo,
      embalagens: [
        { ...cx, padrao_compra: true, padrao_venda: true },
        { unidade: 'FD', fator: '6', padrao_compra: true, padrao_venda: true },
      ],
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Só uma embalagem pode ser o padrão de compra',
      'Só uma embalagem pode ser o padrão de venda',
    ]);
  });

  it('packaging rules: repeated unit, base unit factor, repeated GTIN, factor above zero', () => {
    expect(
      erros(
        produtoCreateSchema.safeParse({
          ...minimo,
          gtin: '7891000315507',
          embalagens: [
            { unidade: 'CX', fator: '12', gtin: '7891000315507', padrao_compra: true, padrao_venda: true },
            { unidade: 'cx', fator: '24' },
            { unidade: 'UN', fator: '2' },
          ],
        }),
      ),
    ).toEqual({
      'embalagens.0.gtin': 'GTIN repetido neste produto',
      'embalagens.1.unidade': 'Unidade repetida nas embalagens',
      'embalagens.2.fator': 'A embalagem na unidade base tem fator 1',
    });
    expect(
      erros(
        produtoCreateSchema.safeParse({
          ...minimo,
          embalagens: [{ unidade: 'CX', fator: '0', padrao_compra: true, padrao_venda: true }],
        }),
      ),
    ).toEqual({ 'embalagens.0.fator': 'Fator deve ser maior que zero' });
  });

  it('update needs the version read', () => {
    expect(erros(produtoUpdateSchema.safeParse(minimo))).toEqual({
      versao: 'Versão do registro é obrigatória',
    });
    expect(produtoUpdateSchema.parse({ ...minimo, versao: 3 }).versao).toBe(3);
  });

  it('unit decimals of stock levels and factors (checked by the server with the unit register)', () => {
    const unidades = new Map([
      ['UN', { sigla: 'UN', casas_decimais: 0 }],
      ['CX', { sigla: 'CX', casas_decimais: 0 }],
      ['KG', { sigla: 'KG', casas_decimais: 3 }],
    ]);
    const p = produtoCreateSchema.parse({
      ...minimo,
      estoque_minimo: '10,5',
      estoque_maximo: '100',
      embalagens: [
        { unidade: 'CX', fator: '12,5', padrao_compra: true, padrao_venda: true },
        { unidade: 'PC', fator: '2' },
      ],
    });
    expect(errosUnidadesProduto(p, unidades)).toEqual({
      estoque_minimo: ['Estoque mínimo em UN não aceita casas decimais'],
      'embalagens.0.fator': ['Fator em UN não aceita casas decimais'],
      'embalagens.1.unidade': ['Unidade não encontrada'],
    });
    expect(errosUnidadesProduto({ ...p, unidade: 'KG' }, unidades)).toEqual({
      'embalagens.1.unidade': ['Unidade não encontrada'],
    });
    expect(errosUnidadesProduto({ ...p, unidade: 'XX' }, unidades)).toEqual({
      unidade: ['Unidade não encontrada'],
    });
  });

  it('lists the NF-e origins 0 to 8', () => {
    expect(Object.keys(origemLabels)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(origemLabels['0']).toBe('0 - Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8');
    expect(origemLabels['6']).toBe(
      '6 - Estrangeira - Importação direta, sem similar nacional, constante em lista de Resolução CAMEX e gás natural',
    );
  });
});

describe('stock registers', () => {
  it('unidade: sigla upper case, decimals 0 to 6', () => {
    expect(
      unidadeCreateSchema.parse({ sigla: ' kg ', descricao: 'Quilograma', casas_decimais: '3' }),
    ).toEqual({
      sigla: 'KG',
      descricao: 'Quilograma',
      casas_decimais: 3,
      ativo: true,
    });
    expect(unidadeCreateSchema.parse({ sigla: 'UN', descricao: 'Unidade' }).casas_decimais).toBe(0);
    expect(erros(unidadeCreateSchema.safeParse({ sigla: 'K G', descricao: '', casas_decimais: 7 }))).toEqual({
      sigla: 'Sigla deve ter apenas letras e números',
      descricao: 'Descrição é obrigatória',
      casas_decimais: 'Casas decimais devem ser de 0 a 6',
    });
    expect(
      erros(unidadeCreateSchema.safeParse({ sigla: 'CAIXA12', descricao: 'x', casas_decimais: 1.5 })),
    ).toEqual({
      sigla: 'Sigla deve ter no máximo 6 caracteres',
      casas_decimais: 'Casas decimais devem ser um número inteiro',
    });
  });

  it('grupo and categoria: código, nome, ativo', () => {
    expect(categoriaCreateSchema.parse({ codigo: 'BEB', nome: 'Bebidas' })).toEqual({
      codigo: 'BEB',
      nome: 'Bebidas',
      ativo: true,
    });
    expect(erros(grupoEstoqueUpdateSchema.safeParse({ codigo: '', nome: 'Mercearia' }))).toEqual({
      codigo: 'Código é obrigatório',
      versao: 'Versão do registro é obrigatória',
    });
  });

  it('local: type, defaults; avaria never the default for saídas', () => {
    expect(localCreateSchema.parse({ codigo: 'DEP', nome: 'Depósito principal' })).toEqual({
      codigo: 'DEP',
      nome: 'Depósito principal',
      ativo: true,
      tipo: 'deposito',
      padrao_entrada: false,
      padrao_saida: false,
    });
    expect(
      erros(
        localCreateSchema.safeParse({ codigo: 'AVR', nome: 'Avarias', tipo: 'avaria', padrao_saida: true }),
      ),
    ).toEqual({ padrao_saida: 'Um local de avaria / quarentena não pode ser o padrão de saída' });
    expect(
      erros(localCreateSchema.safeParse({ codigo: 'X', nome: 'X', ativo: false, padrao_entrada: true })),
    ).toEqual({ ativo: 'Um local inativo não pode ser padrão de entrada ou de saída' });
    expect(erros(localCreateSchema.safeParse({ codigo: 'X', nome: 'X', tipo: 'loja' }))).toEqual({
      tipo: 'Tipo de local inválido',
    });
  });

  it('lote: validade on or after fabricação', () => {
    expect(
      loteCreateSchema.parse({ produto_id: ID, numero: 'L2026-11', fabricacao: '', validade: '2027-05-31' }),
    ).toEqual({ produto_id: ID, numero: 'L2026-11', fabricacao: null, validade: '2027-05-31' });
    expect(
      erros(
        loteCreateSchema.safeParse({
          produto_id: ID,
          numero: 'L1',
          fabricacao: '2026-11-20',
          validade: '2026-11-19',
        }),
      ),
    ).toEqual({ validade: 'Validade deve ser igual ou posterior à fabricação' });
    expect(
      loteCreateSchema.safeParse({
        produto_id: ID,
        numero: 'L1',
        fabricacao: '2026-11-20',
        validade: '2026-11-20',
      }).success,
    ).toBe(true);
    expect(erros(loteCreateSchema.safeParse({ numero: '', validade: '2026-02-30' }))).toEqual({
      produto_id: 'Produto é obrigatório',
      numero: 'Número do lote é obrigatório',
      validade: 'Validade inválida',
    });
  });
});

describe('movement schemas', () => {
  it('ajuste: reason required', () => {
    expect(
      ajusteSchema.parse({
        produto_id: ID,
        local_id: ID2,
        sentido: 'saida',
        quantidade: '2,5',
        motivo: ' Quebra ',
      }),
    ).toEqual({
      produto_id: ID,
      local_id: ID2,
      lote_id: null,
      sentido: 'saida',
      quantidade: '2.500',
      custo_unitario: null,
      motivo: 'Quebra',
    });
    expect(
      erros(ajusteSchema.safeParse({ produto_id: ID, local_id: ID2, quantidade: '0', motivo: '  ' })),
    ).toEqual({
      sentido: 'Informe se o ajuste é de entrada ou de saída',
      quantidade: 'Quantidade deve ser maior que zero',
      motivo: 'Motivo é obrigatório',
    });
  });

  it('ajuste: an optional unit cost with up to 4 decimals, never negative', () => {
    const base = {
      produto_id: ID,
      local_id: ID2,
      sentido: 'entrada',
      quantidade: '1',
      motivo: 'Saldo inicial',
    };
    const custo = (v: unknown) => ajusteSchema.safeParse({ ...base, custo_unitario: v });
    expect(custo('5,1234').data?.custo_unitario).toBe('5.1234');
    expect(custo('R$ 1.234,5').data?.custo_unitario).toBe('1234.5000');
    expect(custo(2.1).data?.custo_unitario).toBe('2.1000');
    expect(custo('0').data?.custo_unitario).toBe('0.0000');
    expect(custo('').data?.custo_unitario).toBeNull();
    expect(custo(null).data?.custo_unitario).toBeNull();
    expect(ajusteSchema.parse(base).custo_unitario).toBeNull();
    expect(erros(custo('-1'))).toEqual({ custo_unitario: 'Custo unitário não pode ser negativo' });
    expect(erros(custo('1,23456'))).toEqual({
      custo_unitario: 'Custo unitário aceita no máximo 4 casas decimais',
    });
    expect(erros(custo('abc'))).toEqual({ custo_unitario: 'Custo unitário inválido' });
    expect(erros(custo(true))).toEqual({ custo_unitario: 'Custo unitário inválido' });
  });

  it('transferência: origin and destination differ', () => {
    expect(
      erros(
        transferenciaSchema.safeParse({ produto_id: ID, origem_id: ID2, destino_id: ID2, quantidade: '1' }),
      ),
    ).toEqual({ destino_id: 'Local de destino deve ser diferente do de origem' });
    expect(
      transferenciaSchema.parse({ produto_id: ID, origem_id: ID, destino_id: ID2, quantidade: '1' })
        .quantidade,
    ).toBe('1.000');
    expect(erros(transferenciaSchema.safeParse({ produto_id: ID, quantidade: '1' }))).toEqual({
      origem_id: 'Local de origem é obrigatório',
      destino_id: 'Local de destino é obrigatório',
    });
  });

  it('inventário: open, count, scan', () => {
    expect(erros(inventarioAbrirSchema.safeParse({ local_id: 'x' }))).toEqual({ local_id: 'Local inválido' });
    expect(
      inventarioContagemSchema.parse({
        itens: [
          { produto_id: ID, contado: '12' },
          { produto_id: ID, lote_id: ID2, contado: '0' },
          { produto_id: ID2, contado: '' },
        ],
      }).itens,
    ).toEqual([
      { produto_id: ID, lote_id: null, contado: '12.000' },
      { produto_id: ID, lote_id: ID2, contado: '0.000' },
      { produto_id: ID2, lote_id: null, contado: null },
    ]);
    expect(
      erros(
        inventarioContagemSchema.safeParse({
          itens: [
            { produto_id: ID, contado: '1' },
            { produto_id: ID, contado: '-2' },
          ],
        }),
      ),
    ).toEqual({ 'itens.1.contado': 'Quantidade contada não pode ser negativa' });
    expect(
      erros(
        inventarioContagemSchema.safeParse({
          itens: [
            { produto_id: ID, contado: '1' },
            { produto_id: ID, contado: '2' },
          ],
        }),
      ),
    ).toEqual({ 'itens.1.produto_id': 'Item repetido na contagem' });
    expect(erros(inventarioLeituraSchema.safeParse({ codigo: ' ' }))).toEqual({
      codigo: 'Leia ou digite o código de barras',
    });
  });
});

describe('list queries', () => {
  it('kardex: period in order, oldest first', () => {
    expect(kardexQuerySchema.parse({})).toMatchObject({ sort: 'ocorrido_em', dir: 'asc', page: 1 });
    expect(erros(kardexQuerySchema.safeParse({ de: '2026-11-20', ate: '2026-11-01' }))).toEqual({
      ate: 'A data final deve ser igual ou posterior à inicial',
    });
    expect(erros(kardexQuerySchema.safeParse({ tipo: 'venda' }))).toEqual({
      tipo: 'Tipo de movimento inválido',
    });
  });

  it('posição, lotes and inventários filters', () => {
    expect(posicaoListQuerySchema.parse({ situacao: 'abaixo_minimo' }).situacao).toBe('abaixo_minimo');
    expect(erros(posicaoListQuerySchema.safeParse({ situacao: 'x', sort: 'preco' }))).toEqual({
      situacao: 'Situação inválida',
      sort: 'Ordenação inválida',
    });
    expect(lotesListQuerySchema.parse({ vencimento: '30' })).toMatchObject({
      vencimento: '30',
      sort: 'validade',
    });
    expect(erros(lotesListQuerySchema.safeParse({ vencimento: '45' }))).toEqual({
      vencimento: 'Filtro de vencimento inválido',
    });
    expect(inventariosListQuerySchema.parse({}).dir).toBe('desc');
  });
});
