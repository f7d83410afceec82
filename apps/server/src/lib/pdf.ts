import { formatBRL } from '@erp/shared';
import PDFDocument from 'pdfkit';

// The house PDF style (pdfkit, server side): A4 portrait, 36 pt margins, Helvetica; a header with
// the company name, the title and a right-hand note; captioned fields; tables with column widths and
// alignment that break pages repeating their header row; "Página N de M" at the foot; money through
// formatBRL. Plain functions over one object — every printable document (espelho do pedido, DANFE,
// romaneio, cobrança PIX) starts with novoPdf and ends with toBuffer.

export const A4 = { largura: 595.28, altura: 841.89 } as const;
export const MARGEM = 36;

export type Pdf = {
  doc: PDFKit.PDFDocument;
  /** Page margin (all four sides). */
  margem: number;
  /** Usable width between the margins. */
  largura: number;
  /** Lowest y content may reach on a page (page height − margin − the foot line). */
  limite: number;
  /** Company name printed on the header of every page (when known). */
  empresa: string | null;
  /** Footer "Página N de M" written by toBuffer (default true). */
  numerarPaginas: boolean;
  fim: Promise<Buffer>;
};

export type Alinhamento = 'left' | 'right' | 'center';
export type Coluna = { titulo: string; largura: number; alinhamento?: Alinhamento };

/** Starts a document. Pages are buffered so the foot can say "Página N de M". */
export function novoPdf(opts: {
  titulo: string;
  empresa?: string | null;
  margem?: number;
  numerarPaginas?: boolean;
}): Pdf {
  const margem = opts.margem ?? MARGEM;
  const doc = new PDFDocument({
    size: 'A4',
    margin: margem,
    bufferPages: true,
    info: { Title: opts.titulo, Producer: 'Plataforma ERP', Creator: 'Plataforma ERP' },
  });
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  const fim = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  const numerarPaginas = opts.numerarPaginas ?? true;
  return {
    doc,
    margem,
    largura: A4.largura - 2 * margem,
    limite: A4.altura - margem - (numerarPaginas ? 14 : 0),
    empresa: opts.empresa ?? null,
    numerarPaginas,
    fim,
  };
}

/** Money for print: formatBRL with ordinary spaces (the standard fonts have no NBSP glyph width). */
export const brl = (v: string | null | undefined) => formatBRL(v ?? '0').replaceAll('\u00a0', ' ');

/** A thin horizontal rule across the usable width at y. */
export function linha(pdf: Pdf, y: number, cor = '#999') {
  pdf.doc
    .moveTo(pdf.margem, y)
    .lineTo(pdf.margem + pdf.largura, y)
    .lineWidth(0.5)
    .strokeColor(cor)
    .stroke()
    .strokeColor('#000');
}

/**
 * The page header: company name (small, grey) over the bold title, an optional note on the right
 * (e.g. "Pedido nº 12 — Liberado"), and a rule. Returns the y below it.
 */
export function cabecalho(pdf: Pdf, titulo: string, direita?: string, y = pdf.margem): number {
  const { doc, margem, largura } = pdf;
  if (pdf.empresa) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555')
      .text(pdf.empresa, margem, y, { width: largura, lineBreak: false });
    y += 11;
  }
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000').text(titulo, margem, y, { width: largura });
  if (direita)
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(direita, margem, y + 2, { width: largura, align: 'right' });
  y += 24;
  linha(pdf, y);
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  return y + 8;
}

/** A captioned field: small grey bold caption with the value below it ("—" when empty). */
export function campo(
  pdf: Pdf,
  rotulo: string,
  valor: string | null | undefined,
  x: number,
  y: number,
  w: number,
) {
  pdf.doc.font('Helvetica-Bold').fontSize(8).fillColor('#555').text(rotulo, x, y, { width: w });
  pdf.doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#000')
    .text(valor || '—', x, y + 10, { width: w });
}

