import { z } from 'zod';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import { UFS } from './brasil.ts';
import { optionalInt, versao } from './campos.ts';
import { type PessoaRow, pessoaFields, pessoaRules, resolvePessoa, TIPOS_PESSOA } from './pessoa.schema.ts';

const fornecedorFields = {
  ...pessoaFields,
  /** Average delivery lead time in days. */
  prazo_medio_entrega: optionalInt('Prazo médio de entrega', 0, 365),
};

export const fornecedorCreateSchema = z
  .object(fornecedorFields)
  .superRefine(pessoaRules)
  .transform(resolvePessoa);
export const fornecedorUpdateSchema = z
  .object({ ...fornecedorFields, versao })
  .superRefine(pessoaRules)
  .transform(resolvePessoa);
export type FornecedorInput = z.input<typeof fornecedorCreateSchema>;
export type FornecedorCreate = z.output<typeof fornecedorCreateSchema>;
export type FornecedorUpdate = z.output<typeof fornecedorUpdateSchema>;

export const FORNECEDOR_SORTS = [
  'razao_social',
  'nome_fantasia',
  'documento',
  'municipio',
  'uf',
  'prazo_medio_entrega',
  'created_at',
] as const;

export const fornecedoresListQuerySchema = listQuerySchema(FORNECEDOR_SORTS, 'razao_social', {
  ativo: booleanParam.optional(),
  tipo_pessoa: z.enum(TIPOS_PESSOA, { error: 'Tipo de pessoa inválido' }).optional(),
  uf: z.enum(UFS, { error: 'UF inválida' }).optional(),
});
export type FornecedoresListQuery = z.input<typeof fornecedoresListQuerySchema>;

export type FornecedorRow = PessoaRow & { prazo_medio_entrega: number | null };
