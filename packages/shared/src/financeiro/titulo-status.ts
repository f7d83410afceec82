import { CASAS_DINHEIRO, Decimal } from '../decimal.ts';
import { formatBRL } from '../money.ts';
import { falha, type Resultado } from './resultado.ts';

// The life of a título (a receivable or a payable) as a pure model of its saldo and status.
// The saldo starts at the valor; a baixa extinguishes part of it (its principal), an estorno of a
// baixa gives that principal back, and the status follows from the saldo:
//   saldo = valor → em_aberto; 0 < saldo < valor → parcial; saldo = 0 → pago.
// cancelado is final, and only reachable from em_aberto with no active baixa.
// The services apply these functions to the row they locked (SELECT … FOR UPDATE), so two baixas
// of one título at once are serialised and the second sees the saldo the first left.

export const STATUS_TITULO = ['em_aberto', 'parcial', 'pago', 'cancelado'] as const;
export type StatusTitulo = (typeof STATUS_TITULO)[number];

export const statusTituloLabels: Record<StatusTitulo, string> = {
  em_aberto: 'Em aberto',
  parcial: 'Parcial',
  pago: 'Pago',
  cancelado: 'Cancelado',
};

/** Statuses with an open balance: what "A Receber"/"A Pagar" sum and aging and overdue read. */
export const STATUS_TITULO_ABERTOS = ['em_aberto', 'parcial'] as const satisfies readonly StatusTitulo[];

export function isTituloAberto(status: string): boolean {
  return (STATUS_TITULO_ABERTOS as readonly string[]).includes(status);
}

/** Overdue: an open balance and the due date before today (due today is not overdue). */
export function isTituloVencido(t: { status: string; vencimento: string }, hoje: string): boolean {
  return isTituloAberto(t.status) && t.vencimento < hoje;
}

export const EVENTOS_TITULO = ['baixa', 'estorno', 'cancelamento'] as const;
export type EventoTitulo = (typeof EVENTOS_TITULO)[number];

/** Every allowed transition: from a status, an event leads to one of these statuses. */
export const TRANSICOES_TITULO: Readonly<
  Record<StatusTitulo, Readonly<Partial<Record<EventoTitulo, readonly StatusTitulo[]>>>>
> = {
  em_aberto: { baixa: ['parcial', 'pago'], cancelamento: ['cancelado'] },
  parcial: { baixa: ['parcial', 'pago'], estorno: ['em_aberto', 'parcial'] },
  pago: { estorno: ['em_aberto', 'parcial'] },
  cancelado: {},
};

export function podeTransitar(de: StatusTitulo, evento: EventoTitulo, para: StatusTitulo): boolean {
  return TRANSICOES_TITULO[de][evento]?.includes(para) ?? false;
}

/** Minimum length of the reason of a cancellation and of an estorno (trimmed). */
export const MOTIVO_MINIMO = 10;
export const MOTIVO_MAXIMO = 500;

export const tituloMensagens = {
  canceladoSemBaixa: 'Título cancelado não pode receber baixa.',
  jaPago: 'Título já está pago.',
  valorNegativo: 'Juros, multa, desconto e valor pago não podem ser negativos.',
  principalPositivo: 'O valor da baixa, descontados juros e multa, deve ser maior que zero.',
  excedeSaldo: (principal: string, saldo: string) =>
    `O valor da baixa (${formatBRL(principal)}) excede o saldo do título (${formatBRL(saldo)}).`,
  baixaJaEstornada: 'Esta baixa já foi estornada.',
  estornoAcimaDoValor: 'O estorno deixaria o saldo acima do valor do título.',
  estornoDeCancelado: 'Título cancelado não tem baixa a estornar.',
  cancelarComBaixa: 'Título com baixa não pode ser cancelado: estorne as baixas antes.',
  jaCancelado: 'Título já está cancelado.',
  motivoCurto: `Informe o motivo (mínimo de ${MOTIVO_MINIMO} caracteres)`,
  transicaoInvalida: (de: StatusTitulo, para: StatusTitulo) =>
    `Transição de ${statusTituloLabels[de]} para ${statusTituloLabels[para]} não permitida.`,
} as const;

/** The saldo and status of a título, money as text. */
export type EstadoTitulo = { valor: string; saldo: string; status: StatusTitulo };