/** Draws the header row of a table at y (grey band, bold 8 pt). Returns the y of the first row. */
export function cabecalhoTabela(pdf: Pdf, colunas: Coluna[], y: number, x0 = pdf.margem): number {
  const { doc } = pdf;
  const total = colunas.reduce((s, c) => s + c.largura, 0);
  doc
    .rect(x0, y - 3, total, 16)
    .fillColor('#eee')
    .fill()
    .fillColor('#000');
  doc.font('Helvetica-Bold').fontSize(8);
  let x = x0;
  for (const c of colunas) {
    doc.text(c.titulo, x + 2, y, { width: c.largura - 4, align: c.alinhamento ?? 'left', lineBreak: false });
    x += c.largura;
  }
  return y + 16;
}

/**
 * The font internals linhaDeCelulas reads: pdfkit's standard (AFM) fonts, which are the only ones the
 * house style uses. Not in pdfkit's typings; pinned by the pdfkit version and covered by pdf.test.ts.
 */
type FonteAfm = {
  id: string;
  ascender: number;
  ref(): unknown;
  font: { characterToGlyph(c: number): string; widthOfGlyph(g: string): number };
};
type DocInterno = {
  _font: FonteAfm;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
};

/** WinAnsi's characters above Latin-1 (the ones the standard fonts can print), by Unicode code. */
const WIN_ANSI: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};
/** A character's WinAnsi code; '?' for what the standard fonts cannot print. */
function winAnsi(c: number): number {
  if (c >= 0x20 && c < 0x7f) return c;
  if (c >= 0xa0 && c <= 0xff) return c;
  return WIN_ANSI[c] ?? 0x3f;
}
const larguraPorFonte = new Map<string, Float64Array>();
/** The font's advance per WinAnsi code, in 1/1000 of the font size (no kerning). */
function largurasDaFonte(fonte: FonteAfm): Float64Array {
  let ws = larguraPorFonte.get(fonte.id);
  if (!ws) {
    ws = new Float64Array(256);
    for (let c = 0; c < 256; c++) ws[c] = fonte.font.widthOfGlyph(fonte.font.characterToGlyph(c));
    larguraPorFonte.set(fonte.id, ws);
  }
  return ws;
}

export type CelulaDeLinha = { texto: string; x: number; largura: number; alinhamento: Alinhamento };

/**
 * One line of cells in the current (standard) font at top y, each cut with "…" to its width and
 * aligned in it — what `doc.text(texto, x, y, { width, align, lineBreak: false, ellipsis: true })`
 * draws, without kerning — written as PDF text operators in one block. A report's export of 100,000
 * rows (≈ 2,000 pages, 800,000 cells) is why: pdfkit's text() costs ≈ 40 µs a cell (line wrapper,
 * kerning pairs, an options object per call, the garbage of all that), which was 38 s of the file.
 */
export function linhaDeCelulas(pdf: Pdf, celulas: CelulaDeLinha[], y: number) {
  const doc = pdf.doc as unknown as DocInterno;
  const fonte = doc._font;
  const tamanho = doc._fontSize;
  const ws = largurasDaFonte(fonte);
  const escala = tamanho / 1000;
  const reticencias = ws[0x85]! * escala;
  if (doc.page.fonts[fonte.id] == null) doc.page.fonts[fonte.id] = fonte.ref();
  // pdfkit draws text() with its top at y: the baseline sits the font's ascender below it
  const base = doc.page.height - y - (fonte.ascender / 1000) * tamanho;
  // the page's space is flipped (pdfkit's y grows downward); text is drawn in PDF's own, as pdfkit does
  const partes: string[] = [`q 1 0 0 -1 0 ${num(doc.page.height)} cm BT /${fonte.id} ${num(tamanho)} Tf`];
  for (const c of celulas) {
    const texto = c.texto.replace(/\s+$/, '');
    if (!texto) continue;
    const codigos: number[] = new Array(texto.length);
    let largura = 0;
    for (let i = 0; i < texto.length; i++) {
      const k = winAnsi(texto.charCodeAt(i));
      codigos[i] = k;
      largura += ws[k]! * escala;
    }
    if (largura > c.largura) {
      // cut at the last character after which "…" still fits
      let n = codigos.length;
      while (n > 0 && largura + reticencias > c.largura) largura -= ws[codigos[--n]!]! * escala;
      codigos.length = n;
      codigos.push(0x85);
      largura += reticencias;
    }
    const x =
      c.alinhamento === 'right'
        ? c.x + c.largura - largura
        : c.alinhamento === 'center'
          ? c.x + (c.largura - largura) / 2
          : c.x;
    let hex = '';
    for (const k of codigos) hex += HEX[k];
    partes.push(`1 0 0 1 ${num(x)} ${num(base)} Tm <${hex}> Tj`);
  }
  partes.push('ET Q');
  (pdf.doc as unknown as { addContent(s: string): void }).addContent(partes.join('\n'));
}
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** A coordinate as pdfkit writes them (at most 2 decimals, no exponent). */
const num = (n: number) => String(Math.round(n * 100) / 100);

