import { z } from 'zod';
import { onlyDigits, UFS, type Uf } from '../cadastros/brasil.ts';
import { ativo, optionalRef, requiredText, versao } from '../cadastros/campos.ts';
import { Decimal } from '../decimal.ts';
import {
  CODIGOS_COM_ST,
  CODIGOS_ICMS_PROPRIO,
  CODIGOS_REDUCAO,
  CRTS,
  CSOSNS,
  CSOSNS_CREDITO,
  CSTS_IBS_CBS,
  CSTS_IBS_CBS_SEM_VALOR,
  CSTS_ICMS,
  CSTS_IPI,
  CSTS_IPI_ENTRADA,
  CSTS_IPI_TRIBUTADOS,
  CSTS_PIS_COFINS,
  CSTS_PIS_COFINS_ENTRADA,
  CSTS_PIS_COFINS_NT,
  CSTS_PIS_COFINS_SAIDA,
  OPERACOES_FISCAIS,
  operacaoFiscalLabels,
  SENTIDOS_DA_OPERACAO,
  SENTIDOS_NF,
  type SentidoNf,
  TIPOS_DESTINATARIO,
  temSt,
  usaAliquotaIcms,
  usaCsosn,
} from './dominios.ts';
import { percentualOpcional, percentualZero } from './percentuais.ts';

// A rule of the tabela de tributação (screen /estoque/tabela-tributacao, module `tributacao`).
// One rule is one row of `regras_tributacao`; the field names below are its columns:
//   id, descricao, ativa,
//   match:  operacao, sentido, crt, produto_id | ncm_prefixo, uf_origem, destino, tipo_destinatario
//   gives:  cfop; cst_icms | csosn, p_icms, p_red_bc, p_fcp, p_cred_sn;
//           p_mva_st, ajusta_mva, p_icms_st, p_red_bc_st, p_fcp_st; p_icms_uf_dest, p_fcp_uf_dest;
//           cst_ipi, c_enq, p_ipi; cst_pis, p_pis, cst_cofins, p_cofins;
//           cst_ibs_cbs, c_class_trib, p_ibs_uf, p_ibs_mun, p_cbs, p_red_aliq
//   versao (optimistic concurrency, on update)
// Percentages are numeric(7,4) text ("18.0000"); a null rate means "automático": the engine takes
// it from the reference data (internal rate of the UF, Senate interstate rate, regime's PIS/COFINS,
// 2026 IBS/CBS). A null match field means "qualquer". Fields that do not apply to the chosen codes
// are cleared (a form switching CST may leave them filled).

export const DESTINOS_ESCOPO = ['interna', 'interestadual'] as const;
/** null: any destination; 'interna' / 'interestadual'; or one UF. */
export type DestinoRegra = (typeof DESTINOS_ESCOPO)[number] | Uf;

export const destinoLabels: Record<(typeof DESTINOS_ESCOPO)[number], string> = {
  interna: 'Operação interna',
  interestadual: 'Operação interestadual',
};

const doTributo = (tributo: 'PIS' | 'COFINS') => (tributo === 'PIS' ? 'do PIS' : 'da COFINS');

export const tributacaoMensagens = {
  produtoOuNcm: 'Informe o produto ou o prefixo de NCM, não os dois',
  ncmPrefixo: 'Prefixo de NCM deve ter de 2 a 8 dígitos',
  sentidoDaOperacao: (operacao: string) => `${operacao} é sempre uma saída`,
  cfopFormato: 'CFOP deve ter 4 dígitos',
  cfopInvalido: 'CFOP inválido',
  cfopSaida: 'CFOP de saída começa com 5 (operação interna) ou 6 (interestadual)',
  cfopEntrada: 'CFOP de entrada começa com 1 (operação interna) ou 2 (interestadual)',
  cfopInterna: (digito: string) => `CFOP de operação interna começa com ${digito}`,
  cfopInterestadual: (digito: string) => `CFOP de operação interestadual começa com ${digito}`,
  informeCsosn: 'Informe o CSOSN (empresa do Simples Nacional)',
  semCsosn: 'CSOSN é só para o Simples Nacional (CRT 1 ou 4): informe o CST',
  informeCst: 'Informe o CST do ICMS',
  semCst: 'Empresa do Simples Nacional (CRT 1 ou 4) usa CSOSN, não CST',
  aliquotaInterestadual:
    'Operação interestadual usa a alíquota da Resolução do Senado (4, 7 ou 12 %): deixe a alíquota em branco',
  informeReducao: 'Informe o percentual de redução da base de cálculo',
  reducaoMenorQue100: 'Redução da base de cálculo deve ser menor que 100 %',
  informeMva: 'Informe a MVA da substituição tributária',
  informeCreditoSn: 'Informe a alíquota do crédito do Simples Nacional',
  cstIpiSentido: (sentido: SentidoNf) =>
    sentido === 'saida' ? 'CST do IPI de saída: 50 a 55 ou 99' : 'CST do IPI de entrada: 00 a 05 ou 49',
  cEnq: 'Código de enquadramento do IPI deve ter 3 dígitos',
  cstPisCofinsSentido: (tributo: 'PIS' | 'COFINS', sentido: SentidoNf) =>
    `CST ${doTributo(tributo)} inválido para uma ${sentido === 'saida' ? 'saída' : 'entrada'}`,
  informeAliquotaDiferenciada: (tributo: 'PIS' | 'COFINS') =>
    `Informe a alíquota ${doTributo(tributo)} (alíquota diferenciada)`,
  informeClassTrib: 'Informe a classificação tributária (cClassTrib)',
  informeCstIbsCbs: 'Informe o CST do IBS/CBS',
  classTribFormato: 'cClassTrib deve ter 6 dígitos',
  classTribDoCst: (cst: string) => `cClassTrib deve começar pelo CST do IBS/CBS (${cst})`,
  informeReducaoIbsCbs: 'Informe o percentual de redução das alíquotas do IBS e da CBS',
  regraNaoEncontrada: 'Regra de tributação não encontrada',
} as const;

