// The dashboard's period selector (issue 35): a preset (or a custom range) resolved against "today"
// in America/Sao_Paulo into the period shown and the previous equal period it is compared with.
// Every range is [inicio, fim) of 'YYYY-MM-DD' days; no Date ever crosses a time zone.
//
// - este mês / ano (the period that contains today): compared with the same stretch of the previous
//   month / year, from its first day up to the same day (clamped to that month's last day: 31 March
//   compares with February up to the 28th/29th). The period itself is the whole month / year, as the
//   spec's "Vendas do Mês" always was (days still ahead have no orders).
// - mês anterior: the previous calendar month, compared with the month before it (whole months).
// - últimos 30 / 90 dias: the N days ending today, compared with the N days just before.
// - personalizado: de..ate inclusive, compared with the same number of days just before.
import { addDays } from '../dates.ts';
import { Decimal } from '../decimal.ts';
import { monthRange } from './period.ts';

export const PERIODOS_DASHBOARD = ['mes', 'mes_anterior', '30d', '90d', 'ano', 'personalizado'] as const;
export type PeriodoDashboard = (typeof PERIODOS_DASHBOARD)[number];

export const PERIODO_DASHBOARD_LABEL: Record<PeriodoDashboard, string> = {
  mes: 'Este mês',
  mes_anterior: 'Mês anterior',
  '30d': 'Últimos 30 dias',
  '90d': 'Últimos 90 dias',
  ano: 'Este ano',
  personalizado: 'Personalizado',
};

/** Longest custom period, in days (two years and a leap day). */
export const PERIODO_MAX_DIAS = 731;
/** Periods up to this many days are drawn per day; longer ones per week. */
export const SERIE_DIARIA_MAX_DIAS = 92;

export type Intervalo = { inicio: string; fim: string };
export type PeriodoResolvido = {
  periodo: PeriodoDashboard;
  /** the day it was resolved against (the part before it is what the dashboard's bases answer) */
  hoje: string;
  atual: Intervalo;
  anterior: Intervalo;
  /** number of days in atual */
  dias: number;
  granularidade: 'dia' | 'semana';
};

