import { ALTURA_LINHA, caixa, type Danfe, linhaDeCaixas } from './caixa.ts';
import {
  cep,
  chaveEmGrupos,
  data,
  documento,
  fone,
  hora,
  logradouro,
  numeroNota,
  serieNota,
} from './formato.ts';

// The header repeated on every sheet: identificação do emitente, the DANFE box (entrada/saída,
// número, série, folha), the chave with its barcode and the consultation text, natureza da operação
// with the protocolo de autorização, and the emitter's inscrições and CNPJ.

const W_EMITENTE = 218;
const W_DANFE = 100;
const H_QUADRO = 92;

/** The authorisation protocol as printed: "141170000487910 - 12/07/2017 10:03:59" (blank when none). */
export function protocolo(d: Danfe): string {
  const p = d.nota.protNFe;
  if (!p?.nProt || !['100', '150'].includes(p.cStat ?? '')) return '';
  return `${p.nProt} - ${data(p.dhRecbto)} ${hora(p.dhRecbto)}`.trim();
}

function emitente(d: Danfe, y: number) {
  const { doc } = d.pdf;
  const e = d.nota.emit;
  const end = e.endereco;
  doc.lineWidth(0.5).rect(d.x, y, W_EMITENTE, H_QUADRO).stroke();
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .text('IDENTIFICAÇÃO DO EMITENTE', d.x + 2, y + 1.5, { width: W_EMITENTE - 4, lineBreak: false });
  const w = W_EMITENTE - 8;
  doc.font('Helvetica-Bold').fontSize(9);
  let yy = y + 14;
  doc.text(e.xNome, d.x + 4, yy, { width: w, align: 'center', height: 24, ellipsis: true });
  yy = Math.min(doc.y, y + 38) + 4;
  const linhas = [
    logradouro(end),
    [end?.xBairro, end?.CEP ? `CEP ${cep(end.CEP)}` : ''].filter(Boolean).join(' - '),
    [end?.xMun, end?.UF].filter(Boolean).join(' - '),
    end?.fone ? `Fone: ${fone(end.fone)}` : '',
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(7);
  for (const l of linhas) {
    doc.text(l, d.x + 4, yy, { width: w, align: 'center', lineBreak: false, ellipsis: true });
    yy += 9;
  }
}

function quadroDanfe(d: Danfe, y: number) {
  const { doc } = d.pdf;
  const n = d.nota;
  const x = d.x + W_EMITENTE;
  const w = W_DANFE;
  doc.lineWidth(0.5).rect(x, y, w, H_QUADRO).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text('DANFE', x, y + 4, { width: w, align: 'center' })
    .font('Helvetica')
    .fontSize(6.5)
    .text('Documento Auxiliar da Nota Fiscal Eletrônica', x + 6, y + 19, { width: w - 12, align: 'center' });
  doc
    .fontSize(7)
    .text('0 - ENTRADA', x + 8, y + 40, { lineBreak: false })
    .text('1 - SAÍDA', x + 8, y + 49, { lineBreak: false });
  doc.rect(x + w - 26, y + 39, 16, 16).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(n.ide.tpNF, x + w - 26, y + 42.5, { width: 16, align: 'center', lineBreak: false });
  doc
    .fontSize(8.5)
    .text(`Nº ${numeroNota(n.ide.nNF)}`, x, y + 61, { width: w, align: 'center', lineBreak: false })
    .text(`SÉRIE ${serieNota(n.ide.serie)}`, x, y + 71, { width: w, align: 'center', lineBreak: false });
  d.folhas.push({ x, y: y + 81, w });
}

function quadroChave(d: Danfe, y: number) {
  const { doc } = d.pdf;
  const x = d.x + W_EMITENTE + W_DANFE;
  const w = d.w - W_EMITENTE - W_DANFE;
  const hBarras = 38;
  doc.lineWidth(0.5).rect(x, y, w, hBarras).stroke();
  doc.image(d.codigoBarras, x + 8, y + 5, { width: w - 16, height: hBarras - 10 });
  caixa(d, x, y + hBarras, w, 20, 'Chave de acesso', chaveEmGrupos(d.nota.chave), {
    alinhamento: 'center',
    negrito: true,
    fonte: 8,
  });
  const yc = y + hBarras + 20;
  doc.rect(x, yc, w, H_QUADRO - hBarras - 20).stroke();
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(
      'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora',
      x + 6,
      yc + 7,
      { width: w - 12, align: 'center' },
    );
}

/** Draws the header at y; returns the y below it. */
export function cabecalho(d: Danfe, y: number): number {
  const n = d.nota;
  emitente(d, y);
  quadroDanfe(d, y);
  quadroChave(d, y);
  y += H_QUADRO;
  const wEsq = W_EMITENTE + W_DANFE;
  y = linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Natureza da operação', n.ide.natOp, wEsq],
    ['Protocolo de autorização de uso', protocolo(d), 0, { alinhamento: 'center', negrito: true }],
  ]);
  const terco = d.w / 3;
  return linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Inscrição estadual', n.emit.IE ?? '', terco],
    ['Inscrição estadual do subst. tributário', n.emit.IEST ?? '', terco],
    [n.emit.tipoDocumento === 'CPF' ? 'CPF' : 'CNPJ', documento(n.emit.documento), 0],
  ]);
}
