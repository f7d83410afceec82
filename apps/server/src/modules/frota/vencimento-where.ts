import { businessToday, type FiltroVencimento, faixaVencimento } from '@erp/shared';
import { type AnyColumn, and, gte, lt, lte, type SQL } from 'drizzle-orm';

/**
 * The WHERE of a "vencidos / vencem em até N dias" filter over a date column (a CNH's validade,
 * a vehicle's licenciamento): expired is before today, expiring is today … today + N.
 */
export function vencimentoWhere(column: AnyColumn, filtro: FiltroVencimento | undefined): SQL | undefined {
  if (!filtro) return undefined;
  const faixa = faixaVencimento(filtro, businessToday());
  if (faixa.antesDe) return lt(column, faixa.antesDe);
  return and(gte(column, faixa.desde!), lte(column, faixa.ate!));
}
