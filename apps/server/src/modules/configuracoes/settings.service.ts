import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { appSettings } from './configuracoes.tables.ts';

/** Known application settings with their defaults. */
export const settingDefaults = {
  permitir_novos_cadastros: true,
} as const;
export type SettingKey = keyof typeof settingDefaults;

export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<(typeof settingDefaults)[K]> {
  const [row] = await db
    .select({ valor: appSettings.valor })
    .from(appSettings)
    .where(eq(appSettings.chave, key));
  return (row?.valor ?? settingDefaults[key]) as (typeof settingDefaults)[K];
}

export async function setSetting<K extends SettingKey>(
  db: Db,
  actor: Actor,
  key: K,
  value: (typeof settingDefaults)[K],
): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    await tx
      .insert(appSettings)
      .values({ chave: key, valor: value })
      .onConflictDoUpdate({ target: appSettings.chave, set: { valor: value, updatedAt: new Date() } });
  });
}
