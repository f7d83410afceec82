import type { Pdf } from '../../../lib/pdf.ts';
import {
  caixa as caixaBase,
  type FolhaDeCaixas,
  linhaDeCaixas as linhaBase,
} from '../../../lib/pdf-caixas.ts';
import type { Mdfe } from './leitura.ts';

type CaixaArgs = Parameters<typeof caixaBase> extends [FolhaDeCaixas, ...infer R] ? R : never;
type LinhaArgs = Parameters<typeof linhaBase> extends [FolhaDeCaixas, ...infer R] ? R : never;

// Drawing primitives of the DAMDFE, in the DANFE's style: 0.5 pt boxes with a small caption at the
// top and the value below it (captions 5.5 pt, values 7.5–9 pt), bold block titles, and small
// tables of boxed cells. The boxes themselves are lib/pdf-caixas.ts, shared with the DANFE.

export const FONTE_ROTULO = 5.5;
export const FONTE_VALOR = 8;
export const ALTURA_LINHA = 22;

export type Damdfe = {
  pdf: Pdf;
  m: Mdfe;
  /** Left edge and width of the layout. */
  x: number;
  w: number;
  /** Lowest y content may reach. */
  fundo: number;
  /** Where each page's "n/m" goes (written when the pages are counted). */
  folhas: Array<{ x: number; y: number; w: number }>;
  logo?: Buffer;
};

export type { OpcoesCaixa } from '../../../lib/pdf-caixas.ts';

const VALOR = { fonte: FONTE_VALOR, recuo: 3 };

/** A box with its caption; the value (one line, shrunk to fit) near the bottom (lib/pdf-caixas.ts). */
export const caixa = (d: Damdfe, ...resto: CaixaArgs) => caixaBase({ ...d, valor: VALOR }, ...resto);

/** A row of boxes of the given widths (the last one takes what is left of d.w). Returns the y below. */
export const linhaDeCaixas = (d: Damdfe, ...resto: LinhaArgs) => linhaBase({ ...d, valor: VALOR }, ...resto);

/** A bold block title on a grey band ("MODAL RODOVIÁRIO DE CARGA"). Returns the y below it. */
export function tituloBloco(d: Damdfe, y: number, titulo: string, x = d.x, w = d.w): number {
  const { doc } = d.pdf;
  doc.lineWidth(0.5).rect(x, y, w, 12).fillAndStroke('#e6e6e6', '#000');
  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(7)
    .text(titulo, x + 3, y + 3, { width: w - 6, lineBreak: false });
  return y + 12;
}

export type ColunaQuadro = { titulo: string; largura: number; alinhamento?: 'left' | 'right' | 'center' };

const FONTE_QUADRO = 7.5;
const ALTURA_CELULA = 12;

/**
 * A boxed table: caption row (5.5 pt), then one 12 pt row per line of cells (one text line each,
 * cut with an ellipsis), inside one frame. `linhasMinimas` keeps the frame as tall as a neighbour.
 * Returns the y below it.
 */
export function quadro(
  d: Damdfe,
  x: number,
  y: number,
  w: number,
  colunas: ColunaQuadro[],
  linhas: string[][],
  linhasMinimas = 1,
): number {
  const { doc } = d.pdf;
  const fixas = colunas.reduce((s, c) => s + c.largura, 0);
  const ws = colunas.map((c) => (c.largura === 0 ? w - fixas : c.largura));
  const altura = 10 + Math.max(linhas.length, linhasMinimas) * ALTURA_CELULA + 2;
  doc.lineWidth(0.5).strokeColor('#000').rect(x, y, w, altura).stroke();
  let xx = x;
  colunas.forEach((c, i) => {
    doc
      .font('Helvetica')
      .fontSize(FONTE_ROTULO)
      .fillColor('#000')
      .text(c.titulo.toUpperCase(), xx + 2, y + 2, {
        width: ws[i]! - 4,
        align: c.alinhamento ?? 'left',
        lineBreak: false,
      });
    if (i > 0)
      doc
        .moveTo(xx, y)
        .lineTo(xx, y + altura)
        .stroke();
    xx += ws[i]!;
  });
  linhas.forEach((celulas, r) => {
    let xc = x;
    celulas.forEach((t, i) => {
      // shrink a long value down to 6 pt before cutting it
      let fonte = FONTE_QUADRO;
      doc.font('Helvetica').fontSize(fonte);
      while (fonte > 6 && doc.widthOfString(t) > ws[i]! - 4) {
        fonte -= 0.5;
        doc.fontSize(fonte);
      }
      doc.text(t, xc + 2, y + 11 + r * ALTURA_CELULA + (FONTE_QUADRO - fonte) / 2, {
        width: ws[i]! - 4,
        align: colunas[i]?.alinhamento ?? 'left',
        lineBreak: false,
        ellipsis: true,
        height: ALTURA_CELULA,
      });
      xc += ws[i]!;
    });
  });
  return y + altura;
}

/**
 * A box with a caption and a wrapped text (observações), at most `alturaMaxima` tall: a longer text
 * is cut with an ellipsis rather than letting pdfkit flow it onto a page of its own. Returns the y
 * below it.
 */
export function caixaTexto(
  d: Damdfe,
  y: number,
  rotulo: string,
  texto: string,
  alturaMaxima: number,
  alturaMinima = 24,
): number {
  const { doc } = d.pdf;
  doc.font('Helvetica').fontSize(7.5);
  const natural = 12 + doc.heightOfString(texto, { width: d.w - 6 }) + 4;
  const h = Math.max(alturaMinima, Math.min(natural, alturaMaxima));
  doc.lineWidth(0.5).strokeColor('#000').rect(d.x, y, d.w, h).stroke();
  doc
    .fontSize(FONTE_ROTULO)
    .fillColor('#000')
    .text(rotulo.toUpperCase(), d.x + 2, y + 1.5, { width: d.w - 4, lineBreak: false });
  doc.fontSize(7.5).text(texto, d.x + 3, y + 10, { width: d.w - 6, height: h - 14, ellipsis: true });
  return y + h;
}
