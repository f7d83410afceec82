import { addDays } from '../dates.ts';
import { CASAS_DINHEIRO, Decimal } from '../decimal.ts';
import { diasEntre } from '../estoque/validade.ts';

// Aging of open títulos (saldo of em_aberto and parcial) by days past the due date on `hoje`
// (São Paulo business day): a vencer (due today or later — due today is not overdue, as on the
// dashboard), 1–30, 31–60, 61–90 and more than 90 days overdue.

export const FAIXAS_AGING = ['a_vencer', '1_30', '31_60', '61_90', 'mais_90'] as const;
export type FaixaAging = (typeof FAIXAS_AGING)[number];

export const faixaAgingLabels: Record<FaixaAging, string> = {
  a_vencer: 'A vencer',
  '1_30': '1 a 30 dias',
  '31_60': '31 a 60 dias',
  '61_90': '61 a 90 dias',
  mais_90: 'Mais de 90 dias',
};

/** Days overdue covered by each faixa (inclusive); a_vencer is ≤ 0. */
const LIMITES: Readonly<Record<FaixaAging, readonly [min: number | null, max: number | null]>> = {
  a_vencer: [null, 0],
  '1_30': [1, 30],
  '31_60': [31, 60],
  '61_90': [61, 90],
  mais_90: [91, null],
};

export function faixaAging(vencimento: string, hoje: string): FaixaAging {
  const atraso = diasEntre(vencimento, hoje);
  return FAIXAS_AGING.find((f) => {
    const [min, max] = LIMITES[f];
    return (min === null || atraso >= min) && (max === null || atraso <= max);
  })!;
}

/** The due-date range of a faixa on `hoje`, for SQL (`de ≤ vencimento ≤ ate`, either open). */
export function vencimentosDaFaixa(
  faixa: FaixaAging,
  hoje: string,
): { de: string | null; ate: string | null } {
  const [min, max] = LIMITES[faixa];
  return {
    de: max === null ? null : addDays(hoje, -max),
    ate: min === null ? null : addDays(hoje, -min),
  };
}

export type LinhaAging = { faixa: FaixaAging; quantidade: number; saldo: string };

/** Count and saldo per faixa, every faixa present and in order, plus the total. */
export function agruparAging(
  titulos: readonly { vencimento: string; saldo: string }[],
  hoje: string,
): { faixas: LinhaAging[]; total: { quantidade: number; saldo: string } } {
  const soma = new Map<FaixaAging, { quantidade: number; saldo: Decimal }>(
    FAIXAS_AGING.map((f) => [f, { quantidade: 0, saldo: Decimal.ZERO }]),
  );
  for (const t of titulos) {
    const linha = soma.get(faixaAging(t.vencimento, hoje))!;
    linha.quantidade++;
    linha.saldo = linha.saldo.plus(t.saldo);
  }
  const faixas = FAIXAS_AGING.map((faixa) => {
    const l = soma.get(faixa)!;
    return { faixa, quantidade: l.quantidade, saldo: l.saldo.toFixed(CASAS_DINHEIRO) };
  });
  return {
    faixas,
    total: {
      quantidade: titulos.length,
      saldo: Decimal.sum(faixas.map((f) => f.saldo)).toFixed(CASAS_DINHEIRO),
    },
  };
}
