import { SignedXml } from 'xml-crypto';

// Signing of NF-e documents (NFe, evento, inutNFe) as the 4.00 schemas require: XMLDSig enveloped
// over the element that carries the Id (infNFe / infEvento / infInut), C14N 2001 (inclusive, no
// comments), RSA-SHA1, SHA1 digest, transforms enveloped-signature + C14N, Reference URI "#Id",
// the signer's X509Certificate in KeyInfo. The Signature is appended right after the signed element
// (inside NFe / evento / inutNFe). The private key is only used here — never logged or returned.

export type TagAssinada = 'infNFe' | 'infEvento' | 'infInut';

export type OpcoesAssinatura = {
  tag: TagAssinada;
  /** PEM of the A1 private key (PKCS#1 or PKCS#8). */
  keyPem: string;
  /** PEM of the signer's certificate (only the leaf goes in KeyInfo). */
  certPem: string;
};

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

export const assinadorMensagens = {
  semElemento: (tag: string) => `O XML não tem o elemento ${tag} a assinar.`,
  semId: (tag: string) => `O elemento ${tag} não tem o atributo Id.`,
  certificado: 'O certificado digital não pôde ser lido para a assinatura.',
} as const;

export class AssinaturaErro extends Error {}

/** The base64 body of the first certificate of a PEM (the leaf). */
function certBase64(certPem: string): string {
  const m = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(certPem);
  if (!m?.[1]) throw new AssinaturaErro(assinadorMensagens.certificado);
  return m[1].replace(/\s+/g, '');
}

/**
 * Signs `xml` over the element `tag` (by its Id attribute) and returns the signed document as text.
 * The input must not carry an XML declaration other than the one it wants kept; the output keeps
 * the input's bytes outside the appended Signature.
 */
export function assinaXml(xml: string, opcoes: OpcoesAssinatura): string {
  const { tag, keyPem, certPem } = opcoes;
  const tagRe = new RegExp(`<${tag}[\\s>/]`);
  if (!tagRe.test(xml)) throw new AssinaturaErro(assinadorMensagens.semElemento(tag));
  const id = new RegExp(`<${tag}[^>]*\\sId="([^"]+)"`).exec(xml)?.[1];
  if (!id) throw new AssinaturaErro(assinadorMensagens.semId(tag));
  const cert = certBase64(certPem);
  const sig = new SignedXml({
    privateKey: keyPem,
    canonicalizationAlgorithm: C14N,
    signatureAlgorithm: RSA_SHA1,
    getKeyInfoContent: () => `<X509Data><X509Certificate>${cert}</X509Certificate></X509Data>`,
  });
  // the signed element sits at most three levels down (NFe/infNFe, inutNFe/infInut,
  // envEvento/evento/infEvento): absolute paths, not a scan of every descendant of a 50-item note
  const caminho = (cond: string) =>
    [1, 2, 3].map((n) => `${'/*'.repeat(n - 1)}/*[local-name(.)='${tag}'${cond}]`).join(' | ');
  sig.addReference({
    xpath: caminho(` and @Id='${id}'`),
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: SHA1,
    uri: `#${id}`,
    isEmptyUri: false,
  });
  // xml-crypto reads the Id attribute ("Id" is among its default id attributes)
  sig.computeSignature(xml, {
    location: { reference: caminho(''), action: 'after' },
  });
  return sig.getSignedXml();
}
