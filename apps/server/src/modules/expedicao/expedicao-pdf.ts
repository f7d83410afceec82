import {
  formatCnpj,
  formatCpf,
  formatDateBR,
  formatDateTimeBR,
  formatDecimalBR,
  plural,
  statusCargaLabels,
  tipoVeiculoLabels,
} from '@erp/shared';
import type { Db } from '../../db/client.ts';
import {
  brl,
  type Coluna,
  cabecalho,
  campo,
  linha,
  novoPdf,
  type Pdf,
  tabela,
  toBuffer,
} from '../../lib/pdf.ts';
import type { Carga } from './cargas-leitura.service.ts';
import { mapaSeparacaoDaCarga } from './separacao.service.ts';

// The two printed documents of a load (house PDF helper, A4): the mapa de separação (picking list:
// the products of every order consolidated, by location and FEFO lot, in boxes + units) and the
// romaneio de carga (the driver's list: each stop with customer, address, orders, volumes,
// weights, values, payment and signature lines).

const qtd = (v: string) => formatDecimalBR(v, 0);
const kg = (v: string) => `${formatDecimalBR(Number(v) === 0 ? '0' : v, 0)} kg`;
const m3 = (v: string) => `${formatDecimalBR(v, 0)} m³`;
const documento = (d: string) => (d.length === 14 ? formatCnpj(d) : d.length === 11 ? formatCpf(d) : d);

function veiculoTexto(c: Carga) {
  if (!c.veiculo) return '—';
  return `${c.veiculo.descricao} (${tipoVeiculoLabels[c.veiculo.tipo]})`;
}

/** The load's header fields: two rows of four captioned fields. Returns the y below. */
function dadosCarga(pdf: Pdf, c: Carga, y: number): number {
  const w = pdf.largura / 4;
  const x = (i: number) => pdf.margem + i * w;
  campo(pdf, 'Saída prevista', formatDateBR(c.data_saida_prevista), x(0), y, w - 6);
  campo(pdf, 'Veículo', veiculoTexto(c), x(1), y, 2 * w - 6);
  campo(pdf, 'Motorista', c.motorista?.nome ?? '—', x(3), y, w - 6);
  y += 28;
  campo(pdf, 'Ajudantes', c.ajudantes.map((a) => a.nome).join(', ') || '—', x(0), y, w - 6);
  campo(pdf, 'Regiões', c.regioes.map((r) => r.nome).join(', ') || '—', x(1), y, w - 6);
  campo(pdf, 'Pedidos', String(c.paradas.length), x(2), y, w / 2 - 6);
  campo(pdf, 'Peso bruto', kg(c.capacidade.peso), x(2) + w / 2, y, w / 2 - 6);
  campo(pdf, 'Valor', brl(c.capacidade.valor), x(3), y, w - 6);
  y += 30;
  linha(pdf, y);
  return y + 8;
}

const COLUNAS_SEPARACAO: Coluna[] = [
  { titulo: 'Local', largura: 62 },
  { titulo: 'Código', largura: 52 },
  { titulo: 'Produto', largura: 150 },
  { titulo: 'Lote', largura: 50 },
  { titulo: 'Validade', largura: 50 },
  { titulo: 'Caixas', largura: 55, alinhamento: 'right' },
  { titulo: 'Unidades', largura: 50, alinhamento: 'right' },
  { titulo: 'Total', largura: 54.28, alinhamento: 'right' },
];

const COLUNAS_TOTAIS: Coluna[] = [
  { titulo: 'Código', largura: 62 },
  { titulo: 'Produto', largura: 252 },
  { titulo: 'Caixas', largura: 75, alinhamento: 'right' },
  { titulo: 'Unidades', largura: 65, alinhamento: 'right' },
  { titulo: 'Total', largura: 69.28, alinhamento: 'right' },
];

const caixasTexto = (caixas: string, unidade: string | null, fator: string | null) =>
  unidade && fator ? `${qtd(caixas)} ${unidade} (${qtd(fator)})` : '—';

export async function mapaSeparacaoPdf(db: Db, c: Carga): Promise<Buffer> {
  const mapa = await mapaSeparacaoDaCarga(db, c.id);
  const pdf = novoPdf({ titulo: `Mapa de separação — carga ${c.numero}` });
  let y = cabecalho(pdf, 'Mapa de separação', `Carga nº ${c.numero} — ${statusCargaLabels[c.status]}`);
  y = dadosCarga(pdf, c, y);
  pdf.doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555')
    .text(`Pedidos: ${c.paradas.map((p) => p.numero).join(', ') || '—'}`, pdf.margem, y, {
      width: pdf.largura,
    });
  y = pdf.doc.y + 8;
  pdf.doc.fillColor('#000');
  y = tabela(
    pdf,
    COLUNAS_SEPARACAO,
    mapa.linhas.map((l) => [
      l.local_codigo ?? 'Sem reserva',
      l.codigo,
      l.nome,
      l.lote ?? '—',
      l.validade ? formatDateBR(l.validade) : '—',
      caixasTexto(l.caixas, l.caixa_unidade, l.caixa_fator),
      `${qtd(l.unidades)} ${l.unidade}`,
      `${qtd(l.quantidade)} ${l.unidade}`,
    ]),
    { y },
  );
  y += 14;
  if (y + 60 > pdf.limite) {
    pdf.doc.addPage();
    y = pdf.margem;
  }
  pdf.doc.font('Helvetica-Bold').fontSize(10).text('Totais por produto', pdf.margem, y);
  y = tabela(
    pdf,
    COLUNAS_TOTAIS,
    mapa.produtos.map((p) => [
      p.codigo,
      p.nome,
      caixasTexto(p.caixas, p.caixa_unidade, p.caixa_fator),
      `${qtd(p.unidades)} ${p.unidade}`,
      `${qtd(p.quantidade)} ${p.unidade}`,
    ]),
    { y: y + 16 },
  );
  assinaturas(pdf, y + 30, ['Separado por', 'Conferido por', 'Data']);
  return toBuffer(pdf);
}

