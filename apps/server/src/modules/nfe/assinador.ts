import { C14nCanonicalization, findAncestorNs, SignedXml } from 'xml-crypto';

// Signing of NF-e documents (NFe, evento, inutNFe) as the 4.00 schemas require: XMLDSig enveloped
// over the element that carries the Id (infNFe / infEvento / infInut), C14N 2001 (inclusive, no
// comments), RSA-SHA1, SHA1 digest, transforms enveloped-signature + C14N, Reference URI "#Id",
// the signer's X509Certificate in KeyInfo. The Signature is appended right after the signed element
// (inside NFe / evento / inutNFe). The private key is only used here — never logged or returned.

export type TagAssinada = 'infNFe' | 'infEvento' | 'infInut' | 'infMDFe';

export type OpcoesAssinatura = {
  tag: TagAssinada;
  /** PEM of the A1 private key (PKCS#1 or PKCS#8). */
  keyPem: string;
  /** PEM of the signer's certificate (only the leaf goes in KeyInfo). */
  certPem: string;
  /** Tests only: plain SignedXml, without the two replacements of aceleraAssinatura (same bytes). */
  xmlCryptoPuro?: boolean;
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

// --- speed (issue 19 bench: one 50-item note, ~2,000 elements) ---------------------------------
// Profiled (`node --cpu-prof`), xml-crypto 6.3 spent ~57 ms CPU per 50-item note, of which the
// RSA signature itself is ~1 ms. Three steps of SignedXml scale with the whole note and do nothing
// for an NF-e, so this signer replaces exactly those three on its own instance (xml-crypto still
// parses, builds SignedInfo/Reference/KeyInfo, digests, signs and serialises the Signature):
//  1. canonicalize() deep-copies the referenced element (~20 ms) and scans the copy for comments
//     with XPath, so that the enveloped-signature transform can drop a Signature inside it without
//     touching the document. Here the Signature is placed after infNFe/infEvento/infInut, never
//     inside, so when the element holds no Signature and no comment (checked by a plain DOM walk)
//     the transform has nothing to remove and C14N only reads: canonicalise the element itself.
//     Anything else (a Signature or comment inside, other transforms) takes xml-crypto's own path.
//  2. getCanonSignedInfoXml() finds the ancestor namespaces of SignedInfo with the XPath
//     //*[local-name()='SignedInfo'] over the whole document (~12 ms of xpath.js). SignedInfo is
//     the child of the Signature being built: the same lookup from that Signature is the same
//     answer.
//  3. serialize() of the whole document, twice (~9 ms): once before signing for the deprecated
//     getOriginalXmlWithIds(), once for getSignedXml(). Here only the Signature is serialised
//     (getSignatureXml()) and put right after the signed element's end tag in the input text, which
//     is what xml-crypto's location {action: 'after'} does, and keeps the input's bytes.
// Output is byte-identical to plain xml-crypto (assinador.test.ts compares them), and xmlsec1 and
// our verifier accept it. After it, ~25 ms CPU a note, mostly xmldom's parse (~14 ms) and C14N.
// Should a later xml-crypto drop one of these private methods, the instance is left as it is.

type Dom = {
  nodeType: number;
  localName?: string | null;
  namespaceURI?: string | null;
  childNodes?: ArrayLike<Dom>;
};
type CanonOpcoes = Record<string, unknown>;
/** The private parts of SignedXml 6.x this signer replaces (see above). */
type SignedXmlInterno = {
  signatureNode: Dom | null;
  canonicalize(
    transforms: string[],
    node: Dom,
    options: CanonOpcoes,
    flags: { discardComments: boolean },
  ): string;
  getCanonSignedInfoXml(doc: unknown): string;
  getCanonXml(transforms: string[], node: Dom, options?: CanonOpcoes): string;
  serialize(node: Dom): string;
};

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** True when the subtree holds no comment and no ds:Signature (iterative walk, no XPath). */
function semAssinaturaNemComentario(raiz: Dom): boolean {
  const pilha: Dom[] = [raiz];
  while (pilha.length) {
    const n = pilha.pop()!;
    if (n.nodeType === 8) return false;
    if (n.nodeType === 1 && n.localName === 'Signature' && n.namespaceURI === DSIG_NS) return false;
    const filhos = n.childNodes;
    if (filhos) for (let i = 0; i < filhos.length; i++) if (filhos[i]!.nodeType !== 3) pilha.push(filhos[i]!);
  }
  return true;
}

function aceleraAssinatura(sig: SignedXml): SignedXml {
  const interno = sig as unknown as SignedXmlInterno;
  const metodos = [
    interno.canonicalize,
    interno.getCanonSignedInfoXml,
    interno.getCanonXml,
    interno.serialize,
  ];
  if (metodos.some((m) => typeof m !== 'function')) return sig;
  const canonicalizeOriginal = interno.canonicalize.bind(sig);
  interno.canonicalize = (transforms, node, options, flags) => {
    const soEnvelopedC14n = transforms.length === 2 && transforms[0] === ENVELOPED && transforms[1] === C14N;
    if (!soEnvelopedC14n || !semAssinaturaNemComentario(node)) {
      return canonicalizeOriginal(transforms, node, options, flags);
    }
    return new C14nCanonicalization()
      .process(
        node as unknown as Node,
        {
          ...options,
          defaultNsForPrefix: options.defaultNsForPrefix ?? SignedXml.defaultNsForPrefix,
          signatureNode: interno.signatureNode,
        } as never,
      )
      .toString();
  };
  interno.getCanonSignedInfoXml = () => {
    const assinatura = interno.signatureNode;
    const signedInfo = Array.from(assinatura?.childNodes ?? []).filter(
      (n) => n.nodeType === 1 && n.localName === 'SignedInfo',
    );
    if (!assinatura || signedInfo.length !== 1)
      throw new Error('could not find SignedInfo element in the message');
    const ancestorNamespaces = findAncestorNs(
      assinatura as unknown as Document,
      "./*[local-name(.)='SignedInfo']",
    );
    return interno.getCanonXml([C14N], signedInfo[0]!, { ancestorNamespaces });
  };
  const serializeOriginal = interno.serialize.bind(sig);
  interno.serialize = (node) => (node.nodeType === 9 ? '' : serializeOriginal(node));
  return sig;
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
  // end of the signed element's text (the first <tag>, as the location XPath below picks the first)
  const inicio = tagRe.exec(xml)?.index ?? -1;
  const fechamento = xml.indexOf(`</${tag}>`, inicio);
  const fim = fechamento < 0 ? -1 : fechamento + tag.length + 3;
  const rapido = !opcoes.xmlCryptoPuro && fim > 0;
  const novo = rapido ? aceleraAssinatura : (s: SignedXml) => s;
  const sig = novo(
    new SignedXml({
      privateKey: keyPem,
      canonicalizationAlgorithm: C14N,
      signatureAlgorithm: RSA_SHA1,
      getKeyInfoContent: () => `<X509Data><X509Certificate>${cert}</X509Certificate></X509Data>`,
    }),
  );
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
  if (!rapido) return sig.getSignedXml();
  return xml.slice(0, fim) + sig.getSignatureXml() + xml.slice(fim);
}
