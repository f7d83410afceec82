// Brazilian document check digits. CNPJ accepts the alphanumeric format in force since July 2026:
// 12 characters A–Z/0–9 plus 2 numeric check digits, each character valued as its ASCII code minus 48.

export function onlyDocumentChars(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function cpfDigit(digits: string): number {
  let sum = 0;
  const start = digits.length + 1;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (start - i);
  const r = (sum * 10) % 11;
  return r === 10 ? 0 : r;
}

export function isValidCpf(value: string): boolean {
  const d = value.replace(/\D/g, '');
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const dv1 = cpfDigit(d.slice(0, 9));
  const dv2 = cpfDigit(d.slice(0, 9) + dv1);
  return d.endsWith(`${dv1}${dv2}`);
}

/** Completes 9 digits into a valid CPF (demo data, tests). */
export function cpfWithCheckDigits(base9: string): string {
  const dv1 = cpfDigit(base9);
  return `${base9}${dv1}${cpfDigit(base9 + dv1)}`;
}

function cnpjDigit(chars: string): number {
  const weights =
    chars.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function isValidCnpj(value: string): boolean {
  const c = onlyDocumentChars(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(c)) return false;
  if (/^(\d)\1{13}$/.test(c)) return false;
  const dv1 = cnpjDigit(c.slice(0, 12));
  const dv2 = cnpjDigit(c.slice(0, 12) + dv1);
  return c.endsWith(`${dv1}${dv2}`);
}

/** Completes 12 characters into a valid CNPJ (demo data, tests). */
export function cnpjWithCheckDigits(base12: string): string {
  const b = base12.toUpperCase();
  const dv1 = cnpjDigit(b);
  return `${b}${dv1}${cnpjDigit(b + dv1)}`;
}

export function formatCpf(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : value;
}

export function formatCnpj(value: string): string {
  const c = onlyDocumentChars(value);
  return c.length === 14
    ? `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`
    : value;
}
