import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthUnknownError,
  AuthWeakPasswordError,
} from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { loginErrorText, recoveryErrorText, resetErrorText, signupErrorText } from './auth-messages.ts';

// The errors as @supabase/auth-js builds them from our server's answers.
const api = (message: string, status: number, code: string) => new AuthApiError(message, status, code);

describe('spec section 8 texts', () => {
  it('sign-in', () => {
    expect(loginErrorText(api('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'E-mail ou senha incorretos',
    );
    expect(loginErrorText(api('Email not confirmed', 400, 'email_not_confirmed'))).toBe(
      'Por favor, confirme seu e-mail antes de fazer login',
    );
    const banned = 'Usuário desativado. Procure o administrador do sistema.';
    expect(loginErrorText(api(banned, 400, 'user_banned'))).toBe(banned);
    const limited = 'Muitas tentativas de login. Tente novamente em 15 minutos.';
    expect(loginErrorText(api(limited, 429, 'over_request_rate_limit'))).toBe(limited);
    expect(loginErrorText(new AuthRetryableFetchError('{}', 503))).toBe(
      'Erro ao fazer login. Tente novamente.',
    );
    expect(loginErrorText(new AuthUnknownError('x', null))).toBe('Erro ao fazer login. Tente novamente.');
    expect(loginErrorText(new TypeError('boom'))).toBe('Erro ao fazer login. Tente novamente.');
  });

  it('sign-up', () => {
    expect(signupErrorText(api('User already registered', 422, 'user_already_exists'))).toBe(
      'Este e-mail já está cadastrado',
    );
    expect(
      signupErrorText(new AuthWeakPasswordError('A senha deve ter no mínimo 8 caracteres', 422, ['length'])),
    ).toBe('A senha deve ter no mínimo 8 caracteres');
    const disabled = 'Novos cadastros estão desabilitados. Solicite um convite ao administrador.';
    expect(signupErrorText(api(disabled, 422, 'signup_disabled'))).toBe(disabled);
    expect(signupErrorText(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      'Erro ao criar conta. Tente novamente.',
    );
  });

  it('recovery and password change', () => {
    const wait = 'Por segurança, aguarde 42 segundos antes de pedir outro e-mail.';
    expect(recoveryErrorText(api(wait, 429, 'over_email_send_rate_limit'))).toBe(wait);
    expect(recoveryErrorText(new AuthRetryableFetchError('{}', 502))).toBe(
      'Erro ao enviar e-mail. Tente novamente.',
    );
    const same = 'A nova senha deve ser diferente da senha atual.';
    expect(resetErrorText(api(same, 422, 'same_password'))).toBe(same);
    expect(resetErrorText(new AuthSessionMissingError())).toBe('Auth session missing!');
    expect(resetErrorText(new AuthRetryableFetchError('{}', 504))).toBe(
      'Erro ao alterar senha. Tente novamente.',
    );
  });
});
