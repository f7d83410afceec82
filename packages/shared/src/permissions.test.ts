import { describe, expect, it } from 'vitest';
import {
  allows,
  breadcrumbTrail,
  canAccessModule,
  hasAnyRole,
  hasArea,
  menu,
  menuGroupOf,
  permissionForPath,
  type Role,
  routePermissions,
  screenTitle,
  visibleMenu,
} from './permissions.ts';

// Expectations are written from the specification's text (section 2 and 6), independently of the
// table under test, so a wrong entry in permissions.ts makes a test fail.

const ALL_ROLES: Role[] = ['admin', 'financeiro', 'estoque', 'comercial'];

/** Every role combination: none, each single role, every pair, every triple, all four. */
const ROLE_SETS: Role[][] = (() => {
  const sets: Role[][] = [];
  for (let mask = 0; mask < 1 << ALL_ROLES.length; mask++) {
    sets.push(ALL_ROLES.filter((_, i) => mask & (1 << i)));
  }
  return sets;
})();

type Rule = 'public' | 'signed-in' | Role[];

// Section 6 "Route guards", one line per class, roles besides admin.
const SPEC_ROUTE_GUARDS: Array<[Rule, string[]]> = [
  [
    ['comercial'],
    [
      '/comercial/pedidos',
      '/comercial/kanban',
      // issue 32's returns from customers, as the Comercial group (not in the spec's list)
      '/comercial/devolucoes',
      // issue 36's força de vendas (not in the spec's list)
      '/vendas',
      '/matriz/clientes',
      '/matriz/vendedores',
      '/notasfiscais/saida',
      '/notasfiscais/entrada',
      '/expedicao/conferencia',
      '/expedicao/cargas',
      '/expedicao/faturamento',
      '/expedicao/mdfe',
      // issue 35's commercial reports (not in the spec's list)
      '/relatorios/vendas',
      '/relatorios/curva-abc',
      '/relatorios/comissoes',
      '/relatorios/devolucoes',
    ],
  ],
  [
    ['estoque'],
    [
      '/estoque',
      '/estoque/produtos',
      '/estoque/entradas',
      // issue 32's returns to suppliers, as the Estoque group (not in the spec's list)
      '/estoque/devolucoes-compra',
      '/estoque/locais',
      '/estoque/lotes',
      // issue 12's inventory counts, guarded like the stock screens (not in the spec's list)
      '/estoque/inventarios',
      // issue 29, decision record 0007 (the spec says admin only): the stock clerk registers them
      '/estoque/unidades',
      '/estoque/grupos',
      '/estoque/categorias',
      // issue 34's purchasing, for the buyers (not in the spec's list)
      '/compras/sugestao',
      '/compras/pedidos',
      // issue 35's stock report (not in the spec's list)
      '/relatorios/giro-estoque',
    ],
  ],
  [
    ['financeiro'],
    [
      '/financeiro',
      '/financeiro/pagar',
      '/financeiro/receber',
      '/financeiro/centros-custo',
      '/financeiro/formas-recebimento',
      '/financeiro/condicoes-pagamento',
      '/financeiro/contas-bancarias',
      '/financeiro/extrato-bancario',
      '/financeiro/conciliacao-bancaria',
      '/financeiro/cobranca',
      '/financeiro/classes-financeiras',
      // issue 35's finance report (not in the spec's list)
      '/relatorios/posicao-financeira',
      '/frota/funcionarios',
      '/frota/placas',
    ],
  ],
  // issue 14's "Bloqueados" view: sellers and the roles that release blockers (not in the spec)
  [['comercial', 'financeiro', 'estoque'], ['/comercial/bloqueados']],
  [
    ['comercial', 'estoque'],
    ['/matriz/fornecedores', '/matriz/grupos', '/matriz/segmentos', '/matriz/regioes', '/matriz/situacoes'],
  ],
  [
    [],
    [
      '/configuracoes/fiscais',
      '/configuracoes/compras',
      '/configuracoes/perfis',
      '/estoque/tabela-tributacao',
      '/estoque/tabela-precos',
      '/usuarios',
      '/auditoria',
    ],
  ],
  // "/configuracoes" (account menu, for everyone) is a hub listing what the user may open.
  ['signed-in', ['/', '/perfil', '/configuracoes']],
  ['public', ['/auth', '/reset-password']],
];