/** The status a saldo means (never cancelado: that is an event, not a saldo). */
export function statusPorSaldo(valor: string, saldo: string): Exclude<StatusTitulo, 'cancelado'> {
  const s = Decimal.of(saldo);
  if (s.isZero()) return 'pago';
  return s.eq(valor) ? 'em_aberto' : 'parcial';
}

/** The figures of a baixa. valor_pago is what moved in the bank account. */
export type DadosBaixa = { valor_pago: string; juros: string; multa: string; desconto: string };

/** principal = valor pago − juros − multa + desconto: the part of the saldo the baixa extinguishes. */
export function principalDaBaixa(b: DadosBaixa): Decimal {
  return Decimal.of(b.valor_pago).minus(b.juros).minus(b.multa).plus(b.desconto);
}

const dinheiro = (d: Decimal) => d.toFixed(CASAS_DINHEIRO);

export type BaixaAplicada = {
  principal: string;
  saldo: string;
  status: StatusTitulo;
  /** total when it leaves the saldo at zero. */
  tipo: 'total' | 'parcial';
};

/** A baixa on the título: the new saldo and status, or why it is refused. */
export function aplicarBaixa(t: EstadoTitulo, b: DadosBaixa): Resultado<BaixaAplicada> {
  if (t.status === 'cancelado') return falha(tituloMensagens.canceladoSemBaixa);
  if (t.status === 'pago') return falha(tituloMensagens.jaPago);
  if ([b.valor_pago, b.juros, b.multa, b.desconto].some((v) => Decimal.of(v).isNegative()))
    return falha(tituloMensagens.valorNegativo, 'valor_pago');
  const principal = principalDaBaixa(b);
  if (!principal.isPositive()) return falha(tituloMensagens.principalPositivo, 'valor_pago');
  if (principal.gt(t.saldo))
    return falha(tituloMensagens.excedeSaldo(dinheiro(principal), t.saldo), 'valor_pago');
  const saldo = Decimal.of(t.saldo).minus(principal);
  const status = statusPorSaldo(t.valor, dinheiro(saldo));
  if (!podeTransitar(t.status, 'baixa', status))
    return falha(tituloMensagens.transicaoInvalida(t.status, status));
  return {
    ok: true,
    principal: dinheiro(principal),
    saldo: dinheiro(saldo),
    status,
    tipo: saldo.isZero() ? 'total' : 'parcial',
  };
}

/** The estorno of one baixa (by its principal): the saldo comes back, the status follows. */
export function estornarBaixa(
  t: EstadoTitulo,
  baixa: { principal: string; estornada: boolean },
): Resultado<{ saldo: string; status: StatusTitulo }> {
  if (baixa.estornada) return falha(tituloMensagens.baixaJaEstornada);
  if (t.status === 'cancelado') return falha(tituloMensagens.estornoDeCancelado);
  const saldo = Decimal.of(t.saldo).plus(baixa.principal);
  if (saldo.gt(t.valor) || !Decimal.of(baixa.principal).isPositive())
    return falha(tituloMensagens.estornoAcimaDoValor);
  const status = statusPorSaldo(t.valor, dinheiro(saldo));
  if (!podeTransitar(t.status, 'estorno', status))
    return falha(tituloMensagens.transicaoInvalida(t.status, status));
  return { ok: true, saldo: dinheiro(saldo), status };
}

/** True when a reason is long enough (trimmed, at least MOTIVO_MINIMO characters). */
export function isMotivoValido(motivo: string): boolean {
  return motivo.trim().length >= MOTIVO_MINIMO;
}

/**
 * Cancelling: only an em_aberto título with no active (not reversed) baixa, with a reason of at
 * least 10 characters. The saldo stays as it was (the record of what was owed).
 */
export function cancelarTitulo(
  t: EstadoTitulo,
  opts: { baixasAtivas: number; motivo: string },
): Resultado<{ status: 'cancelado' }> {
  if (t.status === 'cancelado') return falha(tituloMensagens.jaCancelado);
  if (opts.baixasAtivas > 0 || t.status !== 'em_aberto') return falha(tituloMensagens.cancelarComBaixa);
  if (!isMotivoValido(opts.motivo)) return falha(tituloMensagens.motivoCurto, 'motivo');
  return { ok: true, status: 'cancelado' };
}
