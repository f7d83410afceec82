import { type Danfe, tituloBloco } from './caixa.ts';
import { data, valor, valor0 } from './formato.ts';

// Fatura / duplicatas: one small box per duplicata (número, vencimento, valor), eight to a row;
// with a fatura and no duplicatas, its número and values on one line. Nothing → no block.

const POR_LINHA = 8;
const ALTURA = 24;

export function alturaFatura(d: Danfe): number {
  const { fat, dup } = d.nota.cobr;
  if (dup.length) return 11 + Math.ceil(dup.length / POR_LINHA) * ALTURA;
  return fat ? 11 + 14 : 0;
}

export function fatura(d: Danfe, y: number): number {
  const { doc } = d.pdf;
  const { fat, dup } = d.nota.cobr;
  if (!dup.length && !fat) return y;
  y = tituloBloco(d, y, 'FATURA / DUPLICATAS');
  if (!dup.length && fat) {
    doc.lineWidth(0.5).rect(d.x, y, d.w, 14).stroke();
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(
        `Número: ${fat.nFat ?? ''}   Valor original: R$ ${valor0(fat.vOrig)}   Desconto: R$ ${valor0(fat.vDesc)}   Valor líquido: R$ ${valor0(fat.vLiq)}`,
        d.x + 3,
        y + 4,
        { width: d.w - 6, lineBreak: false },
      );
    return y + 14;
  }
  const w = d.w / POR_LINHA;
  dup.forEach((p, i) => {
    const x = d.x + (i % POR_LINHA) * w;
    const yy = y + Math.floor(i / POR_LINHA) * ALTURA;
    doc.lineWidth(0.5).rect(x, yy, w, ALTURA).stroke();
    doc.font('Helvetica').fontSize(6);
    const linha = (rotulo: string, v: string, k: number) => {
      doc.text(rotulo, x + 2, yy + 2 + k * 7, { width: 28, lineBreak: false });
      doc.text(v, x + 26, yy + 2 + k * 7, { width: w - 28, align: 'right', lineBreak: false });
    };
    linha('Núm.', p.nDup, 0);
    linha('Venc.', data(p.dVenc), 1);
    linha('Valor', `R$ ${valor(p.vDup)}`, 2);
  });
  return y + Math.ceil(dup.length / POR_LINHA) * ALTURA;
}
