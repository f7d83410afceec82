import { z } from 'zod';
import { decimalBR, optionalRef, optionalText, versao } from '../cadastros/campos.ts';
import { CASAS_CUSTO, Decimal } from '../decimal.ts';
import { siglaUnidade } from '../estoque/cadastros-estoque.schema.ts';
import { dataOpcional, quantidadeCampo, refObrigatoria } from '../estoque/campos.ts';
import { dinheiroCampo, motivoCampo } from '../financeiro/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { parseDecimalBR } from '../money.ts';
import { ROLES } from '../permissions.ts';
import { STATUS_PEDIDO_COMPRA } from './status-pedido-compra.ts';

// The API inputs of purchase orders (issue 34). A line is typed as the buyer negotiates it: a
// quantity in a unit (the product's base unit or one of its packagings, by sigla) and the price of
// that unit; the service converts the quantity to the base unit and keeps the price per base unit
// beside the typed one. The product's data (active, its packagings) is checked by the service.

/** Most lines in one purchase order. */
export const MAX_ITENS_PEDIDO_COMPRA = 990;

export const pedidoCompraMensagens = {
  naoEncontrado: 'Pedido de compra não encontrado.',
  semItens: 'Inclua ao menos um item no pedido de compra.',
  maxItens: `No máximo ${MAX_ITENS_PEDIDO_COMPRA} itens por pedido de compra.`,
  precoObrigatorio: 'Informe o preço negociado do item.',
  precoZero: 'Informe o preço negociado do item (maior que zero).',
  precoInvalido: 'Preço inválido.',
  precoCasas: `Preço aceita no máximo ${CASAS_CUSTO} casas decimais.`,
  produtoInativo: 'Produto inativo: reative-o no cadastro ou escolha outro produto.',
  produtoInexistente: 'Produto não encontrado.',
  unidadeInvalida: (sigla: string, produto: string) =>
    `A unidade ${sigla} não é a unidade base nem uma embalagem de ${produto}.`,
  fornecedorInexistente: 'Fornecedor não encontrado.',
  fornecedorInativo: 'Fornecedor inativo: reative-o no cadastro ou escolha outro fornecedor.',
  condicaoInexistente: 'Condição de pagamento não encontrada ou inativa.',
  naoEditavel: 'Só um pedido de compra em rascunho pode ser alterado.',
  versao: 'Este pedido de compra foi alterado por outra pessoa. Recarregue a página e refaça a alteração.',
  semEmailFornecedor:
    'O fornecedor não tem e-mail no cadastro: informe o e-mail do fornecedor (ou envie o PDF por outro meio).',
  produtoIds: 'Informe os produtos (produto_ids, separados por vírgula).',
  encerrarSoAposRecebimento:
    'Só se encerram itens de um pedido parcialmente recebido; um pedido ainda não recebido é cancelado.',
  semItensAbertos: 'Nenhum item pendente a encerrar neste pedido.',
} as const;

/** A price per the typed unit: > 0, at most 4 decimals ("R$ 59,90", "59.9" → "59.9000"). */
const precoCampo = z
  .union([z.string(), z.number()], { error: pedidoCompraMensagens.precoObrigatorio })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (text === '') return fail(pedidoCompraMensagens.precoObrigatorio);
    if (text.startsWith('-')) return fail(pedidoCompraMensagens.precoZero);
    const lido = parseDecimalBR(text, CASAS_CUSTO);
    if (lido === null)
      return fail(
        parseDecimalBR(text, 20) === null
          ? pedidoCompraMensagens.precoInvalido
          : pedidoCompraMensagens.precoCasas,
      );
    const p = Decimal.of(lido);
    if (!p.isPositive()) return fail(pedidoCompraMensagens.precoZero);
    if (p.gte('100000000000')) return fail(pedidoCompraMensagens.precoInvalido);
    return p.toFixed(CASAS_CUSTO);
  });

export const itemPedidoCompraSchema = z.object({
  produto_id: refObrigatoria('Produto'),
  /** Sigla of the base unit or of a packaging of the product (CX, UN…). */
  unidade: siglaUnidade('Unidade'),
  quantidade: quantidadeCampo('Quantidade'),
  /** Negotiated price of one `unidade`. */
  preco: precoCampo,
  /** Expected delivery of this line; null: the order's. */
  previsao_entrega: dataOpcional('Previsão de entrega')
    .optional()
    .transform((v) => v ?? null),
});
export type ItemPedidoCompraInput = z.output<typeof itemPedidoCompraSchema>;

