import {
  type ConfiguracoesGerais,
  FINANCEIRO_PADROES,
  MDFE_CONFIGURACAO_PADRAO,
  type MdfeConfiguracao,
} from '@erp/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { appSettings } from './configuracoes.tables.ts';

/** Known application settings with their defaults. */
export const settingDefaults: {
  permitir_novos_cadastros: boolean;
  permitir_estoque_negativo: boolean;
  empresa_uf: string;
  empresa_crt: string;
  empresa_regime_pis_cofins: string;
  empresa_exclui_icms_pis_cofins: boolean;
  financeiro_juros_mes_percentual: string;
  financeiro_multa_percentual: string;
  comercial_dias_inadimplencia: number;
  comercial_venda_sem_estoque: boolean;
  entradas_impostos_recuperaveis: boolean;
  expedicao_exige_conferencia: boolean;
  mdfe: MdfeConfiguracao;
} = {
  permitir_novos_cadastros: true,
  /** Stock movements may leave disponível below zero (the ledger refuses it by default). */
  permitir_estoque_negativo: false,
  // The company as the tax engine sees it (read by tributacao/emitente.service.ts; edited on the
  // fiscal settings screen of the NF-e issue): UF, CRT (3 = regime normal), PIS/COFINS regime
  // ('cumulativo' | 'nao_cumulativo') and whether the ICMS leaves the PIS/COFINS base.
  empresa_uf: 'SP',
  empresa_crt: '3',
  empresa_regime_pis_cofins: 'nao_cumulativo',
  empresa_exclui_icms_pis_cofins: true,
  // Defaults of juros de mora (% a.m.) and multa (%) for títulos that leave them empty (financeiro).
  financeiro_juros_mes_percentual: FINANCEIRO_PADROES.juros_mes_percentual,
  financeiro_multa_percentual: FINANCEIRO_PADROES.multa_percentual,
  // Sales orders (comercial): days an open receivable may be overdue before the inadimplência
  // blocker fires, and whether orders may be released without stock (back-orders: no estoque blocker).
  comercial_dias_inadimplencia: 5,
  comercial_venda_sem_estoque: false,
  // Goods receipt: the item's ICMS, PIS and COFINS are recovered (regime normal) — not part of its cost.
  entradas_impostos_recuperaveis: false,
  // Dispatch: an order is invoiced only after its blind check (conferência) — exigeConferencia().
  expedicao_exige_conferencia: true,
  // MDF-e (issue 33): série, tpEmit, seguro, automatic emission, intrastate requirement.
  mdfe: MDFE_CONFIGURACAO_PADRAO,
};
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

/** The settings the administrator edits on /configuracoes. */
export async function getConfiguracoesGerais(db: Db): Promise<ConfiguracoesGerais> {
  return {
    permitir_novos_cadastros: await getSetting(db, 'permitir_novos_cadastros'),
    expedicao_exige_conferencia: await getSetting(db, 'expedicao_exige_conferencia'),
  };
}

export async function updateConfiguracoesGerais(
  db: Db,
  actor: Actor,
  input: ConfiguracoesGerais,
): Promise<ConfiguracoesGerais> {
  await setSetting(db, actor, 'permitir_novos_cadastros', input.permitir_novos_cadastros);
  if (input.expedicao_exige_conferencia !== undefined)
    await setSetting(db, actor, 'expedicao_exige_conferencia', input.expedicao_exige_conferencia);
  return getConfiguracoesGerais(db);
}
