import { z } from 'zod';
import { addDays, businessToday } from '../dates.ts';
import { plural } from '../plural.ts';

// Lot expiry. Days are 'YYYY-MM-DD' of São Paulo (businessToday()); a lot expiring today is still
// usable today and is "Vencido" from tomorrow.

/** Lots expiring within this many days get the "Vence em N dias" badge. */
export const DIAS_ALERTA_VALIDADE = 30;

/** The Lotes screen's expiry filters: already expired, or expiring within 30/60/90 days. */
export const FILTROS_VENCIMENTO = ['vencidos', '30', '60', '90'] as const;
export type FiltroVencimento = (typeof FILTROS_VENCIMENTO)[number];
export const filtroVencimentoLabels: Record<FiltroVencimento, string> = {
  vencidos: 'Vencidos',
  '30': 'Vencem em até 30 dias',
  '60': 'Vencem em até 60 dias',
  '90': 'Vencem em até 90 dias',
};
export const filtroVencimentoParam = z.enum(FILTROS_VENCIMENTO, { error: 'Filtro de vencimento inválido' });

/** Whole days from `de` to `ate` ('YYYY-MM-DD'), computed in UTC so no zone or DST shifts it. */
export function diasEntre(de: string, ate: string): number {
  return Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000);
}

export type SituacaoValidade =
  | { tipo: 'vencido'; dias: number; label: string }
  | { tipo: 'vence'; dias: number; label: string }
  | { tipo: 'ok'; dias: number; label: null }
  | { tipo: 'sem_validade'; dias: null; label: null };

/**
 * The badge of a lot: "Vencido" (validade before today), "Vence hoje", "Vence em 1 dia",
 * "Vence em N dias" (up to 30 days), or none. `dias` is validade − hoje.
 */
export function situacaoValidade(
  validade: string | null | undefined,
  hoje: string = businessToday(),
): SituacaoValidade {
  if (!validade) return { tipo: 'sem_validade', dias: null, label: null };
  const dias = diasEntre(hoje, validade);
  if (dias < 0) return { tipo: 'vencido', dias, label: 'Vencido' };
  if (dias > DIAS_ALERTA_VALIDADE) return { tipo: 'ok', dias, label: null };
  const label = dias === 0 ? 'Vence hoje' : `Vence em ${plural(dias, 'dia', 'dias')}`;
  return { tipo: 'vence', dias, label };
}

/** True when the lot cannot be used any more (validade < hoje). */
export function isVencido(validade: string | null | undefined, hoje: string = businessToday()): boolean {
  return !!validade && validade < hoje;
}

/**
 * The validade range of a filter, for SQL: vencidos -> validade < hoje (`antesDe`); N days ->
 * hoje <= validade <= hoje + N (expired lots are not "expiring").
 */
export function faixaVencimento(
  filtro: FiltroVencimento,
  hoje: string = businessToday(),
): { desde?: string; ate?: string; antesDe?: string } {
  if (filtro === 'vencidos') return { antesDe: hoje };
  return { desde: hoje, ate: addDays(hoje, Number(filtro)) };
}
