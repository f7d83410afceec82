import type { Danfe } from './caixa.ts';

// Dados adicionais: informações complementares (infCpl) and the box reserved for the fiscal
// authority (infAdFisco), at the foot of the first sheet. Long text is cut at the box.

export const ALTURA_ADICIONAIS = 86;

export function adicionais(d: Danfe, y: number) {
  const { doc } = d.pdf;
  const n = d.nota;
  doc
    .font('Helvetica-Bold')
    .fontSize(6.5)
    .text('DADOS ADICIONAIS', d.x, y + 3, { width: d.w, lineBreak: false });
  y += 11;
  const h = ALTURA_ADICIONAIS - 11;
  const wInf = Math.round(d.w * 0.66);
  const caixaTexto = (x: number, w: number, rotulo: string, texto: string) => {
    doc.lineWidth(0.5).rect(x, y, w, h).stroke();
    doc
      .font('Helvetica')
      .fontSize(5.5)
      .text(rotulo, x + 2, y + 1.5, { width: w - 4, lineBreak: false });
    if (!texto) return;
    doc.save();
    doc.rect(x, y + 8, w, h - 9).clip();
    doc.fontSize(6).text(texto, x + 2, y + 9, { width: w - 4, height: h - 10, ellipsis: true });
    doc.restore();
  };
  caixaTexto(d.x, wInf, 'INFORMAÇÕES COMPLEMENTARES', n.infAdic.infCpl ?? '');
  caixaTexto(d.x + wInf, d.w - wInf, 'RESERVADO AO FISCO', n.infAdic.infAdFisco ?? '');
}
