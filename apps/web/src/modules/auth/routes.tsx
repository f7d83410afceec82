import type { RouteObject } from 'react-router';

// Public routes of the auth module (permission 'public' in the shared routePermissions table).
export const authRoutes: RouteObject[] = [
  { path: '/auth', lazy: async () => ({ Component: (await import('./pages/auth-page.tsx')).AuthPage }) },
  {
    path: '/reset-password',
    lazy: async () => ({ Component: (await import('./pages/reset-password-page.tsx')).ResetPasswordPage }),
  },
];
