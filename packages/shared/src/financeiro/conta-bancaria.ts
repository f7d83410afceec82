import { CASAS_DINHEIRO, Decimal } from '../decimal.ts';

// Bank accounts (and cash: "Caixa") and their movements. The balance of an account is its saldo
// inicial plus the sum of its movements — nothing else: a baixa is a movement (+ for a receipt, −
// for a payment), an estorno is a movement of the opposite sign, never a delete. No movement may
// be dated before the date of the saldo inicial.

export const TIPOS_CONTA_BANCARIA = ['corrente', 'poupanca', 'caixa'] as const;
export type TipoContaBancaria = (typeof TIPOS_CONTA_BANCARIA)[number];
export const tipoContaBancariaLabels: Record<TipoContaBancaria, string> = {
  corrente: 'Conta corrente',
  poupanca: 'Poupança',
  caixa: 'Caixa',
};

/** Formats (digits only, as stored): agência 1–5 digits, its dígito one digit or X; conta 1–13
 * digits (Caixa: operação + conta), its dígito one or two characters, digits, X (Banco do
 * Brasil) or P (Bradesco poupança). Check-digit rules differ by bank and are not enforced: a
 * wrong refusal would block a real account, a typo shows on the first statement. */
export const AGENCIA_FORMATO = /^\d{1,5}$/;
export const AGENCIA_DIGITO_FORMATO = /^[\dX]$/;
export const CONTA_FORMATO = /^\d{1,13}$/;
export const CONTA_DIGITO_FORMATO = /^[\dXP]{1,2}$/;

export const TIPOS_MOVIMENTO_CONTA = ['recebimento', 'pagamento', 'estorno'] as const;
export type TipoMovimentoConta = (typeof TIPOS_MOVIMENTO_CONTA)[number];
export const tipoMovimentoContaLabels: Record<TipoMovimentoConta, string> = {
  recebimento: 'Recebimento',
  pagamento: 'Pagamento',
  estorno: 'Estorno',
};

export const contaBancariaMensagens = {
  antesDoSaldoInicial: 'A data é anterior à data do saldo inicial da conta',
  contaInativa: 'Conta bancária inativa: ative-a ou escolha outra',
} as const;

/** The signed amount a baixa moves: + on a receivable, − on a payable. */
export function valorMovimentoDaBaixa(tipoTitulo: 'receber' | 'pagar', valorPago: string): string {
  const v = Decimal.of(valorPago);
  return (tipoTitulo === 'receber' ? v : v.negated()).toFixed(CASAS_DINHEIRO);
}

/** An estorno's movement: the exact negative of the movement it reverses. */
export function valorMovimentoDoEstorno(valorOriginal: string): string {
  return Decimal.of(valorOriginal).negated().toFixed(CASAS_DINHEIRO);
}

/** saldo inicial + Σ movements. */
export function saldoConta(saldoInicial: string, movimentos: readonly { valor: string }[]): string {
  return Decimal.of(saldoInicial)
    .plus(Decimal.sum(movimentos.map((m) => m.valor)))
    .toFixed(CASAS_DINHEIRO);
}

/** The statement: each movement (in the order given: date, then id) with the balance after it. */
export function extratoComSaldo<M extends { valor: string }>(
  saldoInicial: string,
  movimentos: readonly M[],
): (M & { saldo: string })[] {
  let saldo = Decimal.of(saldoInicial);
  return movimentos.map((m) => {
    saldo = saldo.plus(m.valor);
    return { ...m, saldo: saldo.toFixed(CASAS_DINHEIRO) };
  });
}

/** True when a movement may be dated `data` on an account whose saldo inicial is of `dataSaldoInicial`. */
export function isDataValidaNaConta(dataSaldoInicial: string, data: string): boolean {
  return data >= dataSaldoInicial;
}
