import {
  applyMovement,
  CASAS_CUSTO,
  CASAS_QUANTIDADE,
  type ChaveSaldo,
  chaveSaldo,
  Decimal,
  type ErroMovimento,
  type EstadoEstoque,
  genericMessages,
  type LinhaRazao,
  mensagemErroMovimento,
  movimentoMensagens,
  type Operacao,
  type PosicaoProduto,
  razaoMensagens,
  type Saldo,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts';
import { getSetting, settingDefaults } from '../configuracoes/settings.service.ts';

// The one way a quantity changes: lancaNoRazao() posts operations of the shared model
// (packages/shared/src/estoque/razao.ts) inside the caller's transaction. It locks what the
// operations touch in a fixed order — the balance rows sorted by (produto, local, lote) after an
// upsert of the missing ones, then the product rows sorted by id (FOR NO KEY UPDATE: the foreign-key
// share locks other writers' new balance rows hold on the product do not block it) — so concurrent
// writers neither lose an update nor deadlock; applies the model to the locked state (the model decides, refuses
// and values; nothing here re-implements a rule); and writes the ledger rows, the balances and the
// products' ledger-kept columns (estoque_atual, estoque_reservado, custo_medio, preco_custo).

export type MetaMovimento = {
  /** Origin document: type (pedido, nota_entrada, inventario, transferencia, ajuste…) and id. */
  origem?: string | null;
  origemId?: string | null;
  observacao?: string | null;
  /** estorno: the id of the row it reverses (unique: a row is reversed at most once). */
  estornoDe?: number | null;
  /** Demo data and imports only: when it happened. Default: the moment it is written. */
  ocorridoEm?: Date;
};

export type Lancamento = { op: Operacao; meta?: MetaMovimento };

export type MovimentoGravado = LinhaRazao & {
  id: number;
  saldoProduto: string;
  custoMedio: string;
  estornoDe: number | null;
  /** When the row was written (ISO 8601). */
  ocorridoEm: string;
};

const CHAVE_NEGATIVO = 'permitir_estoque_negativo';

type SaldoTravado = Saldo & { id: number };
type ProdutoTravado = PosicaoProduto & { id: string; nome: string; reservado: string };

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const chavesJson = (chaves: ChaveSaldo[]) =>
  json(chaves.map((c) => ({ produto_id: c.produtoId, local_id: c.localId, lote_id: c.loteId })));
const q3 = (d: Decimal | string) => Decimal.of(d).toFixed(CASAS_QUANTIDADE);

function chavesDe(op: Operacao): ChaveSaldo[] {
  switch (op.tipo) {
    case 'transferencia':
      return [
        { produtoId: op.produtoId, localId: op.origemId, loteId: op.loteId },
        { produtoId: op.produtoId, localId: op.destinoId, loteId: op.loteId },
      ];
    case 'estorno':
      return [{ produtoId: op.original.produtoId, localId: op.original.localId, loteId: op.original.loteId }];
    default:
      return [op.chave];
  }
}

/** Unique keys in lock order: produto, local, lote (no lot first), as PostgreSQL sorts uuids. */
function ordenaChaves(chaves: ChaveSaldo[]): ChaveSaldo[] {
  const unicas = new Map(chaves.map((c) => [chaveSaldo(c), c]));
  const cmp = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
  return [...unicas.values()].sort(
    (a, b) => cmp(a.produtoId, b.produtoId) || cmp(a.localId, b.localId) || cmp(a.loteId, b.loteId),
  );
}

type SaldoRow = {
  id: number | string;
  produto_id: string;
  local_id: string;
  lote_id: string | null;
  saldo: string;
  reservado: string;
};

const travaExistentes = (k: SQL) => sql`
  select s.id, s.produto_id, s.local_id, s.lote_id, s.saldo::text as saldo, s.reservado::text as reservado
  from estoque_saldos s
  join jsonb_to_recordset(${k}) as k(produto_id uuid, local_id uuid, lote_id uuid)
    on s.produto_id = k.produto_id and s.local_id = k.local_id and s.lote_id is not distinct from k.lote_id
  order by s.produto_id, s.local_id, s.lote_id nulls first
  for update of s`;

/**
 * Upserts the balance rows of `chaves` that do not exist yet and locks all of them, in key order
 * (the one lock order of the module). Answers the locked rows. One key that already has its row
 * (most postings) costs one statement: the lock; a missing row is inserted first, then locked.
 */
export async function travaSaldos(tx: Tx, chaves: ChaveSaldo[]): Promise<Map<string, SaldoTravado>> {
  const ordenadas = ordenaChaves(chaves);
  const travados = new Map<string, SaldoTravado>();
  if (!ordenadas.length) return travados;
  const k = chavesJson(ordenadas);
  // One key: lock it directly; when its row is missing nothing was locked, so inserting it and
  // locking it afterwards keeps the lock order. Several keys: insert the missing ones first, since
  // locking some and inserting others afterwards could take them out of order.
  let rows = ordenadas.length === 1 ? rowsOf<SaldoRow>(await tx.execute(travaExistentes(k))) : [];
  if (rows.length < ordenadas.length) {
    await tx.execute(sql`
      insert into estoque_saldos (produto_id, local_id, lote_id)
      select k.produto_id, k.local_id, k.lote_id
      from jsonb_to_recordset(${k}) as k(produto_id uuid, local_id uuid, lote_id uuid)
      where not exists (select 1 from estoque_saldos s where s.produto_id = k.produto_id
        and s.local_id = k.local_id and s.lote_id is not distinct from k.lote_id)
      order by k.produto_id, k.local_id, k.lote_id nulls first
      on conflict (produto_id, local_id, lote_id) do nothing`);
    rows = rowsOf<SaldoRow>(await tx.execute(travaExistentes(k)));
  }
  for (const r of rows) {
    const saldo: SaldoTravado = {
      id: Number(r.id),
      produtoId: r.produto_id,
      localId: r.local_id,
      loteId: r.lote_id,
      saldo: q3(r.saldo),
      reservado: q3(r.reservado),
    };
    travados.set(chaveSaldo(saldo), saldo);
  }
  return travados;
}

/**
 * Locks the products (sorted by id, after their balances) and reads the negative-stock setting in
 * the same statement.
 */
async function travaProdutos(
  tx: Tx,
  ids: string[],
): Promise<{ produtos: Map<string, ProdutoTravado>; permiteNegativo: boolean }> {
  const rows = rowsOf<{
    id: string;
    nome: string;
    saldo: string;
    reservado: string;
    custo_medio: string;
    permite_negativo: string | null;
  }>(
    await tx.execute(sql`
      select id, nome, estoque_atual::text as saldo, estoque_reservado::text as reservado,
             custo_medio::text as custo_medio,
             (select valor::text from app_settings where chave = ${CHAVE_NEGATIVO}) as permite_negativo
      from products where id in (select jsonb_array_elements_text(${json(ids)})::uuid)
      order by id
      for no key update of products`),
  );
  const valor = rows[0]?.permite_negativo;
  const permiteNegativo =
    valor === null || valor === undefined ? settingDefaults[CHAVE_NEGATIVO] : valor === 'true';
  const produtos = new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        nome: r.nome,
        saldo: q3(r.saldo),
        reservado: q3(r.reservado),
        custoMedio: Decimal.of(r.custo_medio).toFixed(CASAS_CUSTO),
      },
    ]),
  );
  return { produtos, permiteNegativo };
}

