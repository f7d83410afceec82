import { AuthClient } from '@supabase/auth-js';

/**
 * The URL fragment the page was opened with, read before the auth client consumes and clears it
 * (e-mail links land on /reset-password#access_token=…&type=recovery).
 */
export const initialLocation =
  typeof window === 'undefined'
    ? { pathname: '', hash: '' }
    : { pathname: window.location.pathname, hash: window.location.hash };

/** The official Supabase Auth client, unchanged, against our GoTrue-compatible /auth/v1. */
export const authClient = new AuthClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: 'plataforma-erp-auth',
  flowType: 'implicit',
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
});
