import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

// Verification of the NF-e's XMLDSig: enveloped signature over infNFe (C14N, RSA-SHA1 in 4.00), the
// signer's X509 certificate in KeyInfo. Three answers: valid, inválida (with the reason) or ausente.
// The certificate's validity (expiry) is reported apart: an NF-e signed in 2017 with a certificate
// that expired in 2018 still has a valid signature.

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const NFE = 'http://www.portalfiscal.inf.br/nfe';

export type CertificadoNfe = {
  titular: string;
  emissor: string;
  valido_de: string;
  valido_ate: string;
  /** Expired (or not yet valid) at the moment of the check. */
  vencido: boolean;
};

export type ResultadoAssinatura =
  | { status: 'valida'; motivo: null; certificado: CertificadoNfe | null }
  | { status: 'invalida'; motivo: string; certificado: CertificadoNfe | null }
  | { status: 'ausente'; motivo: string; certificado: null };

export const assinaturaMensagens = {
  ausente: 'O XML não tem assinatura digital.',
  semInfNFe: 'O XML não tem o grupo infNFe.',
  semReferencia: 'A assinatura não tem Reference.',
  referenciaDiferente: (uri: string, id: string) =>
    `A assinatura referencia "${uri}", diferente do Id do infNFe ("#${id}").`,
  semCertificado: 'A assinatura não traz o certificado (X509Certificate).',
  certificadoIlegivel: 'O certificado da assinatura não pôde ser lido.',
  digest:
    'O conteúdo da nota não confere com o resumo assinado (DigestValue): o XML foi alterado depois de assinado.',
  assinaturaRsa: 'A assinatura (SignatureValue) não confere com o certificado.',
  malformado: 'XML malformado.',
} as const;

function firstNs(doc: Document | Element, ns: string, name: string): Element | null {
  const list = doc.getElementsByTagNameNS(ns, name);
  return list.length ? (list.item(0) as Element) : null;
}

function pem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
}

function leCertificado(base64: string, agora: Date): CertificadoNfe {
  const c = new X509Certificate(pem(base64));
  const de = new Date(c.validFrom);
  const ate = new Date(c.validTo);
  const cn = (dn: string) => /(?:^|\n)CN=([^\n]+)/.exec(dn)?.[1] ?? dn.replace(/\n/g, ', ');
  return {
    titular: cn(c.subject),
    emissor: cn(c.issuer),
    valido_de: de.toISOString(),
    valido_ate: ate.toISOString(),
    vencido: agora < de || agora > ate,
  };
}

