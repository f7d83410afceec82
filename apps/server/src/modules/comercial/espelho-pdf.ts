import {
  Decimal,
  formatCnpj,
  formatCpf,
  formatDateBR,
  formatDecimalBR,
  type ModalidadeFrete,
  modalidadeFreteLabels,
  plural,
  statusPedidoLabels,
  tipoBloqueioLabels,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { brl, type Coluna, cabecalho, campo, novoPdf, tabela, toBuffer, totais } from '../../lib/pdf.ts';
import type { Pedido } from './pedidos-leitura.service.ts';

// "Espelho do pedido": the order as a printable A4 page (pdfkit, server side) — header, customer,
// commercial terms, the items with their packaging, price, discount and total, the totals
// (produtos, descontos, ICMS-ST, IPI, frete, total), weights, notes for the invoice and pending
// blockers. Text in pt-BR; money through formatBRL.

/** Column layout of the items table. */
const COLUNAS: Coluna[] = [
  { titulo: '#', largura: 18, alinhamento: 'right' },
  { titulo: 'Código', largura: 52 },
  { titulo: 'Produto', largura: 170 },
  { titulo: 'Qtde', largura: 62, alinhamento: 'right' },
  { titulo: 'Preço', largura: 58, alinhamento: 'right' },
  { titulo: 'Desconto', largura: 55, alinhamento: 'right' },
  { titulo: 'ST + IPI', largura: 50, alinhamento: 'right' },
  { titulo: 'Total', largura: 58.28, alinhamento: 'right' },
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

export async function espelhoPdf(db: Db, p: Pedido): Promise<Buffer> {
  const n = await nomes(db, p);
  const pdf = novoPdf({ titulo: `Espelho do pedido ${p.numero}` });
  const { doc, margem: MARGEM, largura: LARGURA } = pdf;
  const titulo = `Pedido nº ${p.numero} — ${statusPedidoLabels[p.status]}`;
  let y = cabecalho(pdf, 'Espelho do pedido', titulo);

  const meia = LARGURA / 2;
  const c = (rotulo: string, valor: string, x: number, yy: number, w: number) =>
    campo(pdf, rotulo, valor, x, yy, w);
  c('Cliente', `${p.cliente_nome}${n.documento ? ` — ${documento(n.documento)}` : ''}`, MARGEM, y, meia - 8);
  c('Vendedor', n.vendedor ?? 'Sem vendedor', MARGEM + meia, y, meia / 2 - 8);
  c('Emissão', formatDateBR(p.data_emissao), MARGEM + meia * 1.5, y, meia / 2);
  y += 32;
  c('Condição de pagamento', n.condicao ?? '', MARGEM, y, meia / 2 - 8);
  c('Forma de pagamento', n.forma ?? '', MARGEM + meia / 2, y, meia / 2 - 8);
  c('Entrega', formatDateBR(p.data_entrega), MARGEM + meia, y, meia / 2 - 8);
  c(
    'Frete',
    modalidadeFreteLabels[p.modalidade_frete as ModalidadeFrete] ?? '',
    MARGEM + meia * 1.5,
    y,
    meia / 2,
  );
  y += 40;

  // items (a page break repeats the page header and the column header; 150 pt kept for the totals)
  y = tabela(
    pdf,
    COLUNAS,
    p.itens.map((it) => [
      String(it.sequencia),
      it.produto_codigo,
      it.produto_nome,
      `${formatDecimalBR(it.quantidade ?? it.quantidade_base, 0)} ${it.embalagem ?? it.unidade ?? ''}`,
      brl(it.preco),
      Decimal.of(it.valor_desconto).isZero() ? '—' : brl(it.valor_desconto),
      brl(soma(it.valor_st, it.valor_fcp_st, it.valor_ipi)),
      brl(it.valor_total),
    ]),
    { y, limite: pdf.limite - 150, novaPagina: () => cabecalho(pdf, 'Espelho do pedido', titulo) },
  );

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
  y = totais(pdf, linhas, y);
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
      `Volume ${formatDecimalBR(t.volume, 3)} m³ · ${plural(p.itens.length, 'item', 'itens')}`,
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
  return toBuffer(pdf);
}

/** Σ of money strings, exact. */
const soma = (...valores: string[]) => Decimal.sum(valores).toFixed(2);
