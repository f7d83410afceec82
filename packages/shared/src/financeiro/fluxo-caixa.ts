import { addDays, formatDateBR } from '../dates.ts';
import { CASAS_DINHEIRO, Decimal } from '../decimal.ts';
import { diaDaSemana } from './dias-uteis.ts';

// Fluxo de caixa: realizado (the bank accounts' movements, by their date) and previsto (the open
// saldo of títulos, by due date — an overdue one is still expected, so it counts on today), by
// day, ISO week (Monday to Sunday, as PostgreSQL date_trunc('week')) or month. A period is named
// by its first day, so SQL can group by date_trunc and this module labels and fills the gaps.
// Balances run from the saldo at the start: saldo realizado adds the realizado; saldo previsto
// adds realizado and previsto.

export const AGRUPAMENTOS_FLUXO = ['dia', 'semana', 'mes'] as const;
export type AgrupamentoFluxo = (typeof AGRUPAMENTOS_FLUXO)[number];
export const agrupamentoFluxoLabels: Record<AgrupamentoFluxo, string> = {
  dia: 'Dia',
  semana: 'Semana',
  mes: 'Mês',
};

/** ISO 8601 week: weeks start on Monday; week 1 holds the year's first Thursday. */
export function semanaIso(dia: string): { ano: number; semana: number } {
  const semana = diaDaSemana(dia);
  const quinta = addDays(dia, 3 - ((semana + 6) % 7));
  const ano = Number(quinta.slice(0, 4));
  const primeiroDia = Date.parse(`${quinta.slice(0, 4)}-01-01T00:00:00Z`);
  const dias = (Date.parse(`${quinta}T00:00:00Z`) - primeiroDia) / 86_400_000;
  return { ano, semana: Math.floor(dias / 7) + 1 };
}

/** The first day of the period holding `dia`: itself, its week's Monday, or the 1st of its month. */
export function inicioPeriodo(dia: string, agrupamento: AgrupamentoFluxo): string {
  if (agrupamento === 'dia') return dia;
  if (agrupamento === 'mes') return `${dia.slice(0, 8)}01`;
  return addDays(dia, -((diaDaSemana(dia) + 6) % 7));
}

function proximoPeriodo(inicio: string, agrupamento: AgrupamentoFluxo): string {
  if (agrupamento === 'dia') return addDays(inicio, 1);
  if (agrupamento === 'semana') return addDays(inicio, 7);
  const ano = Number(inicio.slice(0, 4));
  const mes = Number(inicio.slice(5, 7));
  return mes === 12 ? `${ano + 1}-01-01` : `${inicio.slice(0, 5)}${String(mes + 1).padStart(2, '0')}-01`;
}

/** The periods (by first day) that cover `de`..`ate`, in order. */
export function periodosFluxo(de: string, ate: string, agrupamento: AgrupamentoFluxo): string[] {
  const periodos: string[] = [];
  for (let p = inicioPeriodo(de, agrupamento); p <= ate; p = proximoPeriodo(p, agrupamento)) periodos.push(p);
  return periodos;
}

const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** "10/02/2027", "Semana 06/2027", "fev/2027". */
export function rotuloPeriodo(inicio: string, agrupamento: AgrupamentoFluxo): string {
  if (agrupamento === 'dia') return formatDateBR(inicio);
  if (agrupamento === 'mes') return `${MESES[Number(inicio.slice(5, 7)) - 1]}/${inicio.slice(0, 4)}`;
  const { ano, semana } = semanaIso(inicio);
  return `Semana ${String(semana).padStart(2, '0')}/${ano}`;
}

/** Where an open título counts in the previsto: its due date, or today when it is overdue. */
export function dataPrevista(vencimento: string, hoje: string): string {
  return vencimento < hoje ? hoje : vencimento;
}

export type LancamentoFluxo = {
  data: string;
  sentido: 'entrada' | 'saida';
  /** Money, > 0. */
  valor: string;
  realizado: boolean;
};

export type LinhaFluxo = {
  periodo: string;
  rotulo: string;
  entradas_realizadas: string;
  saidas_realizadas: string;
  entradas_previstas: string;
  saidas_previstas: string;
  saldo_realizado: string;
  saldo_previsto: string;
};

/**
 * Every period of `de`..`ate` (empty ones too) with its sums and running balances. Entries
 * outside the range are left out; `saldoInicial` is the balance before `de`.
 */
export function agruparFluxo(opts: {
  de: string;
  ate: string;
  agrupamento: AgrupamentoFluxo;
  saldoInicial: string;
  lancamentos: readonly LancamentoFluxo[];
}): LinhaFluxo[] {
  const { de, ate, agrupamento } = opts;
  type Soma = { er: Decimal; sr: Decimal; ep: Decimal; sp: Decimal };
  const somas = new Map<string, Soma>(
    periodosFluxo(de, ate, agrupamento).map((p) => [
      p,
      { er: Decimal.ZERO, sr: Decimal.ZERO, ep: Decimal.ZERO, sp: Decimal.ZERO },
    ]),
  );
  for (const l of opts.lancamentos) {
    if (l.data < de || l.data > ate) continue;
    const s = somas.get(inicioPeriodo(l.data, agrupamento))!;
    if (l.realizado) {
      if (l.sentido === 'entrada') s.er = s.er.plus(l.valor);
      else s.sr = s.sr.plus(l.valor);
    } else if (l.sentido === 'entrada') s.ep = s.ep.plus(l.valor);
    else s.sp = s.sp.plus(l.valor);
  }
  const d = (x: Decimal) => x.toFixed(CASAS_DINHEIRO);
  let realizado = Decimal.of(opts.saldoInicial);
  let previsto = realizado;
  return [...somas].map(([periodo, s]) => {
    realizado = realizado.plus(s.er).minus(s.sr);
    previsto = previsto.plus(s.er).minus(s.sr).plus(s.ep).minus(s.sp);
    return {
      periodo,
      rotulo: rotuloPeriodo(periodo, agrupamento),
      entradas_realizadas: d(s.er),
      saidas_realizadas: d(s.sr),
      entradas_previstas: d(s.ep),
      saidas_previstas: d(s.sp),
      saldo_realizado: d(realizado),
      saldo_previsto: d(previsto),
    };
  });
}
