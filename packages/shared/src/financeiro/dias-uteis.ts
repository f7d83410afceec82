import { addDays, isIsoDay } from '../dates.ts';

// Business days of the finance module: Monday to Friday except the national holidays. Days are
// 'YYYY-MM-DD' strings (São Paulo business days, see dates.ts), never Dates a zone could shift.
//
// National holidays (Lei 662/1949 as rewritten by Lei 10.607/2002; Lei 6.802/1980; Lei
// 14.759/2023 for 20 November from 2024 on), plus the days the banks do not open that depend on
// Easter (Carnaval Monday and Tuesday, Sexta-feira Santa, Corpus Christi — the federal calendar
// lists them, and the bank clearing does not run on them). State and municipal holidays are not
// included: the company works in one place and its bank moves payments by the national calendar.

export type Feriado = { data: string; nome: string };

/** 20 November became a national holiday in 2024 (Lei 14.759/2023). */
export const CONSCIENCIA_NEGRA_DESDE = 2024;

const FIXOS: readonly [mesDia: string, nome: string, desde?: number][] = [
  ['01-01', 'Confraternização Universal'],
  ['04-21', 'Tiradentes'],
  ['05-01', 'Dia do Trabalho'],
  ['09-07', 'Independência do Brasil'],
  ['10-12', 'Nossa Senhora Aparecida'],
  ['11-02', 'Finados'],
  ['11-15', 'Proclamação da República'],
  ['11-20', 'Dia Nacional de Zumbi e da Consciência Negra', CONSCIENCIA_NEGRA_DESDE],
  ['12-25', 'Natal'],
];

/** Days from Easter Sunday. */
const MOVEIS: readonly [dias: number, nome: string][] = [
  [-48, 'Carnaval (segunda-feira)'],
  [-47, 'Carnaval (terça-feira)'],
  [-2, 'Sexta-feira Santa'],
  [60, 'Corpus Christi'],
];

function anoValido(ano: number): void {
  if (!Number.isInteger(ano) || ano < 1583 || ano > 9999) throw new Error(`ano inválido: ${ano}`);
}

function diaValido(dia: string): void {
  if (!isIsoDay(dia)) throw new Error(`data inválida: ${dia}`);
}

/**
 * Easter Sunday of a Gregorian year as 'YYYY-MM-DD' — the anonymous Gregorian algorithm
 * (Meeus/Jones/Butcher), integer arithmetic only. 2027 → '2027-03-28'.
 */
export function pascoa(ano: number): string {
  anoValido(ano);
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

const CACHE = new Map<number, { lista: readonly Feriado[]; porData: ReadonlyMap<string, string> }>();

function feriadosDoAno(ano: number) {
  let anoCache = CACHE.get(ano);
  if (!anoCache) {
    anoValido(ano);
    const y = String(ano).padStart(4, '0');
    const lista: Feriado[] = FIXOS.filter(([, , desde]) => desde === undefined || ano >= desde).map(
      ([mesDia, nome]) => ({ data: `${y}-${mesDia}`, nome }),
    );
    const domingo = pascoa(ano);
    for (const [dias, nome] of MOVEIS) lista.push({ data: addDays(domingo, dias), nome });
    lista.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
    anoCache = { lista, porData: new Map(lista.map((f) => [f.data, f.nome])) };
    CACHE.set(ano, anoCache);
  }
  return anoCache;
}

/** The national holidays of a year (fixed and from Easter), in date order. */
export function feriadosNacionais(ano: number): readonly Feriado[] {
  return feriadosDoAno(ano).lista;
}

/** The holiday's name when `dia` is a national holiday, else null. */
export function feriadoNacional(dia: string): string | null {
  diaValido(dia);
  return feriadosDoAno(Number(dia.slice(0, 4))).porData.get(dia) ?? null;
}

/** Day of the week of 'YYYY-MM-DD': 0 = domingo … 6 = sábado (as Date#getDay), computed in UTC. */
export function diaDaSemana(dia: string): number {
  diaValido(dia);
  return new Date(`${dia}T00:00:00Z`).getUTCDay();
}

/** Monday to Friday and not a national holiday. */
export function isBusinessDay(dia: string): boolean {
  const semana = diaDaSemana(dia);
  return semana !== 0 && semana !== 6 && feriadoNacional(dia) === null;
}

/**
 * The day itself when it is a business day, else the first business day after it — where a due
 * date on a weekend or holiday moves to. 2027-02-08 (Carnaval Monday) → 2027-02-10.
 */
export function nextBusinessDay(dia: string): string {
  let d = dia;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}
