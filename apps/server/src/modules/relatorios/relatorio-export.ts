import {
  type ColunaRelatorio,
  type FormatoRelatorio,
  formatDateBR,
  type TipoColunaRelatorio,
  textoColunaRelatorio,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { cabecalho, cabecalhoTabela, linhaDeCelulas, novoPdf, toBuffer } from '../../lib/pdf.ts';
import { type Celula, type FormatoNumero, larguras as largurasXlsx, planilhaXlsx } from '../../lib/xlsx.ts';

// The report frame's export (issue 35): one function turns what a report shows — its columns (the
// shared definition the screen renders), its rows in the screen's order, its SQL totals and its
// filters — into XLSX (lib/xlsx.ts, as the lists' export) or PDF (pdfkit, the house style of
// lib/pdf.ts). The filters head the file; the totals row closes the table. Every report's export
// endpoint ends here.

export type RelatorioParaExportar = {
  titulo: string;
  /** the file name's base: `<arquivo>-<AAAA-MM-DD>.<formato>` */
  arquivo: string;
  colunas: ColunaRelatorio[];
  linhas: Record<string, unknown>[];
  /** the totals row (by column key), or null without one */
  totais: Record<string, unknown> | null;
  filtros: [string, string][];
  /** the business day (file name, "Emitido em") */
  hoje: string;
};

/** The Total line, as on screen: only when some column is summed (the DRE's result is a row). */
const temTotal = (r: RelatorioParaExportar) => r.totais !== null && r.colunas.some((c) => c.total);

/** Values as the screen shows them (pt-BR), with ordinary spaces (the standard fonts lack NBSP). */
export function textoCelula(tipo: TipoColunaRelatorio, v: unknown): string {
  return textoColunaRelatorio(tipo, v).replaceAll('\u00a0', ' ');
}

const FORMATO_XLSX: Partial<Record<TipoColunaRelatorio, FormatoNumero>> = {
  dinheiro: '#,##0.00',
  quantidade: '#,##0.000',
  percentual: '0.00',
  inteiro: '0',
};

function celulaXlsx(tipo: TipoColunaRelatorio, v: unknown, negrito = false): Celula {
  if (v === null || v === undefined || v === '') return null;
  const formato = FORMATO_XLSX[tipo];
  if (formato) return { numero: typeof v === 'number' ? v : String(v), formato, negrito };
  if (tipo === 'data') return { texto: formatDateBR(String(v)), negrito };
  return { texto: String(v), negrito };
}

export function relatorioXlsx(r: RelatorioParaExportar): Promise<Buffer> {
  const linha = (texto: string, negrito = false): Celula[] => [{ texto, negrito }];
  const titulos: Celula[] = r.colunas.map((c) => ({ texto: c.titulo, negrito: true }));
  const dados = (l: Record<string, unknown>) => r.colunas.map((c) => celulaXlsx(c.tipo, l[c.chave]));
  function* linhas() {
    yield linha(r.titulo, true);
    for (const [rotulo, valor] of r.filtros) yield linha(`${rotulo}: ${valor}`);
    yield linha(`Emitido em ${formatDateBR(r.hoje)}`);
    yield [];
    yield titulos;
    for (const l of r.linhas) yield dados(l);
    if (temTotal(r)) {
      yield r.colunas.map((c, i) =>
        i === 0
          ? { texto: 'Total', negrito: true }
          : c.total
            ? celulaXlsx(c.tipo, r.totais?.[c.chave], true)
            : null,
      );
    }
  }
  return planilhaXlsx({
    aba: r.titulo,
    linhas: linhas(),
    larguras: largurasXlsx([titulos, ...r.linhas.slice(0, 100).map(dados)]),
  });
}

/** Column widths: the text columns share what the figures leave. */
function larguras(colunas: ColunaRelatorio[], total: number): number[] {
  const fixa: Record<TipoColunaRelatorio, number> = {
    texto: 0,
    inteiro: 44,
    quantidade: 62,
    dinheiro: 70,
    percentual: 60,
    data: 58,
  };
  const curtas = new Set(['classe', 'posicao']);
  const ws = colunas.map((c) => (c.tipo === 'texto' ? (curtas.has(c.chave) ? 38 : 0) : fixa[c.tipo]));
  const livres = ws.filter((w) => w === 0).length || 1;
  const resto = Math.max(60, (total - ws.reduce((s, w) => s + w, 0)) / livres);
  return ws.map((w) => w || resto);
}

/**
 * The PDF: house header, the filters, then one line per row (cells cut with an ellipsis, so a row is
 * one line whatever its text — 100,000 rows print in seconds), the header row repeated on each page,
 * and the totals in bold under the last row.
 */
export async function relatorioPdf(r: RelatorioParaExportar, empresa: string | null): Promise<Buffer> {
  const pdf = novoPdf({ titulo: r.titulo, empresa });
  const { doc } = pdf;
  let y = cabecalho(pdf, r.titulo, `Emitido em ${formatDateBR(r.hoje)}`);
  doc.font('Helvetica').fontSize(8);
  for (const [rotulo, valor] of r.filtros) {
    doc.font('Helvetica-Bold').text(`${rotulo}: `, pdf.margem, y, { continued: true, lineBreak: false });
    doc.font('Helvetica').text(valor, { lineBreak: false });
    y += 11;
  }
  y += 6;
  const ws = larguras(r.colunas, pdf.largura);
  const colunas = r.colunas.map((c, i) => ({
    titulo: c.titulo,
    largura: ws[i] ?? 60,
    alinhamento: c.tipo === 'texto' || c.tipo === 'data' ? ('left' as const) : ('right' as const),
  }));
  const ALTURA = 11;
  y = cabecalhoTabela(pdf, colunas, y);
  // each cell 2 pt inside its column, cut with "…": one line per row whatever its text
  const posicoes = colunas.map((c, i) => ({
    x: pdf.margem + colunas.slice(0, i).reduce((s, k) => s + k.largura, 0) + 2,
    largura: c.largura - 4,
    alinhamento: c.alinhamento,
  }));
  const larguraTabela = colunas.reduce((s, c) => s + c.largura, 0);
  const escreve = (celulas: string[], fonte: 'Helvetica' | 'Helvetica-Bold' = 'Helvetica') => {
    if (y + ALTURA > pdf.limite) {
      doc.addPage();
      y = cabecalhoTabela(pdf, colunas, pdf.margem);
    }
    doc.font(fonte).fontSize(7.5);
    // a lone cell (the empty state) spans the table
    const celulasDaLinha =
      celulas.length === 1
        ? [
            {
              texto: celulas[0]!,
              x: pdf.margem + 2,
              largura: larguraTabela - 4,
              alinhamento: 'left' as const,
            },
          ]
        : celulas.map((texto, i) => ({ texto, ...posicoes[i]! }));
    linhaDeCelulas(pdf, celulasDaLinha, y);
    y += ALTURA;
  };
  for (const l of r.linhas) escreve(r.colunas.map((c) => textoCelula(c.tipo, l[c.chave])));
  if (r.linhas.length === 0) escreve(['Nenhum registro para os filtros escolhidos.']);
  if (temTotal(r)) {
    escreve(
      r.colunas.map((c, i) => (i === 0 ? 'Total' : c.total ? textoCelula(c.tipo, r.totais?.[c.chave]) : '')),
      'Helvetica-Bold',
    );
  }
  return toBuffer(pdf);
}

async function nomeDaEmpresa(db: Db): Promise<string | null> {
  const [r] = rowsOf<{ nome: string | null }>(
    await db.execute(sql`select coalesce(valor ->> 'razao_social', valor ->> 'nome') as nome
      from app_settings where chave = 'fiscal_emitente'`),
  );
  return r?.nome ?? null;
}

const TIPOS: Record<FormatoRelatorio, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** The download: `<arquivo>-<AAAA-MM-DD>.<formato>`, with its length (the browser's progress). */
export async function exportaRelatorio(
  db: Db,
  formato: FormatoRelatorio,
  r: RelatorioParaExportar,
): Promise<Response> {
  const bytes = formato === 'xlsx' ? await relatorioXlsx(r) : await relatorioPdf(r, await nomeDaEmpresa(db));
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': TIPOS[formato],
      'Content-Disposition': `attachment; filename="${r.arquivo}-${r.hoje}.${formato}"`,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'no-store',
      'X-Total-Count': String(r.linhas.length),
    },
  });
}
