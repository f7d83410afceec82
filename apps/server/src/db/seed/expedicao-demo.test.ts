import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoDoArquivo } from '../../test/demo-db.ts';

// The demo of dispatch: loads in three statuses, the conferida one with every order conferido, and
// released orders left for the assembly screen.

const demo = demoDoArquivo();

const { query } = demo;

describe('demo dispatch', () => {
  it('a load in montagem, one em separação, one conferida (its orders conferido, checks conferida)', async () => {
    const cargas = await query<{ status: string; pedidos: number; status_pedidos: string[] }>(
      sql`select k.status, count(cp.id)::int as pedidos, array_agg(distinct o.status order by o.status) as status_pedidos
        from cargas k join cargas_pedidos cp on cp.carga_id = k.id join sales_orders o on o.id = cp.pedido_id
        group by k.id, k.status order by k.numero`,
    );
    expect(cargas.map((c) => c.status)).toEqual(['conferida', 'em_separacao', 'montagem']);
    expect(cargas[0]!.status_pedidos).toEqual(['conferido']);
    expect(cargas[1]!.status_pedidos).toEqual(['em_separacao']);
    expect(cargas[2]!.status_pedidos).toEqual(['liberado']);
    const [conf] = await query<{ n: number }>(
      sql`select count(*)::int as n from conferencias c
        join cargas_pedidos cp on cp.pedido_id = c.pedido_id and cp.ativo
        join cargas k on k.id = cp.carga_id
        where c.status = 'conferida' and k.status = 'conferida'`,
    );
    expect(conf!.n).toBe(cargas[0]!.pedidos);
    const [livres] = await query<{ n: number }>(
      sql`select count(*)::int as n from sales_orders o where o.status = 'liberado'
        and not exists (select 1 from cargas_pedidos cp where cp.pedido_id = o.id and cp.ativo)`,
    );
    expect(livres!.n).toBeGreaterThan(3);
    // issue 21: every demo order that went through conferido (the service-made ones) did it by its blind check
    const [semConferencia] = await query<{ n: number }>(
      sql`select count(*)::int as n from sales_orders o
        where exists (select 1 from pedido_historico h where h.order_id = o.id and h.para = 'conferido')
        and not exists (select 1 from conferencias c where c.pedido_id = o.id and c.status = 'conferida')`,
    );
    expect(semConferencia!.n).toBe(0);
  });
});
