import { caixa, type Danfe } from './caixa.ts';
import { data, numeroNota, serieNota, valor0 } from './formato.ts';

// Canhoto: the receipt stub at the top of the first sheet — "Recebemos de … os produtos …",
// data de recebimento, identificação e assinatura do recebedor, and NF-e nº / série; then the cut line.

export const ALTURA_CANHOTO = 58;

export function canhoto(d: Danfe, y: number): number {
  const { doc } = d.pdf;
  const n = d.nota;
  const wNota = 100;
  const wEsq = d.w - wNota;
  const h1 = 26;
  const h2 = 22;
  doc.lineWidth(0.5).rect(d.x, y, wEsq, h1).stroke();
  const dest = n.dest?.xNome ?? '';
  doc
    .font('Helvetica')
    .fontSize(5.8)
    .text(
      `RECEBEMOS DE ${n.emit.xNome.toUpperCase()} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA ABAIXO.`,
      d.x + 2,
      y + 2,
      { width: wEsq - 4, height: 14, lineGap: -0.5 },
    )
    .text(
      `EMISSÃO: ${data(n.ide.dhEmi)}   VALOR TOTAL: R$ ${valor0(n.total.vNF)}   DESTINATÁRIO: ${dest}`,
      d.x + 2,
      y + h1 - 8.5,
      { width: wEsq - 4, lineBreak: false, ellipsis: true, height: 7 },
    );
  caixa(d, d.x, y + h1, 110, h2, 'Data de recebimento', '');
  caixa(d, d.x + 110, y + h1, wEsq - 110, h2, 'Identificação e assinatura do recebedor', '');
  const xn = d.x + wEsq;
  doc.rect(xn, y, wNota, h1 + h2).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text('NF-e', xn, y + 6, { width: wNota, align: 'center' })
    .fontSize(8.5)
    .text(`Nº ${numeroNota(n.ide.nNF)}`, xn, y + 21, { width: wNota, align: 'center' })
    .text(`SÉRIE ${serieNota(n.ide.serie)}`, xn, y + 32, { width: wNota, align: 'center' });
  const yCorte = y + h1 + h2 + 5;
  doc
    .moveTo(d.x, yCorte)
    .lineTo(d.x + d.w, yCorte)
    .dash(3, { space: 2 })
    .lineWidth(0.5)
    .stroke()
    .undash();
  return y + ALTURA_CANHOTO;
}
