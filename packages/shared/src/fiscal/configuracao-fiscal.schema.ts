import { z } from 'zod';
import {
  IE_ISENTO,
  isValidCep,
  isValidInscricaoEstadual,
  isValidTelefone,
  municipioPorCodigo,
  normalizaIe,
  onlyDigits,
  UFS,
  type Uf,
} from '../cadastros/brasil.ts';
import { optionalText, requiredText } from '../cadastros/campos.ts';
import { isValidCnpj, onlyDocumentChars } from '../documentos.ts';
import { REGIMES_PIS_COFINS } from '../tributacao/data/aliquotas-federais.ts';
import { CRTS } from '../tributacao/dominios.ts';

// The company as NF-e emitente and the other fiscal settings (issue 19, /configuracoes/fiscais).
// Field sizes follow the NF-e 4.00 layout (emit, enderEmit, infRespTec).

export const AMBIENTES_NFE = ['homologacao', 'producao'] as const;
export type AmbienteNfe = (typeof AMBIENTES_NFE)[number];
export const ambienteLabels: Record<AmbienteNfe, string> = {
  homologacao: 'Homologação',
  producao: 'Produção',
};
/** tpAmb of the NF-e: 1 produção, 2 homologação. */
export const tpAmbPorAmbiente: Record<AmbienteNfe, '1' | '2'> = { producao: '1', homologacao: '2' };

/** IBGE code of each UF (the first two digits of its municipalities' codes; cUF of the NF-e). */
export const CODIGO_UF_IBGE: Record<Uf, string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

export const fiscalMensagens = {
  cnpjInvalido: 'CNPJ inválido',
  ieObrigatoria: `Inscrição estadual é obrigatória (ou ${IE_ISENTO})`,
  ieInvalida: (uf: string) => `Inscrição estadual inválida para a UF ${uf}`,
  cnaeInvalido: 'CNAE deve ter 7 dígitos',
  imObrigatoriaComCnae: 'Informe a inscrição municipal junto com o CNAE',
  cepInvalido: 'CEP inválido',
  telefoneInvalido: 'Telefone inválido',
  municipioCodigo: 'Código do município (IBGE) deve ter 7 dígitos',
  municipioNaoEncontrado: 'Município não encontrado na lista do IBGE',
  municipioOutraUf: (uf: string) =>
    `O código do município não pertence à UF ${uf} (deve começar com ${CODIGO_UF_IBGE[uf as Uf] ?? '??'})`,
  idCsrt: 'O identificador do CSRT (idCSRT) tem 2 dígitos',
  csrtSemId: 'Informe o identificador do CSRT (idCSRT) junto com o CSRT',
  idSemCsrt: 'Informe o CSRT junto com o seu identificador',
  confirmarProducao:
    'Mudar para o ambiente de produção exige confirmação: as notas emitidas passam a ter valor fiscal.',
  emitenteNaoConfigurado:
    'Configure o emitente em Configurações fiscais (/configuracoes/fiscais) antes de emitir NF-e.',
  serieRepetida: 'Já existe uma série com este número',
  proximoAbaixoDoUsado: (ultimo: number) =>
    `O próximo número não pode ser menor ou igual a ${ultimo}, o último número já usado nesta série`,
  serieComNotas: 'A série já tem notas: o número da série não pode mudar',
  umaPadrao: 'Só uma série pode ser a padrão',
  padraoInativa: 'A série padrão precisa estar ativa',
} as const;

const cnpj = z
  .string({ error: 'CNPJ é obrigatório' })
  .trim()
  .min(1, 'CNPJ é obrigatório')
  .max(20, fiscalMensagens.cnpjInvalido)
  .transform(onlyDocumentChars)
  .refine(isValidCnpj, fiscalMensagens.cnpjInvalido);

const digitos = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform(onlyDigits)
    .refine((v) => v.length >= min && v.length <= max, message);

