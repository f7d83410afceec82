import { type MdfeConfiguracao, mdfeConfiguracaoSchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { appSettings } from '../configuracoes/configuracoes.tables.ts';
import { getSetting } from '../configuracoes/settings.service.ts';

// The company's MDF-e settings (app_settings "mdfe"): read through the schema so a setting saved by an
// older version gets the newer keys' defaults.

export async function leMdfeConfiguracao(db: Db | Tx): Promise<MdfeConfiguracao> {
  const salvo = await getSetting(db as Db, 'mdfe');
  const r = mdfeConfiguracaoSchema.safeParse(salvo ?? {});
  return r.success ? r.data : mdfeConfiguracaoSchema.parse({});
}

/** Saves the settings (audited by the app_settings trigger) and opens the série's numbering if new. */
export async function salvaMdfeConfiguracao(
  db: Db,
  actor: Actor,
  input: MdfeConfiguracao,
): Promise<MdfeConfiguracao> {
  await writeTx(db, actor, async (tx) => {
    await tx
      .insert(appSettings)
      .values({ chave: 'mdfe', valor: input })
      .onConflictDoUpdate({ target: appSettings.chave, set: { valor: input, updatedAt: new Date() } });
    await tx.execute(
      sql`insert into mdfe_series (serie) values (${input.serie}) on conflict (serie) do nothing`,
    );
  });
  return leMdfeConfiguracao(db);
}
