import { createSign } from 'node:crypto';

// infMDFeSupl/qrCodMDFe (MOC MDF-e 3.00a, NT 2019.001): the SVRS consultation URL with the chave
// and the environment — the same address for every UF, since SVRS authorises every MDF-e:
//   https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=<chave>&tpAmb=<1|2>
// In contingência (tpEmis 2) the URL also carries &sign=<the chave signed with the emitter's
// certificate: RSA-SHA1 over the 44 characters, base64> so the fiscal checkpoint can check a
// manifesto SEFAZ has not seen yet. The schema pattern admits exactly this shape.

export const URL_QRCODE_MDFE = 'https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode';

/** RSA-SHA1 signature of the chave's text with the A1's private key, base64. */
export function assinaturaQrCodeMdfe(chave: string, chavePrivadaPem: string): string {
  return createSign('RSA-SHA1').update(chave, 'utf8').sign(chavePrivadaPem, 'base64');
}

/** The QR code's text (not yet XML-escaped). `chavePrivadaPem` is required for tpEmis 2. */
export function urlQrCodeMdfe(
  chave: string,
  tpAmb: '1' | '2',
  tpEmis: '1' | '2',
  chavePrivadaPem?: string,
): string {
  const base = `${URL_QRCODE_MDFE}?chMDFe=${chave}&tpAmb=${tpAmb}`;
  if (tpEmis !== '2') return base;
  if (!chavePrivadaPem)
    throw new Error('MDF-e em contingência: o QR Code exige a assinatura da chave com o certificado.');
  return `${base}&sign=${assinaturaQrCodeMdfe(chave, chavePrivadaPem)}`;
}
