// Helpers for the load-invoicing tests (not a test file itself).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { TestContext } from '../../test/test-app.ts';
import { pedidoLiberado } from '../notasfiscais/notas-saida-test-support.ts';

/**
 * A load «conferida» with `n` orders of `produto` for `cliente`, each conferido (the check itself is
 * tested in expedicao.test.ts): quantities 1, 2, 3, 1, … at R$ 12,50.
 */
export async function cargaConferida(
  t: TestContext,
  token: string,
  cliente: string,
  produto: string,
  n: number,
): Promise<{ id: string; pedidos: string[] }> {
  const pedidos: string[] = [];
  for (let i = 0; i < n; i++)
    pedidos.push((await pedidoLiberado(t, token, cliente, [[produto, String(1 + (i % 3)), '12.50']])).id);
  const [c] = rowsOf<{ id: string }>(
    await t.db.execute(
      sql`insert into cargas (data_saida_prevista, status) values (current_date, 'conferida') returning id`,
    ),
  );
  for (const [i, p] of pedidos.entries()) {
    await t.db.execute(sql`update sales_orders set status = 'conferido' where id = ${p}`);
    await t.db.execute(
      sql`insert into cargas_pedidos (carga_id, pedido_id, sequencia) values (${c!.id}, ${p}, ${i + 1})`,
    );
  }
  return { id: c!.id, pedidos };
}
