import type { Pdf } from './pdf.ts';

// The captioned boxes of the fiscal documents' PDFs (DANFE, DAMDFE): a 0.5 pt box with a small caption
// at the top and one line of value near the bottom, shrunk to fit and cut with an ellipsis. Each
// document keeps its own value size and baseline (`valor`).

export const FONTE_ROTULO = 5.5;

export type OpcoesCaixa = {
  alinhamento?: 'left' | 'right' | 'center';
  negrito?: boolean;
  fonte?: number;
};

/** Where the boxes go: the PDF, the layout's left edge and width, the value's size and its distance from the bottom. */
export type FolhaDeCaixas = { pdf: Pdf; x: number; w: number; valor: { fonte: number; recuo: number } };

/** A box with its caption; the value (one line, shrunk to fit) near the bottom. */
export function caixa(
  d: FolhaDeCaixas,
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
  let fonte = o.fonte ?? d.valor.fonte;
  doc.font(o.negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(fonte);
  while (fonte > 5 && doc.widthOfString(valor) > w - 4) {
    fonte -= 0.5;
    doc.fontSize(fonte);
  }
  doc.text(valor, x + 2, y + h - fonte - d.valor.recuo, {
    width: w - 4,
    align: o.alinhamento ?? 'left',
    lineBreak: false,
    ellipsis: true,
    height: fonte + 2,
  });
}

/** A row of boxes of the given widths (the last one takes what is left of the width). Returns the y below. */
export function linhaDeCaixas(
  d: FolhaDeCaixas,
  y: number,
  h: number,
  caixas: Array<[rotulo: string, valor: string, largura: number, opcoes?: OpcoesCaixa]>,
  x0 = d.x,
  largura = d.w,
): number {
  let x = x0;
  caixas.forEach(([rotulo, valor, w0, o], i) => {
    const w = i === caixas.length - 1 ? x0 + largura - x : w0;
    caixa(d, x, y, w, h, rotulo, valor, o);
    x += w;
  });
  return y + h;
}
