import {
  Decimal,
  formatBRL,
  formatCnpj,
  formatCpf,
  formatDateBR,
  formatDecimalBR,
  type ModalidadeFrete,
  modalidadeFreteLabels,
  statusPedidoLabels,
  tipoBloqueioLabels,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Pedido } from './pedidos-leitura.service.ts';

// "Espelho do pedido": the order as a printable A4 page (pdfkit, server side) — header, customer,
// commercial terms, the items with their packaging, price, discount and total, the totals
// (produtos, descontos, ICMS-ST, IPI, frete, total), weights, notes for the invoice and pending
// blockers. Text in pt-BR; money through formatBRL.

const MARGEM = 36;
const LARGURA = 595.28 - 2 * MARGEM;

/** Column layout of the items table: [title, width, align]. */
const COLUNAS: [string, number, 'left' | 'right'][] = [
  ['#', 18, 'right'],
  ['Código', 52, 'left'],
  ['Produto', 170, 'left'],
  ['Qtde', 62, 'right'],
  ['Preço', 58, 'right'],
  ['Desconto', 55, 'right'],
  ['ST + IPI', 50, 'right'],
  ['Total', 58.28, 'right'],
];

async function nomes(db: Db, p: Pedido) {
  const [r] = rowsOf<{
    condicao: string | null;
    forma: string | null;
    documento: string | null;
    vendedor: string | null;
  }>(
    await db.execute(sql`select
      (select nome from condicoes_pagamento where id = ${p.condicao_pagamento_id}) as condicao,
      (select nome from formas_pagamento where id = ${p.forma_pagamento_id}) as forma,
      (select documento from clientes where id = ${p.cliente_id}) as documento,
      (select nome from vendedores where id = ${p.vendedor_id}) as vendedor`),
  );
  return r!;
}

const documento = (d: string) => (d.length === 14 ? formatCnpj(d) : d.length === 11 ? formatCpf(d) : d);
const brl = (v: string | null | undefined) => formatBRL(v ?? '0').replaceAll('\u00a0', ' ');