/** Verifies the signature of an NF-e (nfeProc or NFe) given as text. */
export function verificaAssinaturaNfe(xml: string, agora = new Date()): ResultadoAssinatura {
  // no Signature element at all: nothing to parse
  if (!/<(?:[\w.-]+:)?Signature[\s>]/.test(xml))
    return { status: 'ausente', motivo: assinaturaMensagens.ausente, certificado: null };
  let doc: Document;
  const erros: string[] = [];
  try {
    doc = new DOMParser({
      errorHandler: { error: (m: string) => erros.push(m), fatalError: (m: string) => erros.push(m) },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return { status: 'invalida', motivo: assinaturaMensagens.malformado, certificado: null };
  }
  if (erros.length || !doc?.documentElement)
    return { status: 'invalida', motivo: assinaturaMensagens.malformado, certificado: null };
  const nfe = firstNs(doc, NFE, 'NFe');
  const inf = firstNs(nfe ?? doc, NFE, 'infNFe');
  // The NF-e's own signature: the Signature child of NFe (not a protocol's or an event's).
  let sig: Element | null = null;
  if (nfe) {
    for (let n = nfe.firstChild; n; n = n.nextSibling) {
      if (
        n.nodeType === 1 &&
        (n as Element).localName === 'Signature' &&
        (n as Element).namespaceURI === DSIG
      ) {
        sig = n as Element;
      }
    }
  }
  if (!sig) return { status: 'ausente', motivo: assinaturaMensagens.ausente, certificado: null };
  const certB64 = firstNs(sig, DSIG, 'X509Certificate')?.textContent ?? '';
  let certificado: CertificadoNfe | null = null;
  if (certB64.trim()) {
    try {
      certificado = leCertificado(certB64, agora);
    } catch {
      return { status: 'invalida', motivo: assinaturaMensagens.certificadoIlegivel, certificado: null };
    }
  }
  if (!inf) return { status: 'invalida', motivo: assinaturaMensagens.semInfNFe, certificado };
  const id = inf.getAttribute('Id') ?? '';
  const refs = sig.getElementsByTagNameNS(DSIG, 'Reference');
  if (refs.length !== 1)
    return { status: 'invalida', motivo: assinaturaMensagens.semReferencia, certificado };
  const uri = (refs.item(0) as Element).getAttribute('URI') ?? '';
  if (uri !== `#${id}`)
    return { status: 'invalida', motivo: assinaturaMensagens.referenciaDiferente(uri, id), certificado };
  if (!certificado) return { status: 'invalida', motivo: assinaturaMensagens.semCertificado, certificado };
  try {
    const signed = new SignedXml({ publicCert: pem(certB64) });
    signed.loadSignature(sig);
    if (signed.checkSignature(xml)) return { status: 'valida', motivo: null, certificado };
    return { status: 'invalida', motivo: assinaturaMensagens.digest, certificado };
  } catch (e) {
    const msg = e instanceof Error ? e.message : '';
    const motivo = /digest/i.test(msg)
      ? assinaturaMensagens.digest
      : /signature/i.test(msg)
        ? assinaturaMensagens.assinaturaRsa
        : `${assinaturaMensagens.assinaturaRsa} (${msg.slice(0, 200)})`;
    return { status: 'invalida', motivo, certificado };
  }
}

/**
 * Verifies the XMLDSig of a signed SEFAZ message element other than the NF-e (infEvento of an
 * evento, infInut of an inutNFe; infMDFe / infEvento of the MDF-e with its namespace): one Signature
 * whose single Reference points at the element's Id, checked with the certificate of its KeyInfo.
 */
export function verificaAssinaturaElemento(
  xml: string,
  tag: 'infEvento' | 'infInut' | 'infMDFe',
  namespace: string = NFE,
): { valida: true } | { valida: false; motivo: string } {
  let doc: Document;
  try {
    doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return { valida: false, motivo: assinaturaMensagens.malformado };
  }
  const inf = doc?.documentElement ? firstNs(doc, namespace, tag) : null;
  const sig = doc?.documentElement ? firstNs(doc, DSIG, 'Signature') : null;
  if (!sig) return { valida: false, motivo: assinaturaMensagens.ausente };
  if (!inf) return { valida: false, motivo: assinaturaMensagens.semReferencia };
  const id = inf.getAttribute('Id') ?? '';
  const refs = sig.getElementsByTagNameNS(DSIG, 'Reference');
  const uri = refs.length === 1 ? ((refs.item(0) as Element).getAttribute('URI') ?? '') : '';
  if (uri !== `#${id}`) return { valida: false, motivo: assinaturaMensagens.referenciaDiferente(uri, id) };
  const certB64 = firstNs(sig, DSIG, 'X509Certificate')?.textContent ?? '';
  if (!certB64.trim()) return { valida: false, motivo: assinaturaMensagens.semCertificado };
  try {
    const signed = new SignedXml({ publicCert: pem(certB64) });
    signed.loadSignature(sig);
    return signed.checkSignature(xml)
      ? { valida: true }
      : { valida: false, motivo: assinaturaMensagens.digest };
  } catch (e) {
    const msg = e instanceof Error ? e.message : '';
    return {
      valida: false,
      motivo: /digest/i.test(msg) ? assinaturaMensagens.digest : assinaturaMensagens.assinaturaRsa,
    };
  }
}
