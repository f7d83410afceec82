import { allows, breadcrumbLabels, type Permission, type Role, routePermissions } from '@erp/shared';

/** An area of the route guard table: the screens under one first path segment (`/frota/*`). */
export type GuardArea = { prefix: string; label: string; paths: string[] };

/** How much of an area a set of roles opens. */
export type AreaAccess = 'total' | 'parcial' | 'nenhum';

const guarded = (perm: Permission) => perm !== 'public' && perm !== 'authenticated';

/**
 * Every area of the shared route guard table (spec section 6), in table order, named by its
 * breadcrumb label: Comercial, Cadastros, Notas Fiscais, Expedição, Estoque, Financeiro, Frota,
 * Configurações, Usuários, Auditoria. Screens open to any signed-in user (Dashboard, Perfil, the
 * settings hub) and public ones are left out: every profile opens them.
 */
export function guardAreas(table: Readonly<Record<string, Permission>> = routePermissions): GuardArea[] {
  const areas = new Map<string, GuardArea>();
  for (const [path, perm] of Object.entries(table)) {
    if (!guarded(perm)) continue;
    const prefix = `/${path.split('/')[1] ?? ''}`;
    let area = areas.get(prefix);
    if (!area) {
      area = { prefix, label: breadcrumbLabels[prefix] ?? prefix, paths: [] };
      areas.set(prefix, area);
    }
    area.paths.push(path);
  }
  return [...areas.values()];
}

/** Whether these roles open all, some or none of the area's screens. */
export function areaAccess(roles: readonly Role[], area: GuardArea): AreaAccess {
  const open = area.paths.filter((p) => allows(roles, routePermissions[p]!)).length;
  return open === 0 ? 'nenhum' : open === area.paths.length ? 'total' : 'parcial';
}