function specAllows(roles: Role[] | null, rule: Rule): boolean {
  if (rule === 'public') return true;
  if (roles === null) return false;
  if (rule === 'signed-in') return true;
  return roles.includes('admin') || rule.some((r) => roles.includes(r));
}

const label = (roles: Role[] | null) => (roles === null ? 'no sign-in' : `[${roles.join(',')}]`);

describe('route guard table (spec section 6)', () => {
  const specRoutes = SPEC_ROUTE_GUARDS.flatMap(([, routes]) => routes);

  it('lists exactly the routes of the specification, each once', () => {
    expect(new Set(specRoutes).size).toBe(specRoutes.length);
    expect(Object.keys(routePermissions).sort()).toEqual([...specRoutes].sort());
  });

  for (const [rule, routes] of SPEC_ROUTE_GUARDS) {
    for (const route of routes) {
      it(`${route}: every role combination gets the access the spec states`, () => {
        const perm = routePermissions[route]!;
        for (const roles of [null, ...ROLE_SETS]) {
          expect(allows(roles, perm), `${route} ${label(roles)}`).toBe(specAllows(roles, rule));
        }
      });
    }
  }

  it('sub-paths of a screen inherit its guard; unknown paths have none', () => {
    expect(permissionForPath('/matriz/clientes/novo')).toEqual(routePermissions['/matriz/clientes']);
    expect(permissionForPath('/usuarios/123/')).toEqual(routePermissions['/usuarios']);
    expect(permissionForPath('/estoque/produtos/')).toEqual(routePermissions['/estoque/produtos']);
    expect(permissionForPath('/')).toBe('authenticated');
    expect(permissionForPath('/rota-inexistente')).toBeUndefined();
    expect(permissionForPath('/matriz')).toBeUndefined();
  });
});

describe('module map and role-list check (spec section 6)', () => {
  const SPEC_MODULES: Record<string, Role[]> = {
    comercial: ['comercial'],
    estoque: ['estoque'],
    financeiro: ['financeiro'],
    cadastros: ['comercial', 'estoque'],
    configuracoes: [],
    usuarios: [],
    auditoria: [],
  };

  for (const [module, rule] of Object.entries(SPEC_MODULES)) {
    it(`module ${module}: every role combination`, () => {
      for (const roles of ROLE_SETS) {
        expect(canAccessModule(roles, module), `${module} ${label(roles)}`).toBe(specAllows(roles, rule));
        expect(allows(roles, { module: module as never }), `${module} ${label(roles)}`).toBe(
          specAllows(roles, rule),
        );
      }
      expect(allows(null, { module: module as never })).toBe(false);
    });
  }

  it('unknown modules are denied to everyone, admin included', () => {
    for (const roles of ROLE_SETS) {
      expect(canAccessModule(roles, 'inexistente')).toBe(false);
      expect(canAccessModule(roles, 'expedicao')).toBe(false);
    }
  });

  it('derived areas: finance, stock, commercial = admin or the area role', () => {
    for (const roles of ROLE_SETS) {
      const admin = roles.includes('admin');
      expect(hasArea(roles, 'finance')).toBe(admin || roles.includes('financeiro'));
      expect(hasArea(roles, 'stock')).toBe(admin || roles.includes('estoque'));
      expect(hasArea(roles, 'commercial')).toBe(admin || roles.includes('comercial'));
    }
  });

  it('role lists: admin always passes, otherwise at least one listed role; unknown role strings grant nothing', () => {
    expect(hasAnyRole(['admin'], [])).toBe(true);
    expect(hasAnyRole([], [])).toBe(false);
    expect(hasAnyRole(['financeiro'], ['comercial', 'estoque'])).toBe(false);
    expect(hasAnyRole(['estoque', 'financeiro'], ['comercial', 'estoque'])).toBe(true);
    expect(hasAnyRole(['superuser'], ['comercial'])).toBe(false);
  });

  it('no sign-in passes only public; a user without roles passes "authenticated"', () => {
    expect(allows(null, 'public')).toBe(true);
    expect(allows(null, 'authenticated')).toBe(false);
    expect(allows([], 'authenticated')).toBe(true);
    expect(allows([], { roles: [] })).toBe(false);
  });
});