const nuloSeVazio = (v: unknown) => (v === '' || v === undefined ? null : v);

const ncmPrefixo = z.preprocess(
  nuloSeVazio,
  z
    .string({ error: tributacaoMensagens.ncmPrefixo })
    .transform(onlyDigits)
    .refine((v) => v.length >= 2 && v.length <= 8, tributacaoMensagens.ncmPrefixo)
    .nullable(),
);

const ufOpcional = (label: string) =>
  z.preprocess(nuloSeVazio, z.enum(UFS, { error: `${label} inválida` }).nullable());

const destino = z.preprocess(
  nuloSeVazio,
  z.union([z.enum(DESTINOS_ESCOPO), z.enum(UFS)], { error: 'Destino inválido' }).nullable(),
);

const codigo = <T extends readonly [string, ...string[]]>(valores: T, mensagem: string) =>
  z.preprocess(nuloSeVazio, z.enum(valores, { error: mensagem }).nullable());

const digitos = (tamanho: number, mensagem: string) =>
  z
    .string({ error: mensagem })
    .trim()
    .transform(onlyDigits)
    .refine((v) => v.length === tamanho, mensagem);

const regraFields = {
  descricao: requiredText(120, 'Descrição', 'Descrição é obrigatória'),
  ativa: ativo,

  operacao: z.enum(OPERACOES_FISCAIS, { error: 'Operação inválida' }),
  sentido: z.enum(SENTIDOS_NF, { error: 'Sentido inválido' }).default('saida'),
  crt: z.enum(CRTS, { error: 'Regime tributário (CRT) inválido' }),
  produto_id: optionalRef('Produto'),
  ncm_prefixo: ncmPrefixo,
  uf_origem: ufOpcional('UF de origem'),
  destino,
  tipo_destinatario: z.preprocess(
    nuloSeVazio,
    z.enum(TIPOS_DESTINATARIO, { error: 'Tipo de destinatário inválido' }).nullable(),
  ),

  cfop: z
    .string({ error: 'CFOP é obrigatório' })
    .trim()
    .min(1, 'CFOP é obrigatório')
    .transform(onlyDigits)
    .refine((v) => /^\d{4}$/.test(v), tributacaoMensagens.cfopFormato),

  cst_icms: codigo(CSTS_ICMS, 'CST do ICMS inválido'),
  csosn: codigo(CSOSNS, 'CSOSN inválido'),
  p_icms: percentualOpcional('Alíquota do ICMS'),
  p_red_bc: percentualZero('Redução da base de cálculo'),
  p_fcp: percentualOpcional('Percentual do FCP', { genero: 'o' }),
  p_cred_sn: percentualOpcional('Alíquota do crédito do Simples Nacional'),

  p_mva_st: percentualOpcional('MVA', { max: '999.9999' }),
  /** Adjust the MVA between states (MVA ajustada); the Simples Nacional never adjusts. */
  ajusta_mva: z.boolean({ error: 'Valor inválido' }).default(true),
  p_icms_st: percentualOpcional('Alíquota do ICMS-ST'),
  p_red_bc_st: percentualZero('Redução da base de cálculo do ICMS-ST'),
  p_fcp_st: percentualOpcional('Percentual do FCP-ST', { genero: 'o' }),

  p_icms_uf_dest: percentualOpcional('Alíquota interna da UF de destino'),
  p_fcp_uf_dest: percentualOpcional('Percentual do FCP da UF de destino', { genero: 'o' }),

  cst_ipi: codigo(CSTS_IPI, 'CST do IPI inválido'),
  c_enq: z.preprocess((v) => nuloSeVazio(v) ?? '999', digitos(3, tributacaoMensagens.cEnq)),
  p_ipi: percentualZero('Alíquota do IPI'),

  cst_pis: z.enum(CSTS_PIS_COFINS, { error: 'CST do PIS inválido' }),
  p_pis: percentualOpcional('Alíquota do PIS'),
  cst_cofins: z.enum(CSTS_PIS_COFINS, { error: 'CST da COFINS inválido' }),
  p_cofins: percentualOpcional('Alíquota da COFINS'),

  cst_ibs_cbs: codigo(CSTS_IBS_CBS, 'CST do IBS/CBS inválido'),
  c_class_trib: z.preprocess(nuloSeVazio, digitos(6, tributacaoMensagens.classTribFormato).nullable()),
  p_ibs_uf: percentualOpcional('Alíquota do IBS estadual'),
  p_ibs_mun: percentualOpcional('Alíquota do IBS municipal'),
  p_cbs: percentualOpcional('Alíquota da CBS'),
  /** gRed.pRedAliq of IBS and CBS (CST 200): the same reduction on the three rates. */
  p_red_aliq: percentualZero('Redução das alíquotas do IBS e da CBS'),
};

