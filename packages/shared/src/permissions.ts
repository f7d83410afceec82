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
/** Issue 14: the blocked orders, for sellers and for the roles that release blockers. */
const PEDIDOS_BLOQUEADOS = { roles: ['comercial', 'financeiro', 'estoque'] } as const satisfies Permission;

/** Issue 34: the Compras API (purchase suggestion, purchase orders), for admin and estoque. */
const COMPRAS = { roles: ['estoque'] } as const satisfies Permission;
/**
 * Issue 34: who may reach a purchase order to approve it — the Compras roles and any role a company
 * may list as approver (compras_papeis_aprovadores); the server then requires the Compras guard or
 * aprovaCompras for the user.
 */
const COMPRAS_APROVACAO = { roles: ['estoque', 'financeiro', 'comercial'] } as const satisfies Permission;

export const guards = {
  adminComercial: ADMIN_COMERCIAL,
  adminEstoque: ADMIN_ESTOQUE,
  adminFinanceiro: ADMIN_FINANCEIRO,
  adminComercialEstoque: ADMIN_COMERCIAL_ESTOQUE,
  adminOnly: ADMIN_ONLY,
  compras: COMPRAS,
  comprasAprovacao: COMPRAS_APROVACAO,
} as const;

/**
 * «Aprovar compras» above the company's limit (issue 34): admin always; besides, the roles the
 * company lists in its setting compras_papeis_aprovadores (e.g. ['financeiro']). Within the limit
 * the Compras guard is enough.
 */
export function aprovaCompras(userRoles: readonly string[], papeisAprovadores: readonly string[]): boolean {
  if (userRoles.includes('admin')) return true;
  return papeisAprovadores.some((r) => r !== 'admin' && isRole(r) && userRoles.includes(r));
}

