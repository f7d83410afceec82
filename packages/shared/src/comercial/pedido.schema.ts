import { z } from 'zod';
import { decimalBR, optionalText, requiredText, versao } from '../cadastros/campos.ts';
import { Decimal } from '../decimal.ts';
import { siglaUnidade } from '../estoque/cadastros-estoque.schema.ts';
import { dataOpcional, quantidadeCampo, refObrigatoria } from '../estoque/campos.ts';
import { booleanParam, listQuerySchema, uuidParam } from '../list-params.ts';
import { JUSTIFICATIVA_MINIMA, TIPOS_BLOQUEIO } from './bloqueios-pedido.ts';
import {
  calculoPedidoMensagens,
  type Desconto,
  TIPOS_DESCONTO,
  type TipoDesconto,
} from './calculo-pedido.ts';
import { STATUS_PEDIDO } from './status-pedido.ts';

// The API schemas of sales orders (module `comercial`): the order (header + items), its actions
// (confirmar, cancelar, duplicar, transição of the kanban, liberação of a blocker), the list and
// the kanban filters. Field names are the columns the server keeps.

/** NF-e modFrete. */
export const MODALIDADES_FRETE = ['0', '1', '2', '3', '4', '9'] as const;
export type ModalidadeFrete = (typeof MODALIDADES_FRETE)[number];
export const modalidadeFreteLabels: Record<ModalidadeFrete, string> = {
  '0': 'Contratação do frete por conta do remetente (CIF)',
  '1': 'Contratação do frete por conta do destinatário (FOB)',
  '2': 'Contratação do frete por conta de terceiros',
  '3': 'Transporte próprio por conta do remetente',
  '4': 'Transporte próprio por conta do destinatário',
  '9': 'Sem ocorrência de transporte',
};

export const MAX_ITENS_PEDIDO = 500;
const DINHEIRO_MAXIMO = 999_999_999_999;

export const pedidoMensagens = {
  semItens: calculoPedidoMensagens.semItens,
  maxItens: `No máximo ${MAX_ITENS_PEDIDO} itens por pedido`,
  precoPositivo: 'Preço deve ser maior que zero',
  percentualMaximo: calculoPedidoMensagens.percentualMaximo,
  motivoCancelamento: 'Informe o motivo do cancelamento',
  informeJustificativa: 'Informe a justificativa',
  justificativa: `Justificativa deve ter ao menos ${JUSTIFICATIVA_MINIMA} caracteres`,
  periodo: 'A data final deve ser igual ou posterior à inicial',
} as const;

const vazioParaNulo = (v: unknown) => (v === '' || v === undefined ? null : v);

/** An optional reference with the label's gender ("Condição de pagamento inválida"). */
const refOpcional = (label: string, genero: 'o' | 'a' = 'o') =>
  z.preprocess(vazioParaNulo, z.uuid({ error: `${label} inválid${genero}` }).nullable());

const tipoDesconto = z.enum(TIPOS_DESCONTO, { error: 'Tipo de desconto inválido' }).default('percentual');
const valorDesconto = decimalBR('Desconto', { max: DINHEIRO_MAXIMO });

/** A percentage discount is at most 100 % (an amount is checked against the item's value later). */
function descontoRules(v: { desconto_tipo: TipoDesconto; desconto: string }, ctx: z.RefinementCtx) {
  if (v.desconto_tipo === 'percentual' && Decimal.of(v.desconto).gt(100))
    ctx.addIssue({ code: 'custom', path: ['desconto'], message: pedidoMensagens.percentualMaximo });
}

/** The discount as the order calculation takes it; zero is no discount. */
export function descontoDigitado(tipo: TipoDesconto, valor: string): Desconto | null {
  return Decimal.of(valor).isZero() ? null : { tipo, valor };
}

/** A line: the product in one of its packagings, the price per base unit, its own discount. */
export const itemPedidoSchema = z
  .object({
    produto_id: refObrigatoria('Produto'),
    /** The packaging's unit (the base unit itself when sold loose). */
    embalagem: siglaUnidade('Embalagem'),
    /** In the packaging; the unit's decimals are checked by calculaPedido. */
    quantidade: quantidadeCampo('Quantidade'),
    /** Per base unit, from the price engine or typed over it. */
    preco: decimalBR('Preço', { max: DINHEIRO_MAXIMO }).refine(
      (v) => Decimal.of(v).isPositive(),
      pedidoMensagens.precoPositivo,
    ),
    desconto_tipo: tipoDesconto,
    desconto: valorDesconto,
  })
  .superRefine(descontoRules);
export type ItemPedidoInput = z.input<typeof itemPedidoSchema>;
export type ItemPedidoDados = z.output<typeof itemPedidoSchema>;

