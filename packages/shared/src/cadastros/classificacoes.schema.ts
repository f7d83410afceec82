import { z } from 'zod';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import { municipioPorCodigo, onlyDigits } from './brasil.ts';
import { ativo, optionalText, requiredText, versao } from './campos.ts';

// The customer classifications: grupo empresarial, segmento, região de entrega, situação.

const nomeDescricao = {
  nome: requiredText(100, 'Nome'),
  descricao: optionalText(500, 'Descrição'),
  ativo,
};

export const grupoCreateSchema = z.object(nomeDescricao);
export const grupoUpdateSchema = z.object({ ...nomeDescricao, versao });
export const segmentoCreateSchema = z.object(nomeDescricao);
export const segmentoUpdateSchema = z.object({ ...nomeDescricao, versao });

const situacaoFields = {
  ...nomeDescricao,
  /** The orders module refuses new orders for a customer in a situation that blocks sales. */
  bloqueia_vendas: z.boolean({ error: 'Valor inválido' }).default(false),
};
export const situacaoCreateSchema = z.object(situacaoFields);
export const situacaoUpdateSchema = z.object({ ...situacaoFields, versao });

/** Delivery weekdays: 0 = domingo … 6 = sábado (as Date#getDay). */
export const DIAS_SEMANA = [0, 1, 2, 3, 4, 5, 6] as const;
export const diaSemanaLabels = [
  'Domingo',
  'Segunda',
  'Terça',
  'Quarta',
  'Quinta',
  'Sexta',
  'Sábado',
] as const;

const cep8 = (label: string) =>
  z
    .string({ error: `${label} inválido` })
    .transform(onlyDigits)
    .refine((v) => v.length === 8, `${label} inválido`);

export const faixaCepSchema = z
  .object({ inicio: cep8('CEP inicial'), fim: cep8('CEP final') })
  .refine((f) => f.inicio <= f.fim, { message: 'CEP inicial maior que o final', path: ['fim'] });

const regiaoFields = {
  ...nomeDescricao,
  dias_entrega: z
    .array(z.number().int().min(0).max(6), { error: 'Dias de entrega inválidos' })
    .max(7)
    .default([])
    .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
  /** IBGE codes of the municipalities the region covers. */
  municipios: z
    .array(
      z.string().refine((c) => municipioPorCodigo(c) !== null, 'Município não encontrado na lista do IBGE'),
    )
    .max(1000, 'No máximo 1000 municípios por região')
    .default([])
    .transform((m) => [...new Set(m)]),
  faixas_cep: z.array(faixaCepSchema).max(100, 'No máximo 100 faixas de CEP').default([]),
};
export const regiaoCreateSchema = z.object(regiaoFields);
export const regiaoUpdateSchema = z.object({ ...regiaoFields, versao });

export type GrupoInput = z.input<typeof grupoCreateSchema>;
export type SegmentoInput = z.input<typeof segmentoCreateSchema>;
export type SituacaoInput = z.input<typeof situacaoCreateSchema>;
export type RegiaoInput = z.input<typeof regiaoCreateSchema>;

export const CLASSIFICACAO_SORTS = ['nome', 'created_at'] as const;
export const classificacoesListQuerySchema = listQuerySchema(CLASSIFICACAO_SORTS, 'nome', {
  ativo: booleanParam.optional(),
});
export type ClassificacoesListQuery = z.input<typeof classificacoesListQuerySchema>;

type Base = {
  id: string;
  nome: string;
  descricao: string | null;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};
export type GrupoRow = Base;
export type SegmentoRow = Base;
export type SituacaoRow = Base & { bloqueia_vendas: boolean };
export type RegiaoRow = Base & {
  dias_entrega: number[];
  municipios: string[];
  faixas_cep: { inicio: string; fim: string }[];
};

/** A register as a choice in a select (active ones first; inactive kept so old links show). */
export type Opcao = { id: string; nome: string; ativo: boolean };