export async function espelhoPdf(db: Db, p: Pedido): Promise<Buffer> {
  const n = await nomes(db, p);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGEM,
    info: { Title: `Espelho do pedido ${p.numero}` },
  });
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  const fim = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(partes))));

  doc.font('Helvetica-Bold').fontSize(16).text('Espelho do pedido', MARGEM, MARGEM);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Pedido nº ${p.numero} — ${statusPedidoLabels[p.status]}`, MARGEM, MARGEM + 2, {
      width: LARGURA,
      align: 'right',
    });
  doc.moveDown(0.6);
  doc
    .moveTo(MARGEM, doc.y)
    .lineTo(MARGEM + LARGURA, doc.y)
    .strokeColor('#999')
    .stroke();
  doc.moveDown(0.5);

  const campo = (rotulo: string, valor: string, x: number, y: number, w: number) => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#555').text(rotulo, x, y, { width: w });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#000')
      .text(valor || '—', x, y + 10, { width: w });
  };
  const meia = LARGURA / 2;
  let y = doc.y;
  campo(
    'Cliente',
    `${p.cliente_nome}${n.documento ? ` — ${documento(n.documento)}` : ''}`,
    MARGEM,
    y,
    meia - 8,
  );
  campo('Vendedor', n.vendedor ?? 'Sem vendedor', MARGEM + meia, y, meia / 2 - 8);
  campo('Emissão', formatDateBR(p.data_emissao), MARGEM + meia * 1.5, y, meia / 2);
  y += 32;
  campo('Condição de pagamento', n.condicao ?? '', MARGEM, y, meia / 2 - 8);
  campo('Forma de pagamento', n.forma ?? '', MARGEM + meia / 2, y, meia / 2 - 8);
  campo('Entrega', formatDateBR(p.data_entrega), MARGEM + meia, y, meia / 2 - 8);
  campo(
    'Frete',
    modalidadeFreteLabels[p.modalidade_frete as ModalidadeFrete] ?? '',
    MARGEM + meia * 1.5,
    y,
    meia / 2,
  );
  y += 40;

  // items
  const cabecalho = (yy: number) => {
    doc
      .rect(MARGEM, yy - 3, LARGURA, 16)
      .fillColor('#eee')
      .fill()
      .fillColor('#000');
    let x = MARGEM;
    doc.font('Helvetica-Bold').fontSize(8);
    for (const [t, w, align] of COLUNAS) {
      doc.text(t, x + 2, yy, { width: w - 4, align });
      x += w;
    }
    return yy + 16;
  };
  y = cabecalho(y);
  doc.font('Helvetica').fontSize(8);
  for (const it of p.itens) {
    const desconto = Decimal.of(it.valor_desconto).isZero() ? '—' : brl(it.valor_desconto);
    const celulas = [
      String(it.sequencia),
      it.produto_codigo,
      it.produto_nome,
      `${formatDecimalBR(it.quantidade ?? it.quantidade_base, 0)} ${it.embalagem ?? it.unidade ?? ''}`,
      brl(it.preco),
      desconto,
      brl(soma(it.valor_st, it.valor_fcp_st, it.valor_ipi)),
      brl(it.valor_total),
    ];
    const altura = Math.max(12, doc.heightOfString(it.produto_nome, { width: COLUNAS[2]![1] - 4 }) + 2);
    if (y + altura > 841.89 - MARGEM - 150) {
      doc.addPage();
      y = cabecalho(MARGEM);
      doc.font('Helvetica').fontSize(8);
    }
    let x = MARGEM;
    celulas.forEach((c, i) => {
      const [, w, align] = COLUNAS[i]!;
      doc.text(c, x + 2, y, { width: w - 4, align });
      x += w;
    });
    y += altura;
    doc
      .moveTo(MARGEM, y - 1)
      .lineTo(MARGEM + LARGURA, y - 1)
      .strokeColor('#ddd')
      .stroke();
  }

  // totals
  y += 8;
  const t = p.totais;
  const linhas: [string, string][] = [
    ['Produtos', brl(t.produtos)],
    ['Descontos', `- ${brl(t.descontos)}`],
    ['ICMS-ST', brl(soma(t.st, t.fcpSt))],
    ['IPI', brl(t.ipi)],
    ['Frete', brl(t.frete)],
  ];
  const xr = MARGEM + LARGURA - 200;
  doc.fontSize(9);
  for (const [rotulo, valor] of linhas) {
    doc.font('Helvetica').text(rotulo, xr, y, { width: 100 });
    doc.text(valor, xr + 100, y, { width: 100, align: 'right' });
    y += 13;
  }
  doc
    .moveTo(xr, y)
    .lineTo(xr + 200, y)
    .strokeColor('#999')
    .stroke();
  y += 4;
  doc.font('Helvetica-Bold').fontSize(11).text('Total do pedido', xr, y, { width: 110 });
  doc.text(brl(t.total), xr + 100, y, { width: 100, align: 'right' });

  doc.font('Helvetica').fontSize(8).fillColor('#333');
  doc.text(
    `Peso bruto ${formatDecimalBR(t.pesoBruto, 3)} kg · Peso líquido ${formatDecimalBR(t.pesoLiquido, 3)} kg · ` +
      `Volume ${formatDecimalBR(t.volume, 3)} m³ · ${p.itens.length} ${p.itens.length === 1 ? 'item' : 'itens'}`,
    MARGEM,
    y - 52,
    { width: LARGURA - 210 },
  );
  y += 28;
  doc.fillColor('#000');
  if (p.observacoes_nota) {
    doc.font('Helvetica-Bold').fontSize(8).text('Observações para a nota', MARGEM, y);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(p.observacoes_nota, MARGEM, y + 10, { width: LARGURA });
    y = doc.y + 8;
  }
  const pendentes = p.bloqueios.filter((b) => b.pendente);
  if (pendentes.length) {
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#a00').text('Bloqueios pendentes', MARGEM, y);
    doc.font('Helvetica').fontSize(8);
    for (const b of pendentes)
      doc.text(`${tipoBloqueioLabels[b.tipo]}: ${b.motivo.replaceAll('\u00a0', ' ')}`, { width: LARGURA });
    doc.fillColor('#000');
  }
  if (p.status === 'cancelado' && p.motivo_cancelamento)
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#a00')
      .text(`Cancelado: ${p.motivo_cancelamento}`, MARGEM, doc.y + 6);
  doc.end();
  return fim;
}

/** Σ of money strings, exact. */
const soma = (...valores: string[]) => Decimal.sum(valores).toFixed(2);
