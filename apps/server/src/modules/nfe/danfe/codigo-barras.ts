import bwipjs from 'bwip-js/node';

// The CODE-128 barcode of the chave de acesso (MOC: CODE-128C). bwip-js (BWIPP) encodes a text of
// digits only with an even length entirely in code set C — 22 symbols for the 44 digits — so the
// plain `code128` symbology with the 44 digits is the 128-C barcode the layout asks for. A chave
// with the alphanumeric CNPJ (NT 2025.001) cannot be set C throughout; BWIPP then mixes sets B/C.

/** The opts bwip-js receives for a chave (exported for the test). */
export function opcoesCodigoBarras(chave: string) {
  if (!/^[0-9A-Z]{44}$/.test(chave))
    throw new Error(`Chave de acesso inválida para o código de barras: ${chave}`);
  return {
    bcid: 'code128',
    text: chave,
    scale: 3,
    height: 12,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  } as const;
}

/** PNG of the barcode (black bars on white). */
export function codigoBarrasChave(chave: string): Promise<Buffer> {
  return bwipjs.toBuffer({ ...opcoesCodigoBarras(chave) });
}
