import { vendasMensagens } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

// The seller a user is: the vendedores row linked to the user (vendedores.user_id, unique). The
// força de vendas is the seller's: a user without a link (admin included) is refused with a 403
// that says what to ask for.

export type VendedorDoUsuario = { id: string; nome: string; comissao: string; desconto_maximo: string };

/** The seller linked to the user, or null. */
export async function vendedorVinculado(db: Db | Tx, userId: string): Promise<VendedorDoUsuario | null> {
  const [v] = rowsOf<VendedorDoUsuario>(
    await (db as Db).execute(sql`select id, nome, comissao::text as comissao,
        desconto_maximo::text as desconto_maximo
      from vendedores where user_id = ${userId} and ativo`),
  );
  return v ?? null;
}

export async function vendedorDoUsuario(db: Db | Tx, userId: string): Promise<VendedorDoUsuario> {
  const v = await vendedorVinculado(db, userId);
  if (!v) throw new AppError('forbidden', vendasMensagens.semVendedor);
  return v;
}