const pedidoFields = {
  cliente_id: refObrigatoria('Cliente'),
  /** null: the customer's seller. */
  vendedor_id: refOpcional('Vendedor'),
  condicao_pagamento_id: refOpcional('Condição de pagamento', 'a'),
  forma_pagamento_id: refOpcional('Forma de pagamento', 'a'),
  /** null: the price engine resolves the table per item. */
  tabela_preco_id: refOpcional('Tabela de preços', 'a'),
  data_entrega: dataOpcional('Data de entrega'),
  modalidade_frete: z.enum(MODALIDADES_FRETE, { error: 'Modalidade de frete inválida' }).default('0'),
  frete: decimalBR('Frete', { max: DINHEIRO_MAXIMO }),
  /** The order discount, allocated over the items. */
  desconto_tipo: tipoDesconto,
  desconto: valorDesconto,
  observacoes_internas: optionalText(2000, 'Observações internas'),
  /** Goes to the invoice's informações complementares. */
  observacoes_nota: optionalText(2000, 'Observações para a nota'),
  itens: z
    .array(itemPedidoSchema, { error: pedidoMensagens.semItens })
    .min(1, pedidoMensagens.semItens)
    .max(MAX_ITENS_PEDIDO, pedidoMensagens.maxItens),
};

/** POST /api/comercial/pedidos: saved as an orçamento. */
export const pedidoCreateSchema = z.object(pedidoFields).superRefine(descontoRules);
/** PUT /api/comercial/pedidos/:id: the same plus the version read. */
export const pedidoUpdateSchema = z.object({ ...pedidoFields, versao }).superRefine(descontoRules);
export type PedidoInput = z.input<typeof pedidoCreateSchema>;
export type PedidoDados = z.output<typeof pedidoCreateSchema>;
export type PedidoUpdate = z.output<typeof pedidoUpdateSchema>;

/** POST …/:id/confirmar: the quote becomes an order (digitado) and its blockers are evaluated. */
export const confirmarPedidoSchema = z.object({ versao });

/** POST …/:id/cancelar. */
export const cancelarPedidoSchema = z.object({
  motivo: requiredText(500, 'Motivo do cancelamento', pedidoMensagens.motivoCancelamento),
  versao,
});

/**
 * POST …/:id/duplicar: a new quote with the same customer, header and items. The prices come from
 * the price engine today unless `manter_precos`.
 */
export const duplicarPedidoSchema = z.object({
  manter_precos: z.boolean({ error: 'Valor inválido' }).default(false),
});

/** POST …/:id/transicao (the kanban's drag and drop): the reason is required to cancel. */
export const transicaoPedidoSchema = z
  .object({
    para: z.enum(STATUS_PEDIDO, { error: 'Situação inválida' }),
    motivo: optionalText(500, 'Motivo'),
    versao,
  })
  .refine((v) => v.para !== 'cancelado' || v.motivo !== null, {
    path: ['motivo'],
    message: pedidoMensagens.motivoCancelamento,
  });

/**
 * POST …/:id/bloqueios/liberar: one blocker, with the fingerprint the approver saw (a release of
 * what the order no longer is is refused) and the justification.
 */
export const liberarBloqueioSchema = z.object({
  tipo: z.enum(TIPOS_BLOQUEIO, { error: 'Tipo de bloqueio inválido' }),
  impressao: z.string({ error: 'Bloqueio inválido' }).max(200_000, 'Bloqueio inválido'),
  justificativa: z
    .string({ error: pedidoMensagens.informeJustificativa })
    .trim()
    .refine((v) => v.length > 0, { message: pedidoMensagens.informeJustificativa, abort: true })
    .refine((v) => v.length >= JUSTIFICATIVA_MINIMA, pedidoMensagens.justificativa)
    .refine((v) => v.length <= 1000, 'Justificativa deve ter no máximo 1000 caracteres'),
});
export type LiberarBloqueioInput = z.input<typeof liberarBloqueioSchema>;

const periodoRefine = { path: ['ate'], message: pedidoMensagens.periodo };
const periodo = {
  /** data_emissao from / to, business days of São Paulo. */
  de: dataOpcional('Data inicial').optional(),
  ate: dataOpcional('Data final').optional(),
};
const semPeriodoInvertido = (v: { de?: string | null; ate?: string | null }) =>
  !v.de || !v.ate || v.de <= v.ate;

export const PEDIDO_SORTS = [
  'numero',
  'data_emissao',
  'cliente',
  'vendedor',
  'valor_total',
  'data_entrega',
  'status',
] as const;

/**
 * GET /api/comercial/pedidos (and its export): newest first. The approvers' "Bloqueados" view is
 * status=bloqueado, narrowed by `bloqueio` to the orders with a pending blocker of that type.
 */
export const pedidosListQuerySchema = listQuerySchema(PEDIDO_SORTS, 'numero', {
  status: z.enum(STATUS_PEDIDO, { error: 'Situação inválida' }).optional(),
  bloqueio: z.enum(TIPOS_BLOQUEIO, { error: 'Tipo de bloqueio inválido' }).optional(),
  ...periodo,
  vendedor_id: uuidParam.optional(),
  cliente_id: uuidParam.optional(),
  regiao_id: uuidParam.optional(),
})
  .extend({ dir: z.enum(['asc', 'desc'], { error: 'Direção inválida' }).default('desc') })
  .refine(semPeriodoInvertido, periodoRefine);
export type PedidosListQuery = z.input<typeof pedidosListQuerySchema>;

/** GET /api/comercial/kanban: cancelled orders only when asked (a filter, not a column). */
export const kanbanQuerySchema = z
  .object({
    vendedor_id: uuidParam.optional(),
    regiao_id: uuidParam.optional(),
    ...periodo,
    cancelados: booleanParam.optional(),
  })
  .refine(semPeriodoInvertido, periodoRefine);
export type KanbanQuery = z.input<typeof kanbanQuerySchema>;
