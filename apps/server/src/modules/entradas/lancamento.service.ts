import type { LinhaRazao, TipoMovimento } from '@erp/shared';
import { Decimal, devolucoesMensagens, erroCasasDecimais, movimentoMensagens } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  aplicaRecebimentoAoLancar,
  desfazRecebimentoAoEstornar,
} from '../compras/recebimento-pedido.service.ts';
import { localPadrao } from '../estoque/alocacao.service.ts';
import { type Lancamento, lancaNoRazao } from '../estoque/razao.service.ts';
import { criarTitulos, criarTitulosDeCondicao } from '../financeiro/titulos.service.ts';
import { travaEntrada } from './edicao.service.ts';
import {
  type Entrada,
  entradaMensagens,
  getEntrada,
  leItens,
  pendenciasDe,
  statusTexto,
} from './entradas.service.ts';
import { lembraMapeamentos } from './mapeamento.service.ts';
import { reconfereXmlDaEntrada } from './reconferencia.service.ts';

// Posting (lançar) and reversal (estornar) of a receipt, each ONE transaction:
// - lançar: the ledger entradas (per lot) at the item's unit cost — which moves the custo médio —,
//   the lots created from <rastro> or typed, the payables from <cobr><dup> or from the condição,
//   the learned mappings, the receipt marked lançada. A failure anywhere rolls everything back.
// - estornar: while the stock allows (the ledger refuses otherwise) every ledger row of the
//   receipt is reversed and its unpaid payables are cancelled; a paid payable blocks it.

export const ORIGEM_RAZAO = 'nota_entrada';

export const lancamentoMensagens = {
  jaLancada: (status: string) => `A entrada está ${status}: não pode ser lançada.`,
  naoLancada: 'Só uma entrada lançada pode ser estornada.',
  tituloPago:
    'Há títulos desta entrada com baixa: estorne as baixas no financeiro antes de estornar a entrada.',
  semItens: 'A entrada não tem itens.',
} as const;

/** Test hook: runs inside the posting transaction after the stock and before the payables. */
export const lancamentoGanchos: { aposEstoque?: (tx: Tx) => Promise<void> } = {};

