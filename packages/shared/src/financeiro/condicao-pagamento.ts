import { addDays, formatDateBR } from '../dates.ts';
import { Decimal, type DecimalInput } from '../decimal.ts';
import { formatDecimalBR, fromCents, toCents } from '../money.ts';
import { valorPercentual } from '../tributacao/percentuais.ts';
import { feriadoNacional, nextBusinessDay } from './dias-uteis.ts';
import { type Falha, falha, type Resultado } from './resultado.ts';

// Condições de pagamento and the instalments they generate. A condição is the list of its
// prazos in days from the base date ("0/30/60", "28/35/42", or "N parcelas a cada X dias" with
// the first after Y days, which is the list Y, Y+X, …), plus an optional entrada (%).
//
// gerarParcelas(total, condição, data base):
// - the entrada, when there is one, is instalment 1, worth total × entrada / 100 rounded to the
//   cent (half away from zero), due on the base date itself (it is paid at the act);
// - the rest is split in equal cents over the prazos; the cents that do not divide go to the
//   FIRST of them (100,00 in 3 → 33,34 + 33,33 + 33,33), so the sum is exactly the total;
// - each due date is base date + prazo; one on a Saturday, Sunday or national holiday moves to
//   the next business day (dias-uteis.ts).

export const MAX_PARCELAS = 60;
export const PRAZO_MAXIMO_DIAS = 999;
export const INTERVALO_MAXIMO_DIAS = 365;

export const condicaoMensagens = {
  diasFormato: 'Informe os prazos em dias separados por barra (ex.: 30/60/90)',
  diasVazios: 'Informe ao menos um prazo',
  diasMaximo: `No máximo ${MAX_PARCELAS} parcelas`,
  prazoMaximo: `Cada prazo deve ser de no máximo ${PRAZO_MAXIMO_DIAS} dias`,
  diasOrdem: 'Os prazos devem estar em ordem crescente, sem repetir',
  entradaMaximo: 'Entrada deve ser menor que 100 %',
  entradaComPrazoZero: 'Com entrada, o primeiro prazo deve ser maior que zero',
  totalPositivo: 'Valor deve ser maior que zero',
  valorInsuficiente: (parcelas: number) =>
    `Valor insuficiente para ${parcelas} parcelas: cada parcela deve ter ao menos R$ 0,01`,
} as const;

/** What gerarParcelas needs of a condição: its prazos (days) and the optional entrada (%). */
export type CondicaoParcelamento = {
  dias: readonly number[];
  entrada_percentual?: string | null;
};

/** An instalment to be created: n/N, due date (a business day), value (money text). */
export type ParcelaGerada = {
  numero: number;
  total: number;
  /** Days after the base date (0 for the entrada). */
  prazo: number;
  vencimento: string;
  /** The calendar date base + prazo when it was not a business day and moved; else null. */
  ajustada_de: string | null;
  valor: string;
  entrada: boolean;
};

/** Checks a list of prazos: 1..60 whole days, 0..999, strictly increasing. */
export function verificaDias(dias: readonly number[]): Falha | null {
  if (dias.length === 0) return falha(condicaoMensagens.diasVazios, 'dias');
  if (dias.length > MAX_PARCELAS) return falha(condicaoMensagens.diasMaximo, 'dias');
  for (const [i, d] of dias.entries()) {
    if (!Number.isSafeInteger(d) || d < 0) return falha(condicaoMensagens.diasFormato, 'dias');
    if (d > PRAZO_MAXIMO_DIAS) return falha(condicaoMensagens.prazoMaximo, 'dias');
    if (i > 0 && d <= dias[i - 1]!) return falha(condicaoMensagens.diasOrdem, 'dias');
  }
  return null;
}

/** "0/30/60" (spaces allowed around the bars) → [0, 30, 60], or the pt-BR error. */
export function lerDiasCondicao(texto: string): Resultado<{ dias: number[] }> {
  const t = texto.trim();
  if (t === '') return falha(condicaoMensagens.diasVazios, 'dias');
  const partes = t.split('/').map((p) => p.trim());
  if (partes.some((p) => !/^\d{1,4}$/.test(p))) return falha(condicaoMensagens.diasFormato, 'dias');
  const dias = partes.map(Number);
  return verificaDias(dias) ?? { ok: true, dias };
}

/** [0, 30, 60] → "0/30/60". */
export function textoDias(dias: readonly number[]): string {
  return dias.join('/');
}