/** Names for a refusal message: the product (with its lot) and the location. */
async function nomesDe(tx: Tx, chave: ChaveSaldo): Promise<{ produto: string; local: string }> {
  const [row] = rowsOf<{ produto: string | null; local: string | null; lote: string | null }>(
    await tx.execute(sql`select
      (select nome from products where id = ${chave.produtoId}) as produto,
      (select nome from locais_estoque where id = ${chave.localId}) as local,
      (select numero from lotes where id = ${chave.loteId}) as lote`),
  );
  const produto = row?.produto ?? chave.produtoId;
  return {
    produto: row?.lote ? `${produto} (lote ${row.lote})` : produto,
    local: row?.local ?? chave.localId,
  };
}

const campoDoErro: Record<string, string> = {
  [razaoMensagens.quantidadePositiva]: 'quantidade',
  [razaoMensagens.ajusteZero]: 'quantidade',
  [razaoMensagens.contadoNegativo]: 'contado',
  [razaoMensagens.custoNegativo]: 'custo_unitario',
  [razaoMensagens.custoObrigatorio]: 'custo_unitario',
  [razaoMensagens.mesmoLocal]: 'destino_id',
};

/** A refusal of the model as the API answers it. */
export async function erroDoRazao(tx: Tx, erro: ErroMovimento): Promise<AppError> {
  if (erro.codigo === 'operacao_invalida') {
    const campo = campoDoErro[erro.mensagem];
    return campo
      ? new AppError('validation_failed', genericMessages.validation, {
          fields: { [campo]: [erro.mensagem] },
        })
      : new AppError('unprocessable', erro.mensagem);
  }
  const mensagem = mensagemErroMovimento(erro, await nomesDe(tx, erro.chave));
  return new AppError('unprocessable', mensagem, {
    reason: erro.codigo,
    produto_id: erro.chave.produtoId,
    local_id: erro.chave.localId,
    lote_id: erro.chave.loteId,
    ...(erro.codigo === 'estoque_insuficiente' ? { disponivel: erro.disponivel } : {}),
    ...(erro.codigo === 'reserva_insuficiente' ? { reservado: erro.reservado } : {}),
  });
}