async function loteId(
  tx: Tx,
  produtoId: string,
  l: { numero: string; fabricacao: string | null; validade: string | null },
): Promise<string> {
  const [r] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into lotes (produto_id, numero, fabricacao, validade)
      values (${produtoId}, ${l.numero}, ${l.fabricacao}, ${l.validade})
      on conflict (produto_id, numero) do update set numero = excluded.numero returning id`),
  );
  return r!.id;
}

/**
 * How the ledger, the payables and the Kardex name a receipt's document: an imported XML is an NF-e;
 * a typed receipt is not (no XML, no chave: a paper note, a recibo…), so it says "Entrada manual" with
 * the número/série the user typed, never "NF-e".
 */
export function documentoDaEntrada(e: {
  origem: 'xml' | 'manual';
  numero: number | null;
  serie: number | null;
}): string {
  const numero = e.numero ? `${e.numero}${e.serie !== null ? `/${e.serie}` : ''}` : '';
  if (e.origem === 'xml') return numero ? `NF-e ${numero}` : 'NF-e';
  return numero ? `Entrada manual, documento ${numero}` : 'Entrada manual';
}

export async function lancaEntrada(db: Db, actor: Actor, id: string): Promise<Entrada> {
  // what is posted must still be what the kept XML says (read off the event loop, before the lock)
  await reconfereXmlDaEntrada(db, id);
  await writeTx(db, actor, async (tx) => {
    const e = await travaEntrada(tx, id, false);
    if (e.status !== 'rascunho' && e.status !== 'conferida')
      throw new AppError('conflict', lancamentoMensagens.jaLancada(statusTexto[e.status]), {
        reason: 'status',
      });
    const [cab] = rowsOf<{
      origem: 'xml' | 'manual';
      fornecedor_id: string | null;
      fornecedor_nome: string | null;
      assinatura: string | null;
      confirmada: boolean;
      condicao_pagamento_id: string | null;
      local_id: string | null;
      numero: number | null;
      serie: number | null;
      emissao: string;
      valor_nota: string;
      chave: string | null;
    }>(
      await tx.execute(sql`select e.origem, e.fornecedor_id, f.razao_social as fornecedor_nome, e.assinatura,
        e.assinatura_confirmada_em is not null as confirmada, e.condicao_pagamento_id, e.local_id, e.numero, e.serie,
        (e.emissao at time zone 'America/Sao_Paulo')::date::text as emissao, e.valor_nota::text as valor_nota, e.chave
        from entradas e left join fornecedores f on f.id = e.fornecedor_id where e.id = ${id}`),
    );
    const itens = await leItens(tx, id);
    if (!itens.length) throw new AppError('unprocessable', lancamentoMensagens.semItens);
    const dups = rowsOf<{ vencimento: string; valor: string }>(
      await tx.execute(sql`select vencimento::text as vencimento, valor::text as valor from entrada_duplicatas
        where entrada_id = ${id} order by vencimento, numero`),
    );
    const pendencias = pendenciasDe(
      {
        fornecedor_id: cab!.fornecedor_id,
        assinatura: cab!.assinatura,
        assinatura_confirmada: cab!.confirmada,
        condicao_pagamento_id: cab!.condicao_pagamento_id,
      },
      itens,
      dups.length > 0,
    );
    if (pendencias.length)
      throw new AppError('unprocessable', entradaMensagens.pendencias, { reason: 'pendencias', pendencias });
    // issue 34: checked against its purchase order (422 beyond tolerance without a justification);
    // the order's lines and status move in this same transaction
    await aplicaRecebimentoAoLancar(tx, id);

    // 1. stock: one ledger entrada per item (per lot), into the item's, the receipt's or the default location
    const padrao = cab!.local_id ?? (await localPadrao(tx, 'entrada'));
    const lancamentos: Lancamento[] = [];
    const doc = documentoDaEntrada(cab!);
    // the checks of the ledger's own validaMovimento, for every item in two queries
    const ids = (xs: string[]) =>
      sql.join(
        [...new Set(xs)].map((x) => sql`${x}::uuid`),
        sql`, `,
      );
    const produtos = new Map(
      rowsOf<{ id: string; unidade: string; casas_decimais: number }>(
        await tx.execute(sql`select p.id, p.unidade, u.casas_decimais from products p
          join unidades u on u.sigla = p.unidade where p.id in (${ids(itens.map((i) => i.produto_id!))})`),
      ).map((p) => [p.id, p]),
    );
    const locais = new Map(
      rowsOf<{ id: string; ativo: boolean }>(
        await tx.execute(sql`select id, ativo from locais_estoque
          where id in (${ids([padrao, ...itens.map((i) => i.local_id ?? padrao)])})`),
      ).map((l) => [l.id, l]),
    );
    for (const i of itens) {
      const localId = i.local_id ?? padrao;
      const local = locais.get(localId);
      if (!local?.ativo)
        throw new AppError(
          'unprocessable',
          `Item ${i.n_item}: ${local ? movimentoMensagens.localInativo : movimentoMensagens.localNaoEncontrado}.`,
        );
      const produto = produtos.get(i.produto_id!);
      if (!produto) throw new AppError('unprocessable', entradaMensagens.itemSemProduto(i.n_item, i.x_prod));
      const partes = i.controla_lote
        ? await Promise.all(
            i.lotes.map(async (l) => ({
              loteId: await loteId(tx, i.produto_id!, l),
              quantidade: l.quantidade,
            })),
          )
        : [{ loteId: null as string | null, quantidade: i.quantidade_base! }];
      for (const p of partes) {
        const quantidade = Decimal.of(p.quantidade).toFixed(3);
        const erro = erroCasasDecimais(quantidade, {
          sigla: produto.unidade,
          casas_decimais: produto.casas_decimais,
        });
        if (erro) throw new AppError('unprocessable', `Item ${i.n_item}: ${erro}.`);
        lancamentos.push({
          op: {
            tipo: 'entrada',
            chave: { produtoId: i.produto_id!, localId, loteId: p.loteId },
            quantidade,
            custoUnitario: i.custo_unitario!,
          },
          meta: { origem: ORIGEM_RAZAO, origemId: id, observacao: `${doc} — item ${i.n_item}` },
        });
      }
    }
    await lancaNoRazao(tx, actor, lancamentos);
    if (lancamentoGanchos.aposEstoque) await lancamentoGanchos.aposEstoque(tx);

    // 2. payables: the duplicatas, else the condição from the emission date
    const novo = {
      tipo: 'pagar' as const,
      fornecedor_id: cab!.fornecedor_id,
      documento: cab!.numero ? String(cab!.numero) : null,
      descricao: `${doc} — ${cab!.fornecedor_nome ?? ''}`.slice(0, 200),
      emissao: cab!.emissao,
      valor: cab!.valor_nota,
      juros_mes_percentual: null,
      multa_percentual: null,
      classe_financeira_id: null,
      centro_custo_id: null,
      rateio: [],
      forma_id: null,
      conta_bancaria_id: null,
      origem: 'entrada' as const,
      origem_id: id,
      observacoes: cab!.chave ? `Chave ${cab!.chave}` : null,
    };
    if (dups.length) {
      const total = dups.reduce((s, d) => s.plus(d.valor), Decimal.ZERO).toFixed(2);
      await criarTitulos(
        tx,
        { ...novo, valor: total },
        dups.map((d) => ({ vencimento: d.vencimento, valor: Decimal.of(d.valor).toFixed(2) })),
      );
    } else if (Decimal.of(cab!.valor_nota).isPositive()) {
      await criarTitulosDeCondicao(tx, {
        ...novo,
        condicao_pagamento_id: cab!.condicao_pagamento_id!,
        data_base: cab!.emissao,
      });
    }

    // 3. the mappings are learned; the receipt is lançada
    await lembraMapeamentos(
      tx,
      cab!.fornecedor_id!,
      itens
        .filter((i) => i.produto_id && i.mapeamento !== 'memoria')
        .map((i) => ({
          cProd: i.c_prod,
          produtoId: i.produto_id!,
          embalagemId: i.embalagem_id,
          uCom: i.u_com,
        })),
    );
    await tx.execute(sql`update entradas set status = 'lancada', lancada_por = ${actor.userId}, lancada_em = now(),
      versao = versao + 1, updated_at = now() where id = ${id}`);
  });
  return getEntrada(db, id);
}

export async function estornaEntrada(db: Db, actor: Actor, id: string, motivo: string): Promise<Entrada> {
  await writeTx(db, actor, async (tx) => {
    const e = await travaEntrada(tx, id, false);
    if (e.status !== 'lancada')
      throw new AppError('conflict', lancamentoMensagens.naoLancada, { reason: 'status' });
    // issue 32: goods already returned to the supplier cannot be taken out a second time
    const [dev] = rowsOf<{ numero: number }>(
      await tx.execute(
        sql`select numero from devolucoes where entrada_id = ${id} and status <> 'cancelada' limit 1`,
      ),
    );
    if (dev)
      throw new AppError('conflict', devolucoesMensagens.entradaComDevolucao(Number(dev.numero)), {
        reason: 'devolucao',
      });
    const titulos = rowsOf<{ id: string; status: string }>(
      await tx.execute(sql`select id, status from financial_accounts where origem = 'entrada' and origem_id = ${id}
        for update`),
    );
    if (titulos.some((t) => t.status === 'pago' || t.status === 'parcial'))
      throw new AppError('conflict', lancamentoMensagens.tituloPago, { reason: 'titulo_pago' });
    const linhas = rowsOf<{
      id: string | number;
      product_id: string;
      local_id: string;
      lote_id: string | null;
      tipo: TipoMovimento;
      quantidade: string;
      custo_unitario: string;
    }>(
      await tx.execute(sql`select m.id, m.product_id, m.local_id, m.lote_id, m.tipo, m.quantidade::text as quantidade,
        m.custo_unitario::text as custo_unitario from estoque_movimentos m
        where m.origem = ${ORIGEM_RAZAO} and m.origem_id = ${id} and m.tipo = 'entrada'
          and not exists (select 1 from estoque_movimentos x where x.estorno_de = m.id)
        order by m.id`),
    );
    await lancaNoRazao(
      tx,
      actor,
      linhas.map((l) => {
        const original: LinhaRazao = {
          produtoId: l.product_id,
          localId: l.local_id,
          loteId: l.lote_id,
          tipo: l.tipo,
          quantidade: l.quantidade,
          custoUnitario: l.custo_unitario,
        };
        return {
          op: { tipo: 'estorno', original },
          meta: { estornoDe: Number(l.id), origem: ORIGEM_RAZAO, origemId: id, observacao: motivo },
        };
      }),
    );
    await tx.execute(sql`update financial_accounts set status = 'cancelado',
      motivo_cancelamento = ${`Estorno da entrada: ${motivo}`}, versao = versao + 1, updated_at = now()
      where origem = 'entrada' and origem_id = ${id} and status = 'em_aberto'`);
    await desfazRecebimentoAoEstornar(tx, id);
    await tx.execute(sql`update entradas set status = 'estornada', estornada_por = ${actor.userId},
      estornada_em = now(), motivo_estorno = ${motivo}, versao = versao + 1, updated_at = now() where id = ${id}`);
  });
  return getEntrada(db, id);
}
