import type { Pdf } from '../../../lib/pdf.ts';
import {
  caixa as caixaBase,
  type FolhaDeCaixas,
  linhaDeCaixas as linhaBase,
  type OpcoesCaixa,
} from '../../../lib/pdf-caixas.ts';
import type { NotaNfe } from '../parser.ts';

type CaixaArgs = Parameters<typeof caixaBase> extends [FolhaDeCaixas, ...infer R] ? R : never;
type LinhaArgs = Parameters<typeof linhaBase> extends [FolhaDeCaixas, ...infer R] ? R : never;

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

export type { OpcoesCaixa } from '../../../lib/pdf-caixas.ts';

const VALOR = { fonte: FONTE_VALOR, recuo: 2.5 };

/** A box with its caption; the value (one line, shrunk to fit) near the bottom (lib/pdf-caixas.ts). */
export const caixa = (d: Danfe, ...resto: CaixaArgs) => caixaBase({ ...d, valor: VALOR }, ...resto);

/** A row of boxes of the given widths (the last one takes what is left of d.w). */
export const linhaDeCaixas = (d: Danfe, ...resto: LinhaArgs) => linhaBase({ ...d, valor: VALOR }, ...resto);

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
