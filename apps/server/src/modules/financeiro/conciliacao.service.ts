import {
  addDays,
  Decimal,
  type LinhaConciliacao,
  type MovimentoConciliacao,
  OPCOES_CONCILIACAO,
  type OpcoesConciliacao,
  STATUS_TITULO_ABERTOS,
  type SugestaoConciliacao,
  sugerirConciliacoes,
  type TipoTitulo,
  type TituloConciliacao,
} from '@erp/shared';
import { and, asc, eq, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
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

  // documents named in the memos: digit runs of 3+ (the engine checks the match itself)
  const docs = new Set<string>();
  for (const l of p.linhas)
    for (const m of `${l.memo ?? ''} ${l.documento ?? ''}`.matchAll(/\d{3,}/g))
      docs.add(m[0].replace(/^0+(?=.)/, ''));
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

  return {
    movimentos: movs
      .filter((m) => !excluirMov.has(m.id))
      .map((m) => ({ id: String(m.id), data: m.data, valor: m.valor, descricao: m.historico })),
    titulos: tits.filter((t) => !excluirTit.has(t.id)).map((t) => ({ ...t, saldo: t.saldo! })),
  };
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
