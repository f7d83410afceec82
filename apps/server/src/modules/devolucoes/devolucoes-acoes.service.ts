import { devolucoesMensagens } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { cancelaNota } from '../notasfiscais/eventos-nota.service.ts';
import { type TransmissaoDeps, transmiteNota } from '../notasfiscais/transmissao.service.ts';
import { getDevolucao } from './devolucoes-leitura.service.ts';
import { estornaDevolucao } from './efeitos-devolucao.service.ts';
import { emiteNotaDevolucao } from './emissao-devolucao.service.ts';

// The actions on a devolução besides its creation: «Emitir NF-e de devolução» (emit, then send —
// the authorisation applies the effects), «Transmitir» again after SEFAZ was unavailable or a
// rejection, and «Cancelar»: a draft or a note never authorised is simply cancelled (its number is
// inutilized in Notas Fiscais › Saída, as any gap); an authorised return note is cancelled at
// SEFAZ (within 24 h), which undoes the effects in the cancellation's transaction; a posted return
// (the customer's own note) is undone here.

type Deps = TransmissaoDeps & { db: Db };

async function notaDaDevolucao(db: Db, id: string): Promise<string | null> {
  const [d] = rowsOf<{ nota_devolucao_id: string | null }>(
    await db.execute(sql`select nota_devolucao_id from devolucoes where id = ${id}`),
  );
  if (!d) throw new AppError('not_found', devolucoesMensagens.naoEncontrada);
  return d.nota_devolucao_id;
}

export async function emiteETransmite(db: Db, deps: Deps, actor: Actor, id: string) {
  const notaId = await emiteNotaDevolucao(db, actor, deps.config.nfeSchemasDir, id);
  const sefaz = await transmiteNota(db, deps, actor, notaId).catch((e: unknown) => {
    // the note is signed and kept: «Transmitir» sends it when SEFAZ answers again
    if (e instanceof AppError) return { erro: e.message };
    throw e;
  });
  return { ...(await getDevolucao(db, id)), sefaz };
}

export async function transmiteNotaDaDevolucao(db: Db, deps: Deps, actor: Actor, id: string) {
  const notaId = await notaDaDevolucao(db, id);
  if (!notaId) throw new AppError('conflict', devolucoesMensagens.semNota);
  const sefaz = await transmiteNota(db, deps, actor, notaId);
  return { ...(await getDevolucao(db, id)), sefaz };
}

export async function cancelaDevolucao(db: Db, deps: Deps, actor: Actor, id: string, motivo: string) {
  const notaId = await notaDaDevolucao(db, id);
  const [nota] = notaId
    ? rowsOf<{ status: string }>(await db.execute(sql`select status from notas_fiscais where id = ${notaId}`))
    : [];
  if (nota?.status === 'autorizada') await cancelaNota(db, deps, actor, notaId!, motivo);
  else await writeTx(db, actor, (tx) => estornaDevolucao(tx, actor, id, motivo));
  return getDevolucao(db, id);
}
