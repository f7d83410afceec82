import { randomUUID } from 'node:crypto';
import {
  type Ajuste,
  type LinhaRazao,
  type MovimentoRow,
  movimentoMensagens,
  razaoMensagens,
  type TipoMovimento,
  type Transferencia,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { alocaSaida, semLocalPadrao, validaETrava, verificaContexto } from './alocacao.service.ts';
import {
  ajustaNoRazao,
  type Lancamento,
  lancaNoRazao,
  type MetaMovimento,
  type MovimentoGravado,
} from './razao.service.ts';

// Movements as the other modules and the API ask for them: entrada (goods receipt), saída (FEFO
// when no lot is named), manual ajuste (reason required), transferência (both legs in one
// transaction, at the same cost) and estorno (a reversal row; a transfer's two legs together).
// Functions taking a `tx` run inside the caller's transaction (an order, a receipt); the API ones
// open their own audited transaction.

export type EntradaEstoque = {
  produtoId: string;
  quantidade: string;
  custoUnitario: string;
  localId?: string | null;
  loteId?: string | null;
};

/** An entrada (recomputes the custo médio): into the named or the default entrada location. */
export async function registraEntrada(
  tx: Tx,
  actor: Actor,
  e: EntradaEstoque,
  meta: MetaMovimento = {},
): Promise<MovimentoGravado[]> {
  // the checks, the default location and the lock in one round trip
  const { localPadrao, travados } = await validaETrava(
    tx,
    { produtoId: e.produtoId, localIds: [e.localId], loteId: e.loteId, quantidade: e.quantidade },
    { loteObrigatorio: true, ...(e.localId ? {} : { padrao: 'entrada' as const }) },
    [{ produtoId: e.produtoId, localId: e.localId ?? null, loteId: e.loteId ?? null }],
  );
  const localId = e.localId ?? localPadrao ?? semLocalPadrao('entrada');
  const chave = { produtoId: e.produtoId, localId, loteId: e.loteId ?? null };
  return lancaNoRazao(
    tx,
    actor,
    [{ op: { tipo: 'entrada', chave, quantidade: e.quantidade, custoUnitario: e.custoUnitario }, meta }],
    travados,
  );
}

export type SaidaEstoque = {
  produtoId: string;
  quantidade: string;
  localId?: string | null;
  loteId?: string | null;
};

/** A saída valued at the custo médio of its moment; FEFO picks the lots when none is named. */
export async function registraSaida(
  tx: Tx,
  actor: Actor,
  s: SaidaEstoque,
  meta: MetaMovimento = {},
): Promise<MovimentoGravado[]> {
  // the checks, the default location and the lock in one round trip — unless FEFO must choose
  const { produto, localPadrao, travados } = await validaETrava(
    tx,
    { produtoId: s.produtoId, localIds: [s.localId], loteId: s.loteId, quantidade: s.quantidade },
    { loteObrigatorio: false, ...(s.localId ? {} : { padrao: 'saida' as const }) },
    [{ produtoId: s.produtoId, localId: s.localId ?? null, loteId: s.loteId ?? null }],
  );
  const localId = s.localId ?? localPadrao;
  if (travados && localId) {
    const chave = { produtoId: s.produtoId, localId, loteId: s.loteId ?? null };
    return lancaNoRazao(
      tx,
      actor,
      [{ op: { tipo: 'saida', chave, quantidade: s.quantidade }, meta }],
      travados,
    );
  }
  const alocacoes = await alocaSaida(tx, produto, s);
  return lancaNoRazao(
    tx,
    actor,
    alocacoes.map((a) => ({ op: { tipo: 'saida', chave: a.chave, quantidade: a.quantidade }, meta })),
  );
}

/** The API's answer: the rows as written. */
export function movimentoRows(gravados: MovimentoGravado[]): MovimentoRow[] {
  return gravados.map((g) => ({
    id: g.id,
    tipo: g.tipo,
    produto_id: g.produtoId,
    local_id: g.localId,
    lote_id: g.loteId,
    quantidade: g.quantidade,
    custo_unitario: g.custoUnitario,
    saldo_produto: g.saldoProduto,
    custo_medio: g.custoMedio,
    ocorrido_em: g.ocorridoEm,
    estorno_de: g.estornoDe,
  }));
}

/**
 * POST /api/estoque/ajustes: one `ajuste` row; the reason is its note. An entrada enters at the
 * typed unit cost (none: the custo médio; refused with a field error while the product has none)
 * and averages in; a saída is valued at the custo médio. One round trip (`ajustaNoRazao`, issue
 * 30); when the database finds the context unsound, the module's checks answer the field errors.
 */
export async function registraAjuste(db: Db, actor: Actor, input: Ajuste): Promise<MovimentoRow[]> {
  const quantidade = input.sentido === 'saida' ? `-${input.quantidade}` : input.quantidade;
  const r = await ajustaNoRazao(db, actor, {
    produtoId: input.produto_id,
    localId: input.local_id,
    loteId: input.lote_id,
    quantidade,
    custoUnitario: input.sentido === 'entrada' ? (input.custo_unitario ?? null) : null,
    motivo: input.motivo,
  });
  if (!('contexto' in r)) return movimentoRows([r]);
  verificaContexto(r.contexto, checagemDoAjuste(input), { loteObrigatorio: true });
  // the module's checks found nothing wrong where the database did: the posting in steps decides
  return registraAjusteEmEtapas(db, actor, input);
}

const checagemDoAjuste = (input: Ajuste) => ({
  produtoId: input.produto_id,
  localIds: [input.local_id],
  loteId: input.lote_id,
  quantidade: input.quantidade,
});

/**
 * The same ajuste posted in steps through the shared model (validaETrava, then lancaNoRazao in a
 * writeTx): the reference estoque_ajustar is tested against.
 */
export function registraAjusteEmEtapas(db: Db, actor: Actor, input: Ajuste): Promise<MovimentoRow[]> {
  return writeTx(db, actor, async (tx) => {
    const chave = { produtoId: input.produto_id, localId: input.local_id, loteId: input.lote_id };
    const { travados } = await validaETrava(tx, checagemDoAjuste(input), { loteObrigatorio: true }, [chave]);
    const quantidade = input.sentido === 'saida' ? `-${input.quantidade}` : input.quantidade;
    const custoUnitario = input.sentido === 'entrada' ? (input.custo_unitario ?? undefined) : undefined;
    const gravados = await lancaNoRazao(
      tx,
      actor,
      [
        {
          op: { tipo: 'ajuste', chave, quantidade, custoUnitario },
          meta: { origem: 'ajuste', observacao: input.motivo },
        },
      ],
      travados,
    );
    return movimentoRows(gravados);
  });
}

/** POST /api/estoque/transferencias: both legs in one transaction, at the same cost, one origin id. */
export function registraTransferencia(db: Db, actor: Actor, input: Transferencia): Promise<MovimentoRow[]> {
  return writeTx(db, actor, async (tx) => {
    const { travados } = await validaETrava(
      tx,
      {
        produtoId: input.produto_id,
        localIds: [input.origem_id, input.destino_id],
        loteId: input.lote_id,
        quantidade: input.quantidade,
      },
      { loteObrigatorio: true, campos: { locais: ['origem_id', 'destino_id'] } },
      [input.origem_id, input.destino_id].map((localId) => ({
        produtoId: input.produto_id,
        localId,
        loteId: input.lote_id,
      })),
    );
    const gravados = await lancaNoRazao(
      tx,
      actor,
      [
        {
          op: {
            tipo: 'transferencia',
            produtoId: input.produto_id,
            loteId: input.lote_id,
            origemId: input.origem_id,
            destinoId: input.destino_id,
            quantidade: input.quantidade,
          },
          meta: { origem: 'transferencia', origemId: randomUUID(), observacao: input.observacao },
        },
      ],
      travados,
    );
    return movimentoRows(gravados);
  });
}

type LinhaGravada = {
  id: number | string;
  product_id: string;
  local_id: string;
  lote_id: string | null;
  tipo: TipoMovimento;
  quantidade: string;
  custo_unitario: string;
  origem: string | null;
  origem_id: string | null;
  estornado: boolean;
};

/**
 * POST /api/estoque/movimentos/:id/estorno: the reversal of a row (of both legs of a transfer),
 * at its own cost; an estorno is never reversed and a row is reversed at most once (the unique
 * estorno_de answers a concurrent second attempt).
 */
export function estornaMovimento(db: Db, actor: Actor, id: number, motivo: string): Promise<MovimentoRow[]> {
  return writeTx(db, actor, async (tx) => {
    const selecao = sql`select m.id, m.product_id, m.local_id, m.lote_id, m.tipo, m.quantidade::text as quantidade,
        m.custo_unitario::text as custo_unitario, m.origem, m.origem_id,
        exists (select 1 from estoque_movimentos e where e.estorno_de = m.id) as estornado
      from estoque_movimentos m`;
    const [original] = rowsOf<LinhaGravada>(await tx.execute(sql`${selecao} where m.id = ${id}`));
    if (!original) throw new AppError('not_found', movimentoMensagens.movimentoNaoEncontrado);
    if (original.tipo === 'estorno') throw new AppError('unprocessable', razaoMensagens.estornoDeEstorno);
    if (original.estornado)
      throw new AppError('conflict', movimentoMensagens.jaEstornado, { reason: 'ja_estornado' });
    const linhas =
      original.tipo === 'transferencia' && original.origem === 'transferencia' && original.origem_id
        ? rowsOf<LinhaGravada>(
            await tx.execute(sql`${selecao} where m.origem = 'transferencia' and m.origem_id = ${original.origem_id}
              and m.tipo = 'transferencia' order by m.id`),
          )
        : [original];
    const lancamentos: Lancamento[] = linhas.map((l) => {
      const linha: LinhaRazao = {
        produtoId: l.product_id,
        localId: l.local_id,
        loteId: l.lote_id,
        tipo: l.tipo,
        quantidade: l.quantidade,
        custoUnitario: l.custo_unitario,
      };
      return {
        op: { tipo: 'estorno', original: linha },
        meta: { estornoDe: Number(l.id), origem: l.origem, origemId: l.origem_id, observacao: motivo },
      };
    });
    return movimentoRows(await lancaNoRazao(tx, actor, lancamentos));
  });
}
