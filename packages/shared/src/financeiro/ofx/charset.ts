// Decoding an OFX file's bytes: by BOM, else by what the header declares (OFX 1.x CHARSET /
// ENCODING, OFX 2.x <?xml encoding>), checked against the bytes — real Brazilian files declare
// CHARSET 1252 and carry UTF-8 bytes, or the reverse. Pure (TextDecoder), runs in Node and browser.

import { decodifica } from './text-codec.ts';

export type OfxCharset = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export type Decodificado = { texto: string; charset: OfxCharset; aviso: string | null };

const ascii = (bytes: Uint8Array) => bytes.every((b) => b < 0x80);

function utf8Valido(bytes: Uint8Array): boolean {
  try {
    decodifica(bytes, 'utf-8', true);
    return true;
  } catch {
    return false;
  }
}

/** Charset the file says it has (null when it says nothing usable). */
export function charsetDeclarado(cabecalho: string): OfxCharset | null {
  const xml = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(cabecalho)?.[1];
  const sgmlCharset = /^\s*CHARSET\s*:\s*(\S+)/im.exec(cabecalho)?.[1];
  const sgmlEncoding = /^\s*ENCODING\s*:\s*(\S+)/im.exec(cabecalho)?.[1];
  const nomes = [sgmlEncoding, sgmlCharset, xml].filter((n): n is string => !!n).map((n) => n.toUpperCase());
  if (nomes.some((n) => n === 'UTF-8' || n === 'UTF8')) return 'utf-8';
  if (nomes.some((n) => /^(1252|WINDOWS-1252|CP1252|ISO-8859-1|ISO8859-1|LATIN1|8859-1)$/.test(n))) {
    return 'windows-1252';
  }
  if (nomes.some((n) => n === 'US-ASCII' || n === 'USASCII')) return 'windows-1252';
  return null;
}

export function decodificaOfx(bytes: Uint8Array): Decodificado {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { texto: decodifica(bytes.subarray(3), 'utf-8'), charset: 'utf-8', aviso: null };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { texto: decodifica(bytes.subarray(2), 'utf-16le'), charset: 'utf-16le', aviso: null };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { texto: decodifica(bytes.subarray(2), 'utf-16be'), charset: 'utf-16be', aviso: null };
  }
  const inicio = bytes.indexOf(0x3c /* < */);
  const cabecalho = decodifica(
    bytes.subarray(0, Math.min(bytes.length, Math.max(inicio, 0) + 200)),
    'windows-1252',
  );
  const declarado = charsetDeclarado(cabecalho);
  if (ascii(bytes)) {
    return { texto: decodifica(bytes, 'utf-8'), charset: declarado ?? 'utf-8', aviso: null };
  }
  const utf8 = utf8Valido(bytes);
  if (declarado === 'utf-8' && !utf8) {
    return {
      texto: decodifica(bytes, 'windows-1252'),
      charset: 'windows-1252',
      aviso: 'O arquivo declara UTF-8, mas os bytes não são UTF-8: lido como Windows-1252.',
    };
  }
  if (declarado !== 'utf-8' && utf8) {
    return {
      texto: decodifica(bytes, 'utf-8'),
      charset: 'utf-8',
      aviso:
        declarado === null
          ? null
          : 'O arquivo declara CHARSET 1252, mas os acentos estão em UTF-8: lido como UTF-8.',
    };
  }
  const charset = declarado ?? 'windows-1252';
  return { texto: decodifica(bytes, charset), charset, aviso: null };
}