/** "N parcelas a cada X dias, a primeira em Y dias" → [Y, Y+X, …, Y+(N−1)X]. */
export function diasDeParcelas(parcelas: number, intervalo: number, primeiro: number): number[] {
  return Array.from({ length: parcelas }, (_, i) => primeiro + i * intervalo);
}

/** "30/60/90", "3 parcelas a cada 30 dias (a primeira em 30 dias)", "À vista", with the entrada. */
export function descreveCondicao(c: {
  dias: readonly number[];
  entrada_percentual?: string | null;
  parcelas?: number | null;
  intervalo_dias?: number | null;
}): string {
  const [primeiro = 0] = c.dias;
  let texto: string;
  if (c.parcelas && c.intervalo_dias) {
    const quando = primeiro === 0 ? 'a primeira na data base' : `a primeira em ${primeiro} dias`;
    texto =
      c.parcelas === 1
        ? `1 parcela em ${primeiro} dias`
        : `${c.parcelas} parcelas a cada ${c.intervalo_dias} dias (${quando})`;
  } else texto = c.dias.length === 1 && primeiro === 0 ? 'À vista' : textoDias(c.dias);
  const entrada = c.entrada_percentual ? Decimal.of(c.entrada_percentual) : null;
  if (entrada && !entrada.isZero())
    texto = `Entrada de ${formatDecimalBR(entrada.toString(), 0)} % + ${texto}`;
  return texto;
}

/**
 * The instalments of `total` (money, > 0) under `condicao`, from `dataBase` ('YYYY-MM-DD', the
 * emission or invoice date). Values add up exactly to the total; see the header for the rules.
 */
export function gerarParcelas(
  total: DecimalInput,
  condicao: CondicaoParcelamento,
  dataBase: string,
): Resultado<{ parcelas: ParcelaGerada[] }> {
  const erroDias = verificaDias(condicao.dias);
  if (erroDias) return erroDias;
  const totalCentavos = toCents(Decimal.of(total).toString());
  if (totalCentavos <= 0) return falha(condicaoMensagens.totalPositivo, 'valor');

  const pEntrada = condicao.entrada_percentual ? Decimal.of(condicao.entrada_percentual) : Decimal.ZERO;
  const temEntrada = !pEntrada.isZero();
  if (temEntrada && pEntrada.gte(100)) return falha(condicaoMensagens.entradaMaximo, 'entrada_percentual');
  if (temEntrada && condicao.dias[0] === 0) return falha(condicaoMensagens.entradaComPrazoZero, 'dias');

  const n = condicao.dias.length + (temEntrada ? 1 : 0);
  const entradaCentavos = temEntrada
    ? toCents(valorPercentual(fromCents(totalCentavos), pEntrada).toFixed(2))
    : 0;
  const restante = totalCentavos - entradaCentavos;
  if ((temEntrada && entradaCentavos < 1) || restante < condicao.dias.length)
    return falha(condicaoMensagens.valorInsuficiente(n), 'valor');

  const parcelas: ParcelaGerada[] = [];
  if (temEntrada) {
    parcelas.push({
      numero: 1,
      total: n,
      prazo: 0,
      vencimento: dataBase,
      ajustada_de: null,
      valor: fromCents(entradaCentavos),
      entrada: true,
    });
  }
  const cada = Math.floor(restante / condicao.dias.length);
  const sobra = restante - cada * condicao.dias.length;
  condicao.dias.forEach((prazo, i) => {
    const calendario = addDays(dataBase, prazo);
    const vencimento = nextBusinessDay(calendario);
    parcelas.push({
      numero: parcelas.length + 1,
      total: n,
      prazo,
      vencimento,
      ajustada_de: vencimento === calendario ? null : calendario,
      valor: fromCents(i === 0 ? cada + sobra : cada),
      entrada: false,
    });
  });
  return { ok: true, parcelas };
}

/** "08/02/2027 (Carnaval (segunda-feira)) → 10/02/2027" — why a due date moved, for the preview. */
export function explicaAjuste(p: ParcelaGerada): string | null {
  if (!p.ajustada_de) return null;
  const motivo = feriadoNacional(p.ajustada_de) ?? 'fim de semana';
  return `${formatDateBR(p.ajustada_de)} (${motivo}) → ${formatDateBR(p.vencimento)}`;
}
