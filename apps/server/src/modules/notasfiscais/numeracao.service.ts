import { notasSaidaMensagens } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

// NF-e numbering (model 55): nNF comes from nfe_series.proximo_numero, locked FOR UPDATE and
// incremented inside the transaction that inserts the note — concurrent invoicings of one série
// queue on the row and get consecutive numbers, none twice. A number stored in a note is never
// given again (even when SEFAZ rejects the note: #20 resends or inutilizes it). A number skipped
// (the série's next number moved forward) is a gap: listed by lacunasSerie for #20 to inutilize.

/** The série to use: the one asked for (must be active), else the default one, else the lowest active. */
export async function serieParaEmissao(tx: Tx | Db, serie?: number): Promise<number> {
  if (serie !== undefined) {
    const [row] = rowsOf<{ serie: number }>(
      await tx.execute(sql`select s.serie from nfe_series s where s.serie = ${serie} and s.ativa`),
    );
    if (!row) throw new AppError('unprocessable', notasSaidaMensagens.serieNaoEncontrada(serie));
    return Number(row.serie);
  }
  const [row] = rowsOf<{ serie: number }>(
    await tx.execute(
      sql`select s.serie from nfe_series s where s.ativa order by s.padrao desc, s.serie limit 1`,
    ),
  );
  if (!row) throw new AppError('unprocessable', notasSaidaMensagens.semSerie);
  return Number(row.serie);
}

/** Takes the série's next number and moves it on, holding the row lock until the caller's commit. */
export async function alocaNumeroNfe(tx: Tx, serie: number): Promise<number> {
  const [row] = rowsOf<{ id: string; proximo_numero: number }>(
    await tx.execute(
      sql`select s.id, s.proximo_numero from nfe_series s where s.serie = ${serie} and s.ativa for update`,
    ),
  );
  if (!row) throw new AppError('unprocessable', notasSaidaMensagens.serieNaoEncontrada(serie));
  const numero = Number(row.proximo_numero);
  if (numero > 999_999_999) throw new AppError('unprocessable', notasSaidaMensagens.serieEsgotada(serie));
  // a number some note already holds (the série's next number was moved back by hand) is skipped
  const [usado] = rowsOf<{ maximo: number | null }>(
    await tx.execute(
      sql`select max(nf.numero)::int as maximo from notas_fiscais nf where nf.modelo = '55' and nf.serie = ${serie}`,
    ),
  );
  const livre = Math.max(numero, (usado?.maximo ?? 0) + 1);
  await tx.execute(
    sql`update nfe_series set proximo_numero = ${livre + 1}, updated_at = now() where id = ${row.id}`,
  );
  return livre;
}

/**
 * The numbers of a série no note holds, from its first note to the série's next number − 1 (at
 * most 1000, oldest first).
 */
export async function lacunasSerie(
  db: Db,
  serie: number,
): Promise<{ serie: number; proximo_numero: number; lacunas: number[] }> {
  const [s] = rowsOf<{ proximo_numero: number }>(
    await db.execute(sql`select s.proximo_numero from nfe_series s where s.serie = ${serie}`),
  );
  if (!s) throw new AppError('not_found', notasSaidaMensagens.serieNaoEncontrada(serie));
  const proximo = Number(s.proximo_numero);
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select g.n::int as n
      from generate_series(
        (select coalesce(min(nf.numero), ${proximo}) from notas_fiscais nf where nf.modelo = '55' and nf.serie = ${serie}),
        ${proximo - 1}) as g(n)
      where not exists (select 1 from notas_fiscais nf
        where nf.modelo = '55' and nf.serie = ${serie} and nf.numero = g.n)
      order by g.n limit 1000`),
  );
  return { serie, proximo_numero: proximo, lacunas: rows.map((r) => Number(r.n)) };
}
