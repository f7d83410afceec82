import {
  desfechoDoCStat,
  podeTransitarNota,
  podeTransmitirNotaDoPedido,
  type StatusNota,
  type StatusPedido,
} from '@erp/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, systemActor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { validaNfeXsd } from '../nfe/xsd.ts';
import type { Protocolo, RespostaAutorizacao } from '../sefaz/cliente.ts';
import { SefazErroHttp, SefazIndisponivel, SefazTimeout } from '../sefaz/soap.ts';
import { autorizadorContingencia, TP_EMIS_SVC } from '../sefaz/webservices.ts';
import { aplicaEfeitosAutorizacao } from './efeitos-nota.service.ts';
import { enfileiraEmailNota } from './email-nota.service.ts';
import { montaNfeProc, trocaTipoEmissao } from './nota-sefaz-xml.ts';
import { notasFiscais, notasFiscaisEventos } from './notasfiscais.tables.ts';
import { sefazContingencias } from './sefaz.tables.ts';
import {
  type ContextoSefaz,
  type Contingencia,
  contextoSefaz,
  contingenciaAberta,
} from './sefaz-contexto.ts';
import { dataHoraNfe } from './xml/ide.ts';

// Transmission of an outgoing NF-e to SEFAZ (README "transmissão"): NFeAutorizacao4 synchronous,
// outcome by cStat — 100/150 autorizada (the nfeProc kept byte for byte, effects in the same
// transaction as the status change), 110/301/302/303 denegada, 204 → consult and adopt, any other
// → rejeitada with cStat/xMotivo (re-sent later with the same number, signed again). A timeout is
// never followed by a blind re-send: the chave is consulted first (never two authorised notes).
// SEFAZ down (108/109 or no connection) → contingência SVC of the UF (tpEmis 6/7, dhCont, xJust),
// and back to normal as soon as the normal status service answers 107. Those two automatic changes
// are the system's (audited as "sistema", not as whoever clicked). No internet or DNS on this server
// (ENOTFOUND, EAI_AGAIN, ENETUNREACH… — SVC unreachable too) is not SEFAZ being down: no contingency,
// and the message says so.

export type TransmissaoDeps = { config: Config; logger: Logger };

export const transmissaoMensagens = {
  naoEncontrada: 'Nota fiscal não encontrada.',
  semResposta:
    'A SEFAZ não respondeu a tempo. A nota será consultada antes de qualquer novo envio: tente «Consultar» em instantes.',
  consultaPendente:
    'A última transmissão ficou sem resposta e a SEFAZ não pôde ser consultada: a nota não será reenviada antes da consulta.',
  indisponivel: (motivo: string) => `SEFAZ indisponível: ${motivo}`,
  semRede: (codigo: string) =>
    `Este servidor está sem internet ou sem DNS (${codigo}): a SEFAZ não foi alcançada e a nota não foi enviada. Verifique a conexão do servidor e tente de novo.`,
  semContingencia: 'Não há contingência aberta: as NF-e já vão para a SEFAZ normal.',
  contingenciaContinua: (uf: string, situacao: string) =>
    `A SEFAZ ${uf} ainda não está em operação (${situacao}): a contingência continua. Tente de novo em alguns minutos.`,
  xsdInvalido: (erro: string) => `A nota não passou na validação do schema: ${erro}`,
  rejeicaoLote: (cStat: string, xMotivo: string) => `SEFAZ recusou o envio: ${cStat} – ${xMotivo}`,
} as const;

export type NotaFiscal = typeof notasFiscais.$inferSelect;

type FalhaSefaz = SefazIndisponivel | SefazTimeout | SefazErroHttp;

export const ehFalhaSefaz = (e: unknown): e is FalhaSefaz =>
  e instanceof SefazIndisponivel || e instanceof SefazTimeout || e instanceof SefazErroHttp;

