import { allows, menu, permissionForPath, type Role, visibleMenu } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app.ts';

// Issue 29: a menu entry the user sees must open (the web guard lets it through) and its screen's
// data must load (the API answers 200), and an entry the user does not see must be closed on both
// sides (the guard and the API refuse). One table decides the three (packages/shared
// permissions.ts); this walks every menu entry for every demo role against the real HTTP app.

/** The GET each screen of the menu sends first to show its data. */
const SCREEN_API: Record<string, string> = {
  '/': '/api/me',
  '/perfil': '/api/me',
  '/comercial/pedidos': '/api/comercial/pedidos',
  '/comercial/kanban': '/api/comercial/kanban',
  '/comercial/bloqueados': '/api/comercial/pedidos?status=bloqueado',
  '/comercial/devolucoes': '/api/comercial/devolucoes',
  // the seller's offline app asks who the seller is first (a user not linked reads why, 200)
  '/vendas': '/api/vendas/vendedor',
  '/matriz/clientes': '/api/cadastros/clientes',
  '/matriz/fornecedores': '/api/cadastros/fornecedores',
  '/matriz/vendedores': '/api/cadastros/vendedores',
  '/matriz/grupos': '/api/cadastros/grupos',
  '/matriz/segmentos': '/api/cadastros/segmentos',
  '/matriz/regioes': '/api/cadastros/regioes',
  '/matriz/situacoes': '/api/cadastros/situacoes',
  '/notasfiscais/saida': '/api/notasfiscais/saida',
  '/notasfiscais/entrada': '/api/notasfiscais/entrada',
  '/estoque': '/api/estoque/posicao',
  '/estoque/produtos': '/api/estoque/produtos',
  '/estoque/entradas': '/api/estoque/entradas',
  '/estoque/devolucoes-compra': '/api/estoque/devolucoes-compra',
  '/estoque/inventarios': '/api/estoque/inventarios',
  '/estoque/lotes': '/api/estoque/lotes',
  '/estoque/locais': '/api/estoque/locais',
  '/estoque/tabela-precos': '/api/precos/tabelas',
  '/estoque/unidades': '/api/estoque/unidades',
  '/estoque/grupos': '/api/estoque/grupos',
  '/estoque/categorias': '/api/estoque/categorias',
  '/estoque/tabela-tributacao': '/api/tributacao/regras',
  // the suggestion needs a supplier to ask for: its screen opens on the purchasing settings' read
  '/compras/sugestao': '/api/compras/configuracao',
  '/relatorios/vendas': '/api/relatorios/vendas',
  '/relatorios/curva-abc': '/api/relatorios/curva-abc',
  '/relatorios/comissoes': '/api/relatorios/comissoes',
  '/relatorios/devolucoes': '/api/relatorios/devolucoes',
  '/relatorios/giro-estoque': '/api/relatorios/giro-estoque',
  '/relatorios/posicao-financeira': '/api/relatorios/posicao-financeira',
  '/compras/pedidos': '/api/compras/pedidos',
  '/financeiro/pagar': '/api/financeiro/pagar',
  '/financeiro/receber': '/api/financeiro/receber',
  '/financeiro/contas-bancarias': '/api/financeiro/contas-bancarias',
  '/financeiro/extrato-bancario': '/api/financeiro/contas-bancarias',
  '/financeiro/conciliacao-bancaria': '/api/financeiro/conciliacao-bancaria',
  '/financeiro/cobranca': '/api/financeiro/cobranca/boletos',
  '/financeiro/centros-custo': '/api/financeiro/centros-custo',
  '/financeiro/formas-recebimento': '/api/financeiro/formas-pagamento',
  '/financeiro/condicoes-pagamento': '/api/financeiro/condicoes-pagamento',
  '/expedicao/conferencia': '/api/expedicao/conferencia/pedidos',
  '/expedicao/cargas': '/api/expedicao/cargas',
  '/expedicao/faturamento': '/api/expedicao/cargas',
  '/expedicao/mdfe': '/api/expedicao/mdfe',
  '/frota/funcionarios': '/api/frota/funcionarios',
  '/frota/placas': '/api/frota/veiculos',
  '/configuracoes/perfis': '/api/usuarios/por-papel',
  '/configuracoes/fiscais': '/api/fiscal/configuracao',
  '/configuracoes/compras': '/api/compras/configuracao',
  '/usuarios': '/api/usuarios',
  '/auditoria': '/api/auditoria',
};

