// The one permission table (spec section 6). The server enforces it on every /api route; the web
// app mirrors it to hide what a user cannot open. Data, not scattered ifs.

export const ROLES = ['admin', 'financeiro', 'estoque', 'comercial'] as const;
export type Role = (typeof ROLES)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  financeiro: 'Financeiro',
  estoque: 'Estoque',
  comercial: 'Comercial',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Derived access areas. */
export type Area = 'finance' | 'stock' | 'commercial';
const areaRoles: Record<Area, Role[]> = {
  finance: ['financeiro'],
  stock: ['estoque'],
  commercial: ['comercial'],
};

export const MODULES = [
  'comercial',
  'estoque',
  'financeiro',
  'cadastros',
  'configuracoes',
  'usuarios',
  'auditoria',
] as const;
export type Module = (typeof MODULES)[number];

/** Module map: the roles (besides admin) that open each module. Empty list = admin only. */
export const moduleRoles: Record<Module, Role[]> = {
  comercial: ['comercial'],
  estoque: ['estoque'],
  financeiro: ['financeiro'],
  cadastros: ['comercial', 'estoque'],
  configuracoes: [],
  usuarios: [],
  auditoria: [],
};

/** Role-list check: admin always passes, otherwise at least one listed role is needed. */
export function hasAnyRole(userRoles: readonly string[], required: readonly Role[]): boolean {
  if (userRoles.includes('admin')) return true;
  return required.some((r) => userRoles.includes(r));
}

export function hasArea(userRoles: readonly string[], area: Area): boolean {
  return hasAnyRole(userRoles, areaRoles[area]);
}

/** Unknown modules are denied (even for admin: a typo must not open anything). */
export function canAccessModule(userRoles: readonly string[], module: string): boolean {
  if (!(MODULES as readonly string[]).includes(module)) return false;
  return hasAnyRole(userRoles, moduleRoles[module as Module]);
}

/**
 * What a route or API endpoint requires:
 * - 'public': no sign-in;
 * - 'authenticated': any signed-in user;
 * - { roles }: the role-list check;
 * - { module }: the module map.
 */
export type Permission = 'public' | 'authenticated' | { roles: readonly Role[] } | { module: Module };

export function allows(userRoles: readonly string[] | null, perm: Permission): boolean {
  if (perm === 'public') return true;
  if (userRoles === null) return false;
  if (perm === 'authenticated') return true;
  if ('roles' in perm) return hasAnyRole(userRoles, perm.roles);
  return canAccessModule(userRoles, perm.module);
}

// Route guard classes of spec section 6.
const ADMIN_COMERCIAL = { roles: ['comercial'] } as const satisfies Permission;
const ADMIN_ESTOQUE = { roles: ['estoque'] } as const satisfies Permission;
const ADMIN_FINANCEIRO = { roles: ['financeiro'] } as const satisfies Permission;
const ADMIN_COMERCIAL_ESTOQUE = { roles: ['comercial', 'estoque'] } as const satisfies Permission;
const ADMIN_ONLY = { roles: [] } as const satisfies Permission;

export const guards = {
  adminComercial: ADMIN_COMERCIAL,
  adminEstoque: ADMIN_ESTOQUE,
  adminFinanceiro: ADMIN_FINANCEIRO,
  adminComercialEstoque: ADMIN_COMERCIAL_ESTOQUE,
  adminOnly: ADMIN_ONLY,
} as const;

/** Every route of the app with what it requires (spec section 2 and 6). */
export const routePermissions: Record<string, Permission> = {
  '/auth': 'public',
  '/reset-password': 'public',
  '/': 'authenticated',
  '/perfil': 'authenticated',
  '/comercial/pedidos': ADMIN_COMERCIAL,
  '/comercial/kanban': ADMIN_COMERCIAL,
  '/matriz/clientes': ADMIN_COMERCIAL,
  '/matriz/vendedores': ADMIN_COMERCIAL,
  '/notasfiscais/saida': ADMIN_COMERCIAL,
  '/notasfiscais/entrada': ADMIN_COMERCIAL,
  '/expedicao/conferencia': ADMIN_COMERCIAL,
  '/expedicao/cargas': ADMIN_COMERCIAL,
  '/expedicao/faturamento': ADMIN_COMERCIAL,
  '/estoque': ADMIN_ESTOQUE,
  '/estoque/produtos': ADMIN_ESTOQUE,
  '/estoque/entradas': ADMIN_ESTOQUE,
  '/estoque/locais': ADMIN_ESTOQUE,
  '/estoque/lotes': ADMIN_ESTOQUE,
  '/financeiro': ADMIN_FINANCEIRO,
  '/financeiro/pagar': ADMIN_FINANCEIRO,
  '/financeiro/receber': ADMIN_FINANCEIRO,
  '/financeiro/centros-custo': ADMIN_FINANCEIRO,
  '/financeiro/formas-recebimento': ADMIN_FINANCEIRO,
  '/financeiro/condicoes-pagamento': ADMIN_FINANCEIRO,
  '/financeiro/contas-bancarias': ADMIN_FINANCEIRO,
  '/financeiro/extrato-bancario': ADMIN_FINANCEIRO,
  '/financeiro/conciliacao-bancaria': ADMIN_FINANCEIRO,
  '/financeiro/classes-financeiras': ADMIN_FINANCEIRO,
  '/frota/funcionarios': ADMIN_FINANCEIRO,
  '/frota/placas': ADMIN_FINANCEIRO,
  '/matriz/fornecedores': ADMIN_COMERCIAL_ESTOQUE,
  '/matriz/grupos': ADMIN_COMERCIAL_ESTOQUE,
  '/matriz/segmentos': ADMIN_COMERCIAL_ESTOQUE,
  '/matriz/regioes': ADMIN_COMERCIAL_ESTOQUE,
  '/matriz/situacoes': ADMIN_COMERCIAL_ESTOQUE,
  '/configuracoes': ADMIN_ONLY,
  '/configuracoes/fiscais': ADMIN_ONLY,
  '/configuracoes/perfis': ADMIN_ONLY,
  '/estoque/tabela-tributacao': ADMIN_ONLY,
  '/estoque/tabela-precos': ADMIN_ONLY,
  '/estoque/unidades': ADMIN_ONLY,
  '/estoque/grupos': ADMIN_ONLY,
  '/estoque/categorias': ADMIN_ONLY,
  '/usuarios': ADMIN_ONLY,
  '/auditoria': ADMIN_ONLY,
};