/**
 * A table: header row, then each row (cells as text; the tallest cell sets the row height) with a
 * light rule under it. A row that would pass `limite` goes to a new page, where `novaPagina` (by
 * default: nothing, start at the top margin) runs and the header row is repeated. Returns the y
 * below the last row.
 */
export function tabela(
  pdf: Pdf,
  colunas: Coluna[],
  linhas: string[][],
  opts: { y: number; limite?: number; fonte?: number; novaPagina?: () => number; x?: number } = {
    y: pdf.margem,
  },
): number {
  const { doc } = pdf;
  const x0 = opts.x ?? pdf.margem;
  const fonte = opts.fonte ?? 8;
  const limite = opts.limite ?? pdf.limite;
  const total = colunas.reduce((s, c) => s + c.largura, 0);
  let y = cabecalhoTabela(pdf, colunas, opts.y, x0);
  doc.font('Helvetica').fontSize(fonte);
  for (const celulas of linhas) {
    const altura = Math.max(
      fonte + 4,
      ...celulas.map((c, i) => doc.heightOfString(c, { width: (colunas[i]?.largura ?? 0) - 4 }) + 2),
    );
    if (y + altura > limite) {
      doc.addPage();
      y = cabecalhoTabela(pdf, colunas, opts.novaPagina ? opts.novaPagina() : pdf.margem, x0);
      doc.font('Helvetica').fontSize(fonte);
    }
    let x = x0;
    celulas.forEach((c, i) => {
      const col = colunas[i];
      if (!col) return;
      doc.text(c, x + 2, y, { width: col.largura - 4, align: col.alinhamento ?? 'left' });
      x += col.largura;
    });
    y += altura;
    doc
      .moveTo(x0, y - 1)
      .lineTo(x0 + total, y - 1)
      .lineWidth(0.5)
      .strokeColor('#ddd')
      .stroke()
      .strokeColor('#000');
  }
  return y;
}

/** Rows of label/value pairs aligned right (a totals box). Returns the y below. */
export function totais(pdf: Pdf, linhas: [string, string][], y: number, largura = 200): number {
  const { doc } = pdf;
  const x = pdf.margem + pdf.largura - largura;
  doc.font('Helvetica').fontSize(9);
  for (const [rotulo, valor] of linhas) {
    doc.text(rotulo, x, y, { width: largura / 2 });
    doc.text(valor, x + largura / 2, y, { width: largura / 2, align: 'right' });
    y += 13;
  }
  return y;
}

/**
 * Writes `texto(n, m)` on every buffered page (n from 1). Used for the foot "Página N de M" and by
 * documents that print their own page count (the DANFE's "FOLHA n/m"). The bottom margin is lifted
 * while writing so pdfkit does not open a new page below it.
 */
export function emCadaPagina(pdf: Pdf, escreve: (n: number, m: number) => void) {
  const { doc } = pdf;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margemInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    escreve(i - range.start + 1, range.count);
    doc.page.margins.bottom = margemInferior;
  }
}

/** Ends the document (foot "Página N de M" when numerarPaginas) and resolves with its bytes. */
export function toBuffer(pdf: Pdf): Promise<Buffer> {
  const { doc } = pdf;
  if (pdf.numerarPaginas)
    emCadaPagina(pdf, (n, m) => {
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor('#555')
        .text(`Página ${n} de ${m}`, pdf.margem, A4.altura - pdf.margem - 8, {
          width: pdf.largura,
          align: 'right',
          lineBreak: false,
        })
        .fillColor('#000');
    });
  doc.end();
  return pdf.fim;
}
