import {
  addDays,
  Decimal,
  fromCents,
  type LinhaConciliacao,
  type MovimentoConciliacao,
  OPCOES_CONCILIACAO,
  type OpcoesConciliacao,
  STATUS_TITULO_ABERTOS,
  type SugestaoConciliacao,
  sugerirConciliacoes,
  type TipoTitulo,
  type TituloConciliacao,
  toCents,
  tokensMemo,
} from '@erp/shared';
import { and, asc, eq, gte, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { contaMovimentos, financialAccounts as f } from './financeiro.tables.ts';
import { baixarTitulo, estornarNaTransacao } from './titulos.service.ts';

// Conciliação bancária, the server side of the pure engine (packages/shared conciliacao.ts):
// SQL narrows the candidates of one account and period (open títulos of the account or of no
// account whose vencimento falls in the period ± diasTitulo, or whose documento the memos name;
// the account's movements in the period ± diasMovimento not reversed and not in `excluirMovimentos`),
// the engine ranks them. Confirming a line against open título(s) creates their baixa(s) on the
// line's date through baixarTitulo (bank movement, commission, audit) inside the caller's
// transaction; undoing reverses exactly those baixas (estornarNaTransacao), so the título is back
// to its saldo and status. The statement lines and the link columns are the extrato's tables
// (helper H, extrato README); these functions take the line's figures.

export type PeriodoConciliacao = {
  conta_bancaria_id: string;
  linhas: LinhaConciliacao[];
  /** Movements already linked to a line (never suggested again). */
  excluir_movimentos?: number[];
  /** Títulos already linked (never suggested again). */
  excluir_titulos?: string[];
};

const estorno = alias(contaMovimentos, 'estorno');

/** The candidates of an account and period, narrowed by SQL. */
export async function candidatosConciliacao(
  db: Db | Tx,
  p: PeriodoConciliacao,
  opcoes: OpcoesConciliacao = {},
): Promise<{ movimentos: MovimentoConciliacao[]; titulos: TituloConciliacao[] }> {
  const o = { ...OPCOES_CONCILIACAO, ...opcoes };
  if (p.linhas.length === 0) return { movimentos: [], titulos: [] };
  const datas = p.linhas.map((l) => l.data).sort();
  const de = datas[0]!;
  const ate = datas[datas.length - 1]!;
  const excluirMov = new Set(p.excluir_movimentos ?? []);
  const excluirTit = new Set(p.excluir_titulos ?? []);

  const movs = await db
    .select({
      id: contaMovimentos.id,
      data: contaMovimentos.data,
      valor: contaMovimentos.valor,
      historico: contaMovimentos.historico,
    })
    .from(contaMovimentos)
    .where(
      and(
        eq(contaMovimentos.contaBancariaId, p.conta_bancaria_id),
        gte(contaMovimentos.data, addDays(de, -o.diasMovimento)),
        lte(contaMovimentos.data, addDays(ate, o.diasMovimento)),
        sql`${contaMovimentos.tipo} <> 'estorno'`,
        notExists(db.select({ x: sql`1` }).from(estorno).where(eq(estorno.estornoDe, contaMovimentos.id))),
      ),
    )
    .orderBy(asc(contaMovimentos.data), asc(contaMovimentos.id));

  return {
    movimentos: movs
      .filter((m) => !excluirMov.has(m.id))
      .map((m) => ({ id: String(m.id), data: m.data, valor: m.valor, descricao: m.historico })),
    titulos: await titulosCandidatos(db, p, o, de, ate, excluirTit),
  };
}

const ABERTOS = sql.raw(`(${STATUS_TITULO_ABERTOS.map((s) => `'${s}'`).join(', ')})`);
const colunasTitulo = sql`t.id, t.tipo, t.documento, t.nosso_numero, t.pessoa_nome,
  t.data_vencimento as vencimento, t.saldo::text as saldo`;

/** Documents named in the memos: digit runs of 3+, without leading zeros. */
function documentosNosMemos(linhas: readonly LinhaConciliacao[]): Set<string> {
  const docs = new Set<string>();
  for (const l of linhas)
    for (const m of `${l.memo ?? ''} ${l.documento ?? ''}`.matchAll(/\d{3,}/g))
      docs.add(m[0].replace(/^0+(?=.)/, ''));
  return docs;
}

/**
 * The open títulos the engine can suggest: of the account or of no account, due in the period ±
 * diasTitulo or named (digits of their documento / nosso número) by a memo — without the
 * excluded. This is the plain query: every título it answers is read, so it grows with the
 * títulos of the period. titulosCandidatos answers, per line, the part of it the engine reads;
 * the tests check both give the same suggestions.
 */
export async function titulosCandidatosTodos(
  db: Db | Tx,
  p: PeriodoConciliacao,
  opcoes: OpcoesConciliacao = {},
): Promise<TituloConciliacao[]> {
  const o = { ...OPCOES_CONCILIACAO, ...opcoes };
  if (p.linhas.length === 0) return [];
  const datas = p.linhas.map((l) => l.data).sort();
  const de = datas[0]!;
  const ate = datas[datas.length - 1]!;
  const excluirTit = new Set(p.excluir_titulos ?? []);
  const docs = documentosNosMemos(p.linhas);
  const naConta = or(eq(f.contaBancariaId, p.conta_bancaria_id), isNull(f.contaBancariaId));
  const abertos = inArray(f.status, [...STATUS_TITULO_ABERTOS]);
  const noPeriodo = and(
    gte(f.dataVencimento, addDays(de, -o.diasTitulo)),
    lte(f.dataVencimento, addDays(ate, o.diasTitulo)),
  );
  const porDocumento =
    docs.size > 0
      ? (() => {
          const lista = sql.join(
            [...docs].map((d) => sql`${d}`),
            sql`, `,
          );
          return sql`(ltrim(regexp_replace(coalesce(${f.documento}, ''), '\\D', '', 'g'), '0') in (${lista})
            or ltrim(regexp_replace(coalesce(${f.nossoNumero}, ''), '\\D', '', 'g'), '0') in (${lista}))`;
        })()
      : sql`false`;
  const tits = await db
    .select({
      id: f.id,
      tipo: f.tipo,
      documento: f.documento,
      nosso_numero: f.nossoNumero,
      pessoa_nome: f.pessoaNome,
      vencimento: f.dataVencimento,
      saldo: f.saldo,
    })
    .from(f)
    .where(and(naConta, abertos, or(noPeriodo, porDocumento)))
    .orderBy(asc(f.dataVencimento), asc(f.id));
  return tits.filter((t) => !excluirTit.has(t.id)).map((t) => ({ ...t, saldo: t.saldo! }));
}

/** A line as the títulos see it: its side, day and amount in cents. */
type Pedido = { tipo: 'receber' | 'pagar'; dia: string; absoluto: number };

/** (venc, id) order: the engine's input order (its sum search takes a day's títulos in it). */
const ordemEntrada = (a: TituloConciliacao, b: TituloConciliacao) =>
  a.vencimento < b.vencimento ? -1 : a.vencimento > b.vencimento ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The part of titulosCandidatosTodos the engine reads for these lines, from indexes (migration
 * 0051) — what a line costs no longer grows with the títulos of the period:
 *  1. the same amount within the line's window (tipo, saldo, vencimento);
 *  2. a documento / nosso número key among the memos' tokens (the engine's keys, GIN), due in
 *     the period or named by a memo's digits as the plain query has them;
 *  3. for a line with no título of its amount in its window — the engine's sum search — the
 *     títulos it walks: the days nearest the line, each in id order, with 0 < saldo < the line's
 *     amount, until maxTitulosSoma. Each (side, day) is read from its start in id order, a few
 *     rows (those below the largest amount that walks it); a line that walks past what was read
 *     gets its own read of each day of its window (its first maxTitulosSoma by saldo range).
 * Every título read is one of the plain query's, and for each line the engine meets the same
 * títulos in the same order up to where it stops, so its suggestions are the same.
 */
