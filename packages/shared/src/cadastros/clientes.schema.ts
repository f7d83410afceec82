import { z } from 'zod';
import { booleanParam, listQuerySchema, uuidParam } from '../list-params.ts';
import { UFS } from './brasil.ts';
import { decimalBR, optionalRef, versao } from './campos.ts';
import { type PessoaRow, pessoaFields, pessoaRules, resolvePessoa, TIPOS_PESSOA } from './pessoa.schema.ts';

const clienteFields = {
  ...pessoaFields,
  vendedor_id: optionalRef('Vendedor'),
  grupo_id: optionalRef('Grupo empresarial'),
  segmento_id: optionalRef('Segmento'),
  regiao_id: optionalRef('Região de entrega'),
  situacao_id: optionalRef('Situação'),
  limite_credito: decimalBR('Limite de crédito', { max: 999_999_999_999 }),
};

/** POST /api/cadastros/clientes (and the create form). */
export const clienteCreateSchema = z.object(clienteFields).superRefine(pessoaRules).transform(resolvePessoa);
/** PUT /api/cadastros/clientes/:id (and the edit form): same fields plus the version read. */
export const clienteUpdateSchema = z
  .object({ ...clienteFields, versao })
  .superRefine(pessoaRules)
  .transform(resolvePessoa);
export type ClienteInput = z.input<typeof clienteCreateSchema>;
export type ClienteCreate = z.output<typeof clienteCreateSchema>;
export type ClienteUpdate = z.output<typeof clienteUpdateSchema>;

export const CLIENTE_SORTS = [
  'razao_social',
  'nome_fantasia',
  'documento',
  'municipio',
  'uf',
  'vendedor',
  'situacao',
  'limite_credito',
  'created_at',
] as const;

export const clientesListQuerySchema = listQuerySchema(CLIENTE_SORTS, 'razao_social', {
  ativo: booleanParam.optional(),
  tipo_pessoa: z.enum(TIPOS_PESSOA, { error: 'Tipo de pessoa inválido' }).optional(),
  uf: z.enum(UFS, { error: 'UF inválida' }).optional(),
  vendedor_id: uuidParam.optional(),
  grupo_id: uuidParam.optional(),
  segmento_id: uuidParam.optional(),
  regiao_id: uuidParam.optional(),
  situacao_id: uuidParam.optional(),
});
export type ClientesListQuery = z.input<typeof clientesListQuerySchema>;

export type ClienteRow = PessoaRow & {
  vendedor_id: string | null;
  vendedor_nome: string | null;
  grupo_id: string | null;
  grupo_nome: string | null;
  segmento_id: string | null;
  segmento_nome: string | null;
  regiao_id: string | null;
  regiao_nome: string | null;
  situacao_id: string | null;
  situacao_nome: string | null;
  situacao_bloqueia_vendas: boolean | null;
  limite_credito: string;
};
