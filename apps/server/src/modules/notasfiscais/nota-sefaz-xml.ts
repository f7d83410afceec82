import { dvChave } from '@erp/shared';
import { semDeclaracao } from '../sefaz/soap.ts';

// Text operations on a note's XML around SEFAZ: the nfeProc (the NFe exactly as signed + the
// protNFe exactly as received), the switch of an unsent note to contingência SVC (tpEmis 6/7 with
// dhCont and xJust — the chave changes with tpEmis, so the note is signed again), the duplicatas.

const NS = 'http://www.portalfiscal.inf.br/nfe';

/** nfeProc = NFe + protNFe, both byte for byte (neither is re-serialised). */
export function montaNfeProc(nfeAssinada: string, protNFe: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="${NS}" versao="4.00">${semDeclaracao(nfeAssinada).trim()}${protNFe}</nfeProc>`;
}

/** The NFe without its Signature (to be signed again). */
export const semAssinatura = (xml: string) => xml.replace(/<Signature\b[\s\S]*?<\/Signature>/, '');

const tag = (xml: string, nome: string) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(xml)?.[1] ?? null;

export function digestValue(xml: string): string | null {
  return /<(?:\w+:)?DigestValue>([^<]+)</.exec(xml)?.[1] ?? null;
}

/**
 * The unsigned NFe switched to emission `tpEmis` (1 normal, 6 SVC-AN, 7 SVC-RS): tpEmis, the chave
 * (its tpEmis position and DV), cDV, Id; dhCont + xJust after verProc for 6/7 (removed for 1).
 */
export function trocaTipoEmissao(
  xml: string,
  tpEmis: string,
  cont: { dhCont: string; xJust: string } | null,
): { xml: string; chave: string } {
  const id = /<infNFe\b[^>]*\bId="NFe([0-9A-Z]{44})"/.exec(xml)?.[1];
  if (!id) throw new Error('NFe sem Id');
  const base = `${id.slice(0, 34)}${tpEmis}${id.slice(35, 43)}`;
  const chave = `${base}${dvChave(base)}`;
  let novo = semAssinatura(xml)
    .replace(`Id="NFe${id}"`, `Id="NFe${chave}"`)
    .replace(/<tpEmis>\d<\/tpEmis>/, `<tpEmis>${tpEmis}</tpEmis>`)
    .replace(/<cDV>\d<\/cDV>/, `<cDV>${chave.slice(-1)}</cDV>`)
    .replace(/<dhCont>[^<]*<\/dhCont>/, '')
    .replace(/(<\/verProc>)<xJust>[^<]*<\/xJust>/, '$1');
  if (cont)
    novo = novo.replace(
      '</verProc>',
      `</verProc><dhCont>${cont.dhCont}</dhCont><xJust>${cont.xJust.replace(/[<>&"]/g, ' ')}</xJust>`,
    );
  return { xml: novo, chave };
}

export type DuplicataNota = { nDup: string; dVenc: string; vDup: string };

/** cobr/dup of the note (empty when the note has no cobr: paid at once). */
export function duplicatasDaNota(xml: string): DuplicataNota[] {
  const cobr = /<cobr>([\s\S]*?)<\/cobr>/.exec(xml)?.[1] ?? '';
  return [...cobr.matchAll(/<dup>([\s\S]*?)<\/dup>/g)].map((m) => ({
    nDup: tag(m[1] ?? '', 'nDup') ?? '',
    dVenc: tag(m[1] ?? '', 'dVenc') ?? '',
    vDup: tag(m[1] ?? '', 'vDup') ?? '',
  }));
}

export function valoresDaNota(xml: string): {
  vNF: string;
  dhEmi: string;
  cnpjEmitente: string;
  nNF: string;
} {
  const emit = /<emit>([\s\S]*?)<\/emit>/.exec(xml)?.[1] ?? '';
  return {
    vNF: tag(xml, 'vNF') ?? '0.00',
    dhEmi: tag(xml, 'dhEmi') ?? '',
    cnpjEmitente: tag(emit, 'CNPJ') ?? '',
    nNF: tag(xml, 'nNF') ?? '',
  };
}
