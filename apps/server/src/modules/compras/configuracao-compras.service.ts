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
import { SUGESTAO_PADROES } from './sugestao-compra.service.ts';

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

/**
 * PUT /api/compras/configuracao (admin): every setting given, in one transaction (each app_settings
 * row audited). The tolerances and the suggestion's defaults are optional: absent keeps the stored
 * value, so a form that knows only some of them does not reset the others.
 */
export async function gravaConfiguracaoCompras(
  db: Db,
  actor: Actor,
  cfg: ConfiguracaoCompras,
): Promise<ConfiguracaoCompras> {
  const tolerancias = Object.entries({
    tolerancia_quantidade_percentual: cfg.tolerancia_quantidade_percentual,
    tolerancia_preco_percentual: cfg.tolerancia_preco_percentual,
  }).filter((e): e is [string, string] => e[1] !== undefined);
  validaPercentuais(Object.fromEntries(tolerancias));
  const linhas: (readonly [string, unknown])[] = [
    [CHAVE_LIMITE, cfg.limite_aprovacao],
    [CHAVE_PAPEIS, cfg.papeis_aprovadores],
    // the app_settings keys are the fields' names with the «compras_» prefix
    ...tolerancias.map(([campo, v]) => [`compras_${campo}`, v] as const),
    ...(
      [
        ['compras_prazo_padrao_dias', cfg.prazo_padrao_dias],
        ['compras_dias_cobertura', cfg.dias_cobertura],
        ['compras_dias_seguranca', cfg.dias_seguranca],
      ] as const
    ).filter(([, v]) => v !== undefined),
  ];
  await writeTx(db, actor, async (tx) => {
    for (const [chave, valor] of linhas) await gravaSetting(tx, chave, valor);
  });
  return lerConfiguracaoCompras(db);
}

async function gravaSetting(tx: Tx, chave: string, valor: unknown) {
  await tx.execute(sql`insert into app_settings (chave, valor) values (${chave}, ${JSON.stringify(valor)}::jsonb)
    on conflict (chave) do update set valor = excluded.valor, updated_at = now()`);
}

// The purchase suggestion's company defaults (whole days, 0–365; SUGESTAO_PADROES when unset or
// invalid): compras_prazo_padrao_dias (a supplier without lead time), compras_dias_cobertura and
// compras_dias_seguranca (the suggestion's query may override these two). Stored as JSON numbers,
// as the suggestion reads them.

export type PadroesSugestao = { prazo_padrao_dias: number; dias_cobertura: number; dias_seguranca: number };

export async function lerPadroesSugestao(db: Db | Tx): Promise<PadroesSugestao> {
  const rows = rowsOf<{ chave: string; valor: unknown }>(
    await db.execute(
      sql`select chave, valor from app_settings
           where chave in ('compras_prazo_padrao_dias', 'compras_dias_cobertura', 'compras_dias_seguranca')`,
    ),
  );
  const dias = (chave: keyof typeof SUGESTAO_PADROES) => {
    const v = rows.find((r) => r.chave === chave)?.valor;
    return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 365 ? v : SUGESTAO_PADROES[chave];
  };
  return {
    prazo_padrao_dias: dias('compras_prazo_padrao_dias'),
    dias_cobertura: dias('compras_dias_cobertura'),
    dias_seguranca: dias('compras_dias_seguranca'),
  };
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

// The receipt-vs-purchase-order tolerances (issue 34), company settings beside the others:
// - compras_tolerancia_quantidade_percentual: how much above the ordered quantity a receipt may
//   bring without a justification (default 0 %: any excess is justified);
// - compras_tolerancia_preco_percentual: how far the invoice's unit price may be from the order's
//   either way (default 2 %: rounding of packaging prices, small freight passed in the price).
// Percent strings with up to 2 decimals; an invalid stored value falls back to the default.

const CHAVE_TOL_QUANTIDADE = 'compras_tolerancia_quantidade_percentual';
const CHAVE_TOL_PRECO = 'compras_tolerancia_preco_percentual';
export const TOLERANCIA_RECEBIMENTO_PADRAO = { quantidade_percentual: '0', preco_percentual: '2' } as const;

export type ToleranciasRecebimento = { quantidade_percentual: string; preco_percentual: string };

function percentual(valor: unknown, padrao: string): string {
  if (typeof valor !== 'string' || !Decimal.isValid(valor)) return padrao;
  const d = Decimal.of(valor);
  return d.isNegative() || d.gt(1000) ? padrao : d.toString();
}

export async function lerToleranciasRecebimento(db: Db | Tx): Promise<ToleranciasRecebimento> {
  const rows = rowsOf<{ chave: string; valor: unknown }>(
    await db.execute(
      sql`select chave, valor from app_settings where chave in (${CHAVE_TOL_QUANTIDADE}, ${CHAVE_TOL_PRECO})`,
    ),
  );
  const valor = (chave: string) => rows.find((r) => r.chave === chave)?.valor;
  return {
    quantidade_percentual: percentual(
      valor(CHAVE_TOL_QUANTIDADE),
      TOLERANCIA_RECEBIMENTO_PADRAO.quantidade_percentual,
    ),
    preco_percentual: percentual(valor(CHAVE_TOL_PRECO), TOLERANCIA_RECEBIMENTO_PADRAO.preco_percentual),
  };
}

function validaPercentuais(tol: Record<string, string>) {
  for (const [campo, v] of Object.entries(tol))
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(v) || Decimal.of(v).gt(1000))
      throw new AppError('validation_failed', 'Informe um percentual entre 0 e 1000.', {
        fields: { [campo]: ['Informe um percentual entre 0 e 1000.'] },
      });
}

/** Writes the tolerances (admin; audited as every app_settings row). Percent strings, 0 to 1000. */
export async function gravaToleranciasRecebimento(
  db: Db,
  actor: Actor,
  tol: ToleranciasRecebimento,
): Promise<ToleranciasRecebimento> {
  validaPercentuais(tol);
  await writeTx(db, actor, async (tx) => {
    await gravaSetting(tx, CHAVE_TOL_QUANTIDADE, tol.quantidade_percentual);
    await gravaSetting(tx, CHAVE_TOL_PRECO, tol.preco_percentual);
  });
  return lerToleranciasRecebimento(db);
}
