import { z } from 'zod';
import { AUTH_NAME_MAX, AUTH_PASSWORD_MAX, authEmail, authMessages } from './auth.schema.ts';

// Request bodies of the GoTrue-compatible /auth/v1 endpoints, as @supabase/auth-js sends them.
// Unknown keys (gotrue_meta_security, code_challenge, ...) are dropped. The password minimum is
// not checked here: a short password is GoTrue's 422 weak_password, decided by the service.
const wirePassword = z.string().max(AUTH_PASSWORD_MAX, authMessages.passwordTooLong);
const userData = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 4000, 'Dados do usuário muito grandes')
  .optional();

export const goTrueSignupBody = z.object({
  email: authEmail,
  password: wirePassword,
  data: userData,
});

export const goTruePasswordGrantBody = z.object({ email: authEmail, password: wirePassword });

export const goTrueRefreshGrantBody = z.object({ refresh_token: z.string().min(1).max(200) });

export const goTrueRecoverBody = z.object({ email: authEmail });

export const goTrueUpdateUserBody = z.object({
  password: wirePassword.optional(),
  email: z.string().optional(),
  data: userData,
});

export const goTrueVerifyQuery = z.object({
  token: z.string().max(200).default(''),
  type: z.string().max(20).default(''),
  redirect_to: z.string().max(2000).optional(),
});

/** `?redirect_to=` of POST /signup and POST /recover (honoured only for allowed origins). */
export const goTrueRedirectQuery = z.object({ redirect_to: z.string().max(2000).optional() });

export const goTrueLogoutQuery = z.object({
  scope: z.enum(['global', 'local', 'others']).default('global'),
});

/** The user's display name sent at sign-up (`data.name`), trimmed and bounded. */
export function signupDisplayName(data: Record<string, unknown> | undefined): string {
  const name = typeof data?.name === 'string' ? data.name.trim() : '';
  return name.slice(0, AUTH_NAME_MAX);
}
