// Finance account rules (spec section 4): an account is overdue when it is open ("em_aberto") and
// its due date is before today — due today is NOT overdue. Dates are 'YYYY-MM-DD' strings, which
// compare correctly as text and are never shifted by a time zone.

export const OPEN_ACCOUNT_STATUS = 'em_aberto';

export type AccountDue = { status: string; data_vencimento: string };

/** `hoje` is the business day in America/Sao_Paulo ('YYYY-MM-DD', see businessToday()). */
export function isOverdue(account: AccountDue, hoje: string): boolean {
  return account.status === OPEN_ACCOUNT_STATUS && account.data_vencimento < hoje;
}

export type AccountTipo = 'receber' | 'pagar';

export const accountTipoLabels: Record<AccountTipo, string> = {
  receber: 'Receber',
  pagar: 'Pagar',
};

/** Status badge of an account in the dashboard drill-downs. */
export function accountStatusLabel(account: AccountDue, hoje: string): string {
  if (isOverdue(account, hoje)) return 'Vencida';
  if (account.status === OPEN_ACCOUNT_STATUS) return 'Em aberto';
  if (account.status === 'pago') return 'Pago';
  if (account.status === 'cancelado') return 'Cancelado';
  return account.status;
}
