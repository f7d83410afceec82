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
  type TipoLocal,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts';
import { getSetting, settingDefaults } from '../configuracoes/settings.service.ts';
import { executaAjuste } from './ajuste-lote.ts';

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
const chavesJson = (chaves: ChaveOuPadrao[]) =>
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
function ordenaChaves<C extends ChaveOuPadrao>(chaves: C[]): C[] {
  const unicas = new Map(chaves.map((c) => [`${c.produtoId}|${c.localId}|${c.loteId ?? ''}`, c]));
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
type ProdutoRow = { id: string; nome: string; saldo: string; reservado: string; custo_medio: string };

/** What a movement's checks read (alocacao.service.ts checks it with the module's rules). */
export type ContextoMovimento = {
  produto: {
    id: string;
    nome: string;
    unidade: string;
    casas_decimais: number;
    controla_lote: boolean;
    ativo: boolean;
  } | null;
  locais: { id: string; nome: string; tipo: TipoLocal; ativo: boolean }[];
  lote_produto_id: string | null;
  /** the default location of the direction asked for (padrão de entrada / de saída), if any */
  padrao: string | null;
};

/** The locked state of a posting: what `estoque_travar()` answers. */
export type Travados = {
  inseridos: (number | string)[];
  saldos: SaldoRow[];
  produtos: ProdutoRow[];
  permite_negativo: string | null;
};

type RespostaTravar = Partial<Travados> & { contexto?: ContextoMovimento | null };

/** A balance key whose null location means the default location of the movement's direction. */
export type ChaveOuPadrao = Omit<ChaveSaldo, 'localId'> & { localId: string | null };

async function chamaTravar(
  tx: Tx,
  chaves: ChaveOuPadrao[],
  produtoIds: string[],
  contexto: unknown,
): Promise<RespostaTravar> {
  const [row] = rowsOf<{ r: RespostaTravar | string }>(
    await tx.execute(
      sql`select estoque_travar(${chavesJson(ordenaChaves(chaves))}, ${json(produtoIds)}, ${contexto === null ? sql`null` : json(contexto)}) as r`,
    ),
  );
  const r = row!.r;
  return typeof r === 'string' ? (JSON.parse(r) as RespostaTravar) : r;
}

/**
 * One round trip (`estoque_travar()`, migrations 0038 and 0044): inserts the balance rows of
 * `chaves` that do not exist yet, locks them in key order (the one lock order of the module), then
 * locks the products `produtoIds` by id and reads the negative-stock setting.
 */
async function trava(tx: Tx, chaves: ChaveSaldo[], produtoIds: string[]): Promise<Travados> {
  return (await chamaTravar(tx, chaves, produtoIds, null)) as Travados;
}

/**
 * A single movement's checks and its lock in one round trip (`estoque_travar()` with a context,
 * migration 0044): reads the product with its unit, the named locations, the named lot's product
 * and — with `padrao` — the default location of that direction, and locks `chaves` (a null location:
 * that default) and the product only when every key is sound (product, active location, lot as the
 * product controls it). Answers what it read and the locked state (null: nothing locked — the
 * checks say why, or FEFO must choose the lots); `lancaNoRazao(..., travados)` posts on it.
 */
export async function travaComContexto(
  tx: Tx,
  chaves: ChaveOuPadrao[],
  contexto: {
    produtoId: string;
    localIds: string[];
    loteId: string | null;
    padrao: 'entrada' | 'saida' | null;
  },
): Promise<{ contexto: ContextoMovimento; travados: Travados | null }> {
  const r = await chamaTravar(tx, chaves, [contexto.produtoId], {
    produto_id: contexto.produtoId,
    locais: contexto.localIds,
    lote_id: contexto.loteId,
    padrao: contexto.padrao,
  });
  const travados = r.saldos ? (r as Travados) : null;
  return { contexto: r.contexto!, travados };
}

/** Whether `travados` holds every balance of `chaves` and every product of `produtoIds`. */
function cobre(travados: Travados, chaves: ChaveSaldo[], produtoIds: string[]): boolean {
  const saldos = new Set(
    travados.saldos.map((s) =>
      chaveSaldo({ produtoId: s.produto_id, localId: s.local_id, loteId: s.lote_id }),
    ),
  );
  const produtos = new Set(travados.produtos.map((p) => p.id));
  return chaves.every((c) => saldos.has(chaveSaldo(c))) && produtoIds.every((id) => produtos.has(id));
}

function saldosTravados(rows: SaldoRow[]): Map<string, SaldoTravado> {
  const travados = new Map<string, SaldoTravado>();
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
 * Upserts the balance rows of `chaves` that do not exist yet and locks all of them, in key order
 * (the one lock order of the module). Answers the locked rows.
 */
export async function travaSaldos(tx: Tx, chaves: ChaveSaldo[]): Promise<Map<string, SaldoTravado>> {
  if (!chaves.length) return new Map();
  return saldosTravados((await trava(tx, chaves, [])).saldos);
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
  return erroComNomes(erro, erro.codigo === 'operacao_invalida' ? null : await nomesDe(tx, erro.chave));
}

/** A refusal as the API answers it, with the names its message needs (none for `operacao_invalida`). */
function erroComNomes(erro: ErroMovimento, nomes: { produto: string; local: string } | null): AppError {
  if (erro.codigo === 'operacao_invalida') {
    const campo = campoDoErro[erro.mensagem];
    return campo
      ? new AppError('validation_failed', genericMessages.validation, {
          fields: { [campo]: [erro.mensagem] },
        })
      : new AppError('unprocessable', erro.mensagem);
  }
  const mensagem = mensagemErroMovimento(erro, nomes!);
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
  /** the state `travaComContexto` locked for these lançamentos (saves the lock's round trip) */
  jaTravados?: Travados | null,
): Promise<MovimentoGravado[]> {
  if (!lancamentos.length) return [];
  const chaves = lancamentos.flatMap((l) => chavesDe(l.op));
  const produtoIds = [...new Set(chaves.map((c) => c.produtoId))].sort();
  const travados =
    jaTravados && cobre(jaTravados, chaves, produtoIds) ? jaTravados : await trava(tx, chaves, produtoIds);
  const saldos = saldosTravados(travados.saldos);
  const inseridos = travados.inseridos.map(Number);
  const produtos = new Map(
    travados.produtos.map((r): [string, ProdutoTravado] => [
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
  const valor = travados.permite_negativo;
  const permiteNegativo =
    valor === null || valor === undefined ? settingDefaults[CHAVE_NEGATIVO] : valor === 'true';
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
  // the change of saldo of each (product, location) pair, lots added: the location totals' input
  const paresDelta = new Map<string, ParDelta>();
  const saldosNovos = [...saldos.values()].map((antes) => {
    const depois = estado.saldos.get(chaveSaldo(antes))!;
    const delta = Decimal.of(depois.reservado).minus(antes.reservado);
    reservadoDelta.set(antes.produtoId, (reservadoDelta.get(antes.produtoId) ?? Decimal.ZERO).plus(delta));
    const par = `${antes.produtoId}|${antes.localId}`;
    const anterior = paresDelta.get(par)?.delta ?? Decimal.ZERO;
    paresDelta.set(par, {
      produto_id: antes.produtoId,
      local_id: antes.localId,
      delta: anterior.plus(Decimal.of(depois.saldo).minus(antes.saldo)),
    });
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
  // The location totals change when a saldo or a custo médio moves, or a pair gets its first row.
  const pares = [...paresDelta.values()];
  const mudaTotais =
    inseridos.length > 0 ||
    pares.some((p) => !p.delta.isZero()) ||
    produtosNovos.some((p) => !Decimal.of(p.custo).eq(produtos.get(p.id)!.custoMedio));
  const totais = mudaTotais ? { pares, inseridos } : null;
  return grava(tx, actor, linhas, saldosNovos, produtosNovos, totais);
}

type ParDelta = { produto_id: string; local_id: string; delta: Decimal };
type EntradaTotais = { pares: ParDelta[]; inseridos: number[] };

type LinhaNova = { linha: LinhaRazao; meta: MetaMovimento; saldoProduto: string; custoMedio: string };

/**
 * Writes a posting in one round trip (`estoque_gravar()`, migration 0037): the ledger rows, the
 * changed balances and the products' ledger-kept columns in one statement (the rows and locks were
 * taken before), preceded — when `totais` is given — by the upkeep of the per-location totals
 * (estoque_totais_local: the changed products' pairs before and after, revalued at the new custo
 * médio in every location). Answers the rows in posting order (their ids are drawn in that order)
 * with the moment each was written.
 */
async function grava(
  tx: Tx,
  actor: Actor,
  linhas: LinhaNova[],
  saldosNovos: { id: number; saldo: string; reservado: string }[],
  produtosNovos: { id: string; saldo: string; reservado: string; custo: string }[],
  totais: EntradaTotais | null,
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
  const pares = totais
    ? json(totais.pares.map((p) => ({ ...p, delta: p.delta.toFixed(CASAS_QUANTIDADE) })))
    : sql`null`;
  const inseridos = `{${totais?.inseridos.join(',') ?? ''}}`;
  let rows: { movimento_id: number | string; momento: Date | string }[];
  try {
    rows = rowsOf(
      await tx.execute(sql`select movimento_id, momento from estoque_gravar(${json(novas)}, ${json(saldosNovos)},
        ${json(produtosNovos)}, ${pares}, ${inseridos}::bigint[], ${actor.userId}::uuid)`),
    );
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'estoque_movimentos_estorno_de_key')
      throw new AppError('conflict', movimentoMensagens.jaEstornado, { reason: 'ja_estornado' });
    throw err;
  }
  return linhas.map(({ linha, meta, saldoProduto, custoMedio }, i) => ({
    ...linha,
    id: Number(rows[i]!.movimento_id),
    saldoProduto,
    custoMedio,
    estornoDe: meta.estornoDe ?? null,
    ocorridoEm: new Date(rows[i]!.momento).toISOString(),
  }));
}

/** What a manual ajuste posts (POST /api/estoque/ajustes): `quantidade` signed, negative removes. */
export type AjusteDireto = {
  produtoId: string;
  localId: string;
  loteId: string | null;
  quantidade: string;
  custoUnitario: string | null;
  motivo: string;
};

type RespostaAjustar =
  | { contexto: ContextoMovimento }
  | {
      id: number | string;
      quantidade: string;
      custo_unitario: string;
      saldo_produto: string;
      custo_medio: string;
    };

type RecusaAjustar =
  | { contexto: ContextoMovimento }
  | { invalida: keyof typeof razaoMensagens }
  | {
      codigo: 'estoque_insuficiente';
      disponivel: string;
      produto: string;
      local: string;
      lote: string | null;
    };

/** The JSON DETAIL of estoque_ajustar's refusal (SQLSTATE ES422), through drizzle's error wrapping. */
function recusaDe(err: unknown): RecusaAjustar | null {
  if (pgErrorCode(err) !== 'ES422') return null;
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string') return JSON.parse(detail) as RecusaAjustar;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A manual ajuste in one round trip — shared with the ajustes that arrive meanwhile (the group commit
 * of ajuste-lote.ts, migration 0071): `estoque_ajustar()` (migration 0048) sets the audit settings,
 * locks through estoque_travar, applies the model's `ajuste` rule in SQL and writes through
 * estoque_gravar — one statement, its own transaction. Answers the row as lancaNoRazao would, or
 * `{contexto}` when the context is unsound (nothing written: the caller's checks answer why). A
 * refusal throws the same AppError as lancaNoRazao's (the pt-BR message of the model).
 */
export async function ajustaNoRazao(
  db: Db,
  actor: Actor,
  a: AjusteDireto,
): Promise<{ contexto: ContextoMovimento } | MovimentoGravado> {
  const payload = {
    produto_id: a.produtoId,
    local_id: a.localId,
    lote_id: a.loteId,
    quantidade: a.quantidade,
    custo_unitario: a.custoUnitario,
    motivo: a.motivo,
    permite_negativo_padrao: settingDefaults[CHAVE_NEGATIVO],
    // a NUL cannot be part of a text value: dropped, as writeTx does
    usuario: {
      id: actor.userId ?? '',
      email: (actor.email ?? '').replaceAll('\0', ''),
      ip: (actor.ip ?? '').replaceAll('\0', ''),
      user_agent: (actor.userAgent ?? '').replaceAll('\0', ''),
    },
  };
  let row: { r: RespostaAjustar | string; momento: Date | string | null } | undefined;
  try {
    // through the group commit (ajuste-lote.ts): concurrent ajustes share one statement and commit
    row = (await executaAjuste(db, payload)) as typeof row;
  } catch (err) {
    const recusa = recusaDe(err);
    if (!recusa) throw err;
    if ('contexto' in recusa) return recusa;
    const chave = { produtoId: a.produtoId, localId: a.localId, loteId: a.loteId };
    if ('invalida' in recusa)
      throw erroComNomes(
        { codigo: 'operacao_invalida', mensagem: razaoMensagens[recusa.invalida] as string },
        null,
      );
    throw erroComNomes(
      { codigo: 'estoque_insuficiente', chave, disponivel: recusa.disponivel },
      {
        produto: recusa.lote ? `${recusa.produto} (lote ${recusa.lote})` : recusa.produto,
        local: recusa.local,
      },
    );
  }
  const r = typeof row!.r === 'string' ? (JSON.parse(row!.r) as RespostaAjustar) : row!.r;
  if ('contexto' in r) return r;
  return {
    produtoId: a.produtoId,
    localId: a.localId,
    loteId: a.loteId,
    tipo: 'ajuste',
    quantidade: r.quantidade,
    custoUnitario: r.custo_unitario,
    id: Number(r.id),
    saldoProduto: r.saldo_produto,
    custoMedio: r.custo_medio,
    estornoDe: null,
    ocorridoEm: new Date(row!.momento!).toISOString(),
  };
}
