import {
  eventoRegistrado,
  type InutilizacaoFaixa,
  podeCancelarNoPrazo,
  proximaSequenciaCce,
  type StatusNota,
  sefazMensagens,
  statusNotaLabels,
} from '@erp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { listaSeries } from '../fiscal/series.service.ts';
import { MensagemInvalida, trechoXml } from '../sefaz/cliente.ts';
import { estornaEfeitosCancelamento, verificaCancelamentoPossivel } from './efeitos-nota.service.ts';
import { emailNotaMensagens, enfileiraEmailNota } from './email-nota.service.ts';
import { notasFiscais, notasFiscaisEventos } from './notasfiscais.tables.ts';
import { nfeInutilizacoes } from './sefaz.tables.ts';
import { contextoSefaz, contingenciaAberta } from './sefaz-contexto.ts';
import {
  carregaNota,
  ehFalhaSefaz,
  mensagemFalhaSefaz,
  notasNaFaixa,
  registraEvento,
  type TransmissaoDeps,
} from './transmissao.service.ts';

// The SEFAZ events of an authorised note — cancelamento (110111, within 24 h, justificativa ≥ 15,
// refused while a receivable has a baixa; reverses stock and receivables in the transaction of the
// status change) and carta de correção (110110, nSeqEvento 1..20) — and the inutilização of number
// ranges that never became an authorised note.

const NS = 'http://www.portalfiscal.inf.br/nfe';

export const eventosMensagens = {
  soAutorizada: (acao: string, status: string) =>
    `Só uma nota autorizada pode ${acao} (esta está «${status}»).`,
  recusado: (acao: string, cStat: string, xMotivo: string) =>
    `A SEFAZ recusou ${acao}: ${cStat} – ${xMotivo}`,
  numeroUsado: (numero: number, status: string) =>
    `O número ${numero} já pertence a uma nota «${status}»: não pode ser inutilizado.`,
  jaInutilizado: (ini: number, fin: number) => `Números da faixa já foram inutilizados (${ini} a ${fin}).`,
  alemDoProximo: (proximo: number) =>
    `Só números já saltados podem ser inutilizados: o próximo número da série é ${proximo}.`,
  serieInexistente: (serie: number) => `Série ${serie} não cadastrada nas configurações fiscais.`,
  semEmail: emailNotaMensagens.semEmail,
  reenvioStatus: 'Só notas autorizadas ou canceladas têm e-mail para reenviar.',
} as const;

const statusLabel = (s: string) => statusNotaLabels[s as StatusNota] ?? s;

function indisponivel(e: unknown): never {
  if (ehFalhaSefaz(e)) throw new AppError('unavailable', mensagemFalhaSefaz(e));
  // our own event refused by the schema before it left (e.g. an alphanumeric CNPJ in an event
  // package that predates it): the reason, not a 500
  if (e instanceof MensagemInvalida) throw new AppError('unprocessable', e.message, { erros: e.erros });
  throw e;
}

const procEvento = (evento: string, retEvento: string | null) =>
  `<procEventoNFe xmlns="${NS}" versao="1.00">${evento}${retEvento ?? ''}</procEventoNFe>`;

/** When the note was authorised: dhRecbto of its protNFe. */
function autorizadaEm(xmlAutorizado: string | null, fallback: Date): Date {
  const dh = xmlAutorizado ? /<dhRecbto>([^<]+)<\/dhRecbto>/.exec(xmlAutorizado)?.[1] : null;
  const d = dh ? new Date(dh) : null;
  return d && !Number.isNaN(d.getTime()) ? d : fallback;
}