/** What the user reads when SEFAZ could not be reached: this server's network, or SEFAZ itself. */
export function mensagemFalhaSefaz(e: FalhaSefaz): string {
  if (e instanceof SefazIndisponivel && e.semRede) return transmissaoMensagens.semRede(e.codigo!);
  return transmissaoMensagens.indisponivel(e.message);
}

export type ResultadoSefaz = {
  status: StatusNota;
  cStat: string | null;
  xMotivo: string | null;
  protocolo: string | null;
  /** 'SVCAN' / 'SVCRS' while in contingência. */
  contingencia: string | null;
};

export async function carregaNota(db: Db | Tx, id: string): Promise<NotaFiscal> {
  const [n] = await db.select().from(notasFiscais).where(eq(notasFiscais.id, id));
  if (!n) throw new AppError('not_found', transmissaoMensagens.naoEncontrada);
  return n;
}

async function travaNota(tx: Tx, id: string): Promise<NotaFiscal> {
  const [n] = await tx.select().from(notasFiscais).where(eq(notasFiscais.id, id)).for('update');
  if (!n) throw new AppError('not_found', transmissaoMensagens.naoEncontrada);
  return n;
}

export type EventoNovo = {
  tipo: string;
  sequencia?: number | null;
  cStat?: string | null;
  xMotivo?: string | null;
  protocolo?: string | null;
  xml?: string | null;
};

export async function registraEvento(tx: Tx, actor: Actor, notaId: string, e: EventoNovo): Promise<void> {
  await tx.insert(notasFiscaisEventos).values({
    notaId,
    tipo: e.tipo,
    sequencia: e.sequencia ?? null,
    cStat: e.cStat ?? null,
    xMotivo: e.xMotivo ?? null,
    protocolo: e.protocolo ?? null,
    xml: e.xml ?? null,
    userId: actor.userId,
    usuario: actor.email ?? null,
    // the instant of the event itself (several events of one transaction keep their order)
    createdAt: new Date(),
  });
}

const resultado = (n: NotaFiscal, cont: Contingencia | null): ResultadoSefaz => ({
  status: n.status as StatusNota,
  cStat: n.cStat,
  xMotivo: n.xMotivo,
  protocolo: n.protocolo,
  contingencia: cont?.autorizador ?? null,
});

function recusaTransicao(de: string, para: StatusNota) {
  const v = podeTransitarNota(de as StatusNota, para);
  if (!v.permitido) throw new AppError('conflict', v.motivo, { reason: 'transicao', de, para });
}

/**
 * Authorised (100/150) or denied (110/301/302/303): the nfeProc stored as issued, the status, the
 * event and — when authorised — the effects and the customer's e-mail, all in ONE transaction. A
 * note already final is left as it is (a second answer for the same note changes nothing).
 */
async function finaliza(
  db: Db,
  deps: TransmissaoDeps,
  actor: Actor,
  notaId: string,
  nfeAssinada: string,
  prot: Protocolo,
): Promise<NotaFiscal> {
  const para: StatusNota = desfechoDoCStat(prot.cStat) === 'autorizada' ? 'autorizada' : 'denegada';
  const nfeProc = montaNfeProc(nfeAssinada, prot.xml);
  const xsd = validaNfeXsd(deps.config.nfeSchemasDir, Buffer.from(nfeProc, 'utf8'));
  if (!xsd.valido)
    deps.logger.error({ notaId, erro: xsd.erros[0] }, 'nfeProc autorizado não valida no procNFe_v4.00.xsd');
  return writeTx(db, actor, async (tx) => {
    const n = await travaNota(tx, notaId);
    if (n.status === para) return n;
    recusaTransicao(n.status, para);
    const [atualizada] = await tx
      .update(notasFiscais)
      .set({
        status: para,
        xml: nfeAssinada,
        xmlAutorizado: nfeProc,
        protocolo: prot.nProt,
        cStat: prot.cStat,
        xMotivo: prot.xMotivo,
        updatedAt: new Date(),
      })
      .where(eq(notasFiscais.id, notaId))
      .returning();
    await registraEvento(tx, actor, notaId, {
      tipo: para === 'autorizada' ? 'autorizacao' : 'denegacao',
      cStat: prot.cStat,
      xMotivo: prot.xMotivo,
      protocolo: prot.nProt,
      xml: prot.xml,
    });
    if (para === 'autorizada') {
      await aplicaEfeitosAutorizacao(tx, actor, {
        id: n.id,
        pedidoId: n.pedidoId,
        clienteId: n.clienteId,
        devolucaoId: n.devolucaoId,
        numero: n.numero,
        serie: n.serie,
        xml: nfeAssinada,
      });
      const para = await enfileiraEmailNota(
        tx,
        deps,
        { ...atualizada!, xmlAutorizado: nfeProc },
        'autorizacao',
      );
      if (para) await registraEvento(tx, actor, notaId, { tipo: 'email', xMotivo: `Enviado para ${para}` });
    }
    return atualizada!;
  });
}

