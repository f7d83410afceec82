import { z } from 'zod';
import { ativo, requiredText, versao } from '../cadastros/campos.ts';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import { TIPOS_LOCAL, type TipoLocal } from './locais.ts';
import { CASAS_DECIMAIS_MAX } from './unidades.ts';

// The stock registers: unidades, grupos de estoque, categorias and locais de estoque.

/** A unit symbol (UN, CX, KG, L, FD, PC…): upper case letters and digits, up to 6. */
export const siglaUnidade = (label = 'Unidade') =>
  z
    .string({ error: `${label} é obrigatória` })
    .trim()
    .toUpperCase()
    .min(1, `${label} é obrigatória`)
    .max(6, `${label} deve ter no máximo 6 caracteres`)
    .regex(/^[A-Z0-9]+$/, `${label} deve ter apenas letras e números`);

const casasDecimais = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Casas decimais inválidas' })
    .int('Casas decimais devem ser um número inteiro')
    .min(0, `Casas decimais devem ser de 0 a ${CASAS_DECIMAIS_MAX}`)
    .max(CASAS_DECIMAIS_MAX, `Casas decimais devem ser de 0 a ${CASAS_DECIMAIS_MAX}`),
);

const unidadeFields = {
  sigla: siglaUnidade('Sigla'),
  descricao: requiredText(60, 'Descrição', 'Descrição é obrigatória'),
  casas_decimais: casasDecimais,
  ativo,
};
export const unidadeCreateSchema = z.object(unidadeFields);
export const unidadeUpdateSchema = z.object({ ...unidadeFields, versao });
export type UnidadeInput = z.input<typeof unidadeCreateSchema>;

const codigoNome = {
  codigo: requiredText(20, 'Código'),
  nome: requiredText(100, 'Nome'),
  ativo,
};
export const grupoEstoqueCreateSchema = z.object(codigoNome);
export const grupoEstoqueUpdateSchema = z.object({ ...codigoNome, versao });
export const categoriaCreateSchema = z.object(codigoNome);
export const categoriaUpdateSchema = z.object({ ...codigoNome, versao });
export type GrupoEstoqueInput = z.input<typeof grupoEstoqueCreateSchema>;
export type CategoriaInput = z.input<typeof categoriaCreateSchema>;

export const localMensagens = {
  avariaPadraoSaida: 'Um local de avaria / quarentena não pode ser o padrão de saída',
  inativoPadrao: 'Um local inativo não pode ser padrão de entrada ou de saída',
} as const;

const localFields = {
  ...codigoNome,
  tipo: z.enum(TIPOS_LOCAL, { error: 'Tipo de local inválido' }).default('deposito'),
  padrao_entrada: z.boolean({ error: 'Valor inválido' }).default(false),
  padrao_saida: z.boolean({ error: 'Valor inválido' }).default(false),
};

function localRules(
  v: { tipo: TipoLocal; padrao_entrada: boolean; padrao_saida: boolean; ativo: boolean },
  ctx: z.RefinementCtx,
) {
  if (v.tipo === 'avaria' && v.padrao_saida)
    ctx.addIssue({ code: 'custom', path: ['padrao_saida'], message: localMensagens.avariaPadraoSaida });
  if (!v.ativo && (v.padrao_entrada || v.padrao_saida))
    ctx.addIssue({ code: 'custom', path: ['ativo'], message: localMensagens.inativoPadrao });
}
/** The server keeps at most one default per direction (setting a new one clears the old). */
export const localCreateSchema = z.object(localFields).superRefine(localRules);
export const localUpdateSchema = z.object({ ...localFields, versao }).superRefine(localRules);
export type LocalInput = z.input<typeof localCreateSchema>;

export const UNIDADE_SORTS = ['sigla', 'descricao', 'casas_decimais'] as const;
export const unidadesListQuerySchema = listQuerySchema(UNIDADE_SORTS, 'sigla', {
  ativo: booleanParam.optional(),
});
export const CODIGO_NOME_SORTS = ['codigo', 'nome', 'created_at'] as const;
export const gruposEstoqueListQuerySchema = listQuerySchema(CODIGO_NOME_SORTS, 'nome', {
  ativo: booleanParam.optional(),
});
export const categoriasListQuerySchema = gruposEstoqueListQuerySchema;
export const LOCAL_SORTS = ['codigo', 'nome', 'tipo', 'created_at'] as const;
export const locaisListQuerySchema = listQuerySchema(LOCAL_SORTS, 'nome', {
  ativo: booleanParam.optional(),
  tipo: z.enum(TIPOS_LOCAL, { error: 'Tipo de local inválido' }).optional(),
});

type Registro = { id: string; ativo: boolean; versao: number; created_at: string; updated_at: string };
export type UnidadeRow = Registro & { sigla: string; descricao: string; casas_decimais: number };
export type GrupoEstoqueRow = Registro & { codigo: string; nome: string };
export type CategoriaRow = Registro & { codigo: string; nome: string };
export type LocalRow = Registro & {
  codigo: string;
  nome: string;
  tipo: TipoLocal;
  padrao_entrada: boolean;
  padrao_saida: boolean;
};