function assinaturas(pdf: Pdf, y: number, rotulos: string[]) {
  if (y + 30 > pdf.limite) {
    pdf.doc.addPage();
    y = pdf.margem + 20;
  }
  const w = pdf.largura / rotulos.length;
  rotulos.forEach((r, i) => {
    const x = pdf.margem + i * w;
    pdf.doc
      .moveTo(x + 4, y)
      .lineTo(x + w - 12, y)
      .lineWidth(0.5)
      .strokeColor('#000')
      .stroke();
    pdf.doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555')
      .text(r, x + 4, y + 3, { width: w - 16 })
      .fillColor('#000');
  });
}

export async function romaneioPdf(c: Carga): Promise<Buffer> {
  const pdf = novoPdf({ titulo: `Romaneio de carga — carga ${c.numero}` });
  const { doc, margem, largura } = pdf;
  let y = cabecalho(pdf, 'Romaneio de carga', `Carga nº ${c.numero} — ${statusCargaLabels[c.status]}`);
  y = dadosCarga(pdf, c, y);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555')
    .text(
      `Volume total ${m3(c.capacidade.volume)} · impresso em ${formatDateTimeBR(new Date())}`,
      margem,
      y,
      { width: largura },
    )
    .fillColor('#000');
  y += 16;
  for (const [i, p] of c.paradas.entries()) {
    const altura = 118;
    if (y + altura > pdf.limite) {
      doc.addPage();
      y = margem;
    }
    doc.rect(margem, y, largura, 16).fillColor('#eee').fill().fillColor('#000');
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Parada ${i + 1} — Pedido nº ${p.numero}`, margem + 4, y + 3, { width: largura / 2 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(p.data_entrega ? `Entrega ${formatDateBR(p.data_entrega)}` : '', margem, y + 4, {
        width: largura - 4,
        align: 'right',
      });
    y += 22;
    const w = largura / 4;
    const x = (k: number) => margem + k * w;
    campo(pdf, 'Cliente', `${p.cliente_nome}${p.fantasia ? ` (${p.fantasia})` : ''}`, x(0), y, 2 * w - 6);
    campo(pdf, 'CNPJ/CPF', documento(p.documento), x(2), y, w - 6);
    campo(pdf, 'Telefone', p.telefone, x(3), y, w - 6);
    y += 26;
    const cidade = [p.cidade, p.uf].filter(Boolean).join('/');
    campo(
      pdf,
      'Endereço',
      [p.endereco, p.bairro, cidade, p.cep ? `CEP ${p.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : null]
        .filter(Boolean)
        .join(' — '),
      x(0),
      y,
      3 * w - 6,
    );
    campo(pdf, 'Região', p.regiao_nome, x(3), y, w - 6);
    y += 26;
    const v = largura / 6;
    const xs = (k: number) => margem + k * v;
    campo(pdf, 'Itens', String(p.itens), xs(0), y, v - 6);
    campo(pdf, 'Peso bruto', kg(p.peso_bruto), xs(1), y, v - 6);
    campo(pdf, 'Volume', m3(p.volume), xs(2), y, v - 6);
    campo(pdf, 'Valor', brl(p.valor_total), xs(3), y, v - 6);
    campo(
      pdf,
      'Forma de pagamento',
      [p.forma_pagamento, p.condicao_pagamento].filter(Boolean).join(' · ') || '—',
      xs(4),
      y,
      2 * v - 6,
    );
    y += 40;
    assinaturas(pdf, y, ['Recebido por (nome legível)', 'Documento', 'Data e hora', 'Assinatura']);
    y += 22;
  }
  y += 10;
  if (y + 50 > pdf.limite) {
    doc.addPage();
    y = margem + 20;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(
      `Total: ${plural(c.paradas.length, 'pedido', 'pedidos')} · ${kg(c.capacidade.peso)} · ${m3(c.capacidade.volume)} · ${brl(c.capacidade.valor)}`,
      margem,
      y,
      { width: largura },
    );
  assinaturas(pdf, y + 40, ['Motorista', 'Expedição', 'Data de saída']);
  return toBuffer(pdf);
}