const telefoneOpcional = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidTelefone(v), fiscalMensagens.telefoneInvalido)
  .transform((v) => (v === '' ? null : onlyDigits(v)))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const enderecoEmitenteSchema = z.object({
  logradouro: requiredText(60, 'Logradouro'),
  numero: requiredText(60, 'Número'),
  complemento: optionalText(60, 'Complemento'),
  bairro: requiredText(60, 'Bairro'),
  codigo_municipio: z
    .string({ error: fiscalMensagens.municipioCodigo })
    .trim()
    .regex(/^\d{7}$/, fiscalMensagens.municipioCodigo),
  /** Filled from the IBGE list by the code (what the form sends is ignored). */
  municipio: optionalText(60, 'Município'),
  uf: z.enum(UFS, { error: 'UF inválida' }),
  cep: z
    .string({ error: fiscalMensagens.cepInvalido })
    .trim()
    .refine(isValidCep, fiscalMensagens.cepInvalido)
    .transform(onlyDigits),
  telefone: telefoneOpcional,
});

const emitenteCampos = z.object({
  cnpj,
  ie: z
    .string({ error: fiscalMensagens.ieObrigatoria })
    .trim()
    .min(1, fiscalMensagens.ieObrigatoria)
    .max(20, 'Inscrição estadual deve ter no máximo 20 caracteres')
    .transform(normalizaIe),
  im: optionalText(15, 'Inscrição municipal'),
  cnae: z
    .string()
    .trim()
    .transform(onlyDigits)
    .refine((v) => v === '' || v.length === 7, fiscalMensagens.cnaeInvalido)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  crt: z.enum(CRTS, { error: 'Regime tributário (CRT) inválido' }),
  razao_social: requiredText(60, 'Razão social'),
  fantasia: optionalText(60, 'Nome fantasia'),
  endereco: enderecoEmitenteSchema,
});

type EmitenteOut = z.output<typeof emitenteCampos>;

/** Cross-field rules: IE per UF, municipality of the UF (its code begins with the UF's), IM with CNAE. */
export function emitenteRules(v: EmitenteOut, ctx: z.RefinementCtx) {
  const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const uf = v.endereco.uf;
  if (v.ie !== IE_ISENTO && !isValidInscricaoEstadual(v.ie, uf))
    issue(['ie'], fiscalMensagens.ieInvalida(uf));
  if (v.cnae && !v.im) issue(['im'], fiscalMensagens.imObrigatoriaComCnae);
  const m = municipioPorCodigo(v.endereco.codigo_municipio);
  if (!v.endereco.codigo_municipio.startsWith(CODIGO_UF_IBGE[uf]))
    issue(['endereco', 'codigo_municipio'], fiscalMensagens.municipioOutraUf(uf));
  else if (!m) issue(['endereco', 'codigo_municipio'], fiscalMensagens.municipioNaoEncontrado);
}

export const emitenteSchema = emitenteCampos.superRefine(emitenteRules).transform((v) => {
  const m = municipioPorCodigo(v.endereco.codigo_municipio);
  return m ? { ...v, endereco: { ...v.endereco, municipio: m.nome } } : v;
});
export type EmitenteFiscal = z.output<typeof emitenteSchema>;

export const responsavelTecnicoSchema = z
  .object({
    cnpj,
    contato: requiredText(60, 'Contato'),
    email: z
      .string({ error: 'E-mail é obrigatório' })
      .trim()
      .toLowerCase()
      .max(60, 'E-mail deve ter no máximo 60 caracteres')
      .pipe(z.email('E-mail inválido')),
    fone: digitos(6, 14, fiscalMensagens.telefoneInvalido),
    id_csrt: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{2}$/.test(v), fiscalMensagens.idCsrt)
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    /** Write-only: a non-empty value replaces the stored CSRT; absent or '' keeps it. */
    csrt: z
      .string()
      .trim()
      .max(36, 'CSRT deve ter no máximo 36 caracteres')
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** Removes the stored CSRT. */
    remover_csrt: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.csrt && !v.id_csrt)
      ctx.addIssue({ code: 'custom', path: ['id_csrt'], message: fiscalMensagens.csrtSemId });
  });

