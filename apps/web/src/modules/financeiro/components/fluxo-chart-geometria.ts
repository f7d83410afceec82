import { type LinhaFluxo, toCents } from '@erp/shared';

// The geometry of the fluxo de caixa chart, from integer cents (never floats of money): one
// x per period, the realizado and previsto balances as two polylines on a shared scale that
// includes zero, so a negative balance shows below the zero line.

export type GeometriaFluxo = {
  largura: number;
  altura: number;
  /** y of the zero line. */
  zero: number;
  xs: number[];
  realizado: string;
  previsto: string;
};

export function geometriaFluxo(linhas: readonly LinhaFluxo[], largura = 600, altura = 160): GeometriaFluxo {
  const r = linhas.map((l) => toCents(l.saldo_realizado));
  const p = linhas.map((l) => toCents(l.saldo_previsto));
  const max = Math.max(0, ...r, ...p);
  const min = Math.min(0, ...r, ...p);
  const faixa = max - min || 1;
  const y = (c: number) => Math.round(((max - c) / faixa) * altura * 10) / 10;
  const passo = linhas.length > 1 ? largura / (linhas.length - 1) : 0;
  const xs = linhas.map((_, i) => (linhas.length > 1 ? Math.round(i * passo * 10) / 10 : largura / 2));
  const pontos = (cs: number[]) => cs.map((c, i) => `${xs[i]},${y(c)}`).join(' ');
  return { largura, altura, zero: y(0), xs, realizado: pontos(r), previsto: pontos(p) };
}

/** A period's label on the axis: "10/02", "S06/27", "fev/2027". */
export function rotuloCurto(rotulo: string): string {
  const semana = /^Semana (\d{2})\/\d{2}(\d{2})$/.exec(rotulo);
  if (semana) return `S${semana[1]}/${semana[2]}`;
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(rotulo)) return rotulo.slice(0, 5);
  return rotulo;
}
