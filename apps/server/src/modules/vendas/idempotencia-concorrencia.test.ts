import { randomUUID } from 'node:crypto';
import { pedidoVendasSchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  criaCliente,
  criaProduto,
  criaRegra,
  entrada,
  pedido,
  tokens,
} from '../comercial/comercial-test-support.ts';
import { recebePedidoDoDispositivo } from './pedidos-dispositivo.service.ts';
import { vendedorComUsuario } from './vendas-test-support.ts';
import { vendedorDoUsuario } from './vendedor-do-usuario.ts';

// The same order posted 3 times at once with one Idempotency-Key (a retry racing a second tab):
// one order. PostgreSQL only — PGlite has one connection and cannot show a race.

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

describe.skipIf(!servidor)('idempotent device orders (PostgreSQL only)', () => {
  it('three concurrent posts of one key: one order, three equal answers', async () => {
    const { admin } = await tokens(t);
    const ana = await vendedorComUsuario(t, 'Ana Concorrente');
    const cliente = await criaCliente(t.db, {
      razaoSocial: 'Mercado Corrida',
      limite: '10000',
      vendedorId: ana.id,
    });
    const produto = await criaProduto(t.db, { nome: 'Óleo 900 ml', precoVenda: '8.00' });
    await criaRegra(t, admin, { descricao: 'Óleo', cfop: '5102', destino: 'interna', produto_id: produto });
    await entrada(t.db, produto, '50');
    const vendedor = await vendedorDoUsuario(pool!.db, ana.userId);
    const chave = randomUUID();
    const corpo = pedidoVendasSchema.parse({
      pedido: pedido(cliente, [[produto, 'UN', '5', '8.00']]),
      dispositivo: { total: '40.00', precos_tabela: ['8.00'] },
    });
    const respostas = await Promise.all(
      [1, 2, 3].map(() =>
        recebePedidoDoDispositivo(pool!.db, { userId: ana.userId }, vendedor, chave, corpo),
      ),
    );
    expect(new Set(respostas.map((r) => r.pedido_id)).size).toBe(1);
    expect(respostas.filter((r) => !r.repetido)).toHaveLength(1);
    const [n] = rowsOf<{ pedidos: number; reservado: string }>(
      await t.db.execute(sql`select count(*)::int as pedidos,
          (select sum(quantidade)::text from estoque_reservas where produto_id = ${produto}) as reservado
        from sales_orders where cliente_id = ${cliente}`),
    );
    expect(n).toEqual({ pedidos: 1, reservado: '5.000' });
  });
});