async function titulosCandidatos(
  db: Db | Tx,
  p: PeriodoConciliacao,
  o: Required<OpcoesConciliacao>,
  de: string,
  ate: string,
  excluir: Set<string>,
): Promise<TituloConciliacao[]> {
  const conta = p.conta_bancaria_id;
  const filtro = sql`t.status in ${ABERTOS}
    and (t.conta_bancaria_id = ${conta} or t.conta_bancaria_id is null)
    ${excluir.size ? sql`and t.id not in (select x::uuid from jsonb_array_elements_text(${JSON.stringify([...excluir])}::jsonb) x)` : sql``}`;
  const pedidos: Pedido[] = [];
  const tokens = new Set<string>(['*']);
  for (const l of p.linhas) {
    const c = toCents(l.valor);
    if (c !== 0) pedidos.push({ tipo: c > 0 ? 'receber' : 'pagar', dia: l.data, absoluto: Math.abs(c) });
    for (const t of tokensMemo(l)) tokens.add(t);
  }
  const docs = [...documentosNosMemos(p.linhas)];
  const lidos = new Map<string, TituloConciliacao>();
  const guarda = (rows: TituloConciliacao[]) => {
    for (const t of rows) lidos.set(t.id, t);
  };

  // 1 and 2 in one statement
  guarda(
    rowsOf<TituloConciliacao>(
      await db.execute(sql`with l as (
          select distinct x.tipo, x.dia, x.valor from jsonb_to_recordset(${JSON.stringify(
            pedidos.map((q) => ({ tipo: q.tipo, dia: q.dia, valor: fromCents(q.absoluto) })),
          )}::jsonb) as x(tipo text, dia date, valor numeric))
        select ${colunasTitulo} from l
        join financial_accounts t on t.tipo = l.tipo and t.saldo = l.valor
          and t.data_vencimento between l.dia - ${o.diasTitulo}::int and l.dia + ${o.diasTitulo}::int
        where ${filtro}
        union
        select ${colunasTitulo} from financial_accounts t
        where erp_chaves_documento(t.documento, t.nosso_numero)
            && array(select jsonb_array_elements_text(${JSON.stringify([...tokens])}::jsonb))
          and ${filtro}
          and (t.data_vencimento between ${addDays(de, -o.diasTitulo)}::date and ${addDays(ate, o.diasTitulo)}::date
            or ltrim(regexp_replace(coalesce(t.documento, ''), '\\D', '', 'g'), '0')
              = any(array(select jsonb_array_elements_text(${JSON.stringify(docs)}::jsonb)))
            or ltrim(regexp_replace(coalesce(t.nosso_numero, ''), '\\D', '', 'g'), '0')
              = any(array(select jsonb_array_elements_text(${JSON.stringify(docs)}::jsonb))))`),
    ),
  );

  // 3. the lines whose engine runs the sum search: no título of their amount in their window
  const porValor = new Set<string>();
  for (const t of lidos.values()) porValor.add(`${t.tipo}:${toCents(t.saldo)}:${t.vencimento}`);
  const somam = pedidos.filter(
    (q) =>
      o.maxItensSoma >= 2 &&
      !diasDaBusca(q.dia, o.diasTitulo).some((d) => porValor.has(`${q.tipo}:${q.absoluto}:${d}`)),
  );
  const colhidos = await titulosDaSoma(db, somam, o, filtro);
  const faltam = [...colhidos].filter((id) => !lidos.has(id));
  if (faltam.length > 0)
    guarda(
      rowsOf<TituloConciliacao>(
        await db.execute(sql`select ${colunasTitulo} from financial_accounts t
          where t.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(faltam)}::jsonb) x)`),
      ),
    );
  return [...lidos.values()].sort(ordemEntrada);
}

