import type { Me, Role } from '@erp/shared';
import { isRole } from '@erp/shared';
import { isAuthRefreshDiscardedError, isAuthRetryableFetchError, type Session } from '@supabase/auth-js';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, setTokenSource, unwrap } from '@/lib/api-client.ts';
import { authClient } from './auth-client.ts';
import { AuthContext, type AuthState } from './auth-context.ts';

// The API client asks for the access token on each call and, on a 401, refreshes once.
setTokenSource({
  async getAccessToken() {
    const { data } = await authClient.getSession();
    return data.session?.access_token ?? null;
  },
  async refresh() {
    const { data, error } = await authClient.refreshSession();
    if (error && !isAuthRetryableFetchError(error) && !isAuthRefreshDiscardedError(error)) {
      // The server ended this session (sign-out elsewhere, password change, deactivation): drop
      // the local copy too, so SIGNED_OUT takes the user to /auth instead of a screen full of 401s.
      await authClient.signOut({ scope: 'local' });
    }
    return data.session?.access_token ?? null;
  },
  onForbidden() {
    onForbiddenHandler?.();
  },
});

const fetchMe = async () => (await unwrap(api.me.$get())) as Me;

// Roles are re-read from the server when the window regains focus, every minute, and after a 403,
// so an administrator's role change reaches the menu without signing in again.
const ROLES_REFRESH_MS = 60_000;
const ROLES_MIN_GAP_MS = 5_000;
let onForbiddenHandler: (() => void) | null = null;

/**
 * Session state from @supabase/auth-js (events INITIAL_SESSION, SIGNED_IN, SIGNED_OUT,
 * TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY) plus the user's profile and roles, read from
 * GET /api/me whenever the signed-in user changes. A roles load failure is only logged (roles
 * stay empty). Must sit inside the QueryClientProvider: signing out clears the query cache.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [meState, setMeState] = useState<{ userId: string; me: Me | null } | null>(null);
  const lastUserId = useRef<string | null>(null);

  useEffect(() => {
    const { data } = authClient.onAuthStateChange((event, next) => {
      setSession(next);
      if (event === 'INITIAL_SESSION') setLoading(false);
      const nextUserId = next?.user.id ?? null;
      if (nextUserId !== lastUserId.current) {
        // another person's cached data must never show
        if (lastUserId.current !== null) queryClient.clear();
        lastUserId.current = nextUserId;
      }
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  const userId = session?.user.id ?? null;
  useEffect(() => {
    if (loading || !userId) return;
    let cancelled = false;
    fetchMe()
      .then((me) => {
        if (!cancelled) setMeState({ userId, me });
      })
      .catch((err) => {
        console.error('Falha ao carregar os papéis do usuário', err);
        if (!cancelled) setMeState({ userId, me: null });
      });
    return () => {
      cancelled = true;
    };
  }, [loading, userId]);

  const signOut = useCallback(async () => {
    const { error } = await authClient.signOut({ scope: 'local' });
    if (error) throw error;
  }, []);

  const reloadMe = useCallback(async () => {
    const me = await fetchMe();
    // Keep the same state object when nothing changed: the periodic re-read must not re-render the app
    // (an open menu would be rebuilt under the user's pointer).
    setMeState((prev) =>
      prev?.userId === me.user.id && JSON.stringify(prev.me) === JSON.stringify(me)
        ? prev
        : { userId: me.user.id, me },
    );
  }, []);

  useEffect(() => {
    if (loading || !userId) return;
    let last = Date.now();
    const refreshRoles = () => {
      if (Date.now() - last < ROLES_MIN_GAP_MS) return;
      last = Date.now();
      reloadMe().catch((err) => console.error('Falha ao recarregar os papéis do usuário', err));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshRoles();
    };
    const timer = window.setInterval(refreshRoles, ROLES_REFRESH_MS);
    window.addEventListener('focus', refreshRoles);
    document.addEventListener('visibilitychange', onVisible);
    onForbiddenHandler = refreshRoles;
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refreshRoles);
      document.removeEventListener('visibilitychange', onVisible);
      onForbiddenHandler = null;
    };
  }, [loading, userId, reloadMe]);

  const me = meState && meState.userId === userId ? meState.me : null;
  const rolesLoading = loading || (userId !== null && meState?.userId !== userId);

  const value = useMemo<AuthState>(
    () => ({
      loading,
      session,
      user: session?.user ?? null,
      roles: (me?.roles ?? []).filter(isRole) as Role[],
      rolesLoading,
      profile: me?.profile ?? null,
      reloadMe,
      signOut,
    }),
    [loading, session, me, rolesLoading, reloadMe, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
