import { z } from 'zod';
import { isValidCnpj, isValidCpf, onlyDocumentChars } from '../documentos.ts';
import {
  IE_ISENTO,
  isValidCep,
  isValidInscricaoEstadual,
  isValidTelefone,
  municipioPorCodigo,
  normalizaIe,
  UFS,
} from './brasil.ts';
import { ativo, optionalDigits, optionalEmail, optionalText, requiredText } from './campos.ts';

// Identity, tax, contact and address fields shared by clientes and fornecedores.

export const TIPOS_PESSOA = ['F', 'J'] as const;
export type TipoPessoa = (typeof TIPOS_PESSOA)[number];
export const tipoPessoaLabels: Record<TipoPessoa, string> = { F: 'Pessoa física', J: 'Pessoa jurídica' };

/** ICMS-contributor indicator of the NF-e recipient (indIEDest). */
export const INDICADORES_IE = ['1', '2', '9'] as const;
export type IndicadorIe = (typeof INDICADORES_IE)[number];
export const indicadorIeLabels: Record<IndicadorIe, string> = {
  '1': '1 - Contribuinte do ICMS',
  '2': '2 - Contribuinte isento de inscrição',
  '9': '9 - Não contribuinte',
};

export const pessoaMessages = {
  cpfInvalido: 'CPF inválido',
  cnpjInvalido: 'CNPJ inválido',
  documentoObrigatorio: 'CPF/CNPJ é obrigatório',
  ieInvalida: (uf: string) => `Inscrição estadual inválida para a UF ${uf}`,
  ieSemUf: 'Informe a UF para validar a inscrição estadual',
  ieObrigatoria: 'Contribuinte do ICMS exige inscrição estadual',
  ieIsento: `Contribuinte isento: a inscrição estadual deve ser ${IE_ISENTO}`,
  cepInvalido: 'CEP inválido',
  telefoneInvalido: 'Telefone inválido',
  municipioNaoEncontrado: 'Município não encontrado na lista do IBGE',
  municipioOutraUf: 'O município não pertence à UF informada',
  municipioSemCodigo: 'Escolha o município na lista',
} as const;

const inscricaoEstadual = z
  .string()
  .trim()
  .max(20, 'Inscrição estadual deve ter no máximo 20 caracteres')
  .transform((v) => (v === '' ? null : normalizaIe(v)))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const pessoaFields = {
  tipo_pessoa: z.enum(TIPOS_PESSOA, { error: 'Tipo de pessoa inválido' }),
  documento: z
    .string({ error: pessoaMessages.documentoObrigatorio })
    .trim()
    .min(1, pessoaMessages.documentoObrigatorio)
    .max(20, 'CPF/CNPJ inválido')
    .transform(onlyDocumentChars),
  razao_social: requiredText(150, 'Razão social / nome', 'Razão social / nome é obrigatório'),
  nome_fantasia: optionalText(150, 'Nome fantasia'),
  inscricao_estadual: inscricaoEstadual,
  indicador_ie: z.enum(INDICADORES_IE, { error: 'Indicador de IE inválido' }).default('9'),
  email: optionalEmail('E-mail'),
  email_nfe: optionalEmail('E-mail para NF-e'),
  telefone: optionalDigits(isValidTelefone, pessoaMessages.telefoneInvalido),
  celular: optionalDigits(isValidTelefone, pessoaMessages.telefoneInvalido),
  cep: optionalDigits(isValidCep, pessoaMessages.cepInvalido),
  logradouro: optionalText(150, 'Logradouro'),
  numero: optionalText(20, 'Número'),
  complemento: optionalText(100, 'Complemento'),
  bairro: optionalText(100, 'Bairro'),
  municipio: optionalText(100, 'Município'),
  codigo_municipio: optionalText(7, 'Código do município'),
  uf: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.enum(UFS, { error: 'UF inválida' }).nullable(),
  ),
  observacoes: optionalText(2000, 'Observações'),
  ativo,
};

type PessoaOut = {
  tipo_pessoa: TipoPessoa;
  documento: string;
  inscricao_estadual: string | null;
  indicador_ie: IndicadorIe;
  municipio: string | null;
  codigo_municipio: string | null;
  uf: string | null;
};

/** Cross-field rules: document per person type, IE per UF and indicator, municipality per UF. */
export function pessoaRules(v: PessoaOut, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.tipo_pessoa === 'F' && !isValidCpf(v.documento)) issue('documento', pessoaMessages.cpfInvalido);
  if (v.tipo_pessoa === 'J' && !isValidCnpj(v.documento)) issue('documento', pessoaMessages.cnpjInvalido);

  const ie = v.inscricao_estadual;
  if (ie && ie !== IE_ISENTO) {
    if (!v.uf) issue('uf', pessoaMessages.ieSemUf);
    else if (!isValidInscricaoEstadual(ie, v.uf))
      issue('inscricao_estadual', pessoaMessages.ieInvalida(v.uf));
  }
  if (v.indicador_ie === '1' && (!ie || ie === IE_ISENTO))
    issue('inscricao_estadual', pessoaMessages.ieObrigatoria);
  if (v.indicador_ie === '2' && ie && ie !== IE_ISENTO) issue('inscricao_estadual', pessoaMessages.ieIsento);

  if (v.codigo_municipio) {
    const m = municipioPorCodigo(v.codigo_municipio);
    if (!m) issue('codigo_municipio', pessoaMessages.municipioNaoEncontrado);
    else if (v.uf && v.uf !== m.uf) issue('codigo_municipio', pessoaMessages.municipioOutraUf);
  } else if (v.municipio) {
    issue('codigo_municipio', pessoaMessages.municipioSemCodigo);
  }
}

/** After the rules: the municipality's official name and UF come from the IBGE list. */
export function resolvePessoa<T extends PessoaOut>(v: T): T {
  const m = municipioPorCodigo(v.codigo_municipio);
  const ie = v.indicador_ie === '2' && !v.inscricao_estadual ? IE_ISENTO : v.inscricao_estadual;
  return m ? { ...v, inscricao_estadual: ie, municipio: m.nome, uf: m.uf } : { ...v, inscricao_estadual: ie };
}

/** Fields every client/supplier row carries in API answers. */
export type PessoaRow = {
  id: string;
  tipo_pessoa: TipoPessoa;
  documento: string;
  razao_social: string;
  nome_fantasia: string | null;
  inscricao_estadual: string | null;
  indicador_ie: IndicadorIe;
  email: string | null;
  email_nfe: string | null;
  telefone: string | null;
  celular: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  municipio: string | null;
  codigo_municipio: string | null;
  uf: string | null;
  observacoes: string | null;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};
