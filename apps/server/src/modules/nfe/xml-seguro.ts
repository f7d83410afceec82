// One decoding of an imported XML, shared by every reader of it. The XSD validator (libxml2) reads
// bytes and honours the declared encoding and any DTD; the parser (fast-xml-parser) and the signature
// check (xmldom) read a JavaScript string. If they are given different things they read different
// documents: a file declared UTF-16 but written in UTF-8 was "malformed" for the XSD and a valid note
// for the parser, and a DTD's entities (billion laughs) became the supplier's name. So the bytes are
// decoded once here, by the charset the bytes carry (BOM) checked against the declaration, any DTD is
// refused, and every reader gets this text or its UTF-8 bytes.

export const xmlSeguroMensagens = {
  naoUtf8: 'O arquivo não é um XML em UTF-8.',
  codificacao: (declarada: string) =>
    `O XML declara a codificação ${declarada}, mas o conteúdo é UTF-8: a NF-e deve ser UTF-8. Arquivo recusado.`,
  dtd: 'O XML traz uma declaração DOCTYPE (DTD), que não é aceita: NF-e e extratos não usam DTD. Arquivo recusado.',
} as const;

export class XmlRecusado extends Error {}

/** The encoding named by the XML declaration, if any ("UTF-8", "ISO-8859-1", "UTF-16"…). */
export function codificacaoDeclarada(texto: string): string | null {
  const decl = /^\s*<\?xml\s[^?]*\?>/.exec(texto)?.[0];
  if (!decl) return null;
  return /\bencoding\s*=\s*["']([^"']*)["']/i.exec(decl)?.[1] ?? null;
}

/** Whether the text carries a document type declaration (internal or external DTD, entities). */
export const temDtd = (texto: string) => /<!DOCTYPE|<!ENTITY/i.test(texto);

/**
 * Decodes an imported NF-e XML: UTF-8 only (the layout's encoding; a UTF-16 BOM or invalid UTF-8 is
 * refused), a declared encoding other than UTF-8 refused, any DTD refused. Answers the text (without
 * BOM) and the same text as UTF-8 bytes for the byte-reading validator.
 */
export function decodificaXmlUtf8(bytes: Uint8Array): { texto: string; bytes: Uint8Array } {
  let texto: string;
  try {
    texto = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new XmlRecusado(xmlSeguroMensagens.naoUtf8);
  }
  // a NUL-free UTF-16 file decodes as "valid" UTF-8 only when it is ASCII with NULs in between
  if (texto.includes('\u0000<') || texto.startsWith('<\u0000'))
    throw new XmlRecusado(xmlSeguroMensagens.naoUtf8);
  const declarada = codificacaoDeclarada(texto);
  if (declarada !== null && !/^utf-?8$/i.test(declarada.trim()))
    throw new XmlRecusado(xmlSeguroMensagens.codificacao(declarada));
  if (temDtd(texto)) throw new XmlRecusado(xmlSeguroMensagens.dtd);
  return { texto, bytes: Buffer.from(texto, 'utf8') };
}
