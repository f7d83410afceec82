import type { Me, Role } from '@erp/shared';
import type { Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';

/**
 * What the rest of the web app knows about the signed-in user. Implemented by AuthProvider
 * (lib/auth/auth-provider.tsx) on top of @supabase/auth-js; roles come from GET /api/me.
 */
export type AuthState = {
  /** true until the first session check finished */
  loading: boolean;
  session: Session | null;
  user: User | null;
  /** roles from user_roles (empty while loading or when loading failed) */
  roles: Role[];
  rolesLoading: boolean;
  /** user_profiles of the signed-in user (from GET /api/me), null while loading or signed out */
  profile: Me['profile'] | null;
  /** re-reads profile and roles from GET /api/me (after the user edits their profile) */
  reloadMe(): Promise<void>;
  /** ends this device's session; rejects on failure (the caller shows "Erro ao fazer logout") */
  signOut(): Promise<void>;
};

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth fora do AuthProvider');
  return ctx;
}
