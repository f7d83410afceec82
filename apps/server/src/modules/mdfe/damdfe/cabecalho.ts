import { desenhaQr } from '../../financeiro/cobranca/boleto-pdf-barras.ts';
import { cep, chaveEmGrupos, documento, fone, logradouro } from '../../nfe/danfe/formato.ts';
import { ALTURA_LINHA, caixa, type Damdfe, linhaDeCaixas } from './caixa.ts';
import { dataHora, numeroMdfe, protocolo } from './formato.ts';
import { autorizado, avisos } from './marcas.ts';
import { desenhaBarrasChave } from './simbolos.ts';

// The top of the DAMDFE (MOC anexo II): identificação do emitente with the QR code on the right, the
// title, the notices (homologação, contingência, not authorised), the identification row (modelo,
// série, número, FL, emissão, UFs), the chave's CODE-128C with the consultation text, and the chave
// with the protocolo de autorização. The following sheets repeat the title, the notices and the
// identification and chave rows.

export const TITULO = 'DAMDFE - Documento Auxiliar de Manifesto Eletrônico de Documentos Fiscais';
const H_EMITENTE = 112;
const W_QR = 108;
const LADO_QR = 84;
const W_BARRAS = 300;
const H_BARRAS = 46;

export const CONSULTA =
  'Consulte a autenticidade pela chave de acesso no portal do MDF-e\nhttps://dfe-portal.svrs.rs.gov.br/Mdfe\nou pela leitura do QR Code.';

function emitente(d: Damdfe, y: number) {
  const { doc } = d.pdf;
  const e = d.m.emit;
  const end = e.endereco;
  const w = d.w - W_QR;
  doc.lineWidth(0.5).strokeColor('#000').rect(d.x, y, w, H_EMITENTE).stroke();
  let x = d.x + 6;
  let wt = w - 12;
  if (d.logo) {
    doc.image(d.logo, d.x + 6, y + 8, { fit: [90, H_EMITENTE - 16], align: 'center', valign: 'center' });
    x += 98;
    wt -= 98;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000')
    .text(e.xNome, x, y + 10, { width: wt, height: 28, ellipsis: true });
  let yy = Math.min(doc.y, y + 38) + 5;
  const rntrc = d.m.rodo?.RNTRC;
  const linhas = [
    [
      `${e.documento.length === 11 ? 'CPF' : 'CNPJ'}: ${documento(e.documento)}`,
      e.IE ? `IE: ${e.IE}` : '',
      rntrc ? `RNTRC: ${rntrc}` : '',
    ]
      .filter(Boolean)
      .join('    '),
    logradouro(end),
    [end?.xBairro, end?.CEP ? `CEP ${cep(end.CEP)}` : ''].filter(Boolean).join(' - '),
    [end?.xMun, end?.UF].filter(Boolean).join(' - '),
    end?.fone ? `Fone: ${fone(end.fone)}` : '',
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(8);
  for (const l of linhas) {
    doc.text(l, x, yy, { width: wt, lineBreak: false, ellipsis: true });
    yy += 11;
  }
}

function quadroQr(d: Damdfe, y: number) {
  const { doc } = d.pdf;
  const x = d.x + d.w - W_QR;
  doc.lineWidth(0.5).strokeColor('#000').rect(x, y, W_QR, H_EMITENTE).stroke();
  // 12 pt of white around the symbol: more than the 4 modules of quiet zone the QR code needs
  if (d.m.qrCode) desenhaQr(doc, d.m.qrCode, x + (W_QR - LADO_QR) / 2, y + 10, LADO_QR);
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#000')
    .text(d.m.qrCode ? 'Consulta via leitor de QR Code' : 'QR Code não informado', x, y + H_EMITENTE - 11, {
      width: W_QR,
      align: 'center',
      lineBreak: false,
    });
}

/** The title bar and the notices. Returns the y below them. */
function titulo(d: Damdfe, y: number): number {
  const { doc } = d.pdf;
  doc.lineWidth(0.5).rect(d.x, y, d.w, 20).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor('#000')
    .text(TITULO, d.x, y + 5.5, { width: d.w, align: 'center', lineBreak: false });
  y += 20;
  for (const aviso of avisos(d.m)) {
    const h = aviso.fonte + 8 + (aviso.detalhe ? 11 : 0);
    doc.lineWidth(1).rect(d.x, y, d.w, h).fillAndStroke('#fde8e8', '#b00000');
    doc
      .fillColor('#b00000')
      .font('Helvetica-Bold')
      .fontSize(aviso.fonte)
      .text(aviso.texto, d.x + 6, y + 4.5, { width: d.w - 12, align: 'center', lineBreak: false });
    if (aviso.detalhe)
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .text(aviso.detalhe, d.x + 6, y + aviso.fonte + 6, {
          width: d.w - 12,
          align: 'center',
          lineBreak: false,
        });
    doc.fillColor('#000').strokeColor('#000').lineWidth(0.5);
    y += h;
  }
  return y;
}

function identificacao(d: Damdfe, y: number): number {
  const { ide } = d.m;
  const c = { alinhamento: 'center', negrito: true, fonte: 9 } as const;
  const xFl = d.x + 44 + 44 + 92;
  d.folhas.push({ x: xFl, y: y + ALTURA_LINHA - 12, w: 44 });
  return linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Modelo', ide.mod, 44, c],
    ['Série', ide.serie, 44, c],
    ['Número', numeroMdfe(ide.nMDF), 92, c],
    ['FL', '', 44, c],
    ['Data e hora de emissão', dataHora(ide.dhEmi), 130, c],
    ['UF carreg.', ide.UFIni, 60, c],
    ['UF descarreg.', ide.UFFim, 0, c],
  ]);
}

