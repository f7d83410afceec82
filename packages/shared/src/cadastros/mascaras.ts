import { onlyDocumentChars } from '../documentos.ts';

// Input masks: each takes whatever was typed and returns the formatted text shown in the field.
// The schemas strip the formatting again, so a pasted or partly typed value is fine.

export function maskCpf(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** CNPJ, numeric or alphanumeric (12 characters A–Z/0–9 plus 2 digits). */
export function maskCnpj(value: string): string {
  const c = onlyDocumentChars(value).slice(0, 14);
  let out = c.slice(0, 2);
  if (c.length > 2) out += `.${c.slice(2, 5)}`;
  if (c.length > 5) out += `.${c.slice(5, 8)}`;
  if (c.length > 8) out += `/${c.slice(8, 12)}`;
  if (c.length > 12) out += `-${c.slice(12, 14)}`;
  return out;
}

export function maskDocumento(value: string, tipoPessoa: 'F' | 'J'): string {
  return tipoPessoa === 'F' ? maskCpf(value) : maskCnpj(value);
}

export function maskCep(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** (11) 3333-4444 or (11) 98765-4321 */
export function maskTelefone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = d.length === 11 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** Formats a stored document for display: CPF (11 digits) or CNPJ (14 characters). */
export function formatDocumento(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{11}$/.test(value)) return maskCpf(value);
  if (value.length === 14) return maskCnpj(value);
  return value;
}
