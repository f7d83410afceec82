import { AuthUnknownError, isAuthError, isAuthRetryableFetchError } from '@supabase/auth-js';

/**
 * The authentication service's own message for an error it answered (wrong password, rate limit,
 * weak password...), or null for the unexpected (network down, server failure, a thrown bug),
 * which the screens replace with their "Tente novamente" text.
 */
export function serviceMessage(error: unknown): string | null {
  if (!isAuthError(error)) return null;
  if (isAuthRetryableFetchError(error) || error instanceof AuthUnknownError) return null;
  return error.message || null;
}

/** The GoTrue error code (e.g. "invalid_credentials"), when the service sent one. */
export function serviceCode(error: unknown): string | undefined {
  return isAuthError(error) ? error.code : undefined;
}