/** POST …/:id/cancelar */
export async function cancelaNota(
  db: Db,
  deps: TransmissaoDeps,
  actor: Actor,
  id: string,
  justificativa: string,
  agora = new Date(),
) {
  const n = await carregaNota(db, id);
  if (n.status !== 'autorizada')
    throw new AppError('conflict', eventosMensagens.soAutorizada('ser cancelada', statusLabel(n.status)));
  const prazo = podeCancelarNoPrazo(autorizadaEm(n.xmlAutorizado, n.updatedAt), agora);
  if (!prazo.permitido) throw new AppError('unprocessable', prazo.motivo, { reason: 'prazo' });
  await writeTx(db, actor, (tx) => verificaCancelamentoPossivel(tx, n.id));
  const ctx = await contextoSefaz(db, deps.config);
  const cont = await contingenciaAberta(db, ctx.uf);
  const r = await ctx
    .cliente(Boolean(cont))
    .cancela(
      {
        cnpj: ctx.cnpj,
        chNFe: n.chave,
        nSeqEvento: 1,
        dhEvento: agora,
        idLote: String(Date.now()).slice(-15),
        nProt: n.protocolo ?? '',
        xJust: justificativa,
      },
      ctx.assinante,
    )
    .catch(indisponivel);
  const cStat = r.evento?.cStat ?? r.cStat;
  const xMotivo = r.evento?.xMotivo ?? r.xMotivo;
  if (!eventoRegistrado(cStat)) {
    await writeTx(db, actor, (tx) =>
      registraEvento(tx, actor, n.id, {
        tipo: 'cancelamento_recusado',
        sequencia: 1,
        cStat,
        xMotivo,
        xml: r.xml,
      }),
    );
    throw new AppError('unprocessable', eventosMensagens.recusado('o cancelamento', cStat, xMotivo), {
      reason: 'sefaz',
      c_stat: cStat,
    });
  }
  const proc = procEvento(r.eventoXml, r.retEventoXml);
  await writeTx(db, actor, async (tx) => {
    const [atual] = await tx.select().from(notasFiscais).where(eq(notasFiscais.id, n.id)).for('update');
    if (atual!.status !== 'autorizada') return;
    await tx
      .update(notasFiscais)
      .set({ status: 'cancelada', cStat, xMotivo, updatedAt: new Date() })
      .where(eq(notasFiscais.id, n.id));
    await registraEvento(tx, actor, n.id, {
      tipo: 'cancelamento',
      sequencia: 1,
      cStat,
      xMotivo: `${xMotivo} — ${justificativa}`,
      protocolo: r.evento?.nProt ?? null,
      xml: proc,
    });
    await estornaEfeitosCancelamento(
      tx,
      actor,
      {
        id: n.id,
        pedidoId: n.pedidoId,
        clienteId: n.clienteId,
        devolucaoId: n.devolucaoId,
        numero: n.numero,
        serie: n.serie,
        xml: n.xml,
      },
      justificativa,
    );
    const para = await enfileiraEmailNota(
      tx,
      deps,
      { ...n, xmlAutorizado: n.xmlAutorizado ?? '' },
      'cancelamento',
      { eventoCancelamentoXml: proc, retEventoCancelamento: r.retEventoXml },
    );
    if (para)
      await registraEvento(tx, actor, n.id, { tipo: 'email', xMotivo: `Cancelamento enviado para ${para}` });
  });
  return {
    status: 'cancelada' as const,
    c_stat: cStat,
    x_motivo: xMotivo,
    protocolo: r.evento?.nProt ?? null,
  };
}

/** POST …/:id/carta-correcao */
export async function cartaCorrecaoNota(
  db: Db,
  deps: TransmissaoDeps,
  actor: Actor,
  id: string,
  correcao: string,
) {
  const n = await carregaNota(db, id);
  if (n.status !== 'autorizada')
    throw new AppError(
      'conflict',
      eventosMensagens.soAutorizada('receber carta de correção', statusLabel(n.status)),
    );
  const anteriores = await db
    .select({ s: notasFiscaisEventos.sequencia })
    .from(notasFiscaisEventos)
    .where(and(eq(notasFiscaisEventos.notaId, n.id), eq(notasFiscaisEventos.tipo, 'cce')));
  const seq = proximaSequenciaCce(anteriores.map((a) => a.s ?? 0));
  if (seq === null) throw new AppError('unprocessable', sefazMensagens.limiteCce);
  const ctx = await contextoSefaz(db, deps.config);
  const cont = await contingenciaAberta(db, ctx.uf);
  const r = await ctx
    .cliente(Boolean(cont))
    .cartaCorrecao(
      {
        cnpj: ctx.cnpj,
        chNFe: n.chave,
        nSeqEvento: seq,
        dhEvento: new Date(),
        idLote: String(Date.now()).slice(-15),
        xCorrecao: correcao,
      },
      ctx.assinante,
    )
    .catch(indisponivel);
  const cStat = r.evento?.cStat ?? r.cStat;
  const xMotivo = r.evento?.xMotivo ?? r.xMotivo;
  const registrado = eventoRegistrado(cStat);
  await writeTx(db, actor, (tx) =>
    registraEvento(tx, actor, n.id, {
      tipo: registrado ? 'cce' : 'cce_recusada',
      sequencia: seq,
      cStat,
      xMotivo: registrado ? `${xMotivo} — ${correcao}` : xMotivo,
      protocolo: r.evento?.nProt ?? null,
      xml: registrado ? procEvento(r.eventoXml, r.retEventoXml) : r.xml,
    }),
  );
  if (!registrado)
    throw new AppError('unprocessable', eventosMensagens.recusado('a carta de correção', cStat, xMotivo), {
      reason: 'sefaz',
      c_stat: cStat,
    });
  return { sequencia: seq, c_stat: cStat, x_motivo: xMotivo, protocolo: r.evento?.nProt ?? null };
}

