import { z } from 'zod';

// Spec sections 5 and 9: the auth forms' rules and their exact pt-BR messages.
export const AUTH_PASSWORD_MIN = 8;
export const AUTH_EMAIL_MAX = 255;
export const AUTH_NAME_MAX = 100;
/** Longest password accepted at all (argon2 input bound, not a product rule). */
export const AUTH_PASSWORD_MAX = 1000;

export const authMessages = {
  emailInvalid: 'E-mail inválido',
  emailTooLong: `E-mail deve ter no máximo ${AUTH_EMAIL_MAX} caracteres`,
  passwordTooShort: `A senha deve ter no mínimo ${AUTH_PASSWORD_MIN} caracteres`,
  passwordTooLong: `A senha deve ter no máximo ${AUTH_PASSWORD_MAX} caracteres`,
  passwordBlank: 'A senha não pode ser formada só por espaços',
  passwordCommon: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
  nameRequired: 'Nome é obrigatório',
  nameTooLong: `Nome deve ter no máximo ${AUTH_NAME_MAX} caracteres`,
  passwordsDiffer: 'As senhas não coincidem',
} as const;

/** E-mail: trimmed before anything else, valid, at most 255 characters. */
export const authEmail = z
  .string()
  .trim()
  .max(AUTH_EMAIL_MAX, authMessages.emailTooLong)
  .pipe(z.email(authMessages.emailInvalid));

/** A password made only of whitespace (eight spaces pass the length rule, not this one). */
export function isBlankPassword(password: string): boolean {
  return password.length > 0 && password.trim() === '';
}

/**
 * A new password's rules as forms check them. The server also refuses the most common passwords
 * (a list it ships as data), with the message `authMessages.passwordCommon`.
 */
export const authPassword = z
  .string()
  .min(AUTH_PASSWORD_MIN, authMessages.passwordTooShort)
  .max(AUTH_PASSWORD_MAX, authMessages.passwordTooLong)
  .refine((v) => !isBlankPassword(v), authMessages.passwordBlank);

export const loginSchema = z.object({ email: authEmail, password: authPassword });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z
  .object({
    name: z.string().trim().min(1, authMessages.nameRequired).max(AUTH_NAME_MAX, authMessages.nameTooLong),
    email: authEmail,
    password: authPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type SignupInput = z.infer<typeof signupSchema>;

export const recoverySchema = z.object({ email: authEmail });
export type RecoveryInput = z.infer<typeof recoverySchema>;

export const resetPasswordSchema = z
  .object({ password: authPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
