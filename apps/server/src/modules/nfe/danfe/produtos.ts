import type { ItemNfe } from '../parser.ts';
import type { Danfe } from './caixa.ts';
import { quantidade, valor } from './formato.ts';

// Dados dos produtos / serviços: one row per item (the description wraps, infAdProd below it),
// columns ruled from the header down to the last row of the sheet. Rows that do not fit continue
// on the next sheet (the caller repeats the header there).

type Coluna = { titulo: string; largura: number; alinhamento: 'left' | 'right' | 'center' };

const COLUNAS: Coluna[] = [
  { titulo: 'CÓDIGO PRODUTO', largura: 48, alinhamento: 'left' },
  { titulo: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', largura: 0, alinhamento: 'left' },
  { titulo: 'NCM/SH', largura: 34, alinhamento: 'center' },
  { titulo: 'O/CST', largura: 25, alinhamento: 'center' },
  { titulo: 'CFOP', largura: 20, alinhamento: 'center' },
  { titulo: 'UNID', largura: 20, alinhamento: 'center' },
  { titulo: 'QUANT', largura: 38, alinhamento: 'right' },
  { titulo: 'VALOR UNIT', largura: 40, alinhamento: 'right' },
  { titulo: 'VALOR TOTAL', largura: 42, alinhamento: 'right' },
  { titulo: 'B.CÁLC ICMS', largura: 40, alinhamento: 'right' },
  { titulo: 'VALOR ICMS', largura: 36, alinhamento: 'right' },
  { titulo: 'VALOR IPI', largura: 32, alinhamento: 'right' },
  { titulo: 'ALÍQ. ICMS', largura: 20, alinhamento: 'right' },
  { titulo: 'ALÍQ. IPI', largura: 20, alinhamento: 'right' },
];

const FONTE = 6;
const ALTURA_CABECALHO = 15;

function larguras(d: Danfe): number[] {
  const fixas = COLUNAS.reduce((s, c) => s + c.largura, 0);
  return COLUNAS.map((c) => (c.largura === 0 ? d.w - fixas : c.largura));
}

/** The cells of an item, in column order. */
export function celulas(it: ItemNfe): string[] {
  const i = it.imposto;
  const descricao = it.infAdProd ? `${it.xProd}\n${it.infAdProd}` : it.xProd;
  return [
    it.cProd,
    descricao,
    it.NCM ?? '',
    `${i.orig ?? ''}${i.cst ?? ''}`,
    it.CFOP ?? '',
    it.uCom,
    quantidade(it.qCom),
    valor(it.vUnCom),
    valor(it.vProd),
    valor(i.vBC) || '0,00',
    valor(i.vICMS) || '0,00',
    valor(i.vIPI) || '0,00',
    valor(i.pICMS) || '0,00',
    valor(i.pIPI) || '0,00',
  ];
}

/** Height of an item's row (the wrapped description sets it). */
function altura(d: Danfe, cs: string[], ws: number[]): number {
  const { doc } = d.pdf;
  doc.font('Helvetica').fontSize(FONTE);
  const h = Math.max(...cs.map((c, k) => doc.heightOfString(c, { width: ws[k]! - 3 })));
  return Math.max(FONTE + 4, h + 3);
}

/**
 * Draws the table from y down to at most `limite`, starting at item `inicio`. Returns the index of
 * the first item not drawn (itens.length when all fitted) and the y reached.
 */
export function produtos(
  d: Danfe,
  y: number,
  limite: number,
  inicio: number,
): { proximo: number; y: number } {
  const { doc } = d.pdf;
  const ws = larguras(d);
  const itens = d.nota.itens;
  const topo = y;
  // header
  doc.lineWidth(0.5).rect(d.x, y, d.w, ALTURA_CABECALHO).stroke();
  doc.font('Helvetica').fontSize(5);
  let x = d.x;
  // Simples Nacional items carry a CSOSN instead of a CST
  const csosn = itens.some((it) => it.imposto.icmsGrupo?.startsWith('ICMSSN'));
  COLUNAS.forEach((c, k) => {
    const w = ws[k]!;
    const titulo = csosn && c.titulo === 'O/CST' ? 'O/CSOSN' : c.titulo;
    const h = doc.heightOfString(titulo, { width: w - 2 });
    doc.text(titulo, x + 1, y + (ALTURA_CABECALHO - h) / 2 + 0.5, { width: w - 2, align: 'center' });
    x += w;
  });
  y += ALTURA_CABECALHO;
  let k = inicio;
  for (; k < itens.length; k++) {
    const cs = celulas(itens[k]!);
    const h = altura(d, cs, ws);
    if (y + h > limite && k > inicio) break;
    doc.font('Helvetica').fontSize(FONTE).fillColor('#000');
    let xx = d.x;
    cs.forEach((c, j) => {
      const col = COLUNAS[j]!;
      doc.text(c, xx + 1.5, y + 2, { width: ws[j]! - 3, align: col.alinhamento });
      xx += ws[j]!;
    });
    y += h;
    if (k < itens.length - 1)
      doc
        .moveTo(d.x, y)
        .lineTo(d.x + d.w, y)
        .lineWidth(0.3)
        .dash(1, { space: 1.5 })
        .strokeColor('#777')
        .stroke()
        .undash()
        .strokeColor('#000');
  }
  // the frame and the column rules down to the end of this sheet's area
  const fim = limite;
  doc
    .lineWidth(0.5)
    .rect(d.x, topo, d.w, fim - topo)
    .stroke();
  x = d.x;
  for (const w of ws.slice(0, -1)) {
    x += w;
    doc.moveTo(x, topo).lineTo(x, fim).stroke();
  }
  return { proximo: k, y: fim };
}