async function rejeita(
  db: Db,
  actor: Actor,
  notaId: string,
  nfeAssinada: string,
  cStat: string,
  xMotivo: string,
  xml: string,
): Promise<NotaFiscal> {
  return writeTx(db, actor, async (tx) => {
    const n = await travaNota(tx, notaId);
    if (n.status !== 'assinada') return n;
    const [atualizada] = await tx
      .update(notasFiscais)
      .set({ status: 'rejeitada', xml: nfeAssinada, cStat, xMotivo, updatedAt: new Date() })
      .where(eq(notasFiscais.id, notaId))
      .returning();
    await registraEvento(tx, actor, notaId, { tipo: 'rejeicao', cStat, xMotivo, xml });
    return atualizada!;
  });
}

/** Opens the contingência SVC of the UF (idempotent: an open one is kept). */
export async function abreContingencia(
  db: Db,
  actor: Actor,
  uf: string,
  motivo: string,
): Promise<Contingencia> {
  const aberta = await contingenciaAberta(db, uf);
  if (aberta) return aberta;
  const justificativa = `SEFAZ ${uf} indisponivel: ${motivo}`.replace(/\s+/g, ' ').slice(0, 256);
  await writeTx(db, actor, (tx) =>
    tx
      .insert(sefazContingencias)
      .values({ uf, autorizador: autorizadorContingencia(uf), justificativa })
      .onConflictDoNothing(),
  );
  return (await contingenciaAberta(db, uf))!;
}

export async function encerraContingencia(db: Db, actor: Actor, uf: string): Promise<void> {
  await writeTx(db, actor, (tx) =>
    tx
      .update(sefazContingencias)
      .set({ fim: new Date() })
      .where(and(eq(sefazContingencias.uf, uf), isNull(sefazContingencias.fim))),
  );
}

/** The normal authoriser's status: '107' in operation, the cStat, or null when unreachable. */
async function statusNormal(ctx: ContextoSefaz): Promise<string | null> {
  try {
    return (await ctx.cliente(false).statusServico()).cStat;
  } catch (e) {
    if (ehFalhaSefaz(e)) return null;
    throw e;
  }
}

/**
 * After a DNS/network failure towards the normal authoriser: whether this server itself is offline —
 * the contingency authoriser (another host) does not answer for the same reason. When SVC answers,
 * only the normal authoriser's name or route failed: SEFAZ's side, contingency applies.
 */
async function semRedeNesteServidor(ctx: ContextoSefaz): Promise<boolean> {
  try {
    await ctx.cliente(true).statusServico();
    return false;
  } catch (e) {
    if (e instanceof SefazIndisponivel && e.semRede) return true;
    if (ehFalhaSefaz(e)) return false;
    throw e;
  }
}

