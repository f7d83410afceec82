import {
  addDays,
  businessMonthStart,
  businessToday,
  type ConciliacaoQuery,
  type ConciliarLinha,
  type CriarDaLinha,
  conciliacaoMensagens,
  Decimal,
  type LinhaConciliacaoRow,
  type PeriodoConciliacaoResposta,
  pareceTarifaBancaria,
  STATUS_TITULO_ABERTOS,
  situacaoConciliacao,
  sugerirConciliacoes,
  tituloDaLinhaMensagens,
} from '@erp/shared';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { foundOrThrow } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { candidatosConciliacao, conciliarComTitulos, desfazerConciliacao } from './conciliacao.service.ts';
import { extratoConciliacoes as ec, extratoLinhas as el } from './extrato.tables.ts';
import { contaMovimentos, contasBancarias, financialAccounts as f } from './financeiro.tables.ts';
import { nomeDoBanco } from './titulo-da-linha.service.ts';
import { criarTitulos, invalido, rethrowRef } from './titulos.service.ts';

// The reconciliation screen's reads and writes over the extrato tables (extrato.tables.ts): a
// line is matched through extrato_conciliacoes rows (one per movement; several for a batch
// credit) and flagged conciliada; undo marks its rows desfeita and reverses the baixas the match
// created. Every write is one transaction (writeTx: audited under the acting user).

const conflito = (m: string): never => {
  throw new AppError('conflict', m);
};

/** Lines, movements, open títulos and suggestions of one account and period (default: this month). */
export async function periodoConciliacao(db: Db, q: ConciliacaoQuery): Promise<PeriodoConciliacaoResposta> {
  const de = q.de ?? businessMonthStart();
  const ate = q.ate ?? businessToday();
  const [primeira] = q.conta_bancaria_id
    ? [{ id: q.conta_bancaria_id }]
    : await db
        .select({ id: contasBancarias.id })
        .from(contasBancarias)
        .where(eq(contasBancarias.ativa, true))
        .orderBy(asc(contasBancarias.nome))
        .limit(1);
  if (!primeira)
    return {
      conta_bancaria_id: '',
      de,
      ate,
      linhas: [],
      movimentos: [],
      titulos: [],
      situacao: situacaoConciliacao([]),
    };
  const conta = primeira.id;
  const linhas = await db
    .select()
    .from(el)
    .where(and(eq(el.contaBancariaId, conta), gte(el.data, de), lte(el.data, ate)))
    .orderBy(asc(el.data), asc(el.posicao), asc(el.id));
  const ids = linhas.map((l) => l.id);
  const vinculos =
    ids.length === 0
      ? []
      : await db
          .select({
            linha_id: ec.linhaId,
            movimento_id: ec.contaMovimentoId,
            titulo_id: ec.tituloId,
            baixa_id: ec.baixaId,
            historico: sql<string>`coalesce(${contaMovimentos.historico}, '')`,
          })
          .from(ec)
          .leftJoin(contaMovimentos, eq(contaMovimentos.id, ec.contaMovimentoId))
          .where(and(inArray(ec.linhaId, ids), isNull(ec.desfeitaEm)));
  const movimentosUsados = new Set(
    (
      await db
        .select({ id: ec.contaMovimentoId })
        .from(ec)
        .innerJoin(el, eq(el.id, ec.linhaId))
        .where(and(eq(el.contaBancariaId, conta), isNull(ec.desfeitaEm)))
    ).map((r) => r.id),
  );
  const pendentes = linhas.filter((l) => !l.conciliada);
  const cand =
    pendentes.length > 0
      ? await candidatosConciliacao(db, { conta_bancaria_id: conta, linhas: pendentes })
      : { movimentos: [], titulos: [] };
  const movsLivres = cand.movimentos.filter((m) => !movimentosUsados.has(Number(m.id)));
  const sugestoes = sugerirConciliacoes(pendentes, movsLivres, cand.titulos);
  const movimentos = await db
    .select({
      id: contaMovimentos.id,
      data: contaMovimentos.data,
      valor: contaMovimentos.valor,
      historico: contaMovimentos.historico,
    })
    .from(contaMovimentos)
    .where(
      and(
        eq(contaMovimentos.contaBancariaId, conta),
        gte(contaMovimentos.data, de),
        lte(contaMovimentos.data, ate),
      ),
    )
    .orderBy(asc(contaMovimentos.data), asc(contaMovimentos.id));
  const titulos = await db
    .select({
      id: f.id,
      tipo: f.tipo,
      documento: f.documento,
      pessoa_nome: f.pessoaNome,
      vencimento: f.dataVencimento,
      saldo: sql<string>`${f.saldo}`,
    })
    .from(f)
    .where(
      and(
        or(eq(f.contaBancariaId, conta), isNull(f.contaBancariaId)),
        inArray(f.status, [...STATUS_TITULO_ABERTOS]),
        gte(f.dataVencimento, addDays(de, -7)),
        lte(f.dataVencimento, addDays(ate, 7)),
      ),
    )
    .orderBy(asc(f.dataVencimento), asc(f.id))
    .limit(500);
  const porLinha = new Map<string, LinhaConciliacaoRow['vinculos']>();
  for (const v of vinculos) {
    const l = porLinha.get(v.linha_id) ?? [];
    l.push({
      movimento_id: v.movimento_id,
      titulo_id: v.titulo_id,
      baixa_id: v.baixa_id,
      historico: v.historico,
    });
    porLinha.set(v.linha_id, l);
  }
  return {
    conta_bancaria_id: conta,
    de,
    ate,
    linhas: linhas.map((l) => ({
      id: l.id,
      data: l.data,
      valor: l.valor,
      memo: l.memo,
      documento: l.documento,
      conciliada: l.conciliada,
      vinculos: porLinha.get(l.id) ?? [],
      sugestoes: l.conciliada ? [] : (sugestoes.get(l.id) ?? []),
      tarifa: !l.conciliada && Decimal.of(l.valor).isNegative() && pareceTarifaBancaria(l.memo),
    })),
    movimentos: movimentos.map((m) => ({ ...m, conciliado: movimentosUsados.has(m.id) })),
    titulos,
    situacao: situacaoConciliacao(linhas),
  };
}