/** The days of the engine's sum search around a line, in its walk order: the day, −1, +1, −2, +2… */
const diasCache = new Map<string, string[]>();
function diasDaBusca(dia: string, dias: number): string[] {
  const chave = `${dia}:${dias}`;
  let out = diasCache.get(chave);
  if (!out) {
    out = [dia];
    for (let d = 1; d <= dias; d++) out.push(addDays(dia, -d), addDays(dia, d));
    if (diasCache.size > 5000) diasCache.clear();
    diasCache.set(chave, out);
  }
  return out;
}

type Lido = { id: string; c: number };
const porId = (a: Lido, b: Lido) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The títulos the engine's sum search collects for these lines (titulosPerto: up to maxTitulosSoma
 * with 0 < saldo < the amount, the days nearest the line first, a day's in id order), read by
 * (side, day) from indexes — never the whole window:
 *  - each day walked: its smallest saldo (a day none is below is skipped, as the engine does) and
 *    its first títulos in id order below the largest amount walking it;
 *  - a line that walks past what was read of a day reads that day for itself: by the saldo range
 *    (all below its amount, when few) or else in id order (many below it: the first are near).
 * Only ids and saldos travel; the walk is replayed here exactly, and its answer is the ids collected.
 */
async function titulosDaSoma(
  db: Db | Tx,
  somam: Pedido[],
  o: Required<OpcoesConciliacao>,
  filtro: SQL,
): Promise<Set<string>> {
  const colhidos = new Set<string>();
  if (somam.length === 0) return colhidos;
  const max = o.maxTitulosSoma;
  const PRIMEIROS = 10 * max;
  const POR_SALDO = 2 * max;
  type Grupo = { tipo: string; dia: string; teto: number; minimo: number | null; rows: Lido[] };
  const grupos = new Map<string, Grupo>();
  for (const q of somam)
    for (const dia of diasDaBusca(q.dia, o.diasTitulo)) {
      const g = grupos.get(`${q.tipo}:${dia}`);
      if (g) g.teto = Math.max(g.teto, q.absoluto);
      else grupos.set(`${q.tipo}:${dia}`, { tipo: q.tipo, dia, teto: q.absoluto, minimo: null, rows: [] });
    }
  const lidos = rowsOf<{ grupo: string; minimo: string | null; id: string | null; saldo: string | null }>(
    await db.execute(sql`select g.tipo || ':' || g.dia::text as grupo, m.minimo::text as minimo, t.id, t.saldo::text as saldo
      from jsonb_to_recordset(${JSON.stringify(
        [...grupos.values()].map((g) => ({ tipo: g.tipo, dia: g.dia, teto: fromCents(g.teto) })),
      )}::jsonb) as g(tipo text, dia date, teto numeric)
      cross join lateral (select min(t.saldo) as minimo from financial_accounts t
        where t.tipo = g.tipo and t.data_vencimento = g.dia and t.saldo > 0 and ${filtro}) m
      left join lateral (select t.id, t.saldo from financial_accounts t
        where t.tipo = g.tipo and t.data_vencimento = g.dia and t.saldo > 0 and t.saldo < g.teto and ${filtro}
        order by t.id limit ${PRIMEIROS}) t on true`),
  );
  for (const r of lidos) {
    const g = grupos.get(r.grupo)!;
    g.minimo = r.minimo === null ? null : toCents(r.minimo);
    if (r.id !== null) g.rows.push({ id: r.id, c: toCents(r.saldo!) });
  }
  for (const g of grupos.values()) g.rows.sort(porId);

  // what a line read for itself, by `${line}|${day}`: the first (≤ max) below its amount, id order
  const proprios = new Map<string, Lido[]>();
  /** The engine's walk: the ids collected, or the days it needs read for itself (null: none). */
  const anda = (q: Pedido, k: number): { ids: string[]; faltam: string[] } => {
    const ids: string[] = [];
    const faltam: string[] = [];
    for (const dia of diasDaBusca(q.dia, o.diasTitulo)) {
      if (ids.length >= max) break;
      const g = grupos.get(`${q.tipo}:${dia}`)!;
      if (g.minimo === null || g.minimo >= q.absoluto) continue;
      const proprio = proprios.get(`${k}|${dia}`);
      if (
        faltam.length > 0 ||
        (!proprio && g.rows.length >= PRIMEIROS && !chega(g.rows, q, max - ids.length))
      ) {
        // read only in part, and the line would walk past it: this day and the next are its own
        faltam.push(dia);
        continue;
      }
      for (const t of proprio ?? g.rows) {
        if (ids.length >= max) break;
        if (t.c > 0 && t.c < q.absoluto) ids.push(t.id);
      }
    }
    return { ids, faltam };
  };
  const pares: { k: number; q: Pedido; dia: string }[] = [];
  somam.forEach((q, k) => {
    const r = anda(q, k);
    if (r.faltam.length === 0) for (const id of r.ids) colhidos.add(id);
    else for (const dia of r.faltam) pares.push({ k, q, dia });
  });
  if (pares.length === 0) return colhidos;

  // per pair: all below the amount when they are few (by saldo), else the first in id order (many
  // below it: they are near the start of the day); ≤ max rows each either way
  const proprioLidos = new Map<number, Lido[]>();
  for (const r of rowsOf<{ par: number; id: string; saldo: string }>(
    await db.execute(sql`select x.par, t.id, t.saldo::text as saldo
      from jsonb_to_recordset(${JSON.stringify(
        pares.map((p, i) => ({ par: i, tipo: p.q.tipo, dia: p.dia, valor: fromCents(p.q.absoluto) })),
      )}::jsonb) as x(par int, tipo text, dia date, valor numeric)
      cross join lateral (select count(*)::int as n from (select 1 from financial_accounts t
        where t.tipo = x.tipo and t.data_vencimento = x.dia and t.saldo > 0 and t.saldo < x.valor and ${filtro}
        limit ${POR_SALDO + 1}) c) n
      cross join lateral (
        (select a.id, a.saldo from (select t.id, t.saldo from financial_accounts t
          where n.n <= ${POR_SALDO} and t.tipo = x.tipo and t.data_vencimento = x.dia and t.saldo > 0
            and t.saldo < x.valor and ${filtro}) a
          order by a.id limit ${max})
        union all
        (select t.id, t.saldo from financial_accounts t
          where n.n > ${POR_SALDO} and t.tipo = x.tipo and t.data_vencimento = x.dia and t.saldo > 0
            and t.saldo < x.valor and ${filtro}
          order by t.id limit ${max})) t`),
  ))
    proprioLidos.set(r.par, [...(proprioLidos.get(r.par) ?? []), { id: r.id, c: toCents(r.saldo) }]);
  pares.forEach((p, i) => {
    proprios.set(`${p.k}|${p.dia}`, (proprioLidos.get(i) ?? []).sort(porId));
  });
  somam.forEach((q, k) => {
    const r = anda(q, k);
    if (r.faltam.length > 0) throw new Error('conciliação: busca da soma sem os títulos do dia');
    for (const id of r.ids) colhidos.add(id);
  });
  return colhidos;
}