/** Whether the last exchange of the note with SEFAZ was a send that got no answer. */
async function envioSemResposta(db: Db, notaId: string): Promise<boolean> {
  const [ultimo] = await db
    .select({ tipo: notasFiscaisEventos.tipo })
    .from(notasFiscaisEventos)
    .where(
      and(
        eq(notasFiscaisEventos.notaId, notaId),
        inArray(notasFiscaisEventos.tipo, ['timeout', 'consulta', 'autorizacao', 'rejeicao', 'denegacao']),
      ),
    )
    .orderBy(desc(notasFiscaisEventos.createdAt), desc(notasFiscaisEventos.id))
    .limit(1);
  return ultimo?.tipo === 'timeout';
}

/**
 * Consults the chave and adopts what SEFAZ knows: authorised/denied → finalised here. Answers the
 * note, or null when SEFAZ does not know the chave (217) or answered something else.
 */
async function consultaEAdota(
  db: Db,
  deps: TransmissaoDeps,
  actor: Actor,
  ctx: ContextoSefaz,
  n: NotaFiscal,
  contingencia: boolean,
  /** Right after a timeout the message may still be in process: "not found" settles nothing. */
  logoAposTimeout = false,
): Promise<NotaFiscal | null> {
  const c = await ctx.cliente(contingencia).consultaProtocolo(n.chave);
  const prot = c.protocolo;
  const d = prot && prot.chNFe === n.chave ? desfechoDoCStat(prot.cStat) : null;
  const conclusiva = d === 'autorizada' || d === 'denegada' || !logoAposTimeout;
  await writeTx(db, actor, (tx) =>
    registraEvento(tx, actor, n.id, {
      tipo: conclusiva ? 'consulta' : 'consulta_pendente',
      cStat: c.cStat,
      xMotivo: c.xMotivo,
      xml: c.xml,
    }),
  );
  if (prot && (d === 'autorizada' || d === 'denegada')) return finaliza(db, deps, actor, n.id, n.xml, prot);
  return null;
}

/**
 * A note goes to SEFAZ only while its order is still invoiceable (packages/shared pedido-com-nota):
 * an order cancelled or moved back after the note was built must not be authorised by it.
 */
async function recusaSePedidoNaoFaturavel(db: Db, n: NotaFiscal): Promise<void> {
  if (!n.pedidoId) return;
  const [p] = rowsOf<{ numero: number; status: StatusPedido }>(
    await db.execute(sql`select numero::int as numero, status from sales_orders where id = ${n.pedidoId}`),
  );
  const v = podeTransmitirNotaDoPedido(p ? { numero: Number(p.numero), status: p.status } : null);
  if (!v.permitido) throw new AppError('conflict', v.motivo, { reason: 'pedido' });
}

