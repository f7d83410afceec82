import {
  fiscalMensagens,
  genericMessages,
  type NfeSerie,
  type nfeSerieSchema,
  type nfeSerieUpdateSchema,
} from '@erp/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { foundOrThrow, notFoundMessage } from '../../lib/crud.ts';
import { AppError, pgConstraint } from '../../lib/errors.ts';
import { nfeSeries } from './fiscal.tables.ts';

// NF-e séries (model 55). The emissão takes numbers from proximo_numero (select … for update in its
// own transaction); here the administrator lists, creates and edits them. Rule: proximo_numero never
// goes back to or below a number a note of the série already has (notas_fiscais, migration 0037):
// a number once used is never given again. Changing a série's number once it has notes is refused.

type Entrada = z.output<typeof nfeSerieSchema>;
type Atualizacao = z.output<typeof nfeSerieUpdateSchema>;

const t = nfeSeries;

/** The highest nNF of each série among the outgoing notes (model 55), any status. */
async function ultimosUsados(db: Db | Tx): Promise<Map<number, number>> {
  const rows = rowsOf<{ serie: number; ultimo: number }>(
    await db.execute(
      sql`select nf.serie as serie, max(nf.numero)::int as ultimo from notas_fiscais nf where nf.modelo = '55' group by nf.serie`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.serie), Number(r.ultimo)]));
}

async function ultimoUsado(db: Db | Tx, serie: number): Promise<number | null> {
  const [row] = rowsOf<{ ultimo: number | null }>(
    await db.execute(
      sql`select max(nf.numero)::int as ultimo from notas_fiscais nf where nf.modelo = '55' and nf.serie = ${serie}`,
    ),
  );
  return row?.ultimo == null ? null : Number(row.ultimo);
}

const colunas = {
  id: t.id,
  serie: t.serie,
  proximo_numero: t.proximoNumero,
  ativa: t.ativa,
  padrao: t.padrao,
  versao: t.versao,
};

export async function listaSeries(db: Db | Tx): Promise<NfeSerie[]> {
  const rows = await db.select(colunas).from(t).orderBy(asc(t.serie));
  const usados = await ultimosUsados(db);
  return rows.map((r) => ({ ...r, ultimo_numero_usado: usados.get(r.serie) ?? null }));
}

export async function getSerie(db: Db | Tx, id: string): Promise<NfeSerie> {
  const row = foundOrThrow(await db.select(colunas).from(t).where(eq(t.id, id)));
  return { ...row, ultimo_numero_usado: await ultimoUsado(db, row.serie) };
}

async function confereNumero(tx: Tx, serie: number, proximo: number) {
  const ultimo = await ultimoUsado(tx, serie);
  if (ultimo !== null && proximo <= ultimo) {
    const msg = fiscalMensagens.proximoAbaixoDoUsado(ultimo);
    throw new AppError('unprocessable', msg, { fields: { proximo_numero: [msg] } });
  }
}

function conflitoSerie(e: unknown): never {
  const c = pgConstraint(e);
  if (c === 'nfe_series_serie_key')
    throw new AppError('conflict', fiscalMensagens.serieRepetida, {
      fields: { serie: [fiscalMensagens.serieRepetida] },
    });
  throw e;
}

/** A new padrão série takes the flag from the old one (one transaction). */
async function tiraPadraoDasOutras(tx: Tx, id: string | null) {
  await tx
    .update(t)
    .set({ padrao: false, versao: sql`${t.versao} + 1`, updatedAt: new Date() })
    .where(id ? and(eq(t.padrao, true), ne(t.id, id)) : eq(t.padrao, true));
}

export async function criaSerie(db: Db, actor: Actor, input: Entrada): Promise<NfeSerie> {
  const id = await writeTx(db, actor, async (tx) => {
    await confereNumero(tx, input.serie, input.proximo_numero);
    if (input.padrao) await tiraPadraoDasOutras(tx, null);
    const [row] = await tx
      .insert(t)
      .values({
        serie: input.serie,
        proximoNumero: input.proximo_numero,
        ativa: input.ativa,
        padrao: input.padrao,
      })
      .returning({ id: t.id });
    return row!.id;
  }).catch(conflitoSerie);
  return getSerie(db, id);
}

export async function atualizaSerie(db: Db, actor: Actor, id: string, input: Atualizacao): Promise<NfeSerie> {
  await writeTx(db, actor, async (tx) => {
    // the row locked: the emissão allocating a number waits, and its new proximo_numero is what we compare
    const [atual] = rowsOf<{ serie: number; proximo_numero: number; versao: number }>(
      await tx.execute(
        sql`select s.serie, s.proximo_numero, s.versao from nfe_series s where s.id = ${id} for update`,
      ),
    );
    if (!atual) throw new AppError('not_found', notFoundMessage);
    if (Number(atual.versao) !== input.versao)
      throw new AppError('conflict', genericMessages.conflict, { reason: 'versao' });
    if (input.serie !== Number(atual.serie) && (await ultimoUsado(tx, Number(atual.serie))) !== null) {
      throw new AppError('unprocessable', fiscalMensagens.serieComNotas, {
        fields: { serie: [fiscalMensagens.serieComNotas] },
      });
    }
    await confereNumero(tx, input.serie, input.proximo_numero);
    if (input.padrao) await tiraPadraoDasOutras(tx, id);
    await tx
      .update(t)
      .set({
        serie: input.serie,
        proximoNumero: input.proximo_numero,
        ativa: input.ativa,
        padrao: input.padrao,
        versao: sql`${t.versao} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(t.id, id));
  }).catch(conflitoSerie);
  return getSerie(db, id);
}
