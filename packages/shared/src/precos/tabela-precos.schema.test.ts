import { describe, expect, it } from 'vitest';
import {
  copiaTabelaSchema,
  itemTabelaPrecoSchema,
  itensTabelaPrecoSchema,
  reajusteSchema,
  tabelaPrecoCreateSchema,
  tabelaPrecoUpdateSchema,
} from './tabela-precos.schema.ts';

const G = '0f8fad5b-d9cb-469f-a165-70867728950e';
const C1 = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const C2 = '9b2b6e3a-51c1-4d1f-8f0e-3c4a1f1e2d3c';

function erros(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const base = { nome: 'Atacado SP', vigencia_inicio: '2026-03-01', escopo: 'geral' };

describe('tabela de preços', () => {
  it('keeps only the reference of its scope', () => {
    expect(tabelaPrecoCreateSchema.parse({ ...base, grupo_id: G, cliente_ids: [C1] })).toEqual({
      nome: 'Atacado SP',
      vigencia_inicio: '2026-03-01',
      vigencia_fim: null,
      ativa: true,
      escopo: 'geral',
      grupo_id: null,
      segmento_id: null,
      regiao_id: null,
      cliente_ids: [],
    });
    expect(
      tabelaPrecoCreateSchema.parse({ ...base, escopo: 'grupo', grupo_id: G, segmento_id: G }),
    ).toMatchObject({
      grupo_id: G,
      segmento_id: null,
    });
    expect(
      tabelaPrecoCreateSchema.parse({ ...base, escopo: 'clientes', cliente_ids: [C1, C2, C1] }).cliente_ids,
    ).toEqual([C1, C2]);
  });

  it.each([
    [{ escopo: 'grupo' }, { grupo_id: 'Informe o grupo empresarial' }],
    [{ escopo: 'segmento', segmento_id: '' }, { segmento_id: 'Informe o segmento' }],
    [{ escopo: 'regiao' }, { regiao_id: 'Informe a região de entrega' }],
    [{ escopo: 'clientes' }, { cliente_ids: 'Informe ao menos um cliente' }],
    [{ escopo: 'todos' }, { escopo: 'Escopo inválido' }],
    [{ nome: ' ' }, { nome: 'Nome é obrigatório' }],
    [{ vigencia_inicio: undefined }, { vigencia_inicio: 'Início da vigência é obrigatória' }],
    [{ vigencia_inicio: '2026-02-30' }, { vigencia_inicio: 'Início da vigência inválida' }],
    [
      { vigencia_fim: '2026-02-28' },
      { vigencia_fim: 'Fim da vigência deve ser igual ou posterior ao início' },
    ],
    [{ escopo: 'clientes', cliente_ids: ['x'] }, { 'cliente_ids.0': 'Cliente inválido' }],
  ])('%j -> %j', (over, esperado) => {
    expect(erros(tabelaPrecoCreateSchema.safeParse({ ...base, ...over }))).toEqual(esperado);
  });

  it('a one-day vigência is valid; the update needs the version', () => {
    expect(tabelaPrecoCreateSchema.safeParse({ ...base, vigencia_fim: '2026-03-01' }).success).toBe(true);
    expect(erros(tabelaPrecoUpdateSchema.safeParse(base))).toEqual({
      versao: 'Versão do registro é obrigatória',
    });
  });
});

describe('item', () => {
  it('reads pt-BR money and percentages; an empty minimum is none', () => {
    expect(
      itemTabelaPrecoSchema.parse({
        regra: 'preco_fixo',
        valor: '1.234,56',
        preco_minimo: '',
        faixas: [{ quantidade_minima: '12', tipo: 'desconto', valor: '7,5' }],
      }),
    ).toEqual({
      regra: 'preco_fixo',
      valor: '1234.56',
      preco_minimo: null,
      faixas: [{ quantidade_minima: '12.000', tipo: 'desconto', valor: '7.50' }],
    });
    expect(itemTabelaPrecoSchema.parse({ regra: 'markup_custo', valor: '33,33' })).toEqual({
      regra: 'markup_custo',
      valor: '33.33',
      preco_minimo: null,
      faixas: [],
    });
  });

  it.each([
    [{ regra: 'preco_fixo', valor: '0' }, { valor: 'Preço deve ser maior que zero' }],
    [
      { regra: 'preco_fixo', valor: '9,99', preco_minimo: '10' },
      { preco_minimo: 'Preço mínimo não pode ser maior que o preço' },
    ],
    [
      { regra: 'abaixo_base', valor: '100' },
      { valor: 'Percentual abaixo do preço de venda deve ser menor que 100' },
    ],
    [{ regra: 'markup_custo', valor: '1000,01' }, { valor: 'Percentual deve ser no máximo 1000' }],
    [{ regra: 'acima_base', valor: '-5' }, { valor: 'Valor inválido' }],
    [{ regra: 'desconto', valor: '5' }, { regra: 'Regra de preço inválida' }],
    [{ regra: 'preco_fixo', valor: '10', preco_minimo: '1,234' }, { preco_minimo: 'Preço mínimo inválido' }],
    [{ regra: 'preco_fixo', valor: '10', preco_minimo: true }, { preco_minimo: 'Preço mínimo inválido' }],
    [
      { regra: 'acima_base', valor: '10', preco_minimo: '999999999999,01' },
      { preco_minimo: 'Preço mínimo deve ser no máximo 999999999999' },
    ],
    [
      { regra: 'preco_fixo', valor: '10', faixas: [{ quantidade_minima: '0', tipo: 'preco', valor: '9' }] },
      { 'faixas.0.quantidade_minima': 'Quantidade mínima deve ser maior que zero' },
    ],
    [
      { regra: 'preco_fixo', valor: '10', faixas: [{ quantidade_minima: '5', tipo: 'preco', valor: '0' }] },
      { 'faixas.0.valor': 'Preço deve ser maior que zero' },
    ],
    [
      {
        regra: 'preco_fixo',
        valor: '10',
        faixas: [{ quantidade_minima: '5', tipo: 'desconto', valor: '100' }],
      },
      { 'faixas.0.valor': 'Desconto deve ser menor que 100 %' },
    ],
    [
      { regra: 'preco_fixo', valor: '10', faixas: [{ quantidade_minima: '5', tipo: 'outro', valor: '1' }] },
      { 'faixas.0.tipo': 'Tipo de faixa inválido' },
    ],
    [
      {
        regra: 'preco_fixo',
        valor: '10',
        preco_minimo: '8',
        faixas: [
          { quantidade_minima: '5', tipo: 'preco', valor: '7,99' },
          { quantidade_minima: '5,000', tipo: 'desconto', valor: '1' },
        ],
      },
      {
        'faixas.0.valor': 'Preço da faixa abaixo do preço mínimo',
        'faixas.1.quantidade_minima': 'Quantidade repetida nas faixas',
      },
    ],
    [
      {
        regra: 'preco_fixo',
        valor: '10',
        faixas: Array.from({ length: 6 }, (_, i) => ({
          quantidade_minima: String(i + 1),
          tipo: 'preco',
          valor: '9',
        })),
      },
      { faixas: 'No máximo 5 faixas de quantidade por produto' },
    ],
  ])('%j -> %j', (item, esperado) => {
    expect(erros(itemTabelaPrecoSchema.safeParse(item))).toEqual(esperado);
  });

  it('a list of items has each product once', () => {
    const item = { produto_id: G, regra: 'preco_fixo', valor: '1' };
    expect(erros(itensTabelaPrecoSchema.safeParse([item, { ...item, valor: '2' }]))).toEqual({
      '1.produto_id': 'Produto repetido na tabela',
    });
  });
});

describe('bulk tools', () => {
  it.each([
    [{ sentido: 'aumento', percentual: '0' }, { percentual: 'Percentual deve ser maior que zero' }],
    [{ sentido: 'reducao', percentual: '100' }, { percentual: 'Redução deve ser menor que 100 %' }],
    [{ sentido: 'aumento', percentual: '1000,01' }, { percentual: 'Percentual deve ser no máximo 1000' }],
    [{ percentual: '5' }, { sentido: 'Informe se o reajuste é de aumento ou de redução' }],
    [{ sentido: 'aumento', percentual: '150' }, {}],
  ])('readjust %j -> %j', (v, esperado) => {
    expect(erros(reajusteSchema.safeParse(v))).toEqual(esperado);
  });

  it('copy', () => {
    expect(
      copiaTabelaSchema.parse({ nome: 'Cópia', vigencia_inicio: '2026-07-01', vigencia_fim: '' }),
    ).toEqual({
      nome: 'Cópia',
      vigencia_inicio: '2026-07-01',
      vigencia_fim: null,
    });
    expect(
      erros(
        copiaTabelaSchema.safeParse({ nome: '', vigencia_inicio: '2026-07-01', vigencia_fim: '2026-06-30' }),
      ),
    ).toEqual({
      nome: 'Nome é obrigatório',
      vigencia_fim: 'Fim da vigência deve ser igual ou posterior ao início',
    });
  });
});
