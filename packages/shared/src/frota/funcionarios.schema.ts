import { z } from 'zod';
import { isValidTelefone, onlyDigits } from '../cadastros/brasil.ts';
import {
  ativo,
  optionalDigits,
  optionalEmail,
  optionalRef,
  requiredText,
  versao,
} from '../cadastros/campos.ts';
import { isValidCpf } from '../documentos.ts';
import { dataOpcional } from '../estoque/campos.ts';
import { filtroVencimentoParam } from '../estoque/validade.ts';
import { booleanParam, listQuerySchema } from '../list-params.ts';
import { escolhaOpcional } from './campos.ts';
import { CATEGORIAS_CNH, type CategoriaCnh, isValidCnh } from './cnh.ts';

// Funcionários of the fleet: drivers, helpers, checkers and pickers that dispatch assigns to
// loads. A driver (motorista) must have a CNH: número, categoria and validade.

export const FUNCOES = ['motorista', 'ajudante', 'conferente', 'separador', 'outro'] as const;
export type Funcao = (typeof FUNCOES)[number];
export const funcaoLabels: Record<Funcao, string> = {
  motorista: 'Motorista',
  ajudante: 'Ajudante',
  conferente: 'Conferente',
  separador: 'Separador',
  outro: 'Outro',
};

export const funcionarioMensagens = {
  cnhObrigatoria: 'Obrigatório para motorista',
  cnhIncompleta: 'Informe número, categoria e validade da CNH',
  cpfDuplicado: 'Já existe um funcionário com este CPF.',
  cnhDuplicada: 'Já existe um funcionário com esta CNH.',
  usuarioDuplicado: 'Este usuário já está vinculado a outro funcionário.',
  usuarioNaoEncontrado: 'Usuário não encontrado',
} as const;

const funcionarioFields = {
  nome: requiredText(100, 'Nome'),
  cpf: z
    .string({ error: 'CPF é obrigatório' })
    .trim()
    .min(1, 'CPF é obrigatório')
    .refine((v) => v === '' || isValidCpf(v), 'CPF inválido')
    .transform(onlyDigits),
  funcao: z.enum(FUNCOES, { error: 'Função inválida' }),
  telefone: optionalDigits(isValidTelefone, 'Telefone inválido'),
  email: optionalEmail('E-mail'),
  data_admissao: dataOpcional('Data de admissão'),
  cnh_numero: optionalDigits(isValidCnh, 'Número da CNH inválido'),
  cnh_categoria: escolhaOpcional(CATEGORIAS_CNH, 'Categoria da CNH inválida'),
  cnh_validade: dataOpcional('Validade da CNH'),
  /** Optional link to the employee's user account. */
  user_id: optionalRef('Usuário'),
  ativo,
};

type CnhCampos = {
  funcao: Funcao;
  cnh_numero: string | null;
  cnh_categoria: CategoriaCnh | null;
  cnh_validade: string | null;
};

/** A driver needs the whole CNH; anyone else may leave it empty, but not half filled. */
function cnhRules(v: CnhCampos, ctx: z.RefinementCtx) {
  const campos = ['cnh_numero', 'cnh_categoria', 'cnh_validade'] as const;
  const algum = campos.some((c) => v[c] !== null);
  if (v.funcao !== 'motorista' && !algum) return;
  for (const c of campos) {
    if (v[c] !== null) continue;
    const message =
      v.funcao === 'motorista' ? funcionarioMensagens.cnhObrigatoria : funcionarioMensagens.cnhIncompleta;
    ctx.addIssue({ code: 'custom', path: [c], message });
  }
}

export const funcionarioCreateSchema = z.object(funcionarioFields).superRefine(cnhRules);
export const funcionarioUpdateSchema = z.object({ ...funcionarioFields, versao }).superRefine(cnhRules);
export type FuncionarioInput = z.input<typeof funcionarioCreateSchema>;
export type FuncionarioCreate = z.output<typeof funcionarioCreateSchema>;
export type FuncionarioUpdate = z.output<typeof funcionarioUpdateSchema>;

export const FUNCIONARIO_SORTS = ['nome', 'funcao', 'cnh_validade', 'data_admissao', 'created_at'] as const;
export const funcionariosListQuerySchema = listQuerySchema(FUNCIONARIO_SORTS, 'nome', {
  ativo: booleanParam.optional(),
  funcao: z.enum(FUNCOES, { error: 'Função inválida' }).optional(),
  /** CNH vencida, or expiring within 30/60/90 days. */
  cnh: filtroVencimentoParam.optional(),
});
export type FuncionariosListQuery = z.input<typeof funcionariosListQuerySchema>;

export type FuncionarioRow = {
  id: string;
  nome: string;
  cpf: string;
  funcao: Funcao;
  telefone: string | null;
  email: string | null;
  data_admissao: string | null;
  cnh_numero: string | null;
  cnh_categoria: CategoriaCnh | null;
  cnh_validade: string | null;
  user_id: string | null;
  user_email: string | null;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
};
