import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { DEMO_DOMAIN } from './demo-users.ts';

// The força de vendas demo (issue 36): the demo comercial user is the first demo seller
// (vendedores.user_id), so signing in as comercial@demo.erp.br opens /vendas on that seller's
// carteira (the customers whose vendedor_id is theirs: 15 demo customers).
export async function seedVendasDemo(tx: Tx, vendedorId: string): Promise<void> {
  await tx.execute(sql`update vendedores set user_id = (select id from users where email = ${`comercial@${DEMO_DOMAIN}`})
    where id = ${vendedorId}`);
}
