import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { systemActor } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  chama,
  criaCliente,
  criaProduto,
  criaRegra,
  criaVendedor,
  entrada,
  pedido,
  tokens,
} from './comercial-test-support.ts';
import { confirmaPedido } from './pedidos.service.ts';

// Two orders racing for the last units of a product (PostgreSQL only: PGlite has one connection and
// cannot show a race). Both evaluate the stock as sufficient; the ledger's locked reservation lets
// one through and the other ends bloqueado by estoque — never both reserved.

const servidor = process.env.TEST_DATABASE_URL;
let t: TestContext;
let pool: Database | undefined;

beforeAll(async () => {
  if (!servidor) return;
  t = await createTestApp();
  pool = await openDatabase({ databaseUrl: (t.database as Database & { url: string }).url, poolSize: 10 });
});
afterAll(async () => {
  await pool?.close();
  await t?.close();
});

describe.skipIf(!servidor)('concurrent reservations (PostgreSQL only)', () => {
  it('two orders for the last 10 units confirmed at once: one liberado, the other bloqueado by estoque', async () => {
    const tk = await tokens(t);
    const vendedor = await criaVendedor(t.db, { nome: 'Vendedor', comissao: '3', descontoMaximo: '5' });
    const produto = await criaProduto(t.db, { nome: 'Queijo Minas', precoVenda: '20.00' });
    await criaRegra(t, tk.admin, {
      descricao: 'Queijo',
      cfop: '5102',
      destino: 'interna',
      produto_id: produto,
    });
    await entrada(t.db, produto, '10');
    const pedidos: { id: string; versao: number }[] = [];
    for (const nome of ['Mercado A', 'Mercado B']) {
      const cliente = await criaCliente(t.db, { razaoSocial: nome, limite: '100000', vendedorId: vendedor });
      const r = await chama(
        t,
        tk.comercial,
        'POST',
        '/api/comercial/pedidos',
        pedido(cliente, [[produto, 'UN', '10', '20.00']]),
      );
      expect(r.status).toBe(201);
      pedidos.push({ id: r.body.id, versao: r.body.versao });
    }
    const resultados = await Promise.allSettled(
      pedidos.map((p) => confirmaPedido(pool!.db, systemActor, p.id, p.versao)),
    );
    expect(resultados.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const status = rowsOf<{ status: string; bloqueios: string | null }>(
      await t.db.execute(sql`select o.status, (select string_agg(b.tipo, ',') from pedido_bloqueios b
        where b.order_id = o.id) as bloqueios from sales_orders o
        where o.id in (${pedidos[0]!.id}, ${pedidos[1]!.id}) order by o.status`),
    );
    expect(status).toEqual([
      { status: 'bloqueado', bloqueios: 'estoque' },
      { status: 'liberado', bloqueios: null },
    ]);
    const [reservado] = rowsOf<{ q: string; n: number }>(
      await t.db.execute(sql`select sum(quantidade)::text as q, count(distinct origem_id)::int as n
        from estoque_reservas where produto_id = ${produto}`),
    );
    expect(reservado).toEqual({ q: '10.000', n: 1 });
  });
});
