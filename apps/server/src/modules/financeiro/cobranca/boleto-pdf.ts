import { lerLinhaDigitavel, validaCodigoBarras } from '@erp/shared';
import { novoPdf, toBuffer } from '../../../lib/pdf.ts';
import { ALTURA_BARRAS, desenhaBarras, desenhaQr, MM } from './boleto-pdf-barras.ts';
import {
  cepFormatado,
  codigoBancoComDv,
  dataBR,
  dinheiro,
  documentoRotulado,
  linhaFormatada,
} from './boleto-pdf-formato.ts';

// The boleto PDF (issue 31), pure: one A4 page per boleto in the FEBRABAN layout — the "Recibo do
// Pagador" on top (with the PIX QR code of a boleto híbrido), the cut line, then the "Ficha de
// Compensação": the bank's area (its name as text, code with DV, linha digitável), the standard
// boxes, the instructions, the pagador, and the interleaved 2 of 5 barcode at the FEBRABAN size
// (103 × 13 mm, narrow bar 0.254 mm). pdfkit with the standard Helvetica (WinAnsi: the pt-BR
// accents print), bwip-js encodings drawn as vectors.

export type BoletoPdf = {
  banco: { codigo: string; nome: string };
  /** 47 digits (printed formatted). */
  linhaDigitavel: string;
  /** 44 digits. */
  codigoBarras: string;
  /** As printed, e.g. '175/12345678-4'. */
  nossoNumero: string;
  agenciaCodigoBeneficiario: string;
  carteira: string;
  especieDocumento: string;
  aceite: string;
  numeroDocumento: string;
  /** YYYY-MM-DD. */
  dataDocumento: string;
  /** YYYY-MM-DD. */
  dataProcessamento: string;
  /** YYYY-MM-DD. */
  vencimento: string;
  /** Exact decimal, '1234.50'. */
  valor: string;
  localPagamento: string;
  beneficiario: { nome: string; documento: string; endereco: string };
  pagador: { nome: string; documento: string; endereco: string; cep: string; cidade: string; uf: string };
  instrucoes: string[];
  /** Boleto híbrido: the PIX QR code, labelled "Pague com PIX". */
  pix?: { copiaECola: string } | null;
};

const X0 = 15 * MM;
const W = 180 * MM;
const W_DIR = 45 * MM;
const W_ESQ = W - W_DIR;
const H_CAB = 9 * MM;
const H = 8.5 * MM;
const H2 = 11 * MM;
const FONTE_ROTULO = 5.5;
const FONTE_VALOR = 8;
const LADO_QR = 32 * MM;

type Doc = PDFKit.PDFDocument;
type Caixa = { alinhamento?: 'left' | 'right' | 'center'; negrito?: boolean; fonte?: number };

