import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  chama,
  criaCliente,
  criaProduto,
  criaRegra,
  criaVendedor,
  entrada,
  type Json,
  pedido,
  tokens,
} from './comercial-test-support.ts';

// The dashboard's "Vendas do Mês", "Total de Pedidos", "Ticket Médio" and their drill-downs leave
// out quotes and cancelled orders (migration 0029): a quote counts nowhere, confirming it brings it
// in (cards, per day, per product, per customer, per seller), cancelling it takes it out again, and
// the incrementally kept read models equal a rebuild from scratch.

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let cliente: string;
let produto: string;

const painel = async () => {
  const get = async (p: string) => (await chama(t, tk.admin, 'GET', `/api/dashboard/comercial${p}`)).body;
  const resumo = await get('');
  return {
    vendas_mes: resumo.vendas_mes,
    total_pedidos: resumo.total_pedidos,
    ticket_medio: resumo.ticket_medio,
    periodo: (await get('/vendas-por-periodo')).length ?? (await get('/vendas-por-periodo')).linhas?.length,
    produto: JSON.stringify(await get('/vendas-por-produto')),
    cliente: JSON.stringify(await get('/vendas-por-cliente')),
    vendedor: JSON.stringify(await get('/vendas-por-vendedor')),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
  const vendedor = await criaVendedor(t.db, { nome: 'Vendedor Único', comissao: '2', descontoMaximo: '5' });
  cliente = await criaCliente(t.db, { razaoSocial: 'Empório Teste', limite: '100000', vendedorId: vendedor });
  produto = await criaProduto(t.db, { nome: 'Azeite 500 mL', precoVenda: '30.00' });
  await criaRegra(t, tk.admin, {
    descricao: 'Azeite',
    cfop: '5102',
    destino: 'interna',
    produto_id: produto,
  });
  await entrada(t.db, produto, '100');
});
afterAll(() => t?.close());

describe('dashboard sales figures leave out orçamentos and cancelados', () => {
  it('quote: nothing; confirmed: counted everywhere; cancelled: gone again; read models = rebuild', async () => {
    const vazio = await painel();
    expect(vazio).toMatchObject({ vendas_mes: '0.00', total_pedidos: 0, ticket_medio: '0.00' });

    const criado = await api('POST', '/pedidos', pedido(cliente, [[produto, 'UN', '4', '30.00']]));
    expect(criado.status).toBe(201);
    expect(await painel()).toEqual(vazio);

    const confirmado = await api('POST', `/pedidos/${criado.body.id}/confirmar`, {
      versao: criado.body.versao,
    });
    expect(confirmado.body.status).toBe('liberado');
    const contado = await painel();
    expect(contado).toMatchObject({ vendas_mes: '120.00', total_pedidos: 1, ticket_medio: '120.00' });
    expect(contado.produto).toContain('Azeite 500 mL');
    expect(contado.cliente).toContain('Empório Teste');
    expect(contado.vendedor).toContain('Vendedor Único');

    // a second quote beside it changes nothing
    await api('POST', '/pedidos', pedido(cliente, [[produto, 'UN', '1', '30.00']]));
    expect(await painel()).toEqual(contado);
    await conferirRebuild();

    const cancelado = await api('POST', `/pedidos/${criado.body.id}/cancelar`, {
      motivo: 'Pedido em duplicidade',
      versao: confirmado.body.versao,
    });
    expect(cancelado.body.status).toBe('cancelado');
    expect(await painel()).toEqual(vazio);
    await conferirRebuild();
  });
});

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  return chama(t, tk.comercial, method, `/api/comercial${path}`, body);
}

async function conferirRebuild() {
  const ler = async () =>
    rowsOf<Json>(
      await t.db.execute(sql`select 'p' as k, mes::text, product_id::text as id, quantidade::text, valor::text, itens
        from dashboard_vendas_produto_mes where itens <> 0 or valor <> 0
        union all select 'c', mes::text, cliente_id::text, null, valor::text, pedidos
        from dashboard_vendas_cliente_mes where pedidos <> 0 or valor <> 0 order by 1, 2, 3`),
    );
  const incremental = await ler();
  await t.db.execute(sql`select dashboard_vendas_recalcular()`);
  expect(await ler()).toEqual(incremental);
}