function chaveEProtocolo(d: Damdfe, y: number): number {
  const p = d.m.prot;
  return linhaDeCaixas(d, y, ALTURA_LINHA, [
    [
      'Chave de acesso',
      chaveEmGrupos(d.m.chave),
      W_BARRAS,
      { alinhamento: 'center', negrito: true, fonte: 9 },
    ],
    [
      'Protocolo de autorização de uso',
      p && autorizado(d.m)
        ? protocolo(p.nProt, p.dhRecbto)
        : d.m.ide.tpEmis === '2'
          ? 'Emitido em contingência (sem protocolo)'
          : 'MDF-e sem protocolo de autorização',
      0,
      { alinhamento: 'center', negrito: autorizado(d.m), fonte: 9 },
    ],
  ]);
}

function codigoBarras(d: Damdfe, y: number): number {
  const { doc } = d.pdf;
  doc.lineWidth(0.5).rect(d.x, y, W_BARRAS, H_BARRAS).stroke();
  // 277 modules over 277 pt: 1 pt modules, 11.5 pt of quiet zone on each side (CODE-128 asks 10)
  desenhaBarrasChave(doc, d.m.chave, d.x + 11.5, y + 6, W_BARRAS - 23, H_BARRAS - 12);
  caixa(d, d.x + W_BARRAS, y, d.w - W_BARRAS, H_BARRAS, 'Consulta de autenticidade', '');
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .text(CONSULTA, d.x + W_BARRAS + 8, y + 11, { width: d.w - W_BARRAS - 16, align: 'center' });
  return y + H_BARRAS;
}

/** The first sheet's top. Returns the y below it. */
export function cabecalho(d: Damdfe, y: number): number {
  emitente(d, y);
  quadroQr(d, y);
  y = titulo(d, y + H_EMITENTE);
  y = identificacao(d, y);
  y = codigoBarras(d, y);
  return chaveEProtocolo(d, y);
}

/** The top of the following sheets: title, notices, identification, chave and protocolo. */
export function cabecalhoContinuacao(d: Damdfe, y: number): number {
  y = titulo(d, y);
  y = identificacao(d, y);
  return chaveEProtocolo(d, y);
}
