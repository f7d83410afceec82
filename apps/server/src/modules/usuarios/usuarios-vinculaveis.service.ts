import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

export type UsuarioVinculavel = { id: string; email: string; nome_completo: string | null };

/**
 * Accounts another record (a salesperson) may be linked to: people who can sign in (active,
 * e-mail confirmed) and are not administrators. Pending invitations, unconfirmed sign-ups,
 * deactivated accounts and administrators are left out — this list is shown to non-admin roles.
 */
export async function listUsuariosVinculaveis(db: Db): Promise<UsuarioVinculavel[]> {
  return rowsOf<UsuarioVinculavel>(
    await db.execute(sql`select u.id, u.email, p.nome_completo from users u
      left join user_profiles p on p.user_id = u.id
      where u.ativo and u.email_confirmed_at is not null
        and not exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin')
      order by lower(coalesce(p.nome_completo, u.email)), u.id limit 2000`),
  );
}
