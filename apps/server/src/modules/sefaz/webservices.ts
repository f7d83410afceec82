import { CODIGO_UF_IBGE } from '@erp/shared';

// Web-service addresses of the NF-e 4.00 (modelo 55) per authoriser and ambiente, and which
// authoriser serves each UF — normal and in contingência (SVC). Facts from the Portal Nacional da
// NF-e's list (www.nfe.fazenda.gov.br/portal/webServices.aspx, as republished in 2025): own
// authorisers AM, BA, GO, MG, MS, MT, PE, PR, RS, SP; SVAN for MA; SVRS for AC, AL, AP, CE, DF, ES,
// PA, PB, PI, RJ, RN, RO, RR, SC, SE, TO; SVC-AN for AC, AL, AP, CE, DF, ES, MG, PA, PB, PI, RJ, RN,
// RO, RR, RS, SC, SE, SP, TO; SVC-RS for AM, BA, GO, MA, MS, MT, PE, PR.
//
// SEFAZ_URL_OVERRIDE (tests, the local double) replaces every address by
// `${override}/${autorizador}/${servico}` so one server can play every authoriser.

export type Ambiente = 'producao' | 'homologacao';
/** tpAmb of the XML: 1 produção, 2 homologação. */
export const tpAmbDe = (a: Ambiente) => (a === 'producao' ? '1' : '2');

export const SERVICOS = [
  'NFeAutorizacao4',
  'NFeRetAutorizacao4',
  'NFeConsultaProtocolo4',
  'NFeStatusServico4',
  'NFeRecepcaoEvento4',
  'NFeInutilizacao4',
] as const;
export type Servico = (typeof SERVICOS)[number];

/** The SOAP operation (method) of each service, as in the WSDLs. */
export const OPERACAO: Record<Servico, string> = {
  NFeAutorizacao4: 'nfeAutorizacaoLote',
  NFeRetAutorizacao4: 'nfeRetAutorizacaoLote',
  NFeConsultaProtocolo4: 'nfeConsultaNF',
  NFeStatusServico4: 'nfeStatusServicoNF',
  NFeRecepcaoEvento4: 'nfeRecepcaoEvento',
  NFeInutilizacao4: 'nfeInutilizacaoNF',
};

/** The wsdl namespace of each service (of nfeDadosMsg / nfeResultMsg). */
export const namespaceServico = (s: Servico) => `http://www.portalfiscal.inf.br/nfe/wsdl/${s}`;

export type Autorizador =
  | 'AM'
  | 'BA'
  | 'GO'
  | 'MG'
  | 'MS'
  | 'MT'
  | 'PE'
  | 'PR'
  | 'RS'
  | 'SP'
  | 'SVAN'
  | 'SVRS'
  | 'SVCAN'
  | 'SVCRS';

/** IBGE code (cUF) of each UF (the fiscal settings' table). */
export const CODIGO_UF: Record<string, string> = CODIGO_UF_IBGE;
export const UFS = Object.keys(CODIGO_UF);

const PROPRIOS = ['AM', 'BA', 'GO', 'MG', 'MS', 'MT', 'PE', 'PR', 'RS', 'SP'] as const;
const SVAN = ['MA'];
const SVRS = ['AC', 'AL', 'AP', 'CE', 'DF', 'ES', 'PA', 'PB', 'PI', 'RJ', 'RN', 'RO', 'RR', 'SC', 'SE', 'TO'];
const SVC_RS = ['AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR'];

/** tpEmis of the contingência SVC of each virtual authoriser: 6 SVC-AN, 7 SVC-RS. */
export const TP_EMIS_SVC = { SVCAN: '6', SVCRS: '7' } as const;

/** The authoriser of a UF in normal operation. */
export function autorizadorDaUf(uf: string): Autorizador {
  if ((PROPRIOS as readonly string[]).includes(uf)) return uf as Autorizador;
  if (SVAN.includes(uf)) return 'SVAN';
  if (SVRS.includes(uf)) return 'SVRS';
  throw new Error(`UF desconhecida: ${uf}`);
}

