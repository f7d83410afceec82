// Exact decimal arithmetic on BigInt for what integer cents (money.ts) cannot hold: quantities
// (numeric(14,3)) times unit costs (numeric(18,4)), and the divisions of the weighted average cost.
// Values travel as the decimal strings PostgreSQL numeric returns ("12.500"); a Decimal keeps every
// digit of sums and products, and rounds only when told to (dividedBy, round, toFixed).
//
// Rounding rule: half away from zero ("arredondamento comercial": 2.345 -> 2.35, -2.345 -> -2.35).
// Why not half-even (ABNT NBR 5891)? The values we round are compared with documents computed by
// other systems — NF-e items (vProd = qCom × vUnCom, checked by SEFAZ with a R$ 0,01 tolerance),
// supplier invoices, boletos — and those round half-up, as do spreadsheets (ROUND) and people doing
// the sum by hand. Away from zero also keeps round(-x) = -round(x), so a reversal (estorno) is the
// exact negative of the movement it cancels.

export const CASAS_QUANTIDADE = 3;
export const CASAS_CUSTO = 4;
export const CASAS_DINHEIRO = 2;

const TEXT = /^([+-])?(\d+)(?:\.(\d+))?$/;
const POW10: bigint[] = [];

function pow10(n: number): bigint {
  if (n < 0 || !Number.isInteger(n)) throw new Error(`escala inválida: ${n}`);
  POW10[n] ??= 10n ** BigInt(n);
  return POW10[n];
}