async function travaLinha(tx: Tx, id: string) {
  const [l] = await tx.select().from(el).where(eq(el.id, id)).for('update');
  return foundOrThrow(l ? [l] : []);
}

async function marcaConciliada(tx: Tx, actor: Actor, id: string) {
  await tx
    .update(el)
    .set({ conciliada: true, conciliadaEm: new Date(), conciliadaPor: actor.userId })
    .where(eq(el.id, id));
}

async function vinculaBaixas(tx: Tx, actor: Actor, linhaId: string, baixaIds: string[]) {
  const movs = await tx
    .select({ id: contaMovimentos.id, baixaId: contaMovimentos.baixaId, tituloId: contaMovimentos.tituloId })
    .from(contaMovimentos)
    .where(and(inArray(contaMovimentos.baixaId, baixaIds), sql`${contaMovimentos.tipo} <> 'estorno'`));
  await tx.insert(ec).values(
    movs.map((m) => ({
      linhaId,
      contaMovimentoId: m.id,
      baixaId: m.baixaId,
      tituloId: m.tituloId,
      criouBaixa: true,
      userId: actor.userId,
    })),
  );
}

/** Confirm a match: the line with existing movement(s), or with open título(s) (their baixas). */
export async function conciliarLinha(db: Db, actor: Actor, linhaId: string, input: ConciliarLinha) {
  await writeTx(db, actor, async (tx) => {
    const linha = await travaLinha(tx, linhaId);
    if (linha.conciliada) conflito(conciliacaoMensagens.jaConciliada);
    if (input.titulo_ids?.length) {
      const baixaIds = await conciliarComTitulos(
        tx,
        actor,
        { conta_bancaria_id: linha.contaBancariaId, data: linha.data, valor: linha.valor, memo: linha.memo },
        input.titulo_ids,
      );
      await vinculaBaixas(tx, actor, linhaId, baixaIds);
    } else {
      const ids = [...new Set(input.movimento_ids ?? [])];
      const movs = await tx
        .select()
        .from(contaMovimentos)
        .where(
          and(inArray(contaMovimentos.id, ids), eq(contaMovimentos.contaBancariaId, linha.contaBancariaId)),
        );
      if (movs.length !== ids.length) conflito(conciliacaoMensagens.movimentoOutraConta);
      const usados = await tx
        .select({ id: ec.id })
        .from(ec)
        .where(and(inArray(ec.contaMovimentoId, ids), isNull(ec.desfeitaEm)));
      if (usados.length > 0) conflito(conciliacaoMensagens.movimentoUsado);
      const soma = Decimal.sum(movs.map((m) => m.valor));
      if (!soma.eq(linha.valor))
        throw new AppError(
          'validation_failed',
          conciliacaoMensagens.somaMovimentos(soma.toFixed(2), linha.valor),
        );
      await tx.insert(ec).values(
        movs.map((m) => ({
          linhaId,
          contaMovimentoId: m.id,
          baixaId: m.baixaId,
          tituloId: m.tituloId,
          criouBaixa: false,
          userId: actor.userId,
        })),
      );
    }
    await marcaConciliada(tx, actor, linhaId);
  }).catch(rethrowRef);
  return linhaId;
}