/** The contingency authoriser (SVC) of a UF: SVC-RS for AM BA GO MA MS MT PE PR, SVC-AN for the rest. */
export function autorizadorContingencia(uf: string): 'SVCAN' | 'SVCRS' {
  if (!CODIGO_UF[uf]) throw new Error(`UF desconhecida: ${uf}`);
  return SVC_RS.includes(uf) ? 'SVCRS' : 'SVCAN';
}

type Enderecos = Record<Ambiente, Partial<Record<Servico, string>>>;

/** One base per ambiente and the path of each service under it. */
function enderecos(
  homologacao: string,
  producao: string,
  caminhos: Partial<Record<Servico, string>>,
): Enderecos {
  const montar = (base: string) =>
    Object.fromEntries(Object.entries(caminhos).map(([s, c]) => [s, `${base}${c}`])) as Partial<
      Record<Servico, string>
    >;
  return { homologacao: montar(homologacao), producao: montar(producao) };
}

const ASMX_SVRS = {
  NFeAutorizacao4: '/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
  NFeRetAutorizacao4: '/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
  NFeConsultaProtocolo4: '/ws/NfeConsulta/NfeConsulta4.asmx',
  NFeStatusServico4: '/ws/NfeStatusServico/NfeStatusServico4.asmx',
  NFeRecepcaoEvento4: '/ws/recepcaoevento/recepcaoevento4.asmx',
  NFeInutilizacao4: '/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
} satisfies Record<Servico, string>;

const ASMX_AN = {
  NFeAutorizacao4: '/NFeAutorizacao4/NFeAutorizacao4.asmx',
  NFeRetAutorizacao4: '/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
  NFeConsultaProtocolo4: '/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
  NFeStatusServico4: '/NFeStatusServico4/NFeStatusServico4.asmx',
  NFeRecepcaoEvento4: '/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
  NFeInutilizacao4: '/NFeInutilizacao4/NFeInutilizacao4.asmx',
} satisfies Record<Servico, string>;

/** Java-style endpoints ("…/services/NFeAutorizacao4") under one base. */
const servicosJava = (consulta = 'NFeConsultaProtocolo4', evento = 'NFeRecepcaoEvento4', nfe = 'NFe') =>
  ({
    NFeAutorizacao4: `/${nfe}Autorizacao4`,
    NFeRetAutorizacao4: `/${nfe}RetAutorizacao4`,
    NFeConsultaProtocolo4: `/${consulta}`,
    NFeStatusServico4: `/${nfe}StatusServico4`,
    NFeRecepcaoEvento4: `/${evento}`,
    NFeInutilizacao4: `/${nfe}Inutilizacao4`,
  }) satisfies Record<Servico, string>;

