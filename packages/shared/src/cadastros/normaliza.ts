// Search normalisation. MUST stay equal to the SQL function erp_normaliza() (migration
// 0003_cadastros_busca.sql): same character map, then lower case. The database indexes the
// normalised text; the server normalises the typed term with this function.

const FROM = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ';
const TO = 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY';
const map = new Map([...FROM].map((ch, i) => [ch, TO[i]!]));

export function normalizaBusca(value: string): string {
  let out = '';
  for (const ch of value) out += map.get(ch) ?? ch;
  return out.toLowerCase();
}

/**
 * The words of a search box, normalised. A word with digits and document punctuation
 * ("12.345.678/0001-90", "12.ABC.345/01DE-35", "01310-100") loses the punctuation, so formatted
 * documents and CEPs are found (the database keeps them unformatted).
 */
export function termosBusca(q: string | undefined | null): string[] {
  return normalizaBusca((q ?? '').trim())
    .split(/\s+/)
    .map((w) => (/\d/.test(w) && /^[0-9a-z.\-/]+$/.test(w) ? w.replace(/[.\-/]/g, '') : w))
    .filter(Boolean)
    .slice(0, 8);
}
