import { describe, expect, it } from 'vitest';
import {
  configuracaoComprasSchema,
  emPedidoQuerySchema,
  pedidoCompraSchema,
  pedidoCompraUpdateSchema,
} from './pedido-compra.schema.ts';

const P = '11111111-1111-4111-8111-111111111111';
const F = '22222222-2222-4222-8222-222222222222';

const erros = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('pedidoCompraSchema', () => {
  it('reads a line as typed: quantity with 3 decimals, price with 4, dates and freight', () => {
    const r = pedidoCompraSchema.parse({
      fornecedor_id: F,
      frete: '150,5',
      previsao_entrega: '2026-12-10',
      itens: [{ produto_id: P, unidade: 'cx', quantidade: '10', preco: 'R$ 59,90' }],
    });
    expect(r).toEqual({
      fornecedor_id: F,
      condicao_pagamento_id: null,
      frete: '150.50',
      observacao: null,
      previsao_entrega: '2026-12-10',
      itens: [
        { produto_id: P, unidade: 'CX', quantidade: '10.000', preco: '59.9000', previsao_entrega: null },
      ],
    });
  });

  it('refuses an order without items, a zero or missing price, a zero quantity — in pt-BR', () => {
    expect(erros(pedidoCompraSchema.safeParse({ fornecedor_id: F, itens: [] }))).toEqual({
      itens: 'Inclua ao menos um item no pedido de compra.',
    });
    expect(erros(pedidoCompraSchema.safeParse({ fornecedor_id: F }))).toEqual({
      itens: 'Inclua ao menos um item no pedido de compra.',
    });
    expect(
      erros(
        pedidoCompraSchema.safeParse({
          fornecedor_id: '',
          itens: [
            { produto_id: P, unidade: 'UN', quantidade: '0', preco: '0,00' },
            { produto_id: P, unidade: 'UN', quantidade: '1', preco: '' },
            { produto_id: P, unidade: 'UN', quantidade: '1', preco: '1,23456' },
            { produto_id: 'x', unidade: 'UN', quantidade: '-1', preco: '-2' },
          ],
        }),
      ),
    ).toEqual({
      fornecedor_id: 'Fornecedor é obrigatório',
      'itens.0.quantidade': 'Quantidade deve ser maior que zero',
      'itens.0.preco': 'Informe o preço negociado do item (maior que zero).',
      'itens.1.preco': 'Informe o preço negociado do item.',
      'itens.2.preco': 'Preço aceita no máximo 4 casas decimais.',
      'itens.3.produto_id': 'Produto inválido',
      'itens.3.quantidade': 'Quantidade não pode ser negativa',
      'itens.3.preco': 'Informe o preço negociado do item (maior que zero).',
    });
  });

  it('an edit carries the version it was based on', () => {
    expect(
      erros(
        pedidoCompraUpdateSchema.safeParse({
          fornecedor_id: F,
          itens: [{ produto_id: P, unidade: 'UN', quantidade: '1', preco: '1' }],
        }),
      ),
    ).toEqual({ versao: 'Versão do registro é obrigatória' });
  });
});

describe('emPedidoQuerySchema and configuracaoComprasSchema', () => {
  it('splits the product ids, drops repeats and refuses garbage', () => {
    expect(emPedidoQuerySchema.parse({ produto_ids: `${P}, ${F},${P}` })).toEqual({ produto_ids: [P, F] });
    expect(emPedidoQuerySchema.safeParse({}).success).toBe(false);
    expect(erros(emPedidoQuerySchema.safeParse({ produto_ids: 'abc' }))).toEqual({
      'produto_ids.0': 'Produto inválido',
    });
  });

  it('reads the limit as money and the approver roles (never admin, who always approves)', () => {
    expect(
      configuracaoComprasSchema.parse({ limite_aprovacao: '10.000,00', papeis_aprovadores: ['estoque'] }),
    ).toEqual({ limite_aprovacao: '10000.00', papeis_aprovadores: ['estoque'] });
    expect(
      configuracaoComprasSchema.safeParse({ limite_aprovacao: '1', papeis_aprovadores: ['admin'] }).success,
    ).toBe(false);
  });

  it('reads the suggestion defaults as whole days 0–365 (a form sends text), absent kept', () => {
    const base = { limite_aprovacao: '5.000,00', papeis_aprovadores: [] };
    expect(
      configuracaoComprasSchema.parse({
        ...base,
        prazo_padrao_dias: '10',
        dias_cobertura: 0,
        dias_seguranca: ' 365 ',
      }),
    ).toEqual({
      limite_aprovacao: '5000.00',
      papeis_aprovadores: [],
      prazo_padrao_dias: 10,
      dias_cobertura: 0,
      dias_seguranca: 365,
    });
    expect(configuracaoComprasSchema.parse(base)).toEqual({
      limite_aprovacao: '5000.00',
      papeis_aprovadores: [],
    });
    for (const [v, campo] of [
      ['', 'prazo_padrao_dias'],
      ['2,5', 'dias_cobertura'],
      ['366', 'dias_seguranca'],
      [-1, 'dias_cobertura'],
      ['abc', 'prazo_padrao_dias'],
    ] as const) {
      const r = configuracaoComprasSchema.safeParse({ ...base, [campo]: v });
      expect(r.success, `${campo}=${v}`).toBe(false);
    }
    expect(erros(configuracaoComprasSchema.safeParse({ ...base, dias_seguranca: '400' }))).toEqual({
      dias_seguranca: 'Dias de segurança: informe um número inteiro de dias, de 0 a 365.',
    });
  });
});