describe('menu (spec section 2 "Shell" and section 6 "Menu visibility")', () => {
  const SPEC_MENU: Array<[string, Rule, Array<[string, string]>]> = [
    ['Dashboard', 'signed-in', []],
    [
      'Comercial',
      ['comercial'],
      [
        ['Pedidos', '/comercial/pedidos'],
        ['Kanban de Pedidos', '/comercial/kanban'],
        ['Clientes', '/matriz/clientes'],
        ['Notas Fiscais', '/notasfiscais/saida'],
        ['Notas de Entrada', '/notasfiscais/entrada'],
        ['Devoluções', '/comercial/devolucoes'],
        ['Força de Vendas', '/vendas'],
      ],
    ],
    [
      'Estoque',
      ['estoque'],
      [
        ['Produtos', '/estoque/produtos'],
        ['Entrada de Mercadorias', '/estoque/entradas'],
        // issue 32 (not in the spec's list): the returns to suppliers, after the receipts
        ['Devoluções de Compra', '/estoque/devolucoes-compra'],
        ['Posição de Estoque', '/estoque'],
        // issue 12 (not in the spec's list): the inventory counts, after the position
        ['Inventários', '/estoque/inventarios'],
        // issue 14 (not in the spec's list): the blocked orders, where stock blockers are released
        ['Pedidos Bloqueados', '/comercial/bloqueados'],
        ['Lotes', '/estoque/lotes'],
        ['Locais', '/estoque/locais'],
        ['Tabela de Preços', '/estoque/tabela-precos'],
        ['Unidades', '/estoque/unidades'],
        ['Grupos', '/estoque/grupos'],
        ['Categorias', '/estoque/categorias'],
      ],
    ],
    [
      // issue 34 (not in the spec's list): purchasing, for the buyers
      'Compras',
      ['estoque'],
      [
        ['Sugestão de Compra', '/compras/sugestao'],
        ['Pedidos de Compra', '/compras/pedidos'],
      ],
    ],
    [
      'Financeiro',
      ['financeiro'],
      [
        ['Pagar', '/financeiro/pagar'],
        ['Receber', '/financeiro/receber'],
        // issue 14 (not in the spec's list): the blocked orders, where credit blockers are released
        ['Pedidos Bloqueados', '/comercial/bloqueados'],
        ['Contas Bancárias', '/financeiro/contas-bancarias'],
        ['Extrato Bancário', '/financeiro/extrato-bancario'],
        ['Conciliação Bancária', '/financeiro/conciliacao-bancaria'],
        // issue 31 (not in the spec's list): registered boletos and remessas
        ['Cobrança', '/financeiro/cobranca'],
        ['Centros de Custo', '/financeiro/centros-custo'],
        ['Formas de Recebimento', '/financeiro/formas-recebimento'],
        ['Condições de Pagamento', '/financeiro/condicoes-pagamento'],
      ],
    ],
    [
      // issue 35 (not in the spec's list): one entry per report, each with its report's guard
      'Relatórios',
      ['comercial', 'estoque', 'financeiro'],
      [
        ['Vendas', '/relatorios/vendas'],
        ['Curva ABC', '/relatorios/curva-abc'],
        ['Comissões', '/relatorios/comissoes'],
        ['Devoluções e cancelamentos', '/relatorios/devolucoes'],
        ['Giro de Estoque', '/relatorios/giro-estoque'],
        ['Posição Financeira', '/relatorios/posicao-financeira'],
      ],
    ],
    [
      'Cadastros Básicos',
      ['comercial', 'estoque'],
      [
        ['Clientes', '/matriz/clientes'],
        ['Fornecedores', '/matriz/fornecedores'],
        ['Vendedores', '/matriz/vendedores'],
        ['Grupo Empresarial', '/matriz/grupos'],
        ['Segmentos', '/matriz/segmentos'],
        ['Região de Entrega', '/matriz/regioes'],
        ['Situação do Cliente', '/matriz/situacoes'],
      ],
    ],
    [
      'Expedição',
      ['comercial'],
      [
        ['Conferência', '/expedicao/conferencia'],
        ['Gestão de Cargas', '/expedicao/cargas'],
        ['Faturamento de Cargas', '/expedicao/faturamento'],
        ['Manifestos (MDF-e)', '/expedicao/mdfe'],
      ],
    ],
    [
      'Frota',
      ['financeiro'],
      [
        ['Funcionários', '/frota/funcionarios'],
        ['Placas', '/frota/placas'],
      ],
    ],
    [
      'Configurações',
      [],
      [
        ['Perfis de Acesso', '/configuracoes/perfis'],
        ['Fiscais', '/configuracoes/fiscais'],
        ['Compras', '/configuracoes/compras'],
        ['Tabela de Tributação', '/estoque/tabela-tributacao'],
        ['Usuários', '/usuarios'],
        ['Auditoria', '/auditoria'],
      ],
    ],
    ['Perfil', 'signed-in', []],
  ];
  // Issue 29: an entry shows only when its route's guard opens it (the spec's "Cadastros Básicos"
  // rules — Clientes and Vendedores comercial, Fornecedores comercial or estoque — are exactly their
  // routes' guards; in Estoque, Tabela de Preços is the admin's and no longer bounces the clerk).
  const routeRule = (to: string): Rule =>
    SPEC_ROUTE_GUARDS.find(([, routes]) => routes.includes(to))?.[0] ?? [];

  it('has the groups, items, order and routes of the specification', () => {
    expect(menu.map((g) => [g.label, g.items.map((i) => [i.label, i.to])])).toEqual(
      SPEC_MENU.map(([g, , items]) => [g, items]),
    );
    expect(menu.find((g) => g.label === 'Dashboard')?.to).toBe('/');
    expect(menu.find((g) => g.label === 'Perfil')?.to).toBe('/perfil');
  });

  it('every menu link is a route of the table', () => {
    for (const g of menu) {
      for (const to of [g.to, ...g.items.map((i) => i.to)].filter(Boolean)) {
        expect(routePermissions, to).toHaveProperty([to!]);
      }
    }
  });

  for (const roles of ROLE_SETS) {
    it(`visible menu for ${label(roles)}`, () => {
      const expected = SPEC_MENU.filter(([, rule]) => specAllows(roles, rule)).map(([g, , items]) => [
        g,
        items.filter(([, to]) => specAllows(roles, routeRule(to))).map(([item]) => item),
      ]);
      expect(visibleMenu(roles).map((g) => [g.label, g.items.map((i) => i.label)])).toEqual(expected);
    });
  }

  it('no visible entry bounces: every role combination sees exactly the entries its guards open', () => {
    for (const roles of ROLE_SETS) {
      const groups = visibleMenu(roles);
      for (const g of menu) {
        const shown = groups.find((v) => v.id === g.id);
        for (const item of g.items) {
          const opens = allows(roles, permissionForPath(item.to)!);
          const visible = shown?.items.some((i) => i.to === item.to) ?? false;
          // hidden only when it does not open, or when its whole group belongs to other roles
          if (visible) expect(opens, `${label(roles)} ${g.label} › ${item.label}`).toBe(true);
          if (shown && opens) expect(visible, `${label(roles)} ${g.label} › ${item.label}`).toBe(true);
        }
      }
    }
    expect(
      visibleMenu(['estoque'])
        .find((g) => g.id === 'estoque')
        ?.items.map((i) => i.label),
    ).toEqual([
      'Produtos',
      'Entrada de Mercadorias',
      'Devoluções de Compra',
      'Posição de Estoque',
      'Inventários',
      'Pedidos Bloqueados',
      'Lotes',
      'Locais',
      'Unidades',
      'Grupos',
      'Categorias',
    ]);
  });

  it('a user without roles sees only Dashboard and Perfil', () => {
    expect(visibleMenu([]).map((g) => g.label)).toEqual(['Dashboard', 'Perfil']);
  });

  it('finds the group that holds the current route (first match) and its sub-paths', () => {
    expect(menuGroupOf('/financeiro/receber')?.label).toBe('Financeiro');
    expect(menuGroupOf('/estoque/tabela-tributacao')?.label).toBe('Configurações');
    expect(menuGroupOf('/matriz/fornecedores/novo')?.label).toBe('Cadastros Básicos');
    expect(menuGroupOf('/compras/pedidos/0f8fad5b-d9cb-469f-a165-70867728950e')?.label).toBe('Compras');
    expect(menuGroupOf('/matriz/clientes', visibleMenu(['estoque']))).toBeUndefined();
    expect(menuGroupOf('/matriz/clientes', visibleMenu(['comercial']))?.label).toBe('Comercial');
    expect(menuGroupOf('/')).toBeUndefined();
  });
});

