import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { AuthUser } from '../../lib/context.ts';

// A seller sees only their own sales (issue 35): a user who is not admin and whose account is linked
// to a vendedor (vendedores.user_id) has every commercial report narrowed to the orders of that
// seller (sales_orders.vendedor_id), whatever seller filter the request carries. Admin, and a
// comercial user linked to no seller, see every seller.

export type EscopoVendedor = { vendedorId: string; nome: string } | null;

export async function escopoDoUsuario(db: Db, user: AuthUser): Promise<EscopoVendedor> {
  if (user.roles.includes('admin')) return null;
  const [v] = rowsOf<{ id: string; nome: string }>(
    await db.execute(sql`select id, nome from vendedores where user_id = ${user.id} limit 1`),
  );
  return v ? { vendedorId: v.id, nome: v.nome } : null;
}
