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

/** A normalised word with digits and document punctuation (. - /) loses the punctuation. */
function semPontuacao(w: string): string {
  return /\d/.test(w) && /^[0-9a-z.\-/]+$/.test(w) ? w.replace(/[.\-/]/g, '') : w;
}

/**
 * The words of a search box, normalised. A word with digits and document punctuation
 * ("12.345.678/0001-90", "12.ABC.345/01DE-35", "01310-100", "E2E-97404") loses the punctuation,
 * so formatted documents and CEPs are found (the database keeps them unformatted) and so are codes
 * stored through textoBusca().
 */
export function termosBusca(q: string | undefined | null): string[] {
  return normalizaBusca((q ?? '').trim())
    .split(/\s+/)
    .map(semPontuacao)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * The stored search text of a record whose codes keep their punctuation (a product code
 * "E2E-97404", a lot "L-2026/01"): normalised, and each word through the same rule as the typed
 * words of termosBusca(), so "E2E-97404" and "E2E97404" both find it. MUST stay equal to the SQL
 * function erp_busca() (migration 0023_estoque_busca_codigos.sql; a test keeps them equal).
 */
export function textoBusca(value: string): string {
  return normalizaBusca(value).split(/\s+/).map(semPontuacao).join(' ');
}