const DAY_MS = 86_400_000;
/** Days from a to b (b − a), both 'YYYY-MM-DD'. */
export function diasDoIntervalo(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the month before the one that starts at `inicio` ('YYYY-MM-01'). */
function mesAntes(inicio: string): string {
  const y = Number(inicio.slice(0, 4));
  const m = Number(inicio.slice(5, 7));
  return m === 1 ? `${y - 1}-12-01` : `${y}-${pad(m - 1)}-01`;
}

/** The same day in (year, month), clamped to that month's last day. */
function mesmoDia(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(Math.min(day, lastDayOfMonth(year, month)))}`;
}

/**
 * Resolves a preset against `hoje` (São Paulo's business day). `de`/`ate` (inclusive) are read only
 * for 'personalizado' and must already be valid, de ≤ ate (the query schema checks them).
 */
export function resolverPeriodo(
  periodo: PeriodoDashboard,
  hoje: string,
  de?: string,
  ate?: string,
): PeriodoResolvido {
  let atual: Intervalo;
  let anterior: Intervalo;
  const y = Number(hoje.slice(0, 4));
  const m = Number(hoje.slice(5, 7));
  const d = Number(hoje.slice(8, 10));
  switch (periodo) {
    case 'mes': {
      atual = monthRange(hoje);
      const ini = mesAntes(atual.inicio);
      const py = Number(ini.slice(0, 4));
      const pm = Number(ini.slice(5, 7));
      anterior = { inicio: ini, fim: addDays(mesmoDia(py, pm, d), 1) };
      break;
    }
    case 'mes_anterior': {
      const ini = mesAntes(monthRange(hoje).inicio);
      atual = { inicio: ini, fim: monthRange(hoje).inicio };
      anterior = { inicio: mesAntes(ini), fim: ini };
      break;
    }
    case 'ano': {
      atual = { inicio: `${y}-01-01`, fim: `${y + 1}-01-01` };
      anterior = { inicio: `${y - 1}-01-01`, fim: addDays(mesmoDia(y - 1, m, d), 1) };
      break;
    }
    case '30d':
    case '90d': {
      const n = periodo === '30d' ? 30 : 90;
      const fim = addDays(hoje, 1);
      atual = { inicio: addDays(fim, -n), fim };
      anterior = { inicio: addDays(fim, -2 * n), fim: atual.inicio };
      break;
    }
    case 'personalizado': {
      if (!de || !ate) throw new Error('período personalizado sem datas');
      const fim = addDays(ate, 1);
      const n = diasDoIntervalo(de, fim);
      atual = { inicio: de, fim };
      anterior = { inicio: addDays(de, -n), fim: de };
      break;
    }
  }
  const dias = diasDoIntervalo(atual.inicio, atual.fim);
  return {
    periodo,
    hoje,
    atual,
    anterior,
    dias,
    granularidade: dias > SERIE_DIARIA_MAX_DIAS ? 'semana' : 'dia',
  };
}

/**
 * A range as whole months plus and minus loose days, for the per-key read models: a month only
 * partly inside the range at either end is taken whole, with the days outside the range taken out
 * (`tirar`), when those are fewer than the days inside it (else its days inside are added: `somar`).
 * The last 90 days to 30 November are September to November less 1 September (a day's rows) rather
 * than October and November plus 2–30 September (29 days' rows); with three whole months or more
 * the months are one row per key of the per-year running sums. `meses` is month-aligned, [inicio,
 * fim), or null; every interval [inicio, fim).
 */
export function dividirComComplementos(r: Intervalo): {
  meses: Intervalo | null;
  somar: Intervalo[];
  tirar: Intervalo[];
} {
  const dias = (i: Intervalo) => diasDoIntervalo(i.inicio, i.fim);
  const primeiro = monthRange(r.inicio);
  const ultimo = monthRange(addDays(r.fim, -1));
  const somar: Intervalo[] = [];
  const tirar: Intervalo[] = [];
  if (primeiro.inicio === ultimo.inicio) {
    if (r.inicio === primeiro.inicio && r.fim === primeiro.fim) return { meses: r, somar, tirar };
    const fora = [
      { inicio: primeiro.inicio, fim: r.inicio },
      { inicio: r.fim, fim: primeiro.fim },
    ].filter((i) => i.inicio < i.fim);
    if (fora.reduce((n, i) => n + dias(i), 0) < dias(r)) return { meses: primeiro, somar, tirar: fora };
    return { meses: null, somar: [r], tirar };
  }
  let inicioMeses = primeiro.inicio;
  let fimMeses = ultimo.fim;
  if (r.inicio > primeiro.inicio) {
    const dentro = { inicio: r.inicio, fim: primeiro.fim };
    const fora = { inicio: primeiro.inicio, fim: r.inicio };
    if (dias(fora) < dias(dentro)) tirar.push(fora);
    else {
      somar.push(dentro);
      inicioMeses = primeiro.fim;
    }
  }
  if (r.fim < ultimo.fim) {
    const dentro = { inicio: ultimo.inicio, fim: r.fim };
    const fora = { inicio: r.fim, fim: ultimo.fim };
    if (dias(fora) < dias(dentro)) tirar.push(fora);
    else {
      somar.push(dentro);
      fimMeses = ultimo.inicio;
    }
  }
  return { meses: inicioMeses < fimMeses ? { inicio: inicioMeses, fim: fimMeses } : null, somar, tirar };
}

/**
 * Whole months split for the per-product running sums (relatorio_vendas_produto_ano, migration 0078),
 * whose row for year `ano` covers the 24 months from January of ano−1 (position 1) to December of
 * ano (position 24): the rows to read and, in each, the first and last position of the range
 * (inclusive). Any range within two calendar years is one row, that of its last month's year; a
 * longer one takes a row per two years, from the end. `meses` is month-aligned, [inicio, fim), as
 * dividirComComplementos returns it.
 */
export function dividirEmBienios(meses: Intervalo): { ano: number; de: number; ate: number }[] {
  // months counted from January of year 0
  const indice = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
  const primeiro = indice(meses.inicio);
  let ultimo = indice(monthRange(addDays(meses.fim, -1)).inicio);
  const partes: { ano: number; de: number; ate: number }[] = [];
  while (ultimo >= primeiro) {
    const ano = Math.floor(ultimo / 12);
    const janela = (ano - 1) * 12; // January of ano−1, position 1
    partes.unshift({ ano, de: Math.max(primeiro, janela) - janela + 1, ate: ultimo - janela + 1 });
    ultimo = janela - 1;
  }
  return partes;
}

/**
 * The change from `anterior` to `atual` in percent with one decimal ("12.5", "-3.0"), or null when
 * the previous figure is zero (no percentage of nothing). Exact: decimal strings, rounded half away
 * from zero.
 */
export function variacaoPercentual(atual: string | number, anterior: string | number): string | null {
  const a = Decimal.of(String(anterior));
  if (a.isZero()) return null;
  return Decimal.of(String(atual)).minus(a).times(100).dividedBy(a.abs(), 1).toFixed(1);
}