/** Every route of the app with what it requires (spec section 2 and 6). */
export const routePermissions: Record<string, Permission> = {
  '/auth': 'public',
  '/reset-password': 'public',
  '/': 'authenticated',
  '/perfil': 'authenticated',
  '/comercial/pedidos': ADMIN_COMERCIAL,
  '/comercial/kanban': ADMIN_COMERCIAL,
  // not in the spec's table: issue 32's returns from customers, as the Comercial group
  '/comercial/devolucoes': ADMIN_COMERCIAL,
  // not in the spec's table: issue 36's força de vendas (outside the shell: it opens offline; the
  // API checks the seller on every call)
  '/vendas': ADMIN_COMERCIAL,
  // not in the spec's table: issue 14's "Bloqueados" view, which the approvers (financeiro, estoque)
  // must reach to release credit and stock blockers; the release API checks each blocker's roles
  '/comercial/bloqueados': PEDIDOS_BLOQUEADOS,
  '/matriz/clientes': ADMIN_COMERCIAL,
  '/matriz/vendedores': ADMIN_COMERCIAL,
  '/notasfiscais/saida': ADMIN_COMERCIAL,
  '/notasfiscais/entrada': ADMIN_COMERCIAL,
  '/expedicao/conferencia': ADMIN_COMERCIAL,
  '/expedicao/cargas': ADMIN_COMERCIAL,
  '/expedicao/faturamento': ADMIN_COMERCIAL,
  '/expedicao/mdfe': ADMIN_COMERCIAL,
  '/estoque': ADMIN_ESTOQUE,
  '/estoque/produtos': ADMIN_ESTOQUE,
  '/estoque/entradas': ADMIN_ESTOQUE,
  // not in the spec's table: issue 32's returns to suppliers, as the Estoque group
  '/estoque/devolucoes-compra': ADMIN_ESTOQUE,
  '/estoque/locais': ADMIN_ESTOQUE,
  '/estoque/lotes': ADMIN_ESTOQUE,
  // not in the spec's table: the inventory counts of issue 12, guarded like the stock screens
  '/estoque/inventarios': ADMIN_ESTOQUE,
  // not in the spec's table: issue 34's purchasing (suggestion, purchase orders), for the buyers —
  // the roles of the Compras API (guards.compras)
  '/compras/sugestao': COMPRAS,
  '/compras/pedidos': COMPRAS,
  '/financeiro': ADMIN_FINANCEIRO,
  '/financeiro/pagar': ADMIN_FINANCEIRO,
  '/financeiro/receber': ADMIN_FINANCEIRO,
  '/financeiro/centros-custo': ADMIN_FINANCEIRO,
  '/financeiro/formas-recebimento': ADMIN_FINANCEIRO,
  '/financeiro/condicoes-pagamento': ADMIN_FINANCEIRO,
  '/financeiro/contas-bancarias': ADMIN_FINANCEIRO,
  '/financeiro/extrato-bancario': ADMIN_FINANCEIRO,
  '/financeiro/conciliacao-bancaria': ADMIN_FINANCEIRO,
  // not in the spec's table: issue 31's cobrança registrada (boletos, remessas), as the finance area
  '/financeiro/cobranca': ADMIN_FINANCEIRO,
  '/financeiro/classes-financeiras': ADMIN_FINANCEIRO,
  '/frota/funcionarios': ADMIN_FINANCEIRO,
  '/frota/placas': ADMIN_FINANCEIRO,
  '/matriz/fornecedores': ADMIN_COMERCIAL_ESTOQUE,
  '/matriz/grupos': ADMIN_COMERCIAL_ESTOQUE,
  '/matriz/segmentos': ADMIN_COMERCIAL_ESTOQUE,
  '/matriz/regioes': ADMIN_COMERCIAL_ESTOQUE,
  '/matriz/situacoes': ADMIN_COMERCIAL_ESTOQUE,
  // The spec's guard table does not list the settings hub, and the account menu offers it to everyone:
  // it opens for any signed-in user and lists only the settings screens that user may open.
  '/configuracoes': 'authenticated',
  '/configuracoes/fiscais': ADMIN_ONLY,
  // issue 34: the company's purchase settings (approval limit, tolerances, suggestion defaults)
  '/configuracoes/compras': ADMIN_ONLY,
  '/configuracoes/perfis': ADMIN_ONLY,
  '/estoque/tabela-tributacao': ADMIN_ONLY,
  '/estoque/tabela-precos': ADMIN_ONLY,
  // departs from the spec (admin only): the stock clerk registers the units, groups and categories
  // of the products he registers (decision record 0007); the API of these screens reads this entry
  '/estoque/unidades': ADMIN_ESTOQUE,
  '/estoque/grupos': ADMIN_ESTOQUE,
  '/estoque/categorias': ADMIN_ESTOQUE,
  '/usuarios': ADMIN_ONLY,
  '/auditoria': ADMIN_ONLY,
  // issue 35: the commercial reports (a seller's user sees only their own sales: the API narrows them)
  '/relatorios/vendas': ADMIN_COMERCIAL,
  '/relatorios/curva-abc': ADMIN_COMERCIAL,
  '/relatorios/comissoes': ADMIN_COMERCIAL,
  '/relatorios/devolucoes': ADMIN_COMERCIAL,
  // issue 35: the stock report (admin, estoque) and the finance report (admin, financeiro)
  '/relatorios/giro-estoque': ADMIN_ESTOQUE,
  '/relatorios/posicao-financeira': ADMIN_FINANCEIRO,
};

/**
 * The permission of a screen of the table, for the API routes that serve that screen: the server
 * asks the same entry the web guard and the menu read, so the three cannot disagree. Throws on a
 * path outside the table (a typo must fail at start-up, not open or close a route silently).
 */
export function screenPermission(path: string): Permission {
  const perm = routePermissions[path];
  if (!perm) throw new Error(`screenPermission: ${path} is not a route of the permission table`);
  return perm;
}