export const pedidoCompraSchema = z.object({
  fornecedor_id: refObrigatoria('Fornecedor'),
  condicao_pagamento_id: optionalRef('Condição de pagamento')
    .optional()
    .transform((v) => v ?? null),
  frete: dinheiroCampo('Frete'),
  observacao: optionalText(2000, 'Observação'),
  previsao_entrega: dataOpcional('Previsão de entrega')
    .optional()
    .transform((v) => v ?? null),
  itens: z
    .array(itemPedidoCompraSchema, { error: pedidoCompraMensagens.semItens })
    .min(1, pedidoCompraMensagens.semItens)
    .max(MAX_ITENS_PEDIDO_COMPRA, pedidoCompraMensagens.maxItens),
});
export type PedidoCompraInput = z.output<typeof pedidoCompraSchema>;

/** An edit of a draft: the whole order again, with the version it was based on. */
export const pedidoCompraUpdateSchema = pedidoCompraSchema.extend({ versao });
export type PedidoCompraUpdateInput = z.output<typeof pedidoCompraUpdateSchema>;

export const cancelarPedidoCompraSchema = z.object({ motivo: motivoCampo('Motivo do cancelamento') });

export const pedidosCompraListQuerySchema = listQuerySchema(
  ['data', 'numero', 'fornecedor', 'valor', 'status', 'previsao'],
  'data',
  {
    status: z.enum(STATUS_PEDIDO_COMPRA, { error: 'Situação inválida' }).optional(),
    fornecedor_id: uuidParam.optional(),
    de: dataOpcional('Data inicial').optional(),
    ate: dataOpcional('Data final').optional(),
  },
);
export type PedidosCompraListQuery = z.output<typeof pedidosCompraListQuerySchema>;

/** GET /api/compras/em-pedido?produto_ids=a,b,c — at most 500 products per call. */
export const emPedidoQuerySchema = z.object({
  produto_ids: z
    .string({ error: pedidoCompraMensagens.produtoIds })
    .trim()
    .min(1, pedidoCompraMensagens.produtoIds)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'Produto inválido' }))
        .min(1, pedidoCompraMensagens.produtoIds)
        .max(500, 'No máximo 500 produtos por consulta.'),
    ),
});

/** The roles a company may let approve purchases above the limit (admin always does). */
export const PAPEIS_APROVADORES_COMPRAS = ROLES.filter((r) => r !== 'admin');

/** A whole number of days of the purchase settings, 0 to 365: a number, or its text from a form. */
const diasConfiguracao = (campo: string) => {
  const mensagem = `${campo}: informe um número inteiro de dias, de 0 a 365.`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v.trim())) : v),
    z.number({ error: mensagem }).int(mensagem).min(0, mensagem).max(365, mensagem),
  );
};

/**
 * PUT /api/compras/configuracao (admin): the approval limit, the roles that approve, the receipt
 * tolerances and the purchase suggestion's defaults.
 */
export const configuracaoComprasSchema = z.object({
  limite_aprovacao: dinheiroCampo('Limite de aprovação'),
  papeis_aprovadores: z
    .array(z.enum(PAPEIS_APROVADORES_COMPRAS as [string, ...string[]], { error: 'Papel inválido' }))
    .max(PAPEIS_APROVADORES_COMPRAS.length)
    .default([])
    .transform((v) => [...new Set(v)]),
  // The receipt-vs-order tolerances (percent, 0–1000, 2 decimals); absent keeps the stored value so a
  // form that only knows the approval settings does not reset them.
  tolerancia_quantidade_percentual: decimalBR('Tolerância de quantidade', {
    max: 1000,
    genero: 'a',
  }).optional(),
  tolerancia_preco_percentual: decimalBR('Tolerância de preço', { max: 1000, genero: 'a' }).optional(),
  // The purchase suggestion's company defaults (whole days, 0–365); absent keeps the stored value.
  prazo_padrao_dias: diasConfiguracao('Prazo de entrega padrão').optional(),
  dias_cobertura: diasConfiguracao('Dias de cobertura').optional(),
  dias_seguranca: diasConfiguracao('Dias de segurança').optional(),
});
export type ConfiguracaoCompras = z.output<typeof configuracaoComprasSchema>;

/**
 * POST /api/compras/pedidos/:id/encerrar-itens — close lines short after a receipt started (the
 * rest is no longer expected); without item_ids, every open line.
 */
export const encerrarItensPedidoCompraSchema = z.object({
  item_ids: z
    .array(uuidParam)
    .min(1, 'Escolha ao menos um item')
    .max(MAX_ITENS_PEDIDO_COMPRA)
    .optional()
    .transform((v) => v ?? null),
  motivo: motivoCampo('Motivo do encerramento'),
});
export type EncerrarItensPedidoCompraInput = z.output<typeof encerrarItensPedidoCompraSchema>;
