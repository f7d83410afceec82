import { normalizaBusca } from '@erp/shared';
import { escapeLike } from './list-query.ts';

// The text search of the document lists (orders, títulos, outgoing and incoming notes; issue 30).
// Each typed word is matched with `like '%word%'` on an erp_normaliza() expression that a pg_trgm
// GIN index of migration 0047 is built on, so the words are normalised the same way (accents and
// case) and keep their punctuation: these lists matched the typed text as written before ("NF-12/1"
// against a document "NF-12/1"), which termosBusca() — made for registers, whose stored search
// text drops the punctuation of codes — would no longer find.

/** The words of a list's search box, accent- and case-folded, at most 8. */
export function palavrasBusca(q: string | undefined | null): string[] {
  return normalizaBusca((q ?? '').trim())
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** The LIKE pattern "contains `palavra`", its wildcards escaped. */
export function contem(palavra: string): string {
  return `%${escapeLike(palavra)}%`;
}

/**
 * A typed CPF or CNPJ (formatted or not; the alphanumeric CNPJ too) as the registers store it
 * (unformatted, normalised: `clientes.busca`, `fornecedores.busca`); undefined for any other word.
 * 11 digits, or 12 letters/digits and 2 check digits.
 */
export function documentoDigitado(palavra: string): string | undefined {
  if (!/^[0-9a-z./-]+$/.test(palavra)) return undefined;
  const limpo = palavra.replace(/[./-]/g, '');
  return /^\d{11}$/.test(limpo) || /^[0-9a-z]{12}\d{2}$/.test(limpo) ? limpo : undefined;
}