/**
 * A screen's API that another screen also reads, narrowed to what the other screen shows: the order
 * list is the Pedidos screen's (comercial) and the Pedidos Bloqueados screen's (estoque and
 * financeiro release blockers there), where a role without comercial gets the blocked orders only.
 * The purchase settings (admin's screen) are read by the buyers' purchase order form.
 */
const SHARED_READS: Record<string, Role[]> = {
  '/comercial/pedidos': ['estoque', 'financeiro'],
  // the purchase settings are edited by the admin; the buyers' order form reads the approval limit
  '/configuracoes/compras': ['estoque'],
};

const ROLE_SETS: Role[][] = [['admin'], ['comercial'], ['estoque'], ['financeiro'], []];

let t: TestContext;
const tokens = new Map<string, string>();
const label = (roles: Role[]) => `[${roles.join(',') || 'sem papel'}]`;

beforeAll(async () => {
  t = await createTestApp();
  for (const roles of ROLE_SETS) tokens.set(label(roles), (await t.signIn(roles)).token);
});
afterAll(() => t?.close());

const links = menu.flatMap((g) =>
  g.to
    ? [{ group: g, label: g.label, to: g.to }]
    : g.items.map((i) => ({ group: g, label: i.label, to: i.to })),
);

describe('menu, route guard and API agree (issue 29)', () => {
  it('every menu entry names the API its screen loads', () => {
    expect(links.filter((l) => !(l.to in SCREEN_API)).map((l) => l.to)).toEqual([]);
  });

  for (const roles of ROLE_SETS) {
    it(`${label(roles)}: a visible entry opens and loads; a hidden one is refused by the guard and the API`, async () => {
      const visible = visibleMenu(roles);
      const token = tokens.get(label(roles))!;
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const link of links) {
        const shown =
          visible.some((g) => g.to === link.to) ||
          visible.some((g) => g.id === link.group.id && g.items.some((i) => i.to === link.to));
        const guardOpens = allows(roles, permissionForPath(link.to)!);
        const res = await t.app.request(SCREEN_API[link.to]!, {
          headers: { authorization: `Bearer ${token}` },
        });
        const entry = `${link.group.label} › ${link.label} (${link.to})`;
        outcomes.push(`${entry}: guard ${guardOpens ? 'opens' : 'refuses'}, API ${res.status}`);
        // an entry shown inside a group must open; an entry whose guard refuses must be hidden and
        // its API refused; an entry the guard opens loads its data (even when its group is hidden)
        const shared = SHARED_READS[link.to]?.some((r) => roles.includes(r)) ?? false;
        if (shown || guardOpens) expected.push(`${entry}: guard opens, API 200`);
        else expected.push(`${entry}: guard refuses, API ${shared ? 200 : 403}`);
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it('estoque sees and opens Unidades, Grupos and Categorias, and no longer sees Tabela de Preços', async () => {
    const estoque = visibleMenu(['estoque']).find((g) => g.id === 'estoque')!;
    expect(estoque.items.map((i) => i.to)).toEqual(
      expect.arrayContaining(['/estoque/unidades', '/estoque/grupos', '/estoque/categorias']),
    );
    expect(estoque.items.map((i) => i.to)).not.toContain('/estoque/tabela-precos');
    const token = tokens.get(label(['estoque']))!;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const criada = await t.app.request('/api/estoque/unidades', {
      method: 'POST',
      headers,
      body: JSON.stringify({ sigla: 'FD', descricao: 'Fardo' }),
    });
    expect(criada.status).toBe(201);
    const grupo = await t.app.request('/api/estoque/grupos', {
      method: 'POST',
      headers,
      body: JSON.stringify({ codigo: 'BEB', nome: 'Bebidas' }),
    });
    expect(grupo.status).toBe(201);
    const tabela = await t.app.request('/api/precos/tabelas', { headers });
    expect(tabela.status).toBe(403);
  });
});
