import type { Pdf } from '../../../lib/pdf.ts';
import type { NotaNfe } from '../parser.ts';

// Drawing primitives of the DANFE: boxes with a small caption at the top and the value below it
// (captions 5.5 pt, values 7–8 pt, 0.5 pt lines), section titles, and the drawing context.

export const FONTE_ROTULO = 5.5;
export const FONTE_VALOR = 7.5;
export const ALTURA_LINHA = 20;

export type Danfe = {
  pdf: Pdf;
  nota: NotaNfe;
  /** Left edge and width of the layout. */
  x: number;
  w: number;
  /** The PNG of the chave's barcode. */
  codigoBarras: Buffer;
  /** Where each page's "FOLHA n/m" goes (written when the page count is known). */
  folhas: Array<{ x: number; y: number; w: number }>;
};

export type OpcoesCaixa = {
  alinhamento?: 'left' | 'right' | 'center';
  negrito?: boolean;
  fonte?: number;
};

/** A box with its caption; the value (one line, shrunk to fit) near the bottom. */
export function caixa(
  d: Danfe,
  x: number,
  y: number,
  w: number,
  h: number,
  rotulo: string,
  valor: string,
  o: OpcoesCaixa = {},
) {
  const { doc } = d.pdf;
  doc.lineWidth(0.5).strokeColor('#000').rect(x, y, w, h).stroke();
  if (rotulo)
    doc
      .font('Helvetica')
      .fontSize(FONTE_ROTULO)
      .fillColor('#000')
      .text(rotulo.toUpperCase(), x + 2, y + 1.5, { width: w - 4, lineBreak: false, height: 7 });
  if (!valor) return;
  let fonte = o.fonte ?? FONTE_VALOR;
  const fonteNome = o.negrito ? 'Helvetica-Bold' : 'Helvetica';
  doc.font(fonteNome).fontSize(fonte);
  while (fonte > 5 && doc.widthOfString(valor) > w - 4) {
    fonte -= 0.5;
    doc.fontSize(fonte);
  }
  doc.text(valor, x + 2, y + h - fonte - 2.5, {
    width: w - 4,
    align: o.alinhamento ?? 'left',
    lineBreak: false,
    ellipsis: true,
    height: fonte + 2,
  });
}

/** A row of boxes of the given widths (the last one takes what is left of d.w). */
export function linhaDeCaixas(
  d: Danfe,
  y: number,
  h: number,
  caixas: Array<[rotulo: string, valor: string, largura: number, opcoes?: OpcoesCaixa]>,
): number {
  let x = d.x;
  caixas.forEach(([rotulo, valor, largura, o], i) => {
    const w = i === caixas.length - 1 ? d.x + d.w - x : largura;
    caixa(d, x, y, w, h, rotulo, valor, o);
    x += w;
  });
  return y + h;
}

/** The bold title above a block ("DESTINATÁRIO / REMETENTE"). Returns the y below it. */
export function tituloBloco(d: Danfe, y: number, titulo: string): number {
  d.pdf.doc
    .font('Helvetica-Bold')
    .fontSize(6.5)
    .fillColor('#000')
    .text(titulo, d.x, y + 3, { width: d.w, lineBreak: false });
  return y + 11;
}

/** Money boxes are right-aligned. */
export const direita: OpcoesCaixa = { alinhamento: 'right' };