/**
 * The permission of a concrete path: the entry of the longest matching route prefix, so a screen's
 * sub-paths (`/matriz/clientes/novo`, `/matriz/clientes/123`) inherit its guard. `undefined` for a
 * path outside the table (the web shows 404, and nothing is opened by accident).
 */
export function permissionForPath(pathname: string): Permission | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  if (clean in routePermissions) return routePermissions[clean];
  const segments = clean.split('/').filter(Boolean);
  for (let n = segments.length - 1; n >= 1; n--) {
    const prefix = `/${segments.slice(0, n).join('/')}`;
    if (prefix in routePermissions) return routePermissions[prefix];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Menu (spec section 2 "Shell" and section 6 "Menu visibility"), as data.

/** Icon names (lucide, kebab-case); the web maps each to its component. */
export type MenuIcon =
  | 'layout-dashboard'
  | 'shopping-cart'
  | 'shopping-bag'
  | 'lightbulb'
  | 'clipboard-list'
  | 'square-kanban'
  | 'users'
  | 'file-text'
  | 'file-input'
  | 'package'
  | 'package-plus'
  | 'boxes'
  | 'scan-barcode'
  | 'layers'
  | 'warehouse'
  | 'tags'
  | 'ruler'
  | 'folder-tree'
  | 'shapes'
  | 'wallet'
  | 'circle-arrow-up'
  | 'circle-arrow-down'
  | 'landmark'
  | 'receipt-text'
  | 'git-compare-arrows'
  | 'target'
  | 'credit-card'
  | 'calendar-clock'
  | 'book-user'
  | 'factory'
  | 'briefcase-business'
  | 'building-2'
  | 'chart-pie'
  | 'map-pin'
  | 'badge-check'
  | 'truck'
  | 'clipboard-check'
  | 'container'
  | 'receipt'
  | 'barcode'
  | 'car'
  | 'id-card'
  | 'rectangle-horizontal'
  | 'settings'
  | 'shield-check'
  | 'scale'
  | 'percent'
  | 'user-cog'
  | 'history'
  | 'circle-user'
  | 'chart-column'
  | 'trending-up'
  | 'chart-bar-decreasing'
  | 'smartphone';

/** Who sees a menu entry: 'authenticated' (everyone signed in) or a role list (admin always passes). */
export type MenuVisibility = 'authenticated' | { roles: readonly Role[] };

/** An entry of a group: shown exactly when the route table opens its route to the user. */
export type MenuItem = {
  label: string;
  to: string;
  icon: MenuIcon;
};

export type MenuGroup = {
  id: string;
  label: string;
  icon: MenuIcon;
  visibleTo: MenuVisibility;
  /** a group without items is a direct link (Dashboard, Perfil) */
  to?: string;
  items: MenuItem[];
};

const EVERYONE = 'authenticated' as const;

export const menu: readonly MenuGroup[] = [
  { id: 'dashboard', label: 'Dashboard', icon: 'layout-dashboard', visibleTo: EVERYONE, to: '/', items: [] },
  {
    id: 'comercial',
    label: 'Comercial',
    icon: 'shopping-cart',
    visibleTo: { roles: ['comercial'] },
    items: [
      { label: 'Pedidos', to: '/comercial/pedidos', icon: 'clipboard-list' },
      { label: 'Kanban de Pedidos', to: '/comercial/kanban', icon: 'square-kanban' },
      { label: 'Clientes', to: '/matriz/clientes', icon: 'users' },
      { label: 'Notas Fiscais', to: '/notasfiscais/saida', icon: 'file-text' },
      { label: 'Notas de Entrada', to: '/notasfiscais/entrada', icon: 'file-input' },
      // not in the spec's list: issue 32's returns from customers
      { label: 'Devoluções', to: '/comercial/devolucoes', icon: 'circle-arrow-down' },
      // not in the spec's list: issue 36's offline seller app (opens outside the shell)
      { label: 'Força de Vendas', to: '/vendas', icon: 'smartphone' },
    ],
  },
  {
    id: 'estoque',
    label: 'Estoque',
    icon: 'package',
    visibleTo: { roles: ['estoque'] },
    items: [
      { label: 'Produtos', to: '/estoque/produtos', icon: 'package' },
      { label: 'Entrada de Mercadorias', to: '/estoque/entradas', icon: 'package-plus' },
      // not in the spec's list: issue 32's returns to suppliers, beside the receipts they return
      { label: 'Devoluções de Compra', to: '/estoque/devolucoes-compra', icon: 'circle-arrow-up' },
      { label: 'Posição de Estoque', to: '/estoque', icon: 'boxes' },
      // not in the spec's list: issue 12's inventory counts, beside the position they correct
      { label: 'Inventários', to: '/estoque/inventarios', icon: 'scan-barcode' },
      // not in the spec's list: issue 14's blocked orders, where stock blockers are released
      { label: 'Pedidos Bloqueados', to: '/comercial/bloqueados', icon: 'clipboard-list' },
      { label: 'Lotes', to: '/estoque/lotes', icon: 'layers' },
      { label: 'Locais', to: '/estoque/locais', icon: 'warehouse' },
      { label: 'Tabela de Preços', to: '/estoque/tabela-precos', icon: 'tags' },
      { label: 'Unidades', to: '/estoque/unidades', icon: 'ruler' },
      { label: 'Grupos', to: '/estoque/grupos', icon: 'folder-tree' },
      { label: 'Categorias', to: '/estoque/categorias', icon: 'shapes' },
    ],
  },
  {
    // not in the spec's list: issue 34's purchasing, for the buyers (admin, estoque)
    id: 'compras',
    label: 'Compras',
    icon: 'shopping-bag',
    visibleTo: { roles: ['estoque'] },
    items: [
      { label: 'Sugestão de Compra', to: '/compras/sugestao', icon: 'lightbulb' },
      { label: 'Pedidos de Compra', to: '/compras/pedidos', icon: 'clipboard-list' },
    ],
  },
  {
    id: 'financeiro',
    label: 'Financeiro',
    icon: 'wallet',
    visibleTo: { roles: ['financeiro'] },
    items: [
      { label: 'Pagar', to: '/financeiro/pagar', icon: 'circle-arrow-up' },
      { label: 'Receber', to: '/financeiro/receber', icon: 'circle-arrow-down' },
      // not in the spec's list: issue 14's blocked orders, where credit blockers are released
      { label: 'Pedidos Bloqueados', to: '/comercial/bloqueados', icon: 'clipboard-list' },
      { label: 'Contas Bancárias', to: '/financeiro/contas-bancarias', icon: 'landmark' },
      { label: 'Extrato Bancário', to: '/financeiro/extrato-bancario', icon: 'receipt-text' },
      { label: 'Conciliação Bancária', to: '/financeiro/conciliacao-bancaria', icon: 'git-compare-arrows' },
      // not in the spec's list: issue 31's registered boletos and their remessas
      { label: 'Cobrança', to: '/financeiro/cobranca', icon: 'barcode' },
      { label: 'Centros de Custo', to: '/financeiro/centros-custo', icon: 'target' },
      { label: 'Formas de Recebimento', to: '/financeiro/formas-recebimento', icon: 'credit-card' },
      { label: 'Condições de Pagamento', to: '/financeiro/condicoes-pagamento', icon: 'calendar-clock' },
    ],
  },
  {
    // issue 35: one entry per report; the stock and finance reports add their roles here
    id: 'relatorios',
    label: 'Relatórios',
    icon: 'chart-column',
    visibleTo: { roles: ['comercial', 'estoque', 'financeiro'] },
    items: [
      { label: 'Vendas', to: '/relatorios/vendas', icon: 'trending-up' },
      { label: 'Curva ABC', to: '/relatorios/curva-abc', icon: 'chart-bar-decreasing' },
      { label: 'Comissões', to: '/relatorios/comissoes', icon: 'receipt-text' },
      { label: 'Devoluções e cancelamentos', to: '/relatorios/devolucoes', icon: 'circle-arrow-down' },
      { label: 'Giro de Estoque', to: '/relatorios/giro-estoque', icon: 'package' },
      { label: 'Posição Financeira', to: '/relatorios/posicao-financeira', icon: 'wallet' },
    ],
  },
  {
    id: 'cadastros',
    label: 'Cadastros Básicos',
    icon: 'book-user',
    visibleTo: { roles: ['comercial', 'estoque'] },
    items: [
      { label: 'Clientes', to: '/matriz/clientes', icon: 'users' },
      { label: 'Fornecedores', to: '/matriz/fornecedores', icon: 'factory' },
      { label: 'Vendedores', to: '/matriz/vendedores', icon: 'briefcase-business' },
      { label: 'Grupo Empresarial', to: '/matriz/grupos', icon: 'building-2' },
      { label: 'Segmentos', to: '/matriz/segmentos', icon: 'chart-pie' },
      { label: 'Região de Entrega', to: '/matriz/regioes', icon: 'map-pin' },
      { label: 'Situação do Cliente', to: '/matriz/situacoes', icon: 'badge-check' },
    ],
  },
  {
    id: 'expedicao',
    label: 'Expedição',
    icon: 'truck',
    visibleTo: { roles: ['comercial'] },
    items: [
      { label: 'Conferência', to: '/expedicao/conferencia', icon: 'clipboard-check' },
      { label: 'Gestão de Cargas', to: '/expedicao/cargas', icon: 'container' },
      { label: 'Faturamento de Cargas', to: '/expedicao/faturamento', icon: 'receipt' },
      { label: 'Manifestos (MDF-e)', to: '/expedicao/mdfe', icon: 'file-text' },
    ],
  },
  {
    id: 'frota',
    label: 'Frota',
    icon: 'car',
    visibleTo: { roles: ['financeiro'] },
    items: [
      { label: 'Funcionários', to: '/frota/funcionarios', icon: 'id-card' },
      { label: 'Placas', to: '/frota/placas', icon: 'rectangle-horizontal' },
    ],
  },
  {
    id: 'configuracoes',
    label: 'Configurações',
    icon: 'settings',
    visibleTo: { roles: [] },
    items: [
      { label: 'Perfis de Acesso', to: '/configuracoes/perfis', icon: 'shield-check' },
      { label: 'Fiscais', to: '/configuracoes/fiscais', icon: 'scale' },
      // not in the spec's list: issue 34's purchase settings
      { label: 'Compras', to: '/configuracoes/compras', icon: 'shopping-bag' },
      { label: 'Tabela de Tributação', to: '/estoque/tabela-tributacao', icon: 'percent' },
      { label: 'Usuários', to: '/usuarios', icon: 'user-cog' },
      { label: 'Auditoria', to: '/auditoria', icon: 'history' },
    ],
  },
  { id: 'perfil', label: 'Perfil', icon: 'circle-user', visibleTo: EVERYONE, to: '/perfil', items: [] },
];

function sees(userRoles: readonly string[], visibility: MenuVisibility | undefined): boolean {
  if (visibility === undefined || visibility === 'authenticated') return true;
  return hasAnyRole(userRoles, visibility.roles);
}

/** Whether the route table opens a menu link to these roles (a link outside the table: never). */
function opens(userRoles: readonly string[], to: string): boolean {
  const perm = permissionForPath(to);
  return perm !== undefined && allows(userRoles, perm);
}

/**
 * The menu a signed-in user sees: the groups of the user's roles, and inside them only the entries
 * whose route the guard table opens to the user — the same table the web guard and the server read,
 * so no entry bounces back to the Dashboard (issue 29). A group left without entries is hidden.
 */
export function visibleMenu(userRoles: readonly string[]): MenuGroup[] {
  return menu
    .filter((g) => sees(userRoles, g.visibleTo) && (g.to === undefined || opens(userRoles, g.to)))
    .map((g) => ({ ...g, items: g.items.filter((i) => opens(userRoles, i.to)) }))
    .filter((g) => g.to !== undefined || g.items.length > 0);
}

/**
 * The group holding a path (the one the sidebar opens automatically): the group with the item of
 * the longest matching route (`/estoque/tabela-tributacao` is under Configurações, not under the
 * Estoque item `/estoque`); on a tie, the first group.
 */
export function menuGroupOf(pathname: string, groups: readonly MenuGroup[] = menu): MenuGroup | undefined {
  let best: { group: MenuGroup; length: number } | undefined;
  for (const group of groups) {
    for (const item of group.items) {
      const matches = item.to === pathname || pathname.startsWith(`${item.to}/`);
      if (matches && (!best || item.to.length > best.length)) best = { group, length: item.to.length };
    }
  }
  return best?.group;
}

// ---------------------------------------------------------------------------------------------
// Breadcrumbs (spec section 2 "Shell": the labels), keyed by path because one segment can mean two
// things (`/estoque/entradas` "Entradas de Mercadorias" vs `/notasfiscais/entrada` "Entrada").

/** The labels the specification lists, on the paths they name. */
const specBreadcrumbLabels: Record<string, string> = {
  '/': 'Início',
  '/dashboard': 'Dashboard',
  '/estoque': 'Estoque',
  '/estoque/produtos': 'Produtos',
  '/estoque/entradas': 'Entradas de Mercadorias',
  '/estoque/devolucoes-compra': 'Devoluções de Compra',
  '/estoque/locais': 'Locais de Estoque',
  '/estoque/lotes': 'Lotes',
  '/estoque/tabela-tributacao': 'Tabelas de Tributação',
  '/financeiro': 'Financeiro',
  '/financeiro/receber': 'Contas a Receber',
  '/financeiro/pagar': 'Contas a Pagar',
  '/financeiro/centros-custo': 'Centros de Custo',
  '/financeiro/formas-recebimento': 'Formas de Recebimento',
  '/financeiro/contas-bancarias': 'Contas Bancárias',
  '/financeiro/conciliacao-bancaria': 'Conciliação Bancária',
  '/financeiro/extrato-bancario': 'Extrato Bancário',
  '/matriz': 'Cadastros',
  '/matriz/clientes': 'Clientes',
  '/matriz/fornecedores': 'Fornecedores',
  '/matriz/vendedores': 'Vendedores',
  '/frota': 'Frota',
  '/frota/funcionarios': 'Funcionários',
  '/frota/placas': 'Placas',
  '/expedicao': 'Expedição',
  '/expedicao/conferencia': 'Conferência de Pedidos',
  '/expedicao/cargas': 'Gestão de Cargas',
  '/expedicao/faturamento': 'Faturamento de Cargas',
  '/expedicao/mdfe': 'Manifestos (MDF-e)',
  '/configuracoes': 'Configurações',
  '/configuracoes/perfis': 'Perfis de Acesso',
  '/usuarios': 'Usuários',
  '/notasfiscais': 'Notas Fiscais',
  '/notasfiscais/entrada': 'Entrada',
  '/notasfiscais/saida': 'Saída',
};

/** Paths the specification gives no breadcrumb label: named after their menu entry or screen. */
const extraBreadcrumbLabels: Record<string, string> = {
  '/perfil': 'Perfil',
  '/comercial': 'Comercial',
  '/comercial/pedidos': 'Pedidos',
  '/comercial/kanban': 'Kanban de Pedidos',
  '/comercial/bloqueados': 'Pedidos Bloqueados',
  '/comercial/devolucoes': 'Devoluções',
  '/vendas': 'Força de Vendas',
  '/compras': 'Compras',
  '/compras/sugestao': 'Sugestão de Compra',
  '/compras/pedidos': 'Pedidos de Compra',
  '/matriz/grupos': 'Grupo Empresarial',
  '/matriz/segmentos': 'Segmentos',
  '/matriz/regioes': 'Região de Entrega',
  '/matriz/situacoes': 'Situação do Cliente',
  '/estoque/tabela-precos': 'Tabela de Preços',
  '/estoque/unidades': 'Unidades',
  '/estoque/grupos': 'Grupos',
  '/estoque/categorias': 'Categorias',
  '/estoque/inventarios': 'Inventários',
  '/financeiro/condicoes-pagamento': 'Condições de Pagamento',
  '/financeiro/classes-financeiras': 'Classes Financeiras',
  '/financeiro/cobranca': 'Cobrança',
  '/configuracoes/fiscais': 'Fiscais',
  '/configuracoes/compras': 'Compras',
  '/auditoria': 'Auditoria',
  '/relatorios': 'Relatórios',
  '/relatorios/vendas': 'Vendas',
  '/relatorios/curva-abc': 'Curva ABC',
  '/relatorios/comissoes': 'Comissões',
  '/relatorios/devolucoes': 'Devoluções e cancelamentos',
  '/relatorios/giro-estoque': 'Giro de Estoque',
  '/relatorios/posicao-financeira': 'Posição Financeira',
};

export const breadcrumbLabels: Readonly<Record<string, string>> = {
  ...extraBreadcrumbLabels,
  ...specBreadcrumbLabels,
};

/** Screens of one record, `:id` standing for the record's id segment. */
const recordBreadcrumbLabels: Record<string, string> = {
  '/estoque/produtos/:id/kardex': 'Kardex',
};

function recordScreenLabel(segments: readonly string[]): string | undefined {
  for (const [pattern, label] of Object.entries(recordBreadcrumbLabels)) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length === segments.length && parts.every((p, i) => p === ':id' || p === segments[i]))
      return label;
  }
  return undefined;
}