export async function permiteEstoqueNegativo(tx: Tx): Promise<boolean> {
  return getSetting(tx, CHAVE_NEGATIVO);
}

/**
 * Posts `lancamentos` in order, all or nothing, inside the caller's transaction (a writeTx, so the
 * rows name the acting user). Answers the ledger rows written; reservations and releases write no
 * row. A refusal throws the pt-BR message of the model ("Estoque insuficiente de …") as 422.
 */
export async function lancaNoRazao(
  tx: Tx,
  actor: Actor,
  lancamentos: Lancamento[],
): Promise<MovimentoGravado[]> {
  if (!lancamentos.length) return [];
  const saldos = await travaSaldos(
    tx,
    lancamentos.flatMap((l) => chavesDe(l.op)),
  );
  const produtoIds = [...new Set([...saldos.values()].map((s) => s.produtoId))].sort();
  const { produtos, permiteNegativo } = await travaProdutos(tx, produtoIds);
  const opcoes = { permiteNegativo };

  let estado: EstadoEstoque = { saldos, produtos };
  const corrente = new Map([...produtos.values()].map((p) => [p.id, Decimal.of(p.saldo)]));
  const linhas: LinhaNova[] = [];
  for (const { op, meta = {} } of lancamentos) {
    const r = applyMovement(estado, op, opcoes);
    if (!r.ok) throw await erroDoRazao(tx, r.erro);
    for (const linha of r.linhas) {
      const saldo = (corrente.get(linha.produtoId) ?? Decimal.ZERO).plus(linha.quantidade);
      corrente.set(linha.produtoId, saldo);
      const custoMedio = r.estado.produtos.get(linha.produtoId)?.custoMedio ?? linha.custoUnitario;
      linhas.push({ linha, meta, saldoProduto: q3(saldo), custoMedio });
    }
    estado = r.estado;
  }

  // balances and the products' ledger-kept columns
  const reservadoDelta = new Map<string, Decimal>();
  const saldosNovos = [...saldos.values()].map((antes) => {
    const depois = estado.saldos.get(chaveSaldo(antes))!;
    const delta = Decimal.of(depois.reservado).minus(antes.reservado);
    reservadoDelta.set(antes.produtoId, (reservadoDelta.get(antes.produtoId) ?? Decimal.ZERO).plus(delta));
    return { id: antes.id, saldo: depois.saldo, reservado: depois.reservado };
  });
  const produtosNovos = [...produtos.values()].map((antes) => {
    const depois = estado.produtos.get(antes.id)!;
    return {
      id: antes.id,
      saldo: depois.saldo,
      reservado: q3(Decimal.of(antes.reservado).plus(reservadoDelta.get(antes.id) ?? Decimal.ZERO)),
      custo: depois.custoMedio,
    };
  });
  return grava(tx, actor, linhas, saldosNovos, produtosNovos);
}

