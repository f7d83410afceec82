import { canAccessModule, hasAnyRole, type Module, type Role } from '@erp/shared';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';

export const forbiddenToast = 'Você não tem acesso a esta tela.';

/** Says why the screen did not open, then leaves for the fallback, replacing history. */
function Forbidden({ fallback }: { fallback: string }) {
  useEffect(() => {
    // the id keeps it to one toast when the effect runs twice (StrictMode) or guards chain
    toast.error(forbiddenToast, { id: 'acesso-negado' });
  }, []);
  return <Navigate to={fallback} replace />;
}

/**
 * Spec section 6 route guard: an optional module, an optional required-role list and a fallback
 * path (default "/"). Without permission it redirects to the fallback, replacing history, and
 * toasts "Você não tem acesso a esta tela."; while the roles load it shows a centred spinner. The
 * shell applies it to every signed-in route from the shared routePermissions table, so pages do
 * not repeat it.
 */
export function RouteGuard({
  module,
  roles,
  fallback = '/',
  children,
}: {
  module?: Module | undefined;
  roles?: readonly Role[] | undefined;
  fallback?: string;
  children: ReactNode;
}) {
  const auth = useAuth();
  if (auth.rolesLoading) return <PageSpinner />;
  const allowed =
    (module === undefined || canAccessModule(auth.roles, module)) &&
    (roles === undefined || hasAnyRole(auth.roles, roles));
  if (!allowed) return <Forbidden fallback={fallback} />;
  return children;
}