/** One line at most `w` wide: the font shrinks down to 5.5 pt, then the text is cut with "…". */
function linhaAjustada(doc: Doc, texto: string, x: number, y: number, w: number, fonte: number, o: Caixa) {
  doc.font(o.negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(fonte);
  let f = fonte;
  while (f > 5.5 && doc.widthOfString(texto) > w) {
    f -= 0.5;
    doc.fontSize(f);
  }
  doc.text(texto, x, y + (fonte - f) / 2, {
    width: w,
    align: o.alinhamento ?? 'left',
    lineBreak: false,
    ellipsis: true,
    height: f + 2,
  });
}

/** A box with its caption at the top; one value near the bottom, or several lines under the caption. */
function caixa(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  rotulo: string,
  valor: string | string[],
  o: Caixa = {},
) {
  doc.lineWidth(0.5).strokeColor('#000').rect(x, y, w, h).stroke();
  doc
    .font('Helvetica')
    .fontSize(FONTE_ROTULO)
    .fillColor('#000')
    .text(rotulo, x + 2, y + 1.5, { width: w - 4, lineBreak: false, height: 7 });
  const fonte = o.fonte ?? FONTE_VALOR;
  if (typeof valor === 'string') {
    if (valor) linhaAjustada(doc, valor, x + 3, y + h - fonte - 2.5, w - 6, fonte, o);
    return;
  }
  valor.forEach((l, i) => {
    linhaAjustada(doc, l, x + 3, y + 8.5 + i * (fonte + 1.5), w - 6, fonte, o);
  });
}

/** A row of boxes: left ones of the given widths (the last takes what is left of W). */
function linha(doc: Doc, y: number, h: number, caixas: Array<[string, string | string[], number, Caixa?]>) {
  let x = X0;
  caixas.forEach(([rotulo, valor, largura, o], i) => {
    const w = i === caixas.length - 1 ? X0 + W - x : largura;
    caixa(doc, x, y, w, h, rotulo, valor, o);
    x += w;
  });
  return y + h;
}

/** The bank's area: name in bold (the logo as text), | code-DV |, the linha digitável. */
function cabecalhoBanco(doc: Doc, b: BoletoPdf, y: number): number {
  const wNome = 44 * MM;
  const wCodigo = 20 * MM;
  linhaAjustada(doc, b.banco.nome, X0 + 1, y + H_CAB - 15, wNome - 4, 12, { negrito: true });
  doc.lineWidth(1.5).strokeColor('#000');
  for (const x of [X0 + wNome, X0 + wNome + wCodigo])
    doc
      .moveTo(x, y + 2 * MM)
      .lineTo(x, y + H_CAB)
      .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(codigoBancoComDv(b.banco.codigo), X0 + wNome, y + H_CAB - 16, {
      width: wCodigo,
      align: 'center',
      lineBreak: false,
    });
  const xLinha = X0 + wNome + wCodigo + 4;
  linhaAjustada(doc, linhaFormatada(b.linhaDigitavel), xLinha, y + H_CAB - 13.5, X0 + W - xLinha, 11, {
    negrito: true,
    alinhamento: 'right',
  });
  doc
    .moveTo(X0, y + H_CAB)
    .lineTo(X0 + W, y + H_CAB)
    .stroke();
  doc.lineWidth(0.5);
  return y + H_CAB;
}

const beneficiarioLinhas = (b: BoletoPdf) => [
  `${b.beneficiario.nome} - ${documentoRotulado(b.beneficiario.documento)}`,
  b.beneficiario.endereco,
];

const pagadorLinha1 = (b: BoletoPdf) => `${b.pagador.nome} - ${documentoRotulado(b.pagador.documento)}`;

/** Instructions (shrinking down to 6 pt, then cut with "…") in a box of `w` × `h` at (x, y). */
function instrucoes(
  doc: Doc,
  b: BoletoPdf,
  x: number,
  y: number,
  w: number,
  h: number,
  extra: string[] = [],
) {
  doc.lineWidth(0.5).rect(x, y, w, h).stroke();
  doc
    .font('Helvetica')
    .fontSize(FONTE_ROTULO)
    .text('Instruções (texto de responsabilidade do beneficiário)', x + 2, y + 1.5, {
      width: w - 4,
      lineBreak: false,
    });
  const texto = [...b.instrucoes, ...extra].join('\n');
  if (!texto) return;
  const largura = w - 6;
  const altura = h - 10;
  let fonte = 7.5;
  doc.fontSize(fonte);
  while (fonte > 6 && doc.heightOfString(texto, { width: largura }) > altura) {
    fonte -= 0.5;
    doc.fontSize(fonte);
  }
  doc.text(texto, x + 3, y + 8.5, { width: largura, height: altura, ellipsis: true });
}

function recibo(doc: Doc, b: BoletoPdf, y: number): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Recibo do Pagador', X0, y, { width: W, align: 'right', lineBreak: false });
  y = cabecalhoBanco(doc, b, y + 4 * MM);
  const w1 = W - 2 * W_DIR;
  y = linha(doc, y, H2, [
    ['Beneficiário', beneficiarioLinhas(b), w1],
    ['Agência / Código do beneficiário', b.agenciaCodigoBeneficiario, W_DIR, { alinhamento: 'right' }],
    ['Vencimento', dataBR(b.vencimento), W_DIR, { alinhamento: 'right', negrito: true }],
  ]);
  y = linha(doc, y, H, [
    ['Pagador', pagadorLinha1(b), w1],
    ['Nosso número', b.nossoNumero, W_DIR, { alinhamento: 'right' }],
    ['(=) Valor do documento', dinheiro(b.valor), W_DIR, { alinhamento: 'right', negrito: true }],
  ]);
  y = linha(doc, y, H, [
    ['Nº do documento', b.numeroDocumento, 35 * MM],
    ['Data do documento', dataBR(b.dataDocumento), 25 * MM],
    ['Espécie doc.', b.especieDocumento, 15 * MM, { alinhamento: 'center' }],
    ['Aceite', b.aceite, 12 * MM, { alinhamento: 'center' }],
    ['Data processamento', dataBR(b.dataProcessamento), 25 * MM],
    ['Carteira', b.carteira, W_ESQ - 112 * MM, { alinhamento: 'center' }],
    ['(=) Valor cobrado', '', W_DIR],
  ]);
  const pix = b.pix?.copiaECola;
  if (pix) {
    const hPix = 44 * MM;
    const wQr = W_DIR;
    instrucoes(doc, b, X0, y, W - wQr, hPix, ['', 'Pix Copia e Cola:', pix]);
    const xq = X0 + W - wQr;
    doc.rect(xq, y, wQr, hPix).stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text('Pague com PIX', xq, y + 2.2 * MM, { width: wQr, align: 'center', lineBreak: false });
    desenhaQr(doc, pix, xq + (wQr - LADO_QR) / 2, y + 8 * MM, LADO_QR);
    y += hPix;
  } else {
    instrucoes(doc, b, X0, y, W, 30 * MM);
    y += 30 * MM;
  }
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .text('Autenticação mecânica', X0, y + 1.5, { width: W, align: 'right', lineBreak: false });
  return y + 4 * MM;
}