/** POST …/:id/transmitir */
export async function transmiteNota(
  db: Db,
  deps: TransmissaoDeps,
  actor: Actor,
  id: string,
  tentativa = 0,
): Promise<ResultadoSefaz> {
  let n = await carregaNota(db, id);
  if (n.status !== 'assinada' && n.status !== 'rejeitada') recusaTransicao(n.status, 'autorizada');
  const ctx = await contextoSefaz(db, deps.config);

  // 1. a send without answer may have been authorised: consult before anything else
  if (await envioSemResposta(db, n.id)) {
    try {
      const adotada = await consultaEAdota(db, deps, actor, ctx, n, n.tpEmis !== '1');
      if (adotada) return resultado(adotada, await contingenciaAberta(db, ctx.uf));
    } catch (e) {
      if (e instanceof SefazIndisponivel && e.semRede)
        throw new AppError('unavailable', mensagemFalhaSefaz(e));
      if (ehFalhaSefaz(e)) throw new AppError('unavailable', transmissaoMensagens.consultaPendente);
      throw e;
    }
  }

  // (what SEFAZ already decided is adopted above; a new send needs the order still invoiceable)
  await recusaSePedidoNaoFaturavel(db, n);

  // 2. contingência: back to normal when the normal authoriser is in operation
  let cont = await contingenciaAberta(db, ctx.uf);
  if (cont && (await statusNormal(ctx)) === '107') {
    await encerraContingencia(db, systemActor, ctx.uf);
    cont = null;
  }

  // 3. the XML for this emission: tpEmis (and chave) of the moment, signed again when anything changed
  const tpEmis = cont ? TP_EMIS_SVC[cont.autorizador] : '1';
  let nfe = n.xml;
  if (n.tpEmis !== tpEmis || n.status === 'rejeitada') {
    const troca = trocaTipoEmissao(
      n.xml,
      tpEmis,
      cont ? { dhCont: dataHoraNfe(cont.inicio), xJust: cont.justificativa } : null,
    );
    nfe = assinaXml(troca.xml, { tag: 'infNFe', ...ctx.assinante });
    const xsd = validaNfeXsd(deps.config.nfeSchemasDir, Buffer.from(nfe, 'utf8'));
    if (!xsd.valido)
      throw new AppError('unprocessable', transmissaoMensagens.xsdInvalido(xsd.erros[0] ?? ''));
    n = await writeTx(db, actor, async (tx) => {
      const atual = await travaNota(tx, n.id);
      if (atual.status === 'rejeitada') recusaTransicao(atual.status, 'assinada');
      const [r] = await tx
        .update(notasFiscais)
        .set({ xml: nfe, chave: troca.chave, tpEmis, status: 'assinada', updatedAt: new Date() })
        .where(eq(notasFiscais.id, n.id))
        .returning();
      await registraEvento(tx, actor, n.id, {
        tipo: 'assinatura',
        xMotivo: cont
          ? `Assinada para contingência ${cont.autorizador === 'SVCAN' ? 'SVC-AN' : 'SVC-RS'} (tpEmis ${tpEmis})`
          : 'Assinada novamente para reenvio',
      });
      return r!;
    });
  }

  // 4. the send
  let r: RespostaAutorizacao;
  try {
    r = await ctx.cliente(Boolean(cont)).autoriza(nfe, String(Date.now()).slice(-15));
  } catch (e) {
    if (e instanceof SefazTimeout) {
      await writeTx(db, actor, (tx) =>
        registraEvento(tx, actor, n.id, { tipo: 'timeout', xMotivo: e.message }),
      );
      // one immediate consult: a slow answer is often already processed
      try {
        const adotada = await consultaEAdota(db, deps, actor, ctx, n, Boolean(cont), true);
        if (adotada) return resultado(adotada, cont);
      } catch {
        // the consult got no answer either: when the normal authoriser does not answer its status
        // service, the NEXT notes go out in contingência (this one waits for its consult)
        if (!cont && (await statusNormal(ctx)) !== '107')
          await abreContingencia(db, systemActor, ctx.uf, 'sem resposta no prazo (timeout)');
      }
      throw new AppError('unavailable', transmissaoMensagens.semResposta);
    }
    if ((e instanceof SefazIndisponivel || e instanceof SefazErroHttp) && !cont && tentativa === 0) {
      // no connection: was the message processed? It never reached SEFAZ (no answer, no socket).
      // This server offline is no reason for contingency (SVC is not reached either).
      if (e instanceof SefazIndisponivel && e.semRede && (await semRedeNesteServidor(ctx)))
        throw new AppError('unavailable', mensagemFalhaSefaz(e));
      if ((await statusNormal(ctx)) !== '107') {
        await abreContingencia(db, systemActor, ctx.uf, e.message);
        return transmiteNota(db, deps, actor, id, tentativa + 1);
      }
    }
    if (e instanceof SefazIndisponivel || e instanceof SefazErroHttp)
      throw new AppError('unavailable', mensagemFalhaSefaz(e));
    throw e;
  }

  // 5. the outcome
  const prot = r.protocolo;
  const cStat = prot?.cStat ?? r.cStat;
  const xMotivo = prot?.xMotivo ?? r.xMotivo;
  const desfecho = desfechoDoCStat(cStat);
  if ((desfecho === 'autorizada' || desfecho === 'denegada') && prot)
    return resultado(await finaliza(db, deps, actor, n.id, nfe, prot), cont);
  if (desfecho === 'duplicidade') {
    const adotada = await consultaEAdota(db, deps, actor, ctx, { ...n, xml: nfe }, Boolean(cont));
    if (adotada) return resultado(adotada, cont);
  }
  if (desfecho === 'indisponivel' && !cont && tentativa === 0) {
    await abreContingencia(db, systemActor, ctx.uf, `${cStat} ${xMotivo}`);
    return transmiteNota(db, deps, actor, id, tentativa + 1);
  }
  // 108/109 from the contingency authoriser too: SEFAZ unavailable, not a rejection of the note
  if (desfecho === 'indisponivel')
    throw new AppError('unavailable', transmissaoMensagens.indisponivel(`${cStat} – ${xMotivo}`));
  return resultado(await rejeita(db, actor, n.id, nfe, cStat, xMotivo, r.xml), cont);
}

