import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { sefazContingencias } from './sefaz.tables.ts';
import { contextoSefaz, contingenciaAberta } from './sefaz-contexto.ts';
import {
  ehFalhaSefaz,
  encerraContingencia,
  mensagemFalhaSefaz,
  type TransmissaoDeps,
  transmissaoMensagens,
} from './transmissao.service.ts';

// The contingência SVC as the people who issue NF-e see it: the open period (the shell's banner) and
// leaving it by hand. The server opens and closes it by itself (transmissao.service, audited as the
// system); leaving by hand asks the normal authoriser first — while it is not in operation (107)
// the contingency stays, since the next transmission would open it again anyway.

export type EstadoContingencia = {
  uf: string;
  autorizador: 'SVCAN' | 'SVCRS';
  /** dhCont: since when the notes go out in contingency. */
  inicio: string;
  justificativa: string;
};

/** The open contingency (the company issues from one UF; the oldest open period if several). */
export async function contingenciaAtual(db: Db): Promise<EstadoContingencia | null> {
  const [c] = await db
    .select()
    .from(sefazContingencias)
    .where(isNull(sefazContingencias.fim))
    .orderBy(asc(sefazContingencias.inicio))
    .limit(1);
  return c
    ? {
        uf: c.uf,
        autorizador: c.autorizador as EstadoContingencia['autorizador'],
        inicio: c.inicio.toISOString(),
        justificativa: c.justificativa,
      }
    : null;
}

/**
 * POST /api/notasfiscais/saida/contingencia/encerrar: ends the open contingency once the normal
 * authoriser answers its status service with 107 (audited as the user who asked); 409 otherwise.
 */
export async function encerraContingenciaVerificada(
  db: Db,
  deps: TransmissaoDeps,
  actor: Actor,
): Promise<{ encerrada: true; uf: string; cStat: string; xMotivo: string }> {
  const ctx = await contextoSefaz(db, deps.config);
  if (!(await contingenciaAberta(db, ctx.uf)))
    throw new AppError('conflict', transmissaoMensagens.semContingencia);
  let status: { cStat: string; xMotivo: string };
  try {
    status = await ctx.cliente(false).statusServico();
  } catch (e) {
    if (ehFalhaSefaz(e))
      throw new AppError(
        'conflict',
        transmissaoMensagens.contingenciaContinua(ctx.uf, mensagemFalhaSefaz(e)),
      );
    throw e;
  }
  if (status.cStat !== '107')
    throw new AppError(
      'conflict',
      transmissaoMensagens.contingenciaContinua(ctx.uf, `${status.cStat} – ${status.xMotivo}`),
    );
  await encerraContingencia(db, actor, ctx.uf);
  return { encerrada: true, uf: ctx.uf, cStat: status.cStat, xMotivo: status.xMotivo };
}