type LinhaNova = { linha: LinhaRazao; meta: MetaMovimento; saldoProduto: string; custoMedio: string };

/**
 * Writes a posting in one statement: the ledger rows, the changed balances and the products'
 * ledger-kept columns (data-modifying CTEs, all run to completion; the rows and locks were taken
 * before). Answers the rows in posting order (their ids are drawn in that order) with the moment
 * each was written.
 */
async function grava(
  tx: Tx,
  actor: Actor,
  linhas: LinhaNova[],
  saldosNovos: { id: number; saldo: string; reservado: string }[],
  produtosNovos: { id: string; saldo: string; reservado: string; custo: string }[],
): Promise<MovimentoGravado[]> {
  const novas = linhas.map(({ linha, meta, saldoProduto, custoMedio }, ordem) => ({
    ordem,
    product_id: linha.produtoId,
    local_id: linha.localId,
    lote_id: linha.loteId,
    tipo: linha.tipo,
    quantidade: linha.quantidade,
    custo_unitario: linha.custoUnitario,
    saldo_produto: saldoProduto,
    custo_medio: custoMedio,
    origem: meta.origem ?? null,
    origem_id: meta.origemId ?? null,
    observacao: meta.observacao ?? null,
    estorno_de: meta.estornoDe ?? null,
    ocorrido_em: meta.ocorridoEm?.toISOString() ?? null,
  }));
  let rows: { id: number | string; ocorrido_em: Date | string }[];
  try {
    rows = rowsOf(
      await tx.execute(sql`
        with linhas as (
          insert into estoque_movimentos (product_id, local_id, lote_id, tipo, quantidade, custo_unitario,
            saldo_produto, custo_medio, origem, origem_id, observacao, estorno_de, user_id, ocorrido_em)
          select r.product_id, r.local_id, r.lote_id, r.tipo, r.quantidade, r.custo_unitario, r.saldo_produto,
            r.custo_medio, r.origem, r.origem_id, r.observacao, r.estorno_de, ${actor.userId}::uuid,
            -- the moment of writing, after the locks: rows of a product are in lock order by time
            coalesce(r.ocorrido_em, clock_timestamp())
          from jsonb_to_recordset(${json(novas)}) as r(ordem int, product_id uuid, local_id uuid, lote_id uuid,
            tipo text, quantidade numeric, custo_unitario numeric, saldo_produto numeric, custo_medio numeric,
            origem text, origem_id text, observacao text, estorno_de bigint, ocorrido_em timestamptz)
          order by r.ordem
          returning id, ocorrido_em
        ), saldos as (
          update estoque_saldos s set saldo = v.saldo, reservado = v.reservado, updated_at = now()
          from jsonb_to_recordset(${json(saldosNovos)}) as v(id bigint, saldo numeric, reservado numeric)
          where s.id = v.id and (s.saldo <> v.saldo or s.reservado <> v.reservado)
        ), produtos as (
          update products p set estoque_atual = v.saldo, estoque_reservado = v.reservado, custo_medio = v.custo,
            preco_custo = round(v.custo, 2)
          from jsonb_to_recordset(${json(produtosNovos)}) as v(id uuid, saldo numeric, reservado numeric, custo numeric)
          where p.id = v.id
            and (p.estoque_atual <> v.saldo or p.estoque_reservado <> v.reservado or p.custo_medio <> v.custo)
        )
        select id, ocorrido_em from linhas order by id`),
    );
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'estoque_movimentos_estorno_de_key')
      throw new AppError('conflict', movimentoMensagens.jaEstornado, { reason: 'ja_estornado' });
    throw err;
  }
  return linhas.map(({ linha, meta, saldoProduto, custoMedio }, i) => ({
    ...linha,
    id: Number(rows[i]!.id),
    saldoProduto,
    custoMedio,
    estornoDe: meta.estornoDe ?? null,
    ocorridoEm: new Date(rows[i]!.ocorrido_em).toISOString(),
  }));
}