/** POST …/:id/consultar: the situation at SEFAZ; an authorisation found is adopted. */
export async function consultaNota(
  db: Db,
  deps: TransmissaoDeps,
  actor: Actor,
  id: string,
): Promise<ResultadoSefaz & { sefaz: { cStat: string; xMotivo: string } }> {
  const n = await carregaNota(db, id);
  const ctx = await contextoSefaz(db, deps.config);
  const cont = await contingenciaAberta(db, ctx.uf);
  try {
    const c = await ctx.cliente(n.tpEmis !== '1' && Boolean(cont)).consultaProtocolo(n.chave);
    await writeTx(db, actor, (tx) =>
      registraEvento(tx, actor, n.id, { tipo: 'consulta', cStat: c.cStat, xMotivo: c.xMotivo, xml: c.xml }),
    );
    let atual = n;
    const prot = c.protocolo;
    if (
      prot &&
      prot.chNFe === n.chave &&
      (n.status === 'assinada' || n.status === 'rejeitada') &&
      ['autorizada', 'denegada'].includes(desfechoDoCStat(prot.cStat))
    ) {
      if (n.status === 'rejeitada')
        atual = await writeTx(db, actor, async (tx) => {
          const [r] = await tx
            .update(notasFiscais)
            .set({ status: 'assinada' })
            .where(eq(notasFiscais.id, n.id))
            .returning();
          return r!;
        });
      atual = await finaliza(db, deps, actor, n.id, atual.xml, prot);
    }
    return { ...resultado(atual, cont), sefaz: { cStat: c.cStat, xMotivo: c.xMotivo } };
  } catch (e) {
    if (ehFalhaSefaz(e)) throw new AppError('unavailable', mensagemFalhaSefaz(e));
    throw e;
  }
}

export type EventoNota = {
  id: string;
  tipo: string;
  sequencia: number | null;
  c_stat: string | null;
  x_motivo: string | null;
  protocolo: string | null;
  usuario: string | null;
  criado_em: string;
};

/** GET …/:id/eventos: the note's history, oldest first (without the XML bodies). */
export async function listaEventosNota(db: Db, id: string): Promise<EventoNota[]> {
  await carregaNota(db, id);
  const rows = await db
    .select()
    .from(notasFiscaisEventos)
    .where(eq(notasFiscaisEventos.notaId, id))
    .orderBy(asc(notasFiscaisEventos.createdAt), asc(notasFiscaisEventos.id));
  return rows.map((e) => ({
    id: e.id,
    tipo: e.tipo,
    sequencia: e.sequencia,
    c_stat: e.cStat,
    x_motivo: e.xMotivo,
    protocolo: e.protocolo,
    usuario: e.usuario,
    criado_em: e.createdAt.toISOString(),
  }));
}

/** The notes of a série whose number is in [ini, fin] (inutilização). */
export async function notasNaFaixa(tx: Db | Tx, serie: number, ini: number, fin: number) {
  return tx
    .select()
    .from(notasFiscais)
    .where(
      and(
        eq(notasFiscais.modelo, '55'),
        eq(notasFiscais.serie, serie),
        sql`${notasFiscais.numero} between ${ini} and ${fin}`,
      ),
    );
}
