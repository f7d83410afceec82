// Characters no XML 1.0 document may carry (issue 29, item 6): C0 controls other than tab, LF and CR —
// NUL above all — written as bytes or as character references (&#0;, &#xD800;…). A lenient parser
// reads them and PostgreSQL then refuses the text (a 500); the file is refused first, with the line.

const NOMES: Record<number, string> = { 0: 'nulo (NUL)' };

const proibido = (c: number) =>
  (c < 0x20 && c !== 9 && c !== 10 && c !== 13) ||
  (c >= 0xd800 && c <= 0xdfff) ||
  c === 0xfffe ||
  c === 0xffff ||
  c > 0x10ffff;

const linhaEm = (bytes: Uint8Array, ate: number) => {
  let n = 1;
  for (let i = 0; i < ate; i++) if (bytes[i] === 10) n++;
  return n;
};

/** Why the bytes are not XML (pt-BR, with the line), or null. */
export function caractereProibidoXml(bytes: Uint8Array): string | null {
  // UTF-16 (BOM, or "<" with a zero byte beside it) is refused by the decoder as not UTF-8
  const [b0, b1] = [bytes[0], bytes[1]];
  if (
    (b0 === 0xff && b1 === 0xfe) ||
    (b0 === 0xfe && b1 === 0xff) ||
    (b0 === 0x3c && b1 === 0) ||
    (b0 === 0 && b1 === 0x3c)
  )
    return null;
  // UTF-8 never has a byte below 0x20 inside a multi-byte sequence: the raw bytes can be scanned
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 13)
      return `O XML tem um caractere ${NOMES[c] ?? `de controle (código ${c})`} na linha ${linhaEm(bytes, i)}, que nenhum XML admite: arquivo recusado.`;
  }
  const texto = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  for (const m of texto.matchAll(/&#(x[0-9a-fA-F]+|[0-9]+);/g)) {
    const v = m[1]!;
    const c = v[0] === 'x' ? Number.parseInt(v.slice(1), 16) : Number(v);
    if (proibido(c))
      return `O XML tem a referência de caractere "${m[0].slice(0, 20)}" na linha ${linhaEm(bytes, m.index)}, que nenhum XML admite: arquivo recusado.`;
  }
  return null;
}