/** n / d rounded half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new Error('divisão por zero');
  const q = n / d;
  const r = n % d;
  const absR = r < 0n ? -r : r;
  const absD = d < 0n ? -d : d;
  if (2n * absR < absD) return q;
  return n < 0n !== d < 0n ? q - 1n : q + 1n;
}

export type DecimalInput = string | number | bigint | Decimal;

export class Decimal {
  /** The value is units × 10^-scale. */
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Decimal(0n, 0);

  /**
   * "12.5" | "-0.001" | "7" | 7 | 7n -> Decimal. Numbers must be integers: a fraction has to come
   * as text, never through a float. Throws on anything else ("1,5" included: parse pt-BR input in
   * the zod field, not here).
   */
  static of(value: DecimalInput): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value === 'bigint') return new Decimal(value, 0);
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) throw new Error(`número não inteiro (use texto): ${value}`);
      return new Decimal(BigInt(value), 0);
    }
    return Decimal.ofText(value);
  }

  /**
   * Decimal.of for text: read by hand rather than by the regular expression, and up to 15 digits
   * (exact in a double) through a number — a purchase suggestion of 5,000 products parses ~100,000
   * of these. Anything else (more digits, whitespace, bad text) goes through TEXT as before.
   */
  private static ofText(value: string): Decimal {
    const n = value.length;
    let i = 0;
    let neg = false;
    const c0 = n ? value.charCodeAt(0) : 0;
    if (c0 === 45 || c0 === 43) {
      neg = c0 === 45;
      i = 1;
    }
    let acc = 0;
    let digitos = 0;
    let escala = -1; // digits after the point; -1 before it
    for (; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        acc = acc * 10 + (c - 48);
        digitos++;
        if (escala >= 0) escala++;
      } else if (c === 46 && escala < 0 && digitos > 0 && i + 1 < n) escala = 0;
      else return Decimal.ofTextRegex(value);
    }
    if (digitos === 0 || digitos > 15) return Decimal.ofTextRegex(value);
    const units = BigInt(acc);
    return new Decimal(neg ? -units : units, Math.max(escala, 0));
  }

  private static ofTextRegex(value: string): Decimal {
    const m = TEXT.exec(value.trim());
    if (!m) throw new Error(`número decimal inválido: ${value}`);
    const frac = m[3] ?? '';
    const units = BigInt(`${m[2]}${frac}`);
    return new Decimal(m[1] === '-' ? -units : units, frac.length);
  }

  /** True for text Decimal.of accepts. */
  static isValid(value: string): boolean {
    return TEXT.test(value.trim());
  }

  static sum(values: readonly DecimalInput[]): Decimal {
    return values.reduce<Decimal>((acc, v) => acc.plus(v), Decimal.ZERO);
  }

  private at(scale: number): bigint {
    return scale === this.scale ? this.units : this.units * pow10(scale - this.scale);
  }

  plus(other: DecimalInput): Decimal {
    const o = Decimal.of(other);
    const s = Math.max(this.scale, o.scale);
    return new Decimal(this.at(s) + o.at(s), s);
  }

  minus(other: DecimalInput): Decimal {
    const o = Decimal.of(other);
    const s = Math.max(this.scale, o.scale);
    return new Decimal(this.at(s) - o.at(s), s);
  }

  /** Exact product (its scale is the sum of both scales). */
  times(other: DecimalInput): Decimal {
    const o = Decimal.of(other);
    return new Decimal(this.units * o.units, this.scale + o.scale);
  }

  /** this / other with `scale` decimals, rounded half away from zero. */
  dividedBy(other: DecimalInput, scale: number): Decimal {
    const o = Decimal.of(other);
    // (a / 10^sa) / (b / 10^sb) × 10^scale = a × 10^(sb + scale) / (b × 10^sa)
    const n = this.units * pow10(o.scale + scale);
    const d = o.units * pow10(this.scale);
    return new Decimal(divRound(n, d), scale);
  }

  /** Rounded to `scale` decimals, half away from zero (never adds precision it did not have). */
  round(scale: number): Decimal {
    if (scale >= this.scale) return new Decimal(this.at(scale), scale);
    return new Decimal(divRound(this.units, pow10(this.scale - scale)), scale);
  }

  negated(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  abs(): Decimal {
    return this.units < 0n ? this.negated() : this;
  }

  sign(): -1 | 0 | 1 {
    return this.units === 0n ? 0 : this.units < 0n ? -1 : 1;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  isPositive(): boolean {
    return this.units > 0n;
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  cmp(other: DecimalInput): -1 | 0 | 1 {
    const o = Decimal.of(other);
    const s = Math.max(this.scale, o.scale);
    const a = this.at(s);
    const b = o.at(s);
    return a === b ? 0 : a < b ? -1 : 1;
  }

  eq(other: DecimalInput): boolean {
    return this.cmp(other) === 0;
  }

  lt(other: DecimalInput): boolean {
    return this.cmp(other) < 0;
  }

  lte(other: DecimalInput): boolean {
    return this.cmp(other) <= 0;
  }

  gt(other: DecimalInput): boolean {
    return this.cmp(other) > 0;
  }

  gte(other: DecimalInput): boolean {
    return this.cmp(other) >= 0;
  }

  min(other: DecimalInput): Decimal {
    return this.lte(other) ? this : Decimal.of(other);
  }

  /** Decimals that carry a digit: "1.500" -> 1, "2.000" -> 0, "0.125" -> 3. */
  decimalPlaces(): number {
    let units = this.units < 0n ? -this.units : this.units;
    let places = this.scale;
    while (places > 0 && units % 10n === 0n) {
      units /= 10n;
      places--;
    }
    return places;
  }

  /** True when the value is a whole number. */
  isInteger(): boolean {
    return this.decimalPlaces() === 0;
  }

  /** Text with exactly `scale` decimals, rounded half away from zero: "12.500". */
  toFixed(scale: number): string {
    const r = this.round(scale);
    const neg = r.units < 0n;
    const digits = (neg ? -r.units : r.units).toString().padStart(scale + 1, '0');
    const int = digits.slice(0, digits.length - scale);
    const frac = digits.slice(digits.length - scale);
    return `${neg ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
  }

  /** Shortest exact text: "12.5", "0", "-3". */
  toString(): string {
    return this.toFixed(this.decimalPlaces());
  }
}

/** A quantity as numeric(14,3) text: "12.500". */
export function quantidadeTexto(value: DecimalInput): string {
  return Decimal.of(value).toFixed(CASAS_QUANTIDADE);
}

/** A unit cost as numeric(18,4) text: "6.5000". */
export function custoTexto(value: DecimalInput): string {
  return Decimal.of(value).toFixed(CASAS_CUSTO);
}

/** Money as numeric(14,2) text: "1234.57". */
export function dinheiroTexto(value: DecimalInput): string {
  return Decimal.of(value).toFixed(CASAS_DINHEIRO);
}
