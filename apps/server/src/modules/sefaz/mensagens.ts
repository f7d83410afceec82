import { assinaXml } from '../nfe/assinador.ts';
import { dataHoraNfe } from '../notasfiscais/xml/ide.ts';
import { semDeclaracao } from './soap.ts';
import { CODIGO_UF } from './webservices.ts';

// The request messages of the NF-e 4.00 web services, as the schemas (PL_010) define them. Signed
// ones (evento, inutNFe) are signed here with the emitente's A1.

const NS = 'http://www.portalfiscal.inf.br/nfe';

/** The fixed condição de uso of the carta de correção (the schema's enumeration, without accents). */
export const X_COND_USO_CCE =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

export const TP_EVENTO = { cancelamento: '110111', cartaCorrecao: '110110' } as const;

/** Text of an element: XML-escaped, whitespace collapsed (the schemas refuse leading/trailing blanks). */
export function textoXml(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export type Assinante = { keyPem: string; certPem: string };

export function montaEnviNFe(nfeAssinada: string, idLote: string): string {
  return `<enviNFe xmlns="${NS}" versao="4.00"><idLote>${idLote}</idLote><indSinc>1</indSinc>${semDeclaracao(nfeAssinada)}</enviNFe>`;
}

export function montaConsReciNFe(tpAmb: string, nRec: string): string {
  return `<consReciNFe xmlns="${NS}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><nRec>${nRec}</nRec></consReciNFe>`;
}

export function montaConsSitNFe(tpAmb: string, chNFe: string): string {
  return `<consSitNFe xmlns="${NS}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${chNFe}</chNFe></consSitNFe>`;
}

export function montaConsStatServ(tpAmb: string, uf: string): string {
  return `<consStatServ xmlns="${NS}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><cUF>${CODIGO_UF[uf]}</cUF><xServ>STATUS</xServ></consStatServ>`;
}

export type EventoBase = {
  tpAmb: string;
  /** UF of the emitente (cOrgao). */
  uf: string;
  cnpj: string;
  chNFe: string;
  nSeqEvento: number;
  dhEvento: Date;
  idLote: string;
};

function montaEvento(base: EventoBase, tpEvento: string, detEvento: string, assinante: Assinante): string {
  const id = `ID${tpEvento}${base.chNFe}${String(base.nSeqEvento).padStart(2, '0')}`;
  const evento =
    `<evento xmlns="${NS}" versao="1.00"><infEvento Id="${id}">` +
    `<cOrgao>${CODIGO_UF[base.uf]}</cOrgao><tpAmb>${base.tpAmb}</tpAmb><CNPJ>${base.cnpj}</CNPJ>` +
    `<chNFe>${base.chNFe}</chNFe><dhEvento>${dataHoraNfe(base.dhEvento)}</dhEvento>` +
    `<tpEvento>${tpEvento}</tpEvento><nSeqEvento>${base.nSeqEvento}</nSeqEvento><verEvento>1.00</verEvento>` +
    `<detEvento versao="1.00">${detEvento}</detEvento></infEvento></evento>`;
  const assinado = assinaXml(evento, { tag: 'infEvento', ...assinante });
  return `<envEvento xmlns="${NS}" versao="1.00"><idLote>${base.idLote}</idLote>${semDeclaracao(assinado)}</envEvento>`;
}

export function montaCancelamento(
  base: EventoBase & { nProt: string; xJust: string },
  assinante: Assinante,
): string {
  return montaEvento(
    base,
    TP_EVENTO.cancelamento,
    `<descEvento>Cancelamento</descEvento><nProt>${base.nProt}</nProt><xJust>${textoXml(base.xJust)}</xJust>`,
    assinante,
  );
}

export function montaCartaCorrecao(base: EventoBase & { xCorrecao: string }, assinante: Assinante): string {
  return montaEvento(
    base,
    TP_EVENTO.cartaCorrecao,
    `<descEvento>Carta de Correcao</descEvento><xCorrecao>${textoXml(base.xCorrecao)}</xCorrecao><xCondUso>${X_COND_USO_CCE}</xCondUso>`,
    assinante,
  );
}

export type Inutilizacao = {
  tpAmb: string;
  uf: string;
  /** Two-digit year. */
  ano: string;
  cnpj: string;
  serie: number;
  nNFIni: number;
  nNFFin: number;
  xJust: string;
};

/** Id of infInut: "ID" + cUF + ano + CNPJ + mod + série(3) + nNFIni(9) + nNFFin(9). */
export function idInutilizacao(i: Omit<Inutilizacao, 'tpAmb' | 'xJust'>): string {
  return `ID${CODIGO_UF[i.uf]}${i.ano}${i.cnpj}55${String(i.serie).padStart(3, '0')}${String(i.nNFIni).padStart(9, '0')}${String(i.nNFFin).padStart(9, '0')}`;
}

export function montaInutNFe(i: Inutilizacao, assinante: Assinante): string {
  const xml =
    `<inutNFe xmlns="${NS}" versao="4.00"><infInut Id="${idInutilizacao(i)}">` +
    `<tpAmb>${i.tpAmb}</tpAmb><xServ>INUTILIZAR</xServ><cUF>${CODIGO_UF[i.uf]}</cUF><ano>${i.ano}</ano>` +
    `<CNPJ>${i.cnpj}</CNPJ><mod>55</mod><serie>${i.serie}</serie><nNFIni>${i.nNFIni}</nNFIni>` +
    `<nNFFin>${i.nNFFin}</nNFFin><xJust>${textoXml(i.xJust)}</xJust></infInut></inutNFe>`;
  return semDeclaracao(assinaXml(xml, { tag: 'infInut', ...assinante }));
}
