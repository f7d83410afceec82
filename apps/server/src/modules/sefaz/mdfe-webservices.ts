import type { FormaSoap } from './soap.ts';
import type { Ambiente } from './webservices.ts';

// Web-service addresses of the MDF-e 3.00. Every UF is authorised by SVRS (Sefaz Virtual do RS):
// production https://mdfe.svrs.rs.gov.br/ws/<Servico>/<Servico>.asmx, homologação
// https://mdfe-homologacao.svrs.rs.gov.br/ws/<Servico>/<Servico>.asmx (Portal do MDF-e's service list,
// dfe-portal.svrs.rs.gov.br/Mdfe/Servicos, as republished by nfephp-org/sped-mdfe storage/wsmdfe_3.00.xml).
// SOAP 1.2; the request in <mdfeDadosMsg xmlns="http://www.portalfiscal.inf.br/mdfe/wsdl/<Servico>">,
// the answer in <<operação>Result> of the same namespace (mdfeRecepcaoResult, mdfeConsultaMDFResult…,
// as the WSDLs name them), the optional header <mdfeCabecMsg> with cUF and versaoDados (optional
// since MOC 3.00b, 2022: sent anyway, it is what says which UF a status / não-encerrados query is for).
//
// SEFAZ_URL_OVERRIDE (tests, the local double) replaces every address by `${override}/SVRS/${servico}`,
// as the NF-e table does.

export const SERVICOS_MDFE = [
  'MDFeRecepcaoSinc',
  'MDFeConsulta',
  'MDFeStatusServico',
  'MDFeRecepcaoEvento',
  'MDFeConsNaoEnc',
] as const;
export type ServicoMdfe = (typeof SERVICOS_MDFE)[number];

/** The SOAP operation (method) of each service, as in the WSDLs. */
export const OPERACAO_MDFE: Record<ServicoMdfe, string> = {
  MDFeRecepcaoSinc: 'mdfeRecepcao',
  MDFeConsulta: 'mdfeConsultaMDF',
  MDFeStatusServico: 'mdfeStatusServicoMDF',
  MDFeRecepcaoEvento: 'mdfeRecepcaoEvento',
  MDFeConsNaoEnc: 'mdfeConsNaoEnc',
};

/** The MDF-e layout version (versaoDados of the header, versao of every message). */
export const VERSAO_MDFE = '3.00';

export const namespaceServicoMdfe = (s: ServicoMdfe) => `http://www.portalfiscal.inf.br/mdfe/wsdl/${s}`;

/** How a service speaks SOAP; `cUF` (the emitente's UF) goes in the header — none without it. */
export function formaSoapMdfe(servico: ServicoMdfe, cUF?: string): FormaSoap {
  const ns = namespaceServicoMdfe(servico);
  return {
    namespace: ns,
    acao: `${ns}/${OPERACAO_MDFE[servico]}`,
    dados: 'mdfeDadosMsg',
    resultado: `${OPERACAO_MDFE[servico]}Result`,
    cabecalho:
      cUF &&
      `<mdfeCabecMsg xmlns="${ns}"><cUF>${cUF}</cUF><versaoDados>${VERSAO_MDFE}</versaoDados></mdfeCabecMsg>`,
  };
}

const BASE: Record<Ambiente, string> = {
  producao: 'https://mdfe.svrs.rs.gov.br/ws',
  homologacao: 'https://mdfe-homologacao.svrs.rs.gov.br/ws',
};

/** The only MDF-e authoriser. */
export const AUTORIZADOR_MDFE = 'SVRS';

/** The address of one MDF-e service; with `override` (SEFAZ_URL_OVERRIDE) `${override}/SVRS/${servico}`. */
export function urlServicoMdfe(opts: {
  ambiente: Ambiente;
  servico: ServicoMdfe;
  override?: string;
}): string {
  if (opts.override) return `${opts.override.replace(/\/$/, '')}/${AUTORIZADOR_MDFE}/${opts.servico}`;
  return `${BASE[opts.ambiente]}/${opts.servico}/${opts.servico}.asmx`;
}
