import { z } from 'zod';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** PUT /api/me — the signed-in user's own profile (user_profiles). */
export const perfilUpdateSchema = z.object({
  nome_completo: z
    .string()
    .trim()
    .min(1, 'Nome é obrigatório')
    .max(100, 'Nome deve ter no máximo 100 caracteres'),
  cargo: optionalText(100, 'Cargo'),
  departamento: optionalText(100, 'Departamento'),
});
export type PerfilUpdate = z.infer<typeof perfilUpdateSchema>;

/**
 * Whom a user without a role asks for access (GET /api/me/administradores): the active
 * administrators' name and e-mail, nothing more.
 */
export type AdministradorContato = { nome: string; email: string };

export type Me = {
  user: { id: string; email: string; user_metadata: Record<string, unknown> };
  profile: { nome_completo: string | null; cargo: string | null; departamento: string | null };
  roles: string[];
};
