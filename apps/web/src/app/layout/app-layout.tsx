import { permissionForPath, screenTitle } from '@erp/shared';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useMatches, useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { signInPathFor } from '@/lib/auth/redirect-path.ts';
import { NOT_FOUND_ROUTE_ID, NotFoundPage } from '../not-found-page.tsx';
import { RouteGuard } from '../route-guard.tsx';
import { ContingenciaBanner } from './contingencia-banner.tsx';
import { AnimatedOutlet } from './page-transition.tsx';
import { DesktopSidebar, useSidebarCollapsed } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

export function FullScreenSpinner() {
  return (
    <div className="grid h-dvh place-items-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}

/** The guard of the current path from the shared routePermissions table (spec section 6). */
function useRouteGuardProps() {
  const { pathname } = useLocation();
  const perm = permissionForPath(pathname);
  if (perm && typeof perm === 'object')
    return 'module' in perm ? { module: perm.module } : { roles: perm.roles };
  return {};
}

/** A spinner over the page while the next screen's code loads (shown only if it takes a moment). */
function NavigationSpinner() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) return setVisible(false);
    const timer = setTimeout(() => setVisible(true), 120);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!visible) return null;
  return (
    <div className="absolute inset-0 z-10 grid place-items-start justify-center bg-background/60 pt-[20vh]">
      <Spinner className="size-8 text-primary" label="Carregando a tela" />
    </div>
  );
}

/**
 * The signed-in shell: sidebar, top bar and the current screen. Without a user it goes to /auth
 * (also on sign-out), carrying the path to come back to after signing in; an unknown path shows the
 * 404 alone instead. A centred spinner shows while the session or the roles load.
 */
export function AppLayout() {
  const auth = useAuth();
  const location = useLocation();
  const { pathname } = location;
  const notFound = useMatches().some((m) => m.id === NOT_FOUND_ROUTE_ID);
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const guard = useRouteGuardProps();

  // the window title names the screen, once the shell is really shown
  const title = auth.user ? screenTitle(pathname) : undefined;
  useEffect(() => {
    if (title) document.title = `${title} · Plataforma ERP`;
  }, [title]);

  if (auth.loading) return <FullScreenSpinner />;
  if (!auth.user) {
    if (notFound) return <NotFoundPage standalone />;
    return <Navigate to={signInPathFor(location)} replace />;
  }
  if (auth.rolesLoading && auth.roles.length === 0) return <FullScreenSpinner />;

  return (
    <TooltipProvider delayDuration={300}>
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      <div className="flex min-h-dvh">
        <DesktopSidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar />
          <ContingenciaBanner />
          <main id="conteudo" tabIndex={-1} className="relative flex-1 outline-none">
            <div className="mx-auto w-full max-w-screen-2xl p-4 md:p-6 lg:p-8">
              <RouteGuard {...guard}>
                <AnimatedOutlet />
              </RouteGuard>
            </div>
            <NavigationSpinner />
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
