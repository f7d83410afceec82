import forge from 'node-forge';

// Reading an A1 certificate (.pfx/.p12) with node-forge. The files the ICP-Brasil ACs deliver encrypt
// the certificates with RC2-40 and the key with 3DES (PKCS#12 "legacy"), which OpenSSL 3 — hence
// node:crypto — refuses without its legacy provider; forge reads those and the modern (PBES2/AES) ones.
// No database here: the service stores what this answers, encrypted.

export const certificadoMensagens = {
  senhaIncorreta: 'Senha do certificado incorreta.',
  invalido: 'Arquivo não é um certificado A1 (.pfx/.p12) válido.',
  semChave: 'O certificado não traz chave privada.',
  semCertificado: 'O arquivo não traz o certificado da chave privada.',
} as const;

export class CertificadoInvalido extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CertificadoInvalido';
  }
}

export type CertificadoLido = {
  keyPem: string;
  certPem: string;
  /** The other certificates of the file (the ACs), PEM. */
  chainPem: string[];
  /** The subject's CN without the ":CNPJ" suffix ICP-Brasil adds. */
  titular: string;
  /** From the otherName 2.16.76.1.3.3 of subjectAltName, else from the CN ("RAZAO:CNPJ"); null when neither. */
  cnpj: string | null;
  /** The issuer's CN. */
  emissor: string;
  /** ISO instants. */
  valido_de: string;
  valido_ate: string;
  /** Hex, upper case. */
  numero_serie: string;
};

export const OID_ICP_CNPJ = '2.16.76.1.3.3';

const { asn1, pki } = forge;

function nomeComum(attrs: forge.pki.CertificateField[]): string {
  const cn = attrs.find((a) => a.shortName === 'CN' || a.name === 'commonName');
  return cn ? String(cn.value) : '';
}

/** The CNPJ of the otherName 2.16.76.1.3.3 (OCTET STRING, PrintableString or UTF8String). */
export function cnpjDoOtherName(cert: forge.pki.Certificate): string | null {
  const ext = cert.getExtension('subjectAltName') as { value?: string } | undefined;
  if (!ext?.value || typeof ext.value !== 'string') return null;
  let nomes: forge.asn1.Asn1;
  try {
    nomes = asn1.fromDer(ext.value);
  } catch {
    return null;
  }
  for (const nome of (nomes.value as forge.asn1.Asn1[]) ?? []) {
    if (nome.tagClass !== asn1.Class.CONTEXT_SPECIFIC || nome.type !== 0 || !Array.isArray(nome.value))
      continue;
    const [oid, valor] = nome.value;
    if (!oid || typeof oid.value !== 'string' || asn1.derToOid(oid.value) !== OID_ICP_CNPJ) continue;
    // value [0] EXPLICIT <string type>
    const interno = Array.isArray(valor?.value) ? valor.value[0] : undefined;
    if (!interno || typeof interno.value !== 'string') continue;
    const texto = forge.util.decodeUtf8(interno.value).trim();
    if (texto) return texto.toUpperCase();
  }
  return null;
}

function chaveDoCertificado(key: forge.pki.rsa.PrivateKey, cert: forge.pki.Certificate): boolean {
  const pub = cert.publicKey as forge.pki.rsa.PublicKey;
  return Boolean(pub?.n?.equals(key.n) && pub.e.equals(key.e));
}

export function lePfx(arquivo: Buffer | Uint8Array, senha: string): CertificadoLido {
  let p12: forge.pkcs12.Pkcs12Pfx;
  let der: forge.asn1.Asn1;
  try {
    // BER from some Windows exports, trailing bytes from some ACs: be lenient (the types miss the options form)
    const fromDer = asn1.fromDer as unknown as (b: forge.util.ByteStringBuffer, o: object) => forge.asn1.Asn1;
    der = fromDer(forge.util.createBuffer(Buffer.from(arquivo).toString('binary')), {
      strict: false,
      parseAllBytes: false,
    });
  } catch {
    throw new CertificadoInvalido(certificadoMensagens.invalido);
  }
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(der, false, senha);
  } catch (err) {
    const msg = err instanceof Error ? err.message : '';
    if (/MAC could not be verified|Invalid password/i.test(msg)) {
      throw new CertificadoInvalido(certificadoMensagens.senhaIncorreta);
    }
    // Without a MAC, a wrong password shows as garbage in the decrypted bags.
    throw new CertificadoInvalido(certificadoMensagens.invalido);
  }

  const bags = (tipo: string) =>
    (p12.getBags({ bagType: tipo })[tipo] ?? []) as Array<{
      key?: forge.pki.PrivateKey;
      cert?: forge.pki.Certificate;
    }>;
  const chaves = [...bags(pki.oids.pkcs8ShroudedKeyBag as string), ...bags(pki.oids.keyBag as string)]
    .map((b) => b.key)
    .filter((k): k is forge.pki.rsa.PrivateKey => Boolean(k && (k as forge.pki.rsa.PrivateKey).n));
  const certs = bags(pki.oids.certBag as string)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  if (chaves.length === 0) throw new CertificadoInvalido(certificadoMensagens.semChave);
  if (certs.length === 0) throw new CertificadoInvalido(certificadoMensagens.invalido);

  let key: forge.pki.rsa.PrivateKey | undefined;
  let cert: forge.pki.Certificate | undefined;
  for (const k of chaves) {
    cert = certs.find((c) => chaveDoCertificado(k, c));
    if (cert) {
      key = k;
      break;
    }
  }
  if (!key || !cert) throw new CertificadoInvalido(certificadoMensagens.semCertificado);

  const cn = nomeComum(cert.subject.attributes);
  const separador = cn.lastIndexOf(':');
  const titular = separador > 0 ? cn.slice(0, separador).trim() : cn.trim();
  const cnpjCn =
    separador > 0
      ? cn
          .slice(separador + 1)
          .trim()
          .toUpperCase()
      : '';
  const cnpj = cnpjDoOtherName(cert) ?? (/^[0-9A-Z]{14}$/.test(cnpjCn) ? cnpjCn : null);

  return {
    keyPem: pki.privateKeyToPem(key),
    certPem: pki.certificateToPem(cert),
    chainPem: certs.filter((c) => c !== cert).map((c) => pki.certificateToPem(c)),
    titular,
    cnpj,
    emissor: nomeComum(cert.issuer.attributes),
    valido_de: cert.validity.notBefore.toISOString(),
    valido_ate: cert.validity.notAfter.toISOString(),
    numero_serie: cert.serialNumber.toUpperCase(),
  };
}
