import { AssinaturaErro, assinaXml } from '../../nfe/assinador.ts';
import { validaMdfeXsd } from '../xsd-mdfe.ts';
import { montaMdfe } from './monta-mdfe.ts';
import type { DadosMdfe } from './tipos.ts';

// Signing of the MDF-e: the NF-e's XMLDSig signer (enveloped, C14N 2001, RSA-SHA1, Reference
// "#MDFe<chave>") over infMDFe. TMDFe's order is infMDFe, infMDFeSupl, ds:Signature while the signer
// appends the Signature right after the signed element, so infMDFeSupl is taken out, the document
// signed, and infMDFeSupl put back between </infMDFe> and <Signature> — it is outside the signed
// element, so the signature is the same either way.

export type CertificadoMdfe = { keyPem: string; certPem: string };

const SUPL = /<infMDFeSupl>[\s\S]*?<\/infMDFeSupl>/;

export function assinaMdfe(xml: string, cert: CertificadoMdfe): string {
  const supl = SUPL.exec(xml)?.[0] ?? '';
  const assinado = assinaXml(supl ? xml.replace(supl, '') : xml, { tag: 'infMDFe', ...cert });
  if (!supl) return assinado;
  const fim = assinado.indexOf('</infMDFe>');
  if (fim < 0) throw new AssinaturaErro('O XML não tem o elemento infMDFe a assinar.');
  const corte = fim + '</infMDFe>'.length;
  return assinado.slice(0, corte) + supl + assinado.slice(corte);
}

export class MdfeInvalidoXsd extends Error {
  constructor(readonly erros: string[]) {
    super(`MDF-e inválido pelo schema: ${erros.join('; ')}`);
  }
}

/**
 * Builds, signs and validates (mdfe_v3.00.xsd + the rodo part on the modal schema). Throws
 * MdfeInvalidoXsd with the XSD errors, or MdfeSchemasIndisponiveis without the package.
 */
export function montaAssinaValida(
  dados: DadosMdfe,
  cert: CertificadoMdfe,
  schemasDir: string | undefined,
): { xml: string; chave: string } {
  const { xml, chave } = montaMdfe(dados, { chavePrivadaPem: cert.keyPem });
  const assinado = assinaMdfe(xml, cert);
  const r = validaMdfeXsd(schemasDir, assinado);
  if (!r.valido) throw new MdfeInvalidoXsd(r.erros);
  return { xml: assinado, chave };
}
