import bwipjs from 'bwip-js/node';

// The boleto's two symbols drawn as vectors (filled rectangles) from bwip-js's encodings, so their
// size is exact on paper at any printer resolution:
// - the FEBRABAN barcode: interleaved 2 of 5 of the 44 digits, no check character, no text;
//   narrow : wide = 1 : 3; 405 modules (start 4 + 44 × 9 + stop 5) over 103 mm → narrow bar
//   0.254 mm (FEBRABAN: 0.254 mm), 13 mm high;
// - the PIX QR code of a boleto híbrido (error correction M).

export const MM = 72 / 25.4;
export const LARGURA_BARRAS = 103 * MM;
export const ALTURA_BARRAS = 13 * MM;
const RAZAO_LARGA = 3;

/** bwip-js options of the barcode (exported for the test). */
export const opcoesBarras = (codigo: string) =>
  ({ bcid: 'interleaved2of5', text: codigo, includecheck: false, includetext: false }) as const;

/** The barcode's bars as [x, largura] in points from its left edge (total LARGURA_BARRAS). */
export function barrasI25(codigo: string): Array<[number, number]> {
  if (!/^\d{44}$/.test(codigo))
    throw new Error(`Código de barras do boleto inválido: ${codigo} (44 dígitos).`);
  const [enc] = bwipjs.raw(opcoesBarras(codigo)) as unknown as Array<{ sbs: number[] }>;
  // Elements alternate bar, space, bar…; 1 = narrow, 2 = wide. The final space is not part of it.
  const modulos = enc!.sbs.map((w) => (w === 1 ? 1 : RAZAO_LARGA));
  if (modulos.length % 2 === 0) modulos.pop();
  const total = modulos.reduce((s, m) => s + m, 0);
  const estreita = LARGURA_BARRAS / total;
  const barras: Array<[number, number]> = [];
  let x = 0;
  modulos.forEach((m, i) => {
    if (i % 2 === 0) barras.push([x, m * estreita]);
    x += m * estreita;
  });
  return barras;
}

/** Draws the barcode with its top-left corner at (x, y). */
export function desenhaBarras(doc: PDFKit.PDFDocument, codigo: string, x: number, y: number) {
  for (const [bx, w] of barrasI25(codigo)) doc.rect(x + bx, y, w, ALTURA_BARRAS);
  doc.fillColor('#000').fill();
}

/** Draws the QR code of `texto`, `lado` points square, top-left at (x, y) (no quiet zone drawn:
 * the caller leaves 4 modules of white around it). Returns the module size. */
export function desenhaQr(
  doc: PDFKit.PDFDocument,
  texto: string,
  x: number,
  y: number,
  lado: number,
): number {
  const [enc] = bwipjs.raw('qrcode', texto, 'eclevel=M') as unknown as Array<{
    pixs: number[];
    pixx: number;
    pixy: number;
  }>;
  const { pixs, pixx, pixy } = enc!;
  const m = lado / pixx;
  for (let r = 0; r < pixy; r++) {
    let c = 0;
    while (c < pixx) {
      if (!pixs[r * pixx + c]) {
        c++;
        continue;
      }
      const inicio = c;
      while (c < pixx && pixs[r * pixx + c]) c++;
      doc.rect(x + inicio * m, y + r * m, (c - inicio) * m, m);
    }
  }
  doc.fillColor('#000').fill();
  return m;
}
