import { gzipSync } from 'node:zlib';
import { VERSAO_MDFE } from './mdfe-webservices.ts';
import { semDeclaracao } from './soap.ts';

// The request messages of the MDF-e 3.00 web services (PL_MDFe_300a). The MDF-e itself and its
// events are built and signed by modules/mdfe/xml; here only the queries and the packing of the
// synchronous authorisation: MDFeRecepcaoSinc takes the signed <MDFe> (not an enviMDFe lot)
// compressed with GZip and encoded in Base64 as the text of mdfeDadosMsg (the synchronous service of
// MOC 3.00a; as nfephp-org/sped-mdfe Tools::sefazEnviaLote sends it: base64_encode(gzencode(MDFe))).

export const NS_MDFE = 'http://www.portalfiscal.inf.br/mdfe';

/** The fixed xServ of the não-encerrados query (the schema's fixed value, with its accents). */
export const X_SERV_NAO_ENC = 'CONSULTAR NÃO ENCERRADOS';

export function montaConsSitMDFe(tpAmb: string, chMDFe: string): string {
  return `<consSitMDFe xmlns="${NS_MDFE}" versao="${VERSAO_MDFE}"><tpAmb>${tpAmb}</tpAmb><xServ>CONSULTAR</xServ><chMDFe>${chMDFe}</chMDFe></consSitMDFe>`;
}

/** consStatServMDFe has no cUF: the UF asked about goes in the SOAP header (mdfeCabecMsg). */
export function montaConsStatServMDFe(tpAmb: string): string {
  return `<consStatServMDFe xmlns="${NS_MDFE}" versao="${VERSAO_MDFE}"><tpAmb>${tpAmb}</tpAmb><xServ>STATUS</xServ></consStatServMDFe>`;
}

/** CNPJ (14 digits) or CPF (11) of the emitente. */
export function montaConsMDFeNaoEnc(tpAmb: string, cnpjCpf: string): string {
  const doc = cnpjCpf.length === 11 ? `<CPF>${cnpjCpf}</CPF>` : `<CNPJ>${cnpjCpf}</CNPJ>`;
  return `<consMDFeNaoEnc xmlns="${NS_MDFE}" versao="${VERSAO_MDFE}"><tpAmb>${tpAmb}</tpAmb><xServ>${X_SERV_NAO_ENC}</xServ>${doc}</consMDFeNaoEnc>`;
}

/** The body of MDFeRecepcaoSinc: the signed MDFe (no XML declaration), GZip, Base64. */
export function compactaMdfe(mdfeAssinado: string): string {
  return gzipSync(Buffer.from(semDeclaracao(mdfeAssinado), 'utf8')).toString('base64');
}
