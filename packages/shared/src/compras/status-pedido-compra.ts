import { Decimal, type DecimalInput } from '../decimal.ts';
import { formatBRL } from '../money.ts';
import type { Verificacao } from '../precos/limites-venda.ts';

// The status machine of a purchase order (issue 34), one table like the sales orders' and returns':
//
//   rascunho → aprovado → enviado → parcialmente_recebido → recebido
//   rascunho → enviado                 «Enviar» of a draft within the company's approval limit
//                                      approves it on the way (approved_by = who sent it)
//   enviado → recebido                 a receipt that completes every line at once
//   rascunho | aprovado | enviado → cancelado
//
// Once a receipt started (parcialmente_recebido) the order is not cancelled: its open lines are
// closed short instead, which ends it as recebido. Only a draft is edited.
//
// Approval: an order whose total is above the limit (setting compras_limite_aprovacao) needs an
// approver (admin, or a role the company lists in compras_papeis_aprovadores) to «Aprovar» it
// before it is sent; at or below the limit anyone with the Compras permission approves or sends it.

export const STATUS_PEDIDO_COMPRA = [
  'rascunho',
  'aprovado',
  'enviado',
  'parcialmente_recebido',
  'recebido',
  'cancelado',
] as const;
export type StatusPedidoCompra = (typeof STATUS_PEDIDO_COMPRA)[number];

export const statusPedidoCompraLabels: Record<StatusPedidoCompra, string> = {
  rascunho: 'Rascunho',
  aprovado: 'Aprovado',
  enviado: 'Enviado ao fornecedor',
  parcialmente_recebido: 'Parcialmente recebido',
  recebido: 'Recebido',
  cancelado: 'Cancelado',
};

export const TRANSICOES_PEDIDO_COMPRA: Readonly<Record<StatusPedidoCompra, readonly StatusPedidoCompra[]>> = {
  rascunho: ['aprovado', 'enviado', 'cancelado'],
  aprovado: ['enviado', 'cancelado'],
  enviado: ['parcialmente_recebido', 'recebido', 'cancelado'],
  parcialmente_recebido: ['recebido'],
  recebido: [],
  cancelado: [],
};

/** Statuses whose open quantities count as «em pedido» (stock position and purchase suggestion). */
export const STATUS_PEDIDO_COMPRA_EM_ABERTO: readonly StatusPedidoCompra[] = [
  'aprovado',
  'enviado',
  'parcialmente_recebido',
];

/** Statuses whose header and items may be edited. */
export const STATUS_PEDIDO_COMPRA_EDITAVEIS: readonly StatusPedidoCompra[] = ['rascunho'];

/** The company's default approval limit when the setting was never saved (R$ 5.000,00). */
export const LIMITE_APROVACAO_COMPRAS_PADRAO = '5000.00';

export function isStatusPedidoCompra(value: unknown): value is StatusPedidoCompra {
  return typeof value === 'string' && (STATUS_PEDIDO_COMPRA as readonly string[]).includes(value);
}

const rotulo = (s: StatusPedidoCompra) => `«${statusPedidoCompraLabels[s]}»`;
const recusa = (motivo: string): Verificacao => ({ permitido: false, motivo });

/** Whether a purchase order may go from `de` to `para`, or the pt-BR reason it may not. */
export function podeTransitarPedidoCompra(de: StatusPedidoCompra, para: StatusPedidoCompra): Verificacao {
  if (de === para) return recusa(`O pedido de compra já está ${rotulo(de)}.`);
  if (TRANSICOES_PEDIDO_COMPRA[de].includes(para)) return { permitido: true };
  if (de === 'cancelado') return recusa('Pedido de compra cancelado não muda mais de situação.');
  if (de === 'recebido') return recusa('Pedido de compra recebido não muda mais de situação.');
  if (de === 'parcialmente_recebido' && para === 'cancelado')
    return recusa(
      'O recebimento deste pedido já começou: encerre os itens pendentes em vez de cancelar o pedido.',
    );
  if (para === 'rascunho') return recusa(`Um pedido de compra ${rotulo(de)} não volta a rascunho.`);
  if (para === 'parcialmente_recebido' || para === 'recebido')
    return recusa('Só um pedido enviado ao fornecedor recebe mercadorias.');
  const proximos = TRANSICOES_PEDIDO_COMPRA[de].map(rotulo).join(' ou ');
  return recusa(
    `Um pedido de compra ${rotulo(de)} não pode ir para ${rotulo(para)}: pode ir para ${proximos}.`,
  );
}

/** Whether an order of this total needs an approver: strictly above the company's limit. */
export function exigeAprovacaoCompra(total: DecimalInput, limite: DecimalInput): boolean {
  return Decimal.of(total).gt(limite);
}

export type AcaoAprovacao = {
  status: StatusPedidoCompra;
  total: DecimalInput;
  limite: DecimalInput;
  /** The user is an approver (admin, or a role listed in compras_papeis_aprovadores). */
  aprovador: boolean;
};

/**
 * «Aprovar»: a draft, by anyone with the Compras permission when its total is within the limit,
 * only by an approver above it. The refusal for a non-approver is a permission refusal (403).
 */
export function podeAprovarPedidoCompra(a: AcaoAprovacao): Verificacao & { semPermissao?: true } {
  const t = podeTransitarPedidoCompra(a.status, 'aprovado');
  if (!t.permitido) return t;
  if (exigeAprovacaoCompra(a.total, a.limite) && !a.aprovador)
    return {
      permitido: false,
      semPermissao: true,
      motivo: `Pedido de ${formatBRL(Decimal.of(a.total).toFixed(2))} acima do limite de aprovação (${formatBRL(Decimal.of(a.limite).toFixed(2))}): só um administrador ou um papel que aprova compras pode aprová-lo.`,
    };
  return { permitido: true };
}

/**
 * «Enviar ao fornecedor»: an approved order; or a draft within the limit, approved on the way
 * (`aprovaAoEnviar`). A draft above the limit must be approved first, even by an approver (the
 * approval is a separate, audited act).
 */
export function podeEnviarPedidoCompra(a: Omit<AcaoAprovacao, 'aprovador'>): Verificacao & {
  aprovaAoEnviar?: boolean;
} {
  const t = podeTransitarPedidoCompra(a.status, 'enviado');
  if (!t.permitido) return t;
  if (a.status !== 'rascunho') return { permitido: true, aprovaAoEnviar: false };
  if (exigeAprovacaoCompra(a.total, a.limite))
    return recusa(
      `Pedido de ${formatBRL(Decimal.of(a.total).toFixed(2))} acima do limite de aprovação (${formatBRL(Decimal.of(a.limite).toFixed(2))}): aprove o pedido antes de enviá-lo ao fornecedor.`,
    );
  return { permitido: true, aprovaAoEnviar: true };
}
