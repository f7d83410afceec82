import { formatDateBR, formatDocumento, tipoChavePixLabels } from '@erp/shared';
import { brl, cabecalho, campo, novoPdf, toBuffer } from '../../lib/pdf.ts';
import { type CobrancaPix, qrPix } from './pix-cobranca.service.ts';

// "Cobrança PIX": one A4 page with the house header (the emitente), the customer, documento,
// vencimento and valor, the QR code and the copia-e-cola text to pay in any bank's app.

export async function cobrancaPixPdf(c: CobrancaPix): Promise<Buffer> {
  const t = c.titulo;
  const pdf = novoPdf({ titulo: `Cobrança PIX — ${t.pessoa_nome}`, empresa: c.nome });
  const { doc, margem: x0, largura: w } = pdf;
  let y = cabecalho(pdf, 'Cobrança PIX', `Vencimento ${formatDateBR(t.vencimento)}`);
  const meia = w / 2;
  const cliente = c.cliente_documento
    ? `${t.pessoa_nome} — ${formatDocumento(c.cliente_documento)}`
    : t.pessoa_nome;
  campo(pdf, 'Cliente', cliente, x0, y, w);
  y += 32;
  const doc_ = [t.documento, t.total_parcelas > 1 ? `parcela ${t.parcela}/${t.total_parcelas}` : null]
    .filter(Boolean)
    .join(' — ');
  campo(pdf, 'Documento', doc_ || t.descricao, x0, y, meia - 8);
  campo(pdf, 'Vencimento', formatDateBR(t.vencimento), x0 + meia, y, meia / 2 - 8);
  campo(pdf, 'Valor', brl(c.valor), x0 + meia * 1.5, y, meia / 2);
  y += 32;
  campo(pdf, 'Descrição', t.descricao, x0, y, w);
  y += 40;
  const lado = 200;
  doc.image(await qrPix(c.br_code, 6), x0 + (w - lado) / 2, y, { width: lado, height: lado });
  y += lado + 12;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#333')
    .text(
      'Aponte a câmera do aplicativo do seu banco para o QR Code ou use o PIX copia e cola abaixo.',
      x0,
      y,
      {
        width: w,
        align: 'center',
      },
    );
  y = doc.y + 14;
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#555').text('PIX copia e cola', x0, y);
  y += 11;
  doc.font('Courier').fontSize(8.5).fillColor('#000');
  const h = doc.heightOfString(c.br_code, { width: w - 12 });
  doc
    .rect(x0, y, w, h + 10)
    .lineWidth(0.5)
    .strokeColor('#999')
    .stroke()
    .strokeColor('#000');
  doc.text(c.br_code, x0 + 6, y + 5, { width: w - 12 });
  y += h + 22;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555')
    .text(
      `Recebedor: ${c.nome} — ${c.cidade} · Chave PIX (${tipoChavePixLabels[c.tipo_chave]}): ${c.chave} · Identificador: ${c.txid}`,
      x0,
      y,
      { width: w },
    )
    .fillColor('#000');
  return toBuffer(pdf);
}
