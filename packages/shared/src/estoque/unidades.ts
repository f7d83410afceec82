import { CASAS_QUANTIDADE, Decimal, type DecimalInput } from '../decimal.ts';
import { plural } from '../plural.ts';

// Units and packaging. Every quantity is kept in the product's base unit (UN, KG, …); a packaging
// (embalagem: CX = 12 UN, FD = 6 UN) is a unit with a factor to the base unit.

export type Unidade = { sigla: string; casas_decimais: number };

/** Most decimals a unit may allow (numeric(14,3) keeps 3; the register allows 0–6 for display). */
export const CASAS_DECIMAIS_MAX = 6;

function casasTexto(n: number): string {
  return plural(n, 'casa decimal', 'casas decimais');
}

/**
 * A quantity with more decimals than its unit allows gets a field message; null when it fits.
 * `erroCasasDecimais('1.5', { sigla: 'UN', casas_decimais: 0 })` -> "Quantidade em UN não aceita casas decimais".
 */
export function erroCasasDecimais(
  valor: DecimalInput,
  unidade: Unidade,
  label = 'Quantidade',
): string | null {
  const casas = Math.min(unidade.casas_decimais, CASAS_QUANTIDADE);
  if (Decimal.of(valor).decimalPlaces() <= casas) return null;
  return casas === 0
    ? `${label} em ${unidade.sigla} não aceita casas decimais`
    : `${label} em ${unidade.sigla} aceita no máximo ${casasTexto(casas)}`;
}

export type Embalagem = { unidade: string; fator: string };

/**
 * Quantity in a packaging -> base units, exact: 2 CX with CX = 12 -> "24.000". Throws when the
 * product does not fit numeric(14,3) exactly (a factor or quantity with too many decimals).
 */
export function paraUnidadeBase(quantidade: DecimalInput, fator: DecimalInput): string {
  const base = Decimal.of(quantidade).times(fator);
  if (base.decimalPlaces() > CASAS_QUANTIDADE)
    throw new Error(`quantidade na unidade base com mais de ${CASAS_QUANTIDADE} casas: ${base}`);
  return base.toFixed(CASAS_QUANTIDADE);
}

/**
 * Base units -> quantity in a packaging when it divides exactly ("24" UN in CX = 12 -> "2.000"),
 * otherwise null (30 UN is not a whole number of 12-unit boxes to 3 decimals: use separaEmbalagens).
 */
export function daUnidadeBase(quantidadeBase: DecimalInput, fator: DecimalInput): string | null {
  const q = Decimal.of(quantidadeBase);
  const f = Decimal.of(fator);
  if (!f.isPositive()) throw new Error(`fator inválido: ${fator}`);
  const r = q.dividedBy(f, CASAS_QUANTIDADE);
  return r.times(f).eq(q) ? r.toFixed(CASAS_QUANTIDADE) : null;
}

export type Parcela = { unidade: string; quantidade: string };

/**
 * A base quantity split into whole packagings, largest first, the rest in the base unit — for
 * picking lists: 30 UN with CX = 12 -> [2 CX, 6 UN]; with CX = 12 and FD = 6 -> [2 CX, 1 FD].
 * Parcels with zero are left out; the quantities are whole numbers except the base-unit rest.
 */
export function separaEmbalagens(
  quantidadeBase: DecimalInput,
  unidadeBase: string,
  embalagens: readonly Embalagem[],
): Parcela[] {
  let resto = Decimal.of(quantidadeBase);
  if (resto.isNegative()) throw new Error(`quantidade negativa: ${quantidadeBase}`);
  const maiores = embalagens
    .filter((e) => e.unidade !== unidadeBase && Decimal.of(e.fator).gt(1))
    .sort((a, b) => Decimal.of(b.fator).cmp(a.fator));
  const parcelas: Parcela[] = [];
  for (const e of maiores) {
    const inteiras = resto.dividedBy(e.fator, 0);
    // dividedBy rounds; step back when it rounded up
    const n = inteiras.times(e.fator).gt(resto) ? inteiras.minus(1) : inteiras;
    if (n.isPositive()) {
      parcelas.push({ unidade: e.unidade, quantidade: n.toFixed(0) });
      resto = resto.minus(n.times(e.fator));
    }
  }
  if (!resto.isZero() || parcelas.length === 0)
    parcelas.push({ unidade: unidadeBase, quantidade: resto.toString() });
  return parcelas;
}
