import { Decimal, type FinanceiroConfiguracoes } from '@erp/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { appSettings } from '../configuracoes/configuracoes.tables.ts';
import { getSetting } from '../configuracoes/settings.service.ts';

// GET/PUT /api/financeiro/configuracoes: the defaults of juros de mora (% a.m.) and multa (%) that
// a new título takes when it leaves them empty (criarTitulos reads them). Stored as the settings
// keys financeiro_juros_mes_percentual and financeiro_multa_percentual (configuracoes module), both
// written in one audited transaction.

/** A percent as the API answers it: "1.5000" (the stored JSON may hold a number). */
const percentual = (v: unknown) => Decimal.of(String(v)).toFixed(4);

export async function getConfiguracoesFinanceiro(db: Db): Promise<FinanceiroConfiguracoes> {
  return {
    juros_mes_percentual: percentual(await getSetting(db, 'financeiro_juros_mes_percentual')),
    multa_percentual: percentual(await getSetting(db, 'financeiro_multa_percentual')),
  };
}

export async function updateConfiguracoesFinanceiro(
  db: Db,
  actor: Actor,
  input: FinanceiroConfiguracoes,
): Promise<FinanceiroConfiguracoes> {
  await writeTx(db, actor, async (tx) => {
    for (const [chave, valor] of [
      ['financeiro_juros_mes_percentual', percentual(input.juros_mes_percentual)],
      ['financeiro_multa_percentual', percentual(input.multa_percentual)],
    ] as const) {
      await tx
        .insert(appSettings)
        .values({ chave, valor })
        .onConflictDoUpdate({ target: appSettings.chave, set: { valor, updatedAt: new Date() } });
    }
  });
  return getConfiguracoesFinanceiro(db);
}
