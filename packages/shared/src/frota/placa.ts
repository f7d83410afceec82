// Vehicle plates (placas de identificação veicular). Two formats live side by side:
// - the old grey plate, three letters and four digits, written "ABC-1234" (LLLNNNN);
// - the Mercosul plate, adopted in Brazil from 2018, "ABC1D23" (LLLNLNN).
// When a vehicle moves to the Mercosul plate its second digit (the 5th character) becomes a
// letter, 0 → A … 9 → J, so ABC-1234 becomes ABC1C34 (Resolução CONTRAN nº 780/2019, art. 2º
// § 3º and Anexo II — "substituição automática do segundo caracter numérico do modelo de PIV
// anterior por uma letra"). Letters A–J in that position are kept for converted plates.
// Plates are stored normalised: upper case, no separator ("ABC1234", "ABC1D23").

export type FormatoPlaca = 'mercosul' | 'antiga';

const MERCOSUL = /^[A-Z]{3}\d[A-Z]\d{2}$/;
const ANTIGA = /^[A-Z]{3}\d{4}$/;

/** Upper case without spaces, hyphens or dots ("abc-1234" → "ABC1234"); not validated. */
export function normalizaPlaca(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[\s\-.·]/g, '');
}

/** The format of a plate (normalised or as typed), or null when it is neither. */
export function formatoPlaca(value: string | null | undefined): FormatoPlaca | null {
  const p = normalizaPlaca(value);
  if (MERCOSUL.test(p)) return 'mercosul';
  if (ANTIGA.test(p)) return 'antiga';
  return null;
}

export function isValidPlaca(value: string | null | undefined): boolean {
  return formatoPlaca(value) !== null;
}

/**
 * The Mercosul equivalent of a plate: an old plate gets its 5th character (a digit) turned
 * into the letter of the same rank (0 → A … 9 → J); a Mercosul plate is itself. Null when the
 * text is not a plate.
 */
export function placaMercosul(value: string | null | undefined): string | null {
  const p = normalizaPlaca(value);
  const formato = formatoPlaca(p);
  if (formato === 'mercosul') return p;
  if (formato !== 'antiga') return null;
  const letra = String.fromCharCode('A'.charCodeAt(0) + Number(p[4]));
  return `${p.slice(0, 4)}${letra}${p.slice(5)}`;
}

/** As printed: "ABC-1234" for an old plate, "ABC1D23" for a Mercosul one; other text as given. */
export function formatPlaca(value: string | null | undefined): string {
  const p = normalizaPlaca(value);
  return formatoPlaca(p) === 'antiga' ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}

/** Input mask of the plate field: letters and digits upper-cased, "ABC-1234" when old. */
export function maskPlaca(value: string): string {
  const p = normalizaPlaca(value)
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 7);
  return ANTIGA.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}