/** Undo a match: its links marked desfeita, the baixas it created reversed, the line pendente. */
export async function desfazerLinha(db: Db, actor: Actor, linhaId: string) {
  await writeTx(db, actor, async (tx) => {
    const linha = await travaLinha(tx, linhaId);
    if (!linha.conciliada) conflito(conciliacaoMensagens.naoConciliada);
    const links = await tx
      .select()
      .from(ec)
      .where(and(eq(ec.linhaId, linhaId), isNull(ec.desfeitaEm)))
      .orderBy(asc(ec.createdAt));
    const criadas = links.filter((l) => l.criouBaixa && l.baixaId).map((l) => l.baixaId!);
    if (criadas.length > 0)
      await desfazerConciliacao(
        tx,
        actor,
        Decimal.of(linha.valor).isPositive() ? 'receber' : 'pagar',
        criadas,
      );
    await tx
      .update(ec)
      .set({ desfeitaEm: new Date() })
      .where(and(eq(ec.linhaId, linhaId), isNull(ec.desfeitaEm)));
    await tx
      .update(el)
      .set({ conciliada: false, conciliadaEm: null, conciliadaPor: null })
      .where(eq(el.id, linhaId));
  });
  return linhaId;
}

/**
 * An unmatched line becomes the título the user confirmed in the dialog (issue 29: a receivable
 * names its customer, a payable its supplier, a fee is paid to the account's bank; the classe is
 * always chosen), due and settled on the line's date, matched to the line.
 */
export async function criarDaLinha(db: Db, actor: Actor, linhaId: string, input: CriarDaLinha) {
  await writeTx(db, actor, async (tx) => {
    const linha = await travaLinha(tx, linhaId);
    if (linha.conciliada) conflito(conciliacaoMensagens.jaConciliada);
    const valor = Decimal.of(linha.valor);
    const credito = valor.isPositive();
    if (credito !== (input.tipo === 'receber'))
      invalido({
        ok: false,
        mensagem: credito ? tituloDaLinhaMensagens.credito : tituloDaLinhaMensagens.debito,
        campo: 'tipo',
      });
    const tipo = credito ? 'receber' : 'pagar';
    let favorecido: string | null = null;
    if (input.tipo === 'tarifa') {
      const [conta] = await tx
        .select({ bancoNome: contasBancarias.bancoNome, bancoCodigo: contasBancarias.bancoCodigo })
        .from(contasBancarias)
        .where(eq(contasBancarias.id, linha.contaBancariaId));
      favorecido = nomeDoBanco(conta!);
    }
    const [tituloId] = await criarTitulos(
      tx,
      {
        tipo,
        cliente_id: input.cliente_id,
        fornecedor_id: input.fornecedor_id,
        ...(favorecido ? { pessoa_nome: favorecido } : {}),
        documento: linha.documento,
        descricao: input.descricao,
        emissao: linha.data,
        valor: valor.abs().toFixed(2),
        juros_mes_percentual: '0',
        multa_percentual: '0',
        classe_financeira_id: input.classe_financeira_id,
        centro_custo_id: null,
        rateio: [],
        forma_id: null,
        conta_bancaria_id: linha.contaBancariaId,
        origem: 'manual',
        observacoes: 'Criado na conciliação bancária',
      },
      [{ vencimento: linha.data, valor: valor.abs().toFixed(2) }],
    );
    const baixaIds = await conciliarComTitulos(
      tx,
      actor,
      { conta_bancaria_id: linha.contaBancariaId, data: linha.data, valor: linha.valor, memo: linha.memo },
      [tituloId!],
    );
    await vinculaBaixas(tx, actor, linhaId, baixaIds);
    await marcaConciliada(tx, actor, linhaId);
  }).catch(rethrowRef);
  return linhaId;
}
