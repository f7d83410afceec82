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