function linhaDeCorte(doc: Doc, y: number): number {
  doc
    .font('Helvetica')
    .fontSize(6)
    .text('Corte na linha pontilhada', X0, y, { width: W, align: 'right', lineBreak: false });
  doc
    .moveTo(X0, y + 3 * MM)
    .lineTo(X0 + W, y + 3 * MM)
    .lineWidth(0.7)
    .dash(3, { space: 2 })
    .stroke()
    .undash()
    .lineWidth(0.5);
  return y + 3 * MM;
}

function ficha(doc: Doc, b: BoletoPdf, y: number): number {
  y = cabecalhoBanco(doc, b, y);
  y = linha(doc, y, H, [
    ['Local de pagamento', b.localPagamento, W_ESQ],
    ['Vencimento', dataBR(b.vencimento), W_DIR, { alinhamento: 'right', negrito: true }],
  ]);
  y = linha(doc, y, H2, [
    ['Beneficiário', beneficiarioLinhas(b), W_ESQ],
    ['Agência / Código do beneficiário', b.agenciaCodigoBeneficiario, W_DIR, { alinhamento: 'right' }],
  ]);
  y = linha(doc, y, H, [
    ['Data do documento', dataBR(b.dataDocumento), 28 * MM],
    ['Nº do documento', b.numeroDocumento, 37 * MM],
    ['Espécie doc.', b.especieDocumento, 20 * MM, { alinhamento: 'center' }],
    ['Aceite', b.aceite, 15 * MM, { alinhamento: 'center' }],
    ['Data processamento', dataBR(b.dataProcessamento), W_ESQ - 100 * MM],
    ['Nosso número', b.nossoNumero, W_DIR, { alinhamento: 'right' }],
  ]);
  y = linha(doc, y, H, [
    ['Uso do banco', '', 28 * MM],
    ['Carteira', b.carteira, 22 * MM, { alinhamento: 'center' }],
    ['Espécie', 'R$', 15 * MM, { alinhamento: 'center' }],
    ['Quantidade', '', 30 * MM],
    ['(x) Valor', '', W_ESQ - 95 * MM],
    ['(=) Valor do documento', dinheiro(b.valor), W_DIR, { alinhamento: 'right', negrito: true }],
  ]);
  instrucoes(doc, b, X0, y, W_ESQ, 3 * H);
  for (const [i, rotulo] of ['(-) Desconto / Abatimento', '(+) Mora / Multa', '(=) Valor cobrado'].entries())
    caixa(doc, X0 + W_ESQ, y + i * H, W_DIR, H, rotulo, '');
  y += 3 * H;
  const hPagador = 17 * MM;
  caixa(doc, X0, y, W, hPagador, 'Pagador', [
    pagadorLinha1(b),
    b.pagador.endereco,
    `CEP ${cepFormatado(b.pagador.cep)} - ${b.pagador.cidade}/${b.pagador.uf}`,
  ]);
  doc
    .font('Helvetica')
    .fontSize(FONTE_ROTULO)
    .text('Sacador/Avalista', X0 + 2, y + hPagador - 7, { lineBreak: false });
  y += hPagador;
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .text('Autenticação mecânica - Ficha de Compensação', X0, y + 1.5, {
      width: W,
      align: 'right',
      lineBreak: false,
    });
  const yBarras = y + 4 * MM;
  desenhaBarras(doc, b.codigoBarras, X0, yBarras);
  return yBarras + ALTURA_BARRAS;
}

/** Refuses a boleto whose printed numbers would not pay it: a barcode with a wrong size or DV, a
 * linha digitável that is not the barcode's. */
function confere(b: BoletoPdf, n: number) {
  const erro = validaCodigoBarras(b.codigoBarras);
  if (erro) throw new Error(`Boleto ${n}: ${erro}`);
  const lida = lerLinhaDigitavel(b.linhaDigitavel);
  if (lida.erro !== undefined) throw new Error(`Boleto ${n}: ${lida.erro}`);
  if (lida.codigoBarras !== b.codigoBarras)
    throw new Error(`Boleto ${n}: a linha digitável não corresponde ao código de barras.`);
  dinheiro(b.valor);
}

/** One A4 page per boleto. */
export async function gerarBoletosPdf(boletos: BoletoPdf[]): Promise<Buffer> {
  if (!boletos.length) throw new Error('Nenhum boleto para imprimir.');
  for (const [i, b] of boletos.entries()) confere(b, i + 1);
  const pdf = novoPdf({
    titulo: boletos.length === 1 ? `Boleto ${boletos[0]!.nossoNumero}` : `Boletos (${boletos.length})`,
    margem: 10,
    numerarPaginas: false,
  });
  const { doc } = pdf;
  boletos.forEach((b, i) => {
    if (i > 0) doc.addPage();
    let y = recibo(doc, b, 10 * MM);
    y = linhaDeCorte(doc, y + 2 * MM);
    ficha(doc, b, y + 5 * MM);
  });
  return toBuffer(pdf);
}
