import { z } from 'zod';
import { UFS } from '../cadastros/brasil.ts';
import { isValidCnpj, isValidCpf } from '../documentos.ts';
import { dataOpcional } from '../estoque/campos.ts';
import { listQuerySchema, uuidParam } from '../list-params.ts';
import { validaChave } from '../nfe/chave.ts';
import { MAXIMO_UFS_PERCURSO } from './percurso-uf.ts';
import { STATUS_MDFE } from './status-mdfe.ts';

// Bodies of the MDF-e API (issue 33): emission options, cancelamento, encerramento, inclusão de
// condutor, inclusão de DF-e. The percurso's border check needs UFIni/UFFim, known only from the
// plan: the route runs validaPercurso after parsing.

const uf = z.enum(UFS, { error: 'UF inválida' });
const codigoMunicipio = z
  .string({ error: 'Informe o município' })
  .trim()
  .regex(/^\d{7}$/, 'Código IBGE do município inválido (7 dígitos)');
const digitos = (v: string) => v.replace(/\D/g, '');
const cpf = z
  .string({ error: 'Informe o CPF' })
  .trim()
  .refine((v) => isValidCpf(v), 'CPF inválido')
  .transform(digitos);
const documento = z
  .string({ error: 'Informe o CPF ou CNPJ' })
  .trim()
  .refine((v) => isValidCpf(v) || isValidCnpj(v), 'CPF ou CNPJ inválido')
  .transform((v) => v.toUpperCase().replace(/[^0-9A-Z]/g, ''));

/** tpCarga (Resolução ANTT 5.849/2019): 05 = carga geral, the distributor's usual. */
export const TIPOS_CARGA_MDFE = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
] as const;
export const tipoCargaMdfeLabels: Record<(typeof TIPOS_CARGA_MDFE)[number], string> = {
  '01': 'Granel sólido',
  '02': 'Granel líquido',
  '03': 'Frigorificada',
  '04': 'Conteinerizada',
  '05': 'Carga geral',
  '06': 'Neogranel',
  '07': 'Perigosa (granel sólido)',
  '08': 'Perigosa (granel líquido)',
  '09': 'Perigosa (carga frigorificada)',
  '10': 'Perigosa (conteinerizada)',
  '11': 'Perigosa (carga geral)',
  '12': 'Granel pressurizada',
};

export const produtoPredominanteSchema = z.object({
  tpCarga: z.enum(TIPOS_CARGA_MDFE, { error: 'Tipo de carga inválido' }),
  xProd: z
    .string({ error: 'Informe o produto' })
    .trim()
    .min(1, 'Informe o produto')
    .max(120, 'No máximo 120 caracteres'),
  cEAN: z
    .string()
    .trim()
    .regex(/^(SEM GTIN|\d{8}|\d{12,14})$/, 'GTIN inválido')
    .optional(),
  NCM: z
    .string()
    .trim()
    .regex(/^(\d{2}|\d{8})$/, 'NCM inválido (8 dígitos)')
    .optional(),
});
export type ProdutoPredominante = z.output<typeof produtoPredominanteSchema>;

export const seguroMdfeSchema = z.object({
  /** 1 = emitente do MDF-e, 2 = contratante do transporte. */
  respSeg: z.enum(['1', '2'], { error: 'Responsável pelo seguro inválido' }),
  /** CPF/CNPJ of the responsible when respSeg = 2. */
  responsavelDocumento: documento.optional(),
  seguradoraNome: z.string().trim().min(1).max(30, 'No máximo 30 caracteres').optional(),
  seguradoraCnpj: z
    .string()
    .trim()
    .refine((v) => isValidCnpj(v), 'CNPJ da seguradora inválido')
    .transform((v) => v.toUpperCase().replace(/[^0-9A-Z]/g, ''))
    .optional(),
  nApol: z.string().trim().min(1).max(20, 'No máximo 20 caracteres').optional(),
  nAver: z.array(z.string().trim().min(1).max(40, 'No máximo 40 caracteres')).max(100).default([]),
});
export type SeguroMdfe = z.output<typeof seguroMdfeSchema>;

/** POST …/mdfe (emission options; everything optional: the plan's defaults apply). */
export const emissaoMdfeSchema = z.object({
  /** Per UF de descarregamento when the load makes several MDF-e; UFs crossed, in order. */
  percursos: z
    .array(
      z.object({
        ufFim: uf,
        percurso: z.array(uf).max(MAXIMO_UFS_PERCURSO, `No máximo ${MAXIMO_UFS_PERCURSO} UFs`),
      }),
    )
    .optional(),
  produtoPredominante: produtoPredominanteSchema.optional(),
  seguro: seguroMdfeSchema.optional(),
  /** Planned start of the trip, ISO with offset. */
  dhIniViagem: z.iso.datetime({ offset: true, error: 'Data e hora inválidas' }).optional(),
});
export type EmissaoMdfeInput = z.output<typeof emissaoMdfeSchema>;

export const cancelamentoMdfeSchema = z.object({
  xJust: z
    .string({ error: 'Informe a justificativa' })
    .trim()
    .min(15, 'Descreva o motivo do cancelamento (ao menos 15 caracteres).')
    .max(255, 'No máximo 255 caracteres'),
});
export type CancelamentoMdfeInput = z.output<typeof cancelamentoMdfeSchema>;

export const encerramentoMdfeSchema = z.object({
  dtEnc: z.iso.date({ error: 'Data inválida' }),
  codigoMunicipio,
  uf,
});
export type EncerramentoMdfeInput = z.output<typeof encerramentoMdfeSchema>;

export const inclusaoCondutorSchema = z.object({
  xNome: z
    .string({ error: 'Informe o nome' })
    .trim()
    .min(2, 'Informe o nome')
    .max(60, 'No máximo 60 caracteres'),
  cpf,
});
export type InclusaoCondutorInput = z.output<typeof inclusaoCondutorSchema>;

const chaveNfe = z
  .string({ error: 'Informe a chave' })
  .trim()
  .transform((v) => v.toUpperCase().replace(/[^0-9A-Z]/g, ''))
  .refine((v) => validaChave(v) === null && v.slice(20, 22) === '55', 'Chave de NF-e inválida');

export const inclusaoDfeSchema = z.object({
  codigoMunicipioCarregamento: codigoMunicipio,
  documentos: z
    .array(z.object({ codigoMunicipioDescarga: codigoMunicipio, chNFe: chaveNfe }))
    .min(1, 'Informe ao menos uma nota')
    .max(990, 'No máximo 990 notas por evento'),
});
export type InclusaoDfeInput = z.output<typeof inclusaoDfeSchema>;

/** GET /api/expedicao/mdfe — q: número, chave (or part), placa, número da carga. */
export const mdfeListQuerySchema = listQuerySchema(['data', 'numero', 'status'], 'data', {
  status: z.enum(STATUS_MDFE, { error: 'Situação inválida' }).optional(),
  carga_id: uuidParam.optional(),
  de: dataOpcional('Data inicial').optional(),
  ate: dataOpcional('Data final').optional(),
});
export type MdfeListQuery = z.output<typeof mdfeListQuerySchema>;