export const regimeFiscalSchema = z.object({
  regime_pis_cofins: z.enum(REGIMES_PIS_COFINS, { error: 'Regime de PIS/COFINS inválido' }),
  exclui_icms_base_pis_cofins: z.boolean({ error: 'Informe sim ou não' }),
});
export type RegimeFiscal = z.output<typeof regimeFiscalSchema>;

/** PUT /api/fiscal/configuracao. */
export const configuracaoFiscalEntradaSchema = z.object({
  emitente: emitenteSchema,
  ambiente: z.enum(AMBIENTES_NFE, { error: 'Ambiente inválido' }),
  /** Required (true) to switch to produção. */
  confirmar_producao: z.boolean().optional(),
  responsavel_tecnico: responsavelTecnicoSchema.nullable(),
  informacoes_complementares: optionalText(5000, 'Informações complementares'),
  regime: regimeFiscalSchema,
});
export type ConfiguracaoFiscalEntrada = z.input<typeof configuracaoFiscalEntradaSchema>;

// ---------------------------------------------------------------------------------------------
// Séries

export const nfeSerieSchema = z
  .object({
    serie: z
      .number({ error: 'Série é obrigatória' })
      .int('Série deve ser um número inteiro')
      .min(0, 'Série deve estar entre 0 e 999')
      .max(999, 'Série deve estar entre 0 e 999'),
    proximo_numero: z
      .number({ error: 'Próximo número é obrigatório' })
      .int('Próximo número deve ser um número inteiro')
      .min(1, 'Próximo número deve ser ao menos 1')
      .max(999999999, 'Próximo número deve ser no máximo 999.999.999'),
    ativa: z.boolean({ error: 'Informe sim ou não' }).default(true),
    padrao: z.boolean({ error: 'Informe sim ou não' }).default(false),
  })
  .superRefine((v, ctx) => {
    if (v.padrao && !v.ativa)
      ctx.addIssue({ code: 'custom', path: ['padrao'], message: fiscalMensagens.padraoInativa });
  });
export type NfeSerieEntrada = z.input<typeof nfeSerieSchema>;
export const nfeSerieUpdateSchema = z.intersection(
  nfeSerieSchema,
  z.object({
    versao: z.number({ error: 'Versão do registro é obrigatória' }).int().min(1, 'Versão inválida'),
  }),
);

export type NfeSerie = {
  id: string;
  serie: number;
  proximo_numero: number;
  ativa: boolean;
  padrao: boolean;
  versao: number;
  /** The highest number already used by a note of this série (null: none yet). */
  ultimo_numero_usado: number | null;
};

// ---------------------------------------------------------------------------------------------
// What the other modules read (carregaConfiguracaoFiscal) and what the screen shows.

export type ResponsavelTecnico = {
  cnpj: string;
  contato: string;
  email: string;
  fone: string;
  id_csrt: string | null;
  /** Decrypted, for the hashCSRT of infRespTec — server only, never in an API answer. */
  csrt: string | null;
};

export type ConfiguracaoFiscal = {
  emitente: EmitenteFiscal;
  ambiente: AmbienteNfe;
  responsavel_tecnico: ResponsavelTecnico | null;
  informacoes_complementares: string | null;
  regime: RegimeFiscal;
  series: NfeSerie[];
};

/** GET /api/fiscal/configuracao: emitente null until saved once; the CSRT only as "configurado". */
export type ConfiguracaoFiscalResposta = Omit<ConfiguracaoFiscal, 'emitente' | 'responsavel_tecnico'> & {
  emitente: EmitenteFiscal | null;
  responsavel_tecnico: (Omit<ResponsavelTecnico, 'csrt'> & { csrt_configurado: boolean }) | null;
};