export const WEBSERVICES: Record<Autorizador, Enderecos> = {
  AM: enderecos(
    'https://homnfe.sefaz.am.gov.br/services2/services',
    'https://nfe.sefaz.am.gov.br/services2/services',
    servicosJava('NfeConsulta4', 'RecepcaoEvento4', 'Nfe'),
  ),
  BA: enderecos('https://hnfe.sefaz.ba.gov.br/webservices', 'https://nfe.sefaz.ba.gov.br/webservices', {
    NFeAutorizacao4: '/NFeAutorizacao4/NFeAutorizacao4.asmx',
    NFeRetAutorizacao4: '/NFeRetAutorizacao4/NFeRetAutorizacao4.asmx',
    NFeConsultaProtocolo4: '/NFeConsultaProtocolo4/NFeConsultaProtocolo4.asmx',
    NFeStatusServico4: '/NFeStatusServico4/NFeStatusServico4.asmx',
    NFeRecepcaoEvento4: '/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
    NFeInutilizacao4: '/NFeInutilizacao4/NFeInutilizacao4.asmx',
  }),
  GO: enderecos(
    'https://homolog.sefaz.go.gov.br/nfe/services',
    'https://nfe.sefaz.go.gov.br/nfe/services',
    servicosJava(),
  ),
  MG: enderecos(
    'https://hnfe.fazenda.mg.gov.br/nfe2/services',
    'https://nfe.fazenda.mg.gov.br/nfe2/services',
    servicosJava(),
  ),
  MS: enderecos('https://hom.nfe.sefaz.ms.gov.br/ws', 'https://nfe.sefaz.ms.gov.br/ws', servicosJava()),
  MT: enderecos(
    'https://homologacao.sefaz.mt.gov.br/nfews/v2/services',
    'https://nfe.sefaz.mt.gov.br/nfews/v2/services',
    servicosJava('NfeConsulta4', 'RecepcaoEvento4', 'Nfe'),
  ),
  PE: enderecos(
    'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services',
    'https://nfe.sefaz.pe.gov.br/nfe-service/services',
    servicosJava(),
  ),
  PR: enderecos(
    'https://homologacao.nfe.sefa.pr.gov.br/nfe',
    'https://nfe.sefa.pr.gov.br/nfe',
    servicosJava(),
  ),
  RS: enderecos('https://nfe-homologacao.sefazrs.rs.gov.br', 'https://nfe.sefazrs.rs.gov.br', ASMX_SVRS),
  SP: enderecos('https://homologacao.nfe.fazenda.sp.gov.br/ws', 'https://nfe.fazenda.sp.gov.br/ws', {
    NFeAutorizacao4: '/nfeautorizacao4.asmx',
    NFeRetAutorizacao4: '/nferetautorizacao4.asmx',
    NFeConsultaProtocolo4: '/nfeconsultaprotocolo4.asmx',
    NFeStatusServico4: '/nfestatusservico4.asmx',
    NFeRecepcaoEvento4: '/nferecepcaoevento4.asmx',
    NFeInutilizacao4: '/nfeinutilizacao4.asmx',
  }),
  SVAN: enderecos(
    'https://hom.sefazvirtual.fazenda.gov.br',
    'https://www.sefazvirtual.fazenda.gov.br',
    ASMX_AN,
  ),
  SVRS: enderecos('https://nfe-homologacao.svrs.rs.gov.br', 'https://nfe.svrs.rs.gov.br', ASMX_SVRS),
  // SVC-AN has no inutilização: a number range is inutilized at the UF's own authoriser.
  SVCAN: enderecos('https://hom.svc.fazenda.gov.br', 'https://www.svc.fazenda.gov.br', {
    NFeAutorizacao4: ASMX_AN.NFeAutorizacao4,
    NFeRetAutorizacao4: ASMX_AN.NFeRetAutorizacao4,
    NFeConsultaProtocolo4: ASMX_AN.NFeConsultaProtocolo4,
    NFeStatusServico4: ASMX_AN.NFeStatusServico4,
    NFeRecepcaoEvento4: ASMX_AN.NFeRecepcaoEvento4,
  }),
  SVCRS: enderecos('https://nfe-homologacao.svrs.rs.gov.br', 'https://nfe.svrs.rs.gov.br', ASMX_SVRS),
};

export class ServicoIndisponivel extends Error {}

/**
 * The address of one service for a UF: its normal authoriser, or its SVC when `contingencia`.
 * With `override` (SEFAZ_URL_OVERRIDE) every address is `${override}/${autorizador}/${servico}`.
 */
export function urlServico(opts: {
  uf: string;
  ambiente: Ambiente;
  servico: Servico;
  contingencia?: boolean;
  override?: string;
}): { url: string; autorizador: Autorizador } {
  // inutilização is never done in SVC: it stays with the UF's own authoriser
  const svc = opts.contingencia && opts.servico !== 'NFeInutilizacao4';
  const autorizador = svc ? autorizadorContingencia(opts.uf) : autorizadorDaUf(opts.uf);
  if (opts.override)
    return { url: `${opts.override.replace(/\/$/, '')}/${autorizador}/${opts.servico}`, autorizador };
  const url = WEBSERVICES[autorizador][opts.ambiente][opts.servico];
  if (!url) throw new ServicoIndisponivel(`${opts.servico} não é oferecido por ${autorizador}.`);
  return { url, autorizador };
}
