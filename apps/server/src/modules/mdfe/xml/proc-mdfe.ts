import { semDeclaracao } from '../../sefaz/soap.ts';
import { NS_MDFE } from './monta-mdfe.ts';

// The documents kept after SEFAZ answers, assembled as text so neither part is re-serialised (the
// signature stays verifiable byte for byte), like the NF-e's nfeProc (notasfiscais/nota-sefaz-xml.ts):
// mdfeProc = MDFe exactly as signed + protMDFe exactly as received (procMDFe_v3.00.xsd);
// procEventoMDFe = eventoMDFe as signed + retEventoMDFe as received (procEventoMDFe_v3.00.xsd).

const DECLARACAO = '<?xml version="1.0" encoding="UTF-8"?>';

/** protMDFe / retEventoMDFe as received may carry the namespace or inherit it: both are kept as is. */
export function montaMdfeProc(mdfeAssinado: string, protMDFe: string): string {
  return `${DECLARACAO}<mdfeProc xmlns="${NS_MDFE}" versao="3.00">${semDeclaracao(mdfeAssinado).trim()}${semDeclaracao(protMDFe).trim()}</mdfeProc>`;
}

export function montaProcEventoMdfe(eventoAssinado: string, retEventoMDFe: string): string {
  return `${DECLARACAO}<procEventoMDFe xmlns="${NS_MDFE}" versao="3.00">${semDeclaracao(eventoAssinado).trim()}${semDeclaracao(retEventoMDFe).trim()}</procEventoMDFe>`;
}
