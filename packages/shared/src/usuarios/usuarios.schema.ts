import { z } from 'zod';
import { AUTH_PASSWORD_MAX, authEmail, authPassword } from '../auth/auth.schema.ts';
import { type ListPage, listQuerySchema } from '../list-params.ts';
import { ROLES, type Role } from '../permissions.ts';

/** A user's account status as the users screen shows it. */
export const USUARIO_STATUS = ['convite_pendente', 'aguardando_confirmacao', 'ativo', 'desativado'] as const;
export type UsuarioStatus = (typeof USUARIO_STATUS)[number];

export const usuarioStatusLabels: Record<UsuarioStatus, string> = {
  convite_pendente: 'Convite pendente',
  aguardando_confirmacao: 'Aguardando confirmação',
  ativo: 'Ativo',
  desativado: 'Desativado',
};

/** Invitations use the sign-up e-mail rule (trimmed, valid, at most 255), stored in lower case. */
const email = authEmail.transform((v) => v.toLowerCase());

const nomeCompleto = z
  .string()
  .trim()
  .min(1, 'Nome é obrigatório')
  .max(100, 'Nome deve ter no máximo 100 caracteres');

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const roles = z
  .array(z.enum(ROLES, { error: 'Papel inválido' }))
  .max(ROLES.length)
  .transform((list) => [...new Set(list)].sort() as Role[]);

/** GET /api/usuarios — search, filters, sort and server pagination (state kept in the URL by the web). */
export const usuariosListQuerySchema = listQuerySchema(['nome', 'email', 'ultimo_acesso'], 'nome', {
  /** a role, or "nenhum" for users without any role */
  papel: z.enum([...ROLES, 'nenhum'], { error: 'Papel inválido' }).optional(),
  status: z.enum(USUARIO_STATUS, { error: 'Status inválido' }).optional(),
});
export type UsuariosListQuery = z.input<typeof usuariosListQuerySchema>;

export type UsuarioListItem = {
  id: string;
  email: string;
  nome_completo: string | null;
  cargo: string | null;
  departamento: string | null;
  roles: Role[];
  status: UsuarioStatus;
  last_sign_in_at: string | null;
  invited_at: string | null;
  created_at: string;
};

export type UsuariosPage = ListPage<UsuarioListItem>;

/** POST /api/usuarios — invite someone by e-mail with the roles they will hold. */
export const usuarioConviteSchema = z.object({
  nome_completo: nomeCompleto,
  email,
  roles,
  cargo: optionalText(100, 'Cargo'),
  departamento: optionalText(100, 'Departamento'),
});
export type UsuarioConvite = z.input<typeof usuarioConviteSchema>;

/** PUT /api/usuarios/:id — the admin edits a user's profile (user_profiles). */
export const usuarioUpdateSchema = z.object({
  nome_completo: nomeCompleto,
  cargo: optionalText(100, 'Cargo'),
  departamento: optionalText(100, 'Departamento'),
});
export type UsuarioUpdate = z.input<typeof usuarioUpdateSchema>;

/** PUT /api/usuarios/:id/papeis — the full set of roles the user holds from now on. */
export const usuarioPapeisSchema = z.object({ roles });
export type UsuarioPapeis = z.input<typeof usuarioPapeisSchema>;

export const usuarioIdParamSchema = z.object({ id: z.uuid('Usuário inválido') });

/** Users holding each role (the access-profiles screen). */
export type UsuariosPorPapel = Record<
  Role | 'nenhum',
  { id: string; email: string; nome_completo: string | null; status: UsuarioStatus }[]
>;

/** POST /api/me/senha — change own password, proving the current one. */
export const senhaAlteracaoSchema = z
  .object({
    senha_atual: z.string().min(1, 'Informe a senha atual').max(AUTH_PASSWORD_MAX),
    nova_senha: authPassword,
  })
  .refine((v) => v.nova_senha !== v.senha_atual, {
    path: ['nova_senha'],
    message: 'A nova senha deve ser diferente da atual',
  });
export type SenhaAlteracao = z.input<typeof senhaAlteracaoSchema>;

/** One signed-in device of the current user. */
export type SessaoAtiva = {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  refreshed_at: string;
  atual: boolean;
};
