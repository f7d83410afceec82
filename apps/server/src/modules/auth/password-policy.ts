import fs from 'node:fs';
import { AUTH_PASSWORD_MIN, authMessages, genericMessages, isBlankPassword } from '@erp/shared';
import { AppError } from '../../lib/errors.ts';

/** Why a new password is refused, as GoTrue names it in `weak_password.reasons`. */
export type WeakReason = 'length' | 'characters' | 'pwned';

export type PasswordWeakness = { reason: WeakReason; message: string };

let common: Set<string> | undefined;

/**
 * The 10,000 most common passwords of at least 8 characters, lower case (data/common-passwords.txt,
 * generated from the ranked list of @zxcvbn-ts/language-common 4.1.3, MIT; see the file's header).
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

/**
 * The rules every new password follows, wherever it is chosen (sign-up, PUT /auth/v1/user — the
 * recovery and invitation screens —, /api/me/senha, user:create): at least 8 characters, not only
 * whitespace, not one of the most common passwords (compared in lower case). Null when it passes.
 */
export function passwordWeakness(password: string): PasswordWeakness | null {
  if (password.length < AUTH_PASSWORD_MIN)
    return { reason: 'length', message: authMessages.passwordTooShort };
  if (isBlankPassword(password)) return { reason: 'characters', message: authMessages.passwordBlank };
  if (commonPasswords().has(password.toLowerCase())) {
    return { reason: 'pwned', message: authMessages.passwordCommon };
  }
  return null;
}

/** GoTrue's answer to a weak password: 422 weak_password with the reasons, pt-BR message. */
export function assertStrongPassword(password: string): void {
  const weak = passwordWeakness(password);
  if (weak) {
    throw new AppError('unprocessable', weak.message, {
      authCode: 'weak_password',
      weak_password: { reasons: [weak.reason] },
    });
  }
}

/** The same rules on an /api form: 400 with the message on the form's password field. */
export function assertStrongPasswordField(password: string, field: string): void {
  const weak = passwordWeakness(password);
  if (weak) {
    throw new AppError('validation_failed', genericMessages.validation, {
      fields: { [field]: [weak.message] },
      weak_password: { reasons: [weak.reason] },
    });
  }
}
