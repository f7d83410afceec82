import {
  allows,
  aprovaCompras,
  type ConfiguracaoCompras,
  Decimal,
  genericMessages,
  guards,
  isRole,
  LIMITE_APROVACAO_COMPRAS_PADRAO,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';

// The company's purchase settings (app_settings, audited like every setting):
// - compras_limite_aprovacao: orders above this total need an approver (money string; default
//   LIMITE_APROVACAO_COMPRAS_PADRAO);
// - compras_papeis_aprovadores: roles that approve above the limit besides admin (default none).
// Read here rather than through configuracoes/settings.service.ts so the Compras module owns them.

const CHAVE_LIMITE = 'compras_limite_aprovacao';
const CHAVE_PAPEIS = 'compras_papeis_aprovadores';

export async function lerConfiguracaoCompras(db: Db | Tx): Promise<ConfiguracaoCompras> {
  const rows = rowsOf<{ chave: string; valor: unknown }>(
    await db.execute(
      sql`select chave, valor from app_settings where chave in (${CHAVE_LIMITE}, ${CHAVE_PAPEIS})`,
    ),
  );
  const valor = (chave: string) => rows.find((r) => r.chave === chave)?.valor;
  const limite = valor(CHAVE_LIMITE);
  const papeis = valor(CHAVE_PAPEIS);
  return {
    limite_aprovacao:
      typeof limite === 'string' && Decimal.isValid(limite)
        ? Decimal.of(limite).toFixed(2)
        : LIMITE_APROVACAO_COMPRAS_PADRAO,
    papeis_aprovadores: Array.isArray(papeis) ? papeis.filter((p) => isRole(p) && p !== 'admin') : [],
  };
}

/** PUT /api/compras/configuracao (admin). */
export async function gravaConfiguracaoCompras(
  db: Db,
  actor: Actor,
  cfg: ConfiguracaoCompras,
): Promise<ConfiguracaoCompras> {
  await writeTx(db, actor, async (tx) => {
    for (const [chave, valor] of [
      [CHAVE_LIMITE, cfg.limite_aprovacao],
      [CHAVE_PAPEIS, cfg.papeis_aprovadores],
    ] as const)
      await tx.execute(sql`insert into app_settings (chave, valor) values (${chave}, ${JSON.stringify(valor)}::jsonb)
        on conflict (chave) do update set valor = excluded.valor, updated_at = now()`);
  });
  return lerConfiguracaoCompras(db);
}

/**
 * The routes an approver reaches (an order, its PDF, «Aprovar») are open to the Compras guard and to
 * a role the company lists as approver (e.g. financeiro); any other user: 403.
 */
export async function exigeComprasOuAprovador(db: Db, papeis: readonly string[]): Promise<void> {
  if (allows(papeis, guards.compras)) return;
  const cfg = await lerConfiguracaoCompras(db);
  if (!aprovaCompras(papeis, cfg.papeis_aprovadores))
    throw new AppError('forbidden', genericMessages.forbidden);
}
