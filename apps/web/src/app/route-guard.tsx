import { canAccessModule, hasAnyRole, type Module, type Role } from '@erp/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';

/**
 * Spec section 6 route guard: an optional module, an optional required-role list and a fallback
 * path (default "/"). Without permission it redirects to the fallback, replacing history; while
 * the roles load it shows a centred spinner. The shell applies it to every signed-in route from
 * the shared routePermissions table, so pages do not repeat it.
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
  if (!allowed) return <Navigate to={fallback} replace />;
  return children;
}
