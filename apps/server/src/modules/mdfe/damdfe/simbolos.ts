import bwipjs from 'bwip-js/node';

// The chave de acesso's CODE-128C drawn as vectors (filled rectangles) from bwip-js's encoding, so
// its modules are exact at any printer resolution (as the boleto's barcode). A text of 44 digits is
// encoded by BWIPP in code set C throughout: start C, 22 symbols, check, stop = 277 modules. (A
// chave with the alphanumeric CNPJ of NT 2025.001 cannot be set C throughout: BWIPP mixes B/C.)
// The QR code is the boleto's vector QR (desenhaQr, error correction M).

/** The bars of the chave as [x, largura] in modules from the left edge, and the total modules. */
export function barrasChave(chave: string): { barras: Array<[number, number]>; modulos: number } {
  if (!/^[0-9A-Z]{44}$/.test(chave))
    throw new Error(`Chave de acesso inválida para o código de barras: ${chave}`);
  const [enc] = bwipjs.raw('code128', chave, '') as unknown as Array<{ sbs: number[] }>;
  const barras: Array<[number, number]> = [];
  let x = 0;
  enc!.sbs.forEach((w, i) => {
    if (i % 2 === 0) barras.push([x, w]);
    x += w;
  });
  return { barras, modulos: x };
}

/** Draws the chave's CODE-128 `largura` × `altura` points with its top-left at (x, y). */
export function desenhaBarrasChave(
  doc: PDFKit.PDFDocument,
  chave: string,
  x: number,
  y: number,
  largura: number,
  altura: number,
) {
  const { barras, modulos } = barrasChave(chave);
  const m = largura / modulos;
  for (const [bx, w] of barras) doc.rect(x + bx * m, y, w * m, altura);
  doc.fillColor('#000').fill();
}
