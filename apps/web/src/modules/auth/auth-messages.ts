// Relative import: the web unit-test project has no '@' alias.
import { serviceCode, serviceMessage } from '../../lib/auth/auth-errors.ts';

// Spec section 8: the toasts of the public screens, exactly.
export const authToasts = {
  loginOk: 'Login realizado com sucesso!',
  loginInvalid: 'E-mail ou senha incorretos',
  loginUnconfirmed: 'Por favor, confirme seu e-mail antes de fazer login',
  loginUnexpected: 'Erro ao fazer login. Tente novamente.',
  signupOk: 'Cadastro realizado com sucesso! Você já pode fazer login.',
  signupTaken: 'Este e-mail já está cadastrado',
  signupUnexpected: 'Erro ao criar conta. Tente novamente.',
  recoveryOk: 'E-mail de recuperação enviado! Verifique sua caixa de entrada.',
  recoveryUnexpected: 'Erro ao enviar e-mail. Tente novamente.',
  resetOk: 'Senha alterada com sucesso!',
  resetUnexpected: 'Erro ao alterar senha. Tente novamente.',
  invalidLink: 'Link de recuperação inválido ou expirado',
} as const;

export function loginErrorText(error: unknown): string {
  const code = serviceCode(error);
  const message = serviceMessage(error);
  if (code === 'invalid_credentials' || message === 'Invalid login credentials')
    return authToasts.loginInvalid;
  if (code === 'email_not_confirmed' || message === 'Email not confirmed') return authToasts.loginUnconfirmed;
  return message ?? authToasts.loginUnexpected;
}

export function signupErrorText(error: unknown): string {
  const code = serviceCode(error);
  const message = serviceMessage(error);
  if (code === 'user_already_exists' || message === 'User already registered') return authToasts.signupTaken;
  return message ?? authToasts.signupUnexpected;
}

export const recoveryErrorText = (error: unknown) => serviceMessage(error) ?? authToasts.recoveryUnexpected;
export const resetErrorText = (error: unknown) => serviceMessage(error) ?? authToasts.resetUnexpected;
