import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * The access-token key: JWT_SECRET when configured, otherwise one generated on first start and
 * kept in app_settings so tokens survive restarts and are shared by every instance.
 */
export async function loadJwtSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const candidate = randomBytes(48).toString('base64url');
  // Insert-if-absent then read: concurrent first starts agree on one secret.
  await db.execute(
    sql`insert into app_settings (chave, valor) values ('jwt_secret', ${JSON.stringify(candidate)}::jsonb) on conflict (chave) do nothing`,
  );
  const rows = rowsOf<{ valor: string }>(
    await db.execute(sql`select valor from app_settings where chave = 'jwt_secret'`),
  );
  const secret = rows[0]?.valor;
  if (typeof secret !== 'string') throw new Error('jwt_secret ausente em app_settings');
  return new TextEncoder().encode(secret);
}
