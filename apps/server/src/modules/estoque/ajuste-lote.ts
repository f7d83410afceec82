import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { loteNatural, lotePorChave } from '../../lib/lote-natural.ts';

// The group commit of the manual ajustes (issue 30): POST /api/estoque/ajustes is one statement,
// `estoque_ajustar` (migration 0048), its own transaction. Under concurrent writers the postings
// that arrive while others are being written go together in the next statement,
// `estoque_ajustar_lote` (migrations 0071, 0083, 0084): one round trip, one transaction and one commit
// for all of them; it runs their rules in order in memory and writes once per table (0084); a refusal
// answers for itself alone (no subtransactions: 0083), any other error fails the batch and each ajuste
// is posted again on its own.
// A lone posting still goes as the single statement, at once (lib/lote-natural.ts: no timer).

/** estoque_ajustar's parameter (razao.service.ts builds it); the batch orders by its key. */
export type ParametroAjuste = { produto_id: string; local_id: string; lote_id: string | null };

export type LinhaAjustar = { r: unknown; momento: Date | string | null };

type Resultado = { linha: LinhaAjustar } | { erro: unknown } | { sozinho: true };

/**
 * Batches in flight at once, and the most postings one statement takes. One: with three, a posting
 * that found a free slot went at once, so most went alone or in pairs, each paying its own statement
 * and commit — PostgreSQL spent 2.1–3.6 ms of CPU per posting against 0.9 ms with one batch at a
 * time, when every posting that arrives meanwhile waits for the next batch; 8 writers through the
 * API then reached 937–980/s against 403–428/s with three (alternated runs on the same database,
 * docs/benchmarks.md). Separate queues per product, one batch each, split the arrivals further:
 * 405–477/s.
 */
const EM_VOO = 1;
const MAXIMO = 64;

async function umSo(db: Db, p: ParametroAjuste): Promise<LinhaAjustar> {
  const [linha] = rowsOf<LinhaAjustar>(
    await db.execute(sql`select r, momento from estoque_ajustar(${JSON.stringify(p)}::jsonb)`),
  );
  return linha!;
}

/** A refusal as the single statement raises it (SQLSTATE ES422 with the JSON DETAIL). */
function recusa(detalhe: string | null): Error {
  return Object.assign(new Error('estoque_ajustar: recusa'), { code: 'ES422', detail: detalhe ?? '{}' });
}

const chave = (p: ParametroAjuste) => `${p.produto_id}|${p.local_id}|${p.lote_id ?? ''}`;

/** Statements sent and ajustes they carried, since start (the bench and the tests read them). */
export const contagemAjustes = { statements: 0, ajustes: 0 };

async function executaLote(db: Db, ps: ParametroAjuste[]): Promise<Resultado[]> {
  contagemAjustes.statements++;
  contagemAjustes.ajustes += ps.length;
  if (ps.length === 1)
    try {
      return [{ linha: await umSo(db, ps[0]!) }];
    } catch (erro) {
      return [{ erro }];
    }
  // the module's lock order (product, location, lot): two batches never wait on each other in a cycle
  const ordem = ps.map((_, i) => i).sort((a, b) => (chave(ps[a]!) < chave(ps[b]!) ? -1 : 1));
  let linhas: {
    ordem: number;
    r: unknown;
    momento: Date | string | null;
    erro_estado: string | null;
    erro_detalhe: string | null;
  }[];
  try {
    linhas = rowsOf(
      await db.execute(
        sql`select ordem, r, momento, erro_estado, erro_detalhe from estoque_ajustar_lote(${JSON.stringify(ordem.map((i) => ps[i]))}::jsonb)`,
      ),
    );
  } catch {
    // the batch as a whole failed (its commit, the connection): each posting again on its own
    return ps.map(() => ({ sozinho: true }));
  }
  const out: Resultado[] = ps.map(() => ({ sozinho: true }));
  for (const l of linhas) {
    const i = ordem[l.ordem]!;
    if (l.erro_estado === null) out[i] = { linha: { r: l.r, momento: l.momento } };
    else if (l.erro_estado === 'ES422') out[i] = { erro: recusa(l.erro_detalhe) };
  }
  return out;
}

const loteDe = lotePorChave((db: Db) =>
  loteNatural((ps: ParametroAjuste[]) => executaLote(db, ps), { emVoo: EM_VOO, maximo: MAXIMO }),
);

/**
 * One ajuste through the group commit: answers estoque_ajustar's row, or throws what the single
 * statement would throw (a refusal: SQLSTATE ES422 with its DETAIL).
 */
export async function executaAjuste(db: Db, p: ParametroAjuste): Promise<LinhaAjustar> {
  const r = await loteDe(db)(p);
  if ('linha' in r) return r.linha;
  if ('erro' in r) throw r.erro;
  return umSo(db, p);
}