/** POST /api/notasfiscais/saida/inutilizacao */
export async function inutilizaFaixa(db: Db, deps: TransmissaoDeps, actor: Actor, input: InutilizacaoFaixa) {
  const { serie, numero_inicial: ini, numero_final: fin, justificativa } = input;
  const s = (await listaSeries(db)).find((x) => x.serie === serie);
  if (!s) throw new AppError('unprocessable', eventosMensagens.serieInexistente(serie), { reason: 'serie' });
  if (fin >= s.proximo_numero)
    throw new AppError('unprocessable', eventosMensagens.alemDoProximo(s.proximo_numero), {
      reason: 'faixa',
    });
  const usadas = (await notasNaFaixa(db, serie, ini, fin)).filter(
    (x) => x.status !== 'assinada' && x.status !== 'rejeitada' && x.status !== 'inutilizada',
  );
  if (usadas[0])
    throw new AppError(
      'conflict',
      eventosMensagens.numeroUsado(usadas[0].numero, statusLabel(usadas[0].status)),
    );
  const [ja] = await db
    .select()
    .from(nfeInutilizacoes)
    .where(
      and(
        eq(nfeInutilizacoes.serie, serie),
        sql`${nfeInutilizacoes.numeroInicial} <= ${fin} and ${nfeInutilizacoes.numeroFinal} >= ${ini}`,
      ),
    );
  if (ja) throw new AppError('conflict', eventosMensagens.jaInutilizado(ja.numeroInicial, ja.numeroFinal));
  const ctx = await contextoSefaz(db, deps.config);
  const ano = String(new Date().getFullYear()).slice(-2);
  const r = await ctx
    .cliente(false)
    .inutiliza({ ano, cnpj: ctx.cnpj, serie, nNFIni: ini, nNFFin: fin, xJust: justificativa }, ctx.assinante)
    .catch(indisponivel);
  if (r.cStat !== '102')
    throw new AppError('unprocessable', eventosMensagens.recusado('a inutilização', r.cStat, r.xMotivo), {
      reason: 'sefaz',
      c_stat: r.cStat,
    });
  const xml = `<procInutNFe xmlns="${NS}" versao="4.00">${r.inutXml}${trechoXml(r.xml, 'retInutNFe') ?? ''}</procInutNFe>`;
  return writeTx(db, actor, async (tx) => {
    const [row] = await tx
      .insert(nfeInutilizacoes)
      .values({
        serie,
        numeroInicial: ini,
        numeroFinal: fin,
        justificativa,
        ambiente: ctx.tpAmb,
        protocolo: r.nProt ?? '',
        cStat: r.cStat,
        xMotivo: r.xMotivo,
        xml,
        userId: actor.userId,
        usuario: actor.email ?? null,
      })
      .returning();
    // notes of the range that were never authorised are voided with their numbers
    for (const nota of await notasNaFaixa(tx, serie, ini, fin)) {
      if (nota.status !== 'assinada' && nota.status !== 'rejeitada') continue;
      await tx
        .update(notasFiscais)
        .set({ status: 'inutilizada', cStat: r.cStat, xMotivo: r.xMotivo, updatedAt: new Date() })
        .where(eq(notasFiscais.id, nota.id));
      await registraEvento(tx, actor, nota.id, {
        tipo: 'inutilizacao',
        cStat: r.cStat,
        xMotivo: `${r.xMotivo} — ${justificativa}`,
        protocolo: r.nProt,
        xml,
      });
    }
    return {
      id: row!.id,
      serie,
      numero_inicial: ini,
      numero_final: fin,
      protocolo: row!.protocolo,
      c_stat: row!.cStat,
      x_motivo: row!.xMotivo,
    };
  });
}

/** GET /api/notasfiscais/saida/inutilizacoes */
export async function listaInutilizacoes(db: Db) {
  const rows = await db
    .select()
    .from(nfeInutilizacoes)
    .orderBy(sql`${nfeInutilizacoes.createdAt} desc`)
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    serie: r.serie,
    numero_inicial: r.numeroInicial,
    numero_final: r.numeroFinal,
    justificativa: r.justificativa,
    protocolo: r.protocolo,
    usuario: r.usuario,
    criado_em: r.createdAt.toISOString(),
  }));
}

/** POST …/:id/reenviar-email */
export async function reenviaEmailNota(db: Db, deps: TransmissaoDeps, actor: Actor, id: string) {
  const n = await carregaNota(db, id);
  if ((n.status !== 'autorizada' && n.status !== 'cancelada') || !n.xmlAutorizado)
    throw new AppError('conflict', eventosMensagens.reenvioStatus);
  return writeTx(db, actor, async (tx) => {
    const para = await enfileiraEmailNota(tx, deps, { ...n, xmlAutorizado: n.xmlAutorizado! }, 'reenvio');
    if (!para) throw new AppError('unprocessable', eventosMensagens.semEmail);
    await registraEvento(tx, actor, n.id, { tipo: 'email', xMotivo: `Reenviado para ${para}` });
    return { para };
  });
}