describe('breadcrumbs (spec section 2 "Shell")', () => {
  const crumbs = (path: string) => breadcrumbTrail(path).map((c) => c.label);

  it('start at Início and use the spec labels', () => {
    expect(crumbs('/')).toEqual(['Início']);
    expect(crumbs('/estoque/entradas')).toEqual(['Início', 'Estoque', 'Entradas de Mercadorias']);
    expect(crumbs('/estoque/locais')).toEqual(['Início', 'Estoque', 'Locais de Estoque']);
    expect(crumbs('/estoque/tabela-tributacao')).toEqual(['Início', 'Estoque', 'Tabelas de Tributação']);
    expect(crumbs('/financeiro/receber')).toEqual(['Início', 'Financeiro', 'Contas a Receber']);
    expect(crumbs('/financeiro/pagar')).toEqual(['Início', 'Financeiro', 'Contas a Pagar']);
    expect(crumbs('/financeiro/conciliacao-bancaria')).toEqual([
      'Início',
      'Financeiro',
      'Conciliação Bancária',
    ]);
    expect(crumbs('/matriz/fornecedores')).toEqual(['Início', 'Cadastros', 'Fornecedores']);
    expect(crumbs('/frota/funcionarios')).toEqual(['Início', 'Frota', 'Funcionários']);
    expect(crumbs('/expedicao/conferencia')).toEqual(['Início', 'Expedição', 'Conferência de Pedidos']);
    expect(crumbs('/expedicao/cargas')).toEqual(['Início', 'Expedição', 'Gestão de Cargas']);
    expect(crumbs('/expedicao/faturamento')).toEqual(['Início', 'Expedição', 'Faturamento de Cargas']);
    expect(crumbs('/configuracoes/perfis')).toEqual(['Início', 'Configurações', 'Perfis de Acesso']);
    expect(crumbs('/usuarios')).toEqual(['Início', 'Usuários']);
    expect(crumbs('/notasfiscais/entrada')).toEqual(['Início', 'Notas Fiscais', 'Entrada']);
    expect(crumbs('/notasfiscais/saida')).toEqual(['Início', 'Notas Fiscais', 'Saída']);
    expect(crumbs('/compras/pedidos/novo')).toEqual(['Início', 'Compras', 'Pedidos de Compra']);
    expect(crumbs('/compras/sugestao')).toEqual(['Início', 'Compras', 'Sugestão de Compra']);
  });

  it('link targets are the path prefixes; ids and unknown segments are skipped', () => {
    expect(breadcrumbTrail('/matriz/clientes')).toEqual([
      { label: 'Início', to: '/' },
      { label: 'Cadastros', to: '/matriz' },
      { label: 'Clientes', to: '/matriz/clientes' },
    ]);
    expect(crumbs('/matriz/clientes/3f2a')).toEqual(['Início', 'Cadastros', 'Clientes']);
  });

  it('a screen of one record ends with it: the Kardex of a product, the inventory counts', () => {
    const kardex = '/estoque/produtos/0f8fad5b-d9cb-469f-a165-70867728950e/kardex';
    expect(breadcrumbTrail(kardex)).toEqual([
      { label: 'Início', to: '/' },
      { label: 'Estoque', to: '/estoque' },
      { label: 'Produtos', to: '/estoque/produtos' },
      { label: 'Kardex', to: kardex },
    ]);
    expect(screenTitle(kardex)).toBe('Kardex');
    expect(crumbs('/estoque/produtos/kardex')).toEqual(['Início', 'Estoque', 'Produtos']);
    expect(crumbs('/estoque/inventarios')).toEqual(['Início', 'Estoque', 'Inventários']);
    expect(menuGroupOf('/estoque/inventarios/3f2a')?.label).toBe('Estoque');
  });

  it('every signed-in route has a title and a breadcrumb ending in it', () => {
    for (const [route, perm] of Object.entries(routePermissions)) {
      if (perm === 'public' || route === '/') continue;
      expect(screenTitle(route), route).toBeTruthy();
      expect(breadcrumbTrail(route).at(-1)?.to, route).toBe(route);
    }
    expect(screenTitle('/')).toBe('Dashboard');
    expect(screenTitle('/notasfiscais/entrada')).toBe('Notas Fiscais de Entrada');
    expect(screenTitle('/notasfiscais/saida')).toBe('Notas Fiscais de Saída');
  });
});
