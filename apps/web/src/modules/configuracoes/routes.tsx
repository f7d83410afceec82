import type { RouteObject } from 'react-router';

// Routes of the configuracoes module (filled in by its issue). Access rules come from the shared
// routePermissions table, applied centrally by the shell's guard — not repeated here.
export const configuracoesRoutes: RouteObject[] = [];