export type Breadcrumb = { label: string; to: string };

/**
 * The breadcrumb of a path, starting at Início. Segments without a label (record ids, "novo")
 * are skipped; a path segment that is not a screen is still shown, and the shell makes only the
 * crumbs of real screens links.
 */
export function breadcrumbTrail(pathname: string): Breadcrumb[] {
  const trail: Breadcrumb[] = [{ label: 'Início', to: '/' }];
  const segments = pathname.split('/').filter(Boolean);
  for (let n = 1; n <= segments.length; n++) {
    const to = `/${segments.slice(0, n).join('/')}`;
    const label = breadcrumbLabels[to] ?? recordScreenLabel(segments.slice(0, n));
    if (label) trail.push({ label, to });
  }
  return trail;
}

const screenTitles: Record<string, string> = {
  '/': 'Dashboard',
  '/estoque': 'Posição de Estoque',
  '/configuracoes/fiscais': 'Configurações Fiscais',
  '/configuracoes/compras': 'Configurações de Compras',
  // the crumbs "Entrada" / "Saída" sit under "Notas Fiscais"; alone as a heading they say too little
  '/notasfiscais/entrada': 'Notas Fiscais de Entrada',
  '/notasfiscais/saida': 'Notas Fiscais de Saída',
  '/relatorios/vendas': 'Relatório de Vendas',
  '/relatorios/comissoes': 'Relatório de Comissões',
  '/relatorios/giro-estoque': 'Giro e Cobertura de Estoque',
};

/** The heading of a signed-in screen (usually its last crumb). */
export function screenTitle(pathname: string): string | undefined {
  return (
    screenTitles[pathname] ??
    breadcrumbLabels[pathname] ??
    recordScreenLabel(pathname.split('/').filter(Boolean))
  );
}
