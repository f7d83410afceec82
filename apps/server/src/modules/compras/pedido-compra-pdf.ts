import {
  businessToday,
  Decimal,
  formatCnpj,
  formatCpf,
  formatDateBR,
  formatDecimalBR,
  plural,
  statusPedidoCompraLabels,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { brl, type Coluna, cabecalho, campo, novoPdf, tabela, toBuffer, totais } from '../../lib/pdf.ts';
import type { PedidoCompra } from './pedidos-compra-leitura.service.ts';

// The purchase order as the supplier receives it (A4, the house PDF style of lib/pdf.ts): the
// buyer (our company), the supplier, the terms (condição de pagamento, expected delivery), the
// items as negotiated (quantity in the unit typed, price of that unit, total) and the totals.

const COLUNAS: Coluna[] = [
  { titulo: '#', largura: 20, alinhamento: 'right' },
  { titulo: 'Código', largura: 60 },
  { titulo: 'Produto', largura: 185 },
  { titulo: 'Qtde', largura: 70, alinhamento: 'right' },
  { titulo: 'Preço', largura: 70, alinhamento: 'right' },
  { titulo: 'Entrega', largura: 55, alinhamento: 'center' },
  { titulo: 'Total', largura: 63.28, alinhamento: 'right' },
];

const documento = (d: string) => (d.length === 14 ? formatCnpj(d) : d.length === 11 ? formatCpf(d) : d);

/** Our company's name for the header (the NF-e emitente's razão social, when configured). */
async function empresa(db: Db): Promise<string | null> {
  const [r] = rowsOf<{ nome: string | null }>(
    await db.execute(sql`select coalesce(valor ->> 'razao_social', valor ->> 'nome') as nome
      from app_settings where chave = 'fiscal_emitente'`),
  );
  return r?.nome ?? null;
}

/** Price of the typed unit: 2 decimals unless the negotiated price has more (R$ 12,3456). */
function preco(v: string): string {
  const exato = Decimal.of(v);
  const casas = Math.max(2, exato.decimalPlaces());
  return casas === 2 ? brl(exato.toFixed(2)) : `R$ ${formatDecimalBR(exato.toFixed(casas), casas)}`;
}

export async function pedidoCompraPdf(db: Db, p: PedidoCompra): Promise<Buffer> {
  const pdf = novoPdf({ titulo: `Pedido de compra ${p.numero}`, empresa: await empresa(db) });
  const { doc, margem: MARGEM, largura: LARGURA } = pdf;
  const titulo = `Nº ${p.numero} — ${statusPedidoCompraLabels[p.status]}`;
  let y = cabecalho(pdf, 'Pedido de compra', titulo);
  const meia = LARGURA / 2;
  // the e-mail is long: the supplier and the e-mail share 80% of the line, the date the rest
  const w1 = LARGURA * 0.45;
  const w2 = LARGURA * 0.35;
  campo(pdf, 'Fornecedor', `${p.fornecedor_nome} — ${documento(p.fornecedor_documento)}`, MARGEM, y, w1 - 8);
  campo(pdf, 'E-mail', p.fornecedor_email, MARGEM + w1, y, w2 - 8);
  campo(
    pdf,
    'Emissão',
    formatDateBR(businessToday(new Date(p.created_at))),
    MARGEM + w1 + w2,
    y,
    LARGURA - w1 - w2,
  );
  y += 32;
  campo(pdf, 'Condição de pagamento', p.condicao_pagamento_nome, MARGEM, y, meia / 2 - 8);
  campo(
    pdf,
    'Previsão de entrega',
    p.previsao_entrega ? formatDateBR(p.previsao_entrega) : null,
    MARGEM + meia / 2,
    y,
    meia / 2 - 8,
  );
  campo(pdf, 'Frete', brl(p.frete), MARGEM + meia, y, meia / 2 - 8);
  campo(pdf, 'Itens', plural(p.itens.length, 'item', 'itens'), MARGEM + meia * 1.5, y, meia / 2);
  y += 40;

  y = tabela(
    pdf,
    COLUNAS,
    p.itens.map((it) => [
      String(it.sequencia),
      it.codigo,
      it.unidade === it.unidade_base
        ? it.nome
        : `${it.nome} (${it.unidade} c/ ${formatDecimalBR(it.fator, 0)} ${it.unidade_base})`,
      `${formatDecimalBR(it.quantidade_informada, 0)} ${it.unidade}`,
      preco(it.preco_informado),
      it.previsao_entrega ? formatDateBR(it.previsao_entrega) : '—',
      brl(it.valor_total),
    ]),
    { y, limite: pdf.limite - 120, novaPagina: () => cabecalho(pdf, 'Pedido de compra', titulo) },
  );

  y += 8;
  y = totais(
    pdf,
    [
      ['Produtos', brl(p.valor_produtos)],
      ['Frete', brl(p.frete)],
    ],
    y,
  );
  const xr = MARGEM + LARGURA - 200;
  doc
    .moveTo(xr, y)
    .lineTo(xr + 200, y)
    .strokeColor('#999')
    .stroke();
  y += 4;
  doc.font('Helvetica-Bold').fontSize(11).text('Total do pedido', xr, y, { width: 110 });
  doc.text(brl(p.valor_total), xr + 100, y, { width: 100, align: 'right' });
  y += 24;
  if (p.observacao) {
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor('#555')
      .text('Observações', MARGEM, y, { width: LARGURA });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#000')
      .text(p.observacao, MARGEM, y + 10, { width: LARGURA });
  }
  return toBuffer(pdf);
}