/** Whether a day's rows hold the `falta` títulos a line still needs (0 < saldo < its amount). */
function chega(rows: readonly Lido[], q: Pedido, falta: number): boolean {
  let n = 0;
  for (const t of rows) if (t.c > 0 && t.c < q.absoluto && ++n >= falta) return true;
  return false;
}

/** Ranked suggestions for every line of the period. */
export async function sugestoesConciliacao(
  db: Db | Tx,
  p: PeriodoConciliacao,
  opcoes: OpcoesConciliacao = {},
): Promise<Record<string, SugestaoConciliacao[]>> {
  const { movimentos, titulos } = await candidatosConciliacao(db, p, opcoes);
  return Object.fromEntries(sugerirConciliacoes(p.linhas, movimentos, titulos, opcoes));
}

const recusa = (mensagem: string): never => {
  throw new AppError('validation_failed', mensagem);
};

/**
 * A line confirmed against open título(s), inside the caller's transaction: one título takes the
 * line's amount (above its saldo the difference is juros; below, a partial baixa); several must
 * add up to the line exactly and each is settled in full. Answers the baixas created, to be kept
 * on the line for the undo.
 */
export async function conciliarComTitulos(
  tx: Tx,
  actor: Actor,
  linha: { conta_bancaria_id: string; data: string; valor: string; memo?: string | null },
  tituloIds: readonly string[],
): Promise<string[]> {
  if (tituloIds.length === 0) recusa('Selecione ao menos um título');
  if (new Set(tituloIds).size !== tituloIds.length) recusa('Título repetido na conciliação');
  const valor = Decimal.of(linha.valor);
  if (valor.isZero()) recusa('A linha do extrato não tem valor');
  const tipo: TipoTitulo = valor.isPositive() ? 'receber' : 'pagar';
  const absoluto = valor.abs();
  const travados = await tx
    .select({ id: f.id, tipo: f.tipo, status: f.status, saldo: f.saldo, documento: f.documento })
    .from(f)
    .where(inArray(f.id, [...tituloIds]))
    .orderBy(asc(f.id))
    .for('update');
  if (travados.length !== tituloIds.length) throw new AppError('conflict', 'Título não encontrado.');
  for (const t of travados) {
    if (t.tipo !== tipo)
      recusa(
        tipo === 'receber'
          ? 'Um crédito do extrato concilia títulos a receber'
          : 'Um débito do extrato concilia títulos a pagar',
      );
    if (!(STATUS_TITULO_ABERTOS as readonly string[]).includes(t.status))
      throw new AppError(
        'conflict',
        `O título ${t.documento ?? ''} não está mais em aberto.`.replace('  ', ' '),
      );
  }
  const observacao = `Conciliação bancária${linha.memo ? `: ${linha.memo}` : ''}`.slice(0, 500);
  const base = {
    data_pagamento: linha.data,
    conta_bancaria_id: linha.conta_bancaria_id,
    forma_id: null,
    observacao,
  };
  if (travados.length === 1) {
    const saldo = Decimal.of(travados[0]!.saldo!);
    const juros = absoluto.gt(saldo) ? absoluto.minus(saldo).toFixed(2) : '0.00';
    return [
      await baixarTitulo(tx, actor, tipo, travados[0]!.id, {
        ...base,
        valor_pago: absoluto.toFixed(2),
        juros,
        multa: '0.00',
        desconto: '0.00',
      }),
    ];
  }
  const soma = Decimal.sum(travados.map((t) => t.saldo!));
  if (!soma.eq(absoluto))
    recusa(
      `A soma dos saldos dos títulos (${soma.toFixed(2)}) difere do valor da linha (${absoluto.toFixed(2)})`,
    );
  const ids: string[] = [];
  for (const id of tituloIds) {
    const t = travados.find((x) => x.id === id)!;
    ids.push(
      await baixarTitulo(tx, actor, tipo, id, {
        ...base,
        valor_pago: Decimal.of(t.saldo!).toFixed(2),
        juros: '0.00',
        multa: '0.00',
        desconto: '0.00',
      }),
    );
  }
  return ids;
}

/** Undo a match: the baixas it created are reversed (the títulos back to their saldo exactly). */
export async function desfazerConciliacao(
  tx: Tx,
  actor: Actor,
  tipo: TipoTitulo,
  baixaIds: readonly string[],
): Promise<string[]> {
  const titulos: string[] = [];
  for (const id of baixaIds)
    titulos.push(await estornarNaTransacao(tx, actor, tipo, id, 'Conciliação bancária desfeita'));
  return titulos;
}