type RegraCampos = z.output<z.ZodObject<typeof regraFields>>;

/** The ICMS code of the rule: its CST or its CSOSN. */
function codigoIcms(v: Pick<RegraCampos, 'cst_icms' | 'csosn'>): string | null {
  return v.cst_icms ?? v.csosn;
}

/** Whether the rule describes an interstate operation (null when it does not say). */
export function regraInterestadual(v: Pick<RegraCampos, 'destino' | 'uf_origem'>): boolean | null {
  if (v.destino === 'interna') return false;
  if (v.destino === 'interestadual') return true;
  if (v.destino !== null && v.uf_origem !== null) return v.destino !== v.uf_origem;
  return null;
}

function regraRules(v: RegraCampos, ctx: z.RefinementCtx) {
  const issue = (path: keyof RegraCampos, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const m = tributacaoMensagens;

  if (v.produto_id !== null && v.ncm_prefixo !== null) issue('ncm_prefixo', m.produtoOuNcm);
  if (!SENTIDOS_DA_OPERACAO[v.operacao].includes(v.sentido))
    issue('sentido', m.sentidoDaOperacao(operacaoFiscalLabels[v.operacao]));

  // CFOP: 5/6 on exits, 1/2 on entries; the second digit… are groups of the CFOP table.
  if (/^\d{4}$/.test(v.cfop)) {
    const [interno, interestadual] = v.sentido === 'saida' ? ['5', '6'] : ['1', '2'];
    const primeiro = v.cfop[0] as string;
    const inter = regraInterestadual(v);
    if (v.cfop.endsWith('00')) issue('cfop', m.cfopInvalido);
    else if (primeiro !== interno && primeiro !== interestadual)
      issue('cfop', v.sentido === 'saida' ? m.cfopSaida : m.cfopEntrada);
    else if (inter === false && primeiro !== interno) issue('cfop', m.cfopInterna(interno));
    else if (inter === true && primeiro !== interestadual) issue('cfop', m.cfopInterestadual(interestadual));
  }

  if (usaCsosn(v.crt)) {
    if (v.csosn === null) issue('csosn', m.informeCsosn);
    if (v.cst_icms !== null) issue('cst_icms', m.semCst);
  } else {
    if (v.cst_icms === null) issue('cst_icms', m.informeCst);
    if (v.csosn !== null) issue('csosn', m.semCsosn);
  }

  const icms = codigoIcms(v);
  if (icms !== null) {
    if (v.p_icms !== null && regraInterestadual(v) === true && usaAliquotaIcms(icms, v.p_mva_st))
      issue('p_icms', m.aliquotaInterestadual);
    if ((icms === '20' || icms === '70') && Decimal.of(v.p_red_bc).isZero())
      issue('p_red_bc', m.informeReducao);
    if (Decimal.of(v.p_red_bc).gte(100)) issue('p_red_bc', m.reducaoMenorQue100);
    if (Decimal.of(v.p_red_bc_st).gte(100)) issue('p_red_bc_st', m.reducaoMenorQue100);
    if (CODIGOS_COM_ST.includes(icms) && v.p_mva_st === null) issue('p_mva_st', m.informeMva);
    if ((icms === '101' || icms === '201') && v.p_cred_sn === null) issue('p_cred_sn', m.informeCreditoSn);
  }

  if (v.cst_ipi !== null) {
    const entrada = (CSTS_IPI_ENTRADA as readonly string[]).includes(v.cst_ipi);
    if (entrada !== (v.sentido === 'entrada')) issue('cst_ipi', m.cstIpiSentido(v.sentido));
  }

  const cstsSentido: readonly string[] =
    v.sentido === 'saida' ? CSTS_PIS_COFINS_SAIDA : CSTS_PIS_COFINS_ENTRADA;
  if (!cstsSentido.includes(v.cst_pis)) issue('cst_pis', m.cstPisCofinsSentido('PIS', v.sentido));
  if (!cstsSentido.includes(v.cst_cofins)) issue('cst_cofins', m.cstPisCofinsSentido('COFINS', v.sentido));
  if (v.cst_pis === '02' && v.p_pis === null) issue('p_pis', m.informeAliquotaDiferenciada('PIS'));
  if (v.cst_cofins === '02' && v.p_cofins === null)
    issue('p_cofins', m.informeAliquotaDiferenciada('COFINS'));

  if (v.cst_ibs_cbs !== null && v.c_class_trib === null) issue('c_class_trib', m.informeClassTrib);
  if (v.cst_ibs_cbs === null && v.c_class_trib !== null) issue('cst_ibs_cbs', m.informeCstIbsCbs);
  if (v.cst_ibs_cbs !== null && v.c_class_trib !== null && !v.c_class_trib.startsWith(v.cst_ibs_cbs))
    issue('c_class_trib', m.classTribDoCst(v.cst_ibs_cbs));
  if (v.cst_ibs_cbs === '200' && Decimal.of(v.p_red_aliq).isZero())
    issue('p_red_aliq', m.informeReducaoIbsCbs);
}

/** Clears what the chosen codes do not use, so the row holds only what applies. */
function soAplicavel<T extends RegraCampos>(v: T): T {
  const icms = codigoIcms(v) ?? '';
  const proprio = CODIGOS_ICMS_PROPRIO.includes(icms);
  const st = temSt(icms, v.p_mva_st);
  const ipi = v.cst_ipi !== null && CSTS_IPI_TRIBUTADOS.includes(v.cst_ipi);
  const ibsCbs = v.cst_ibs_cbs !== null && !CSTS_IBS_CBS_SEM_VALOR.includes(v.cst_ibs_cbs);
  return {
    ...v,
    ncm_prefixo: v.produto_id !== null ? null : v.ncm_prefixo,
    p_icms: usaAliquotaIcms(icms, v.p_mva_st) ? v.p_icms : null,
    p_red_bc: CODIGOS_REDUCAO.includes(icms) ? v.p_red_bc : '0.0000',
    p_fcp: proprio ? v.p_fcp : null,
    p_cred_sn: CSOSNS_CREDITO.includes(icms) ? v.p_cred_sn : null,
    p_mva_st: st ? v.p_mva_st : null,
    ajusta_mva: st ? v.ajusta_mva : true,
    p_icms_st: st ? v.p_icms_st : null,
    p_red_bc_st: st ? v.p_red_bc_st : '0.0000',
    p_fcp_st: st ? v.p_fcp_st : null,
    p_icms_uf_dest: proprio ? v.p_icms_uf_dest : null,
    p_fcp_uf_dest: proprio ? v.p_fcp_uf_dest : null,
    c_enq: v.cst_ipi !== null ? v.c_enq : '999',
    p_ipi: ipi ? v.p_ipi : '0.0000',
    p_pis: CSTS_PIS_COFINS_NT.includes(v.cst_pis) ? null : v.p_pis,
    p_cofins: CSTS_PIS_COFINS_NT.includes(v.cst_cofins) ? null : v.p_cofins,
    p_ibs_uf: ibsCbs ? v.p_ibs_uf : null,
    p_ibs_mun: ibsCbs ? v.p_ibs_mun : null,
    p_cbs: ibsCbs ? v.p_cbs : null,
    p_red_aliq: v.cst_ibs_cbs === '200' ? v.p_red_aliq : '0.0000',
  };
}

/** POST /api/tributacao/regras. */
export const regraTributacaoSchema = z.object(regraFields).superRefine(regraRules).transform(soAplicavel);
/** PUT /api/tributacao/regras/:id: the same plus the version read. */
export const regraTributacaoUpdateSchema = z
  .object({ ...regraFields, versao })
  .superRefine(regraRules)
  .transform(soAplicavel);
export type RegraTributacaoInput = z.input<typeof regraTributacaoSchema>;
export type RegraTributacaoDados = z.output<typeof regraTributacaoSchema>;

/** What the engine reads: a row of regras_tributacao. */
export type RegraTributacao = RegraTributacaoDados & { id: string };
