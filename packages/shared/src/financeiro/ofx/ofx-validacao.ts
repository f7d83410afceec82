// Checks that refuse a whole OFX file before any of it is imported (issue 29, items 5 and 6): a file cut
// short (its aggregates never closed — the tag stream alone would import the lines read so far) and
// bytes no text statement has (NUL cannot even be stored in a PostgreSQL text column). Leaf tags may
// stay unclosed (OFX 1.x SGML); the aggregates below must be closed, in order. Unknown elements
// without a value are treated as leaves, so a bank's extra tags never refuse a file.

export type OfxErroEstrutura = { linha: number; mensagem: string };

/** OFX aggregates read by the parser or enclosing what it reads: each must be closed explicitly. */
const AGREGADOS = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'BANKMSGSRSV1',
  'CREDITCARDMSGSRSV1',
  'STMTTRNRS',
  'CCSTMTTRNRS',
  'STMTRS',
  'CCSTMTRS',
  'BANKACCTFROM',
  'CCACCTFROM',
  'BANKTRANLIST',
  'STMTTRN',
  'LEDGERBAL',
  'AVAILBAL',
]);

const linhaDe = (texto: string, offset: number) => {
  let n = 1;
  for (let i = texto.indexOf('\n'); i >= 0 && i < offset; i = texto.indexOf('\n', i + 1)) n++;
  return n;
};

/** Index of the first C0/DEL control character other than tab, LF, FF and CR in s (-1: none). */
export function indiceControle(s: string, ate = s.length): number {
  for (let i = 0; i < ate; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 12 && c !== 13) || c === 0x7f) return i;
  }
  return -1;
}

/** The first control character no statement carries (NUL and C0 controls other than tab/CR/LF/FF). */
export function caractereInvalidoOfx(texto: string): OfxErroEstrutura | null {
  // Ctrl-Z (0x1a) at the very end is the old DOS end-of-file mark: tolerated there only.
  let fim = texto.length;
  while (fim > 0 && (texto.charCodeAt(fim - 1) === 0x1a || /\s/.test(texto[fim - 1] ?? ''))) fim--;
  const i = indiceControle(texto, fim);
  if (i < 0) return null;
  const codigo = texto.charCodeAt(i);
  const nome = codigo === 0 ? 'nulo (NUL)' : `de controle (código ${codigo})`;
  const linha = linhaDe(texto, i);
  return { linha, mensagem: `Caractere ${nome} na linha ${linha}: o arquivo não é um extrato OFX válido.` };
}

/**
 * Every aggregate opened is closed, in order, and the file reaches </OFX>. `inicio` is the offset of
 * <OFX> (the header before it is not tag-structured in OFX 1.x).
 */
export function estruturaOfx(texto: string, inicio: number): OfxErroEstrutura | null {
  type Aberto = { tag: string; linha: number; folha: boolean };
  const pilha: Aberto[] = [];
  let linha = 1;
  let pos = 0;
  const linhaEm = (offset: number) => {
    for (; pos < offset; pos++) if (texto.charCodeAt(pos) === 10) linha++;
    return linha;
  };
  const re = /<(\/?)([A-Za-z0-9_.]+)\s*>([^<]*)/g;
  re.lastIndex = inicio;
  for (let m = re.exec(texto); m; m = re.exec(texto)) {
    const tag = (m[2] ?? '').toUpperCase();
    const ln = linhaEm(m.index);
    if (m[1] !== '/') {
      const folha = !AGREGADOS.has(tag) || (m[3] ?? '').trim() !== '';
      pilha.push({ tag, linha: ln, folha });
      continue;
    }
    let i = pilha.length - 1;
    while (i >= 0 && pilha[i]?.tag !== tag) i--;
    if (i < 0) {
      if (!AGREGADOS.has(tag)) continue; // a stray close of a leaf: harmless
      return { linha: ln, mensagem: `Linha ${ln}: encontrado </${tag}> sem a abertura <${tag}> antes dele.` };
    }
    const aberto = pilha
      .slice(i + 1)
      .reverse()
      .find((a) => !a.folha);
    if (aberto)
      return {
        linha: ln,
        mensagem: `Linha ${ln}: esperado </${aberto.tag}> (aberto na linha ${aberto.linha}), encontrado </${tag}>.`,
      };
    pilha.length = i;
    if (tag === 'OFX' && pilha.length === 0) return null;
  }
  // the line of the last character written (a final newline opens no line of its own)
  const fim = linhaEm(Math.max(texto.trimEnd().length - 1, 0));
  const aberto = [...pilha].reverse().find((a) => !a.folha);
  if (aberto)
    return {
      linha: fim,
      mensagem: `Arquivo OFX incompleto: esperado </${aberto.tag}> (aberto na linha ${aberto.linha}), encontrado o fim do arquivo na linha ${fim}.`,
    };
  return null;
}
