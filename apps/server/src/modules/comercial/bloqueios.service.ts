import {
  type AvaliacaoBloqueios,
  avaliaBloqueios,
  businessToday,
  type ContextoBloqueios,
  Decimal,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { umDosIds } from '../../lib/sql-listas.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import { posicaoDoCliente } from './credito.service.ts';
import type { PedidoComputado } from './pedido-calculo.service.ts';

// The figures the blockers measure, read for one order, then avaliaBloqueios (pure) decides:
// the customer's credit position (this order left out), situação, the seller's desconto máximo,
// the price engine's table price and minimum per line, and the stock available per product as a
// reservation would find it — this order's own reservation added back.

/**
 * What a reservation could take per product (base units): a product without lots from the default
 * saída location; one with lots from its unexpired lots in active, non-avaria locations (FEFO);
 * plus what `pedidoId` itself holds.
 */
export async function disponivelPorProduto(
  db: Db | Tx,
  produtoIds: string[],
  pedidoId: string | null,
  hoje = businessToday(),
): Promise<Map<string, string>> {
  const out = new Map<string, string>(produtoIds.map((id) => [id, '0']));
  if (!produtoIds.length) return out;
  const rows = rowsOf<{ produto_id: string; disponivel: string }>(
    await (db as Db).execute(sql`
      select p.id as produto_id,
        (coalesce((select sum(s.saldo - s.reservado) from estoque_saldos s
            join locais_estoque lo on lo.id = s.local_id
            left join lotes l on l.id = s.lote_id
          where s.produto_id = p.id and lo.ativo and lo.tipo <> 'avaria'
            and case when p.controla_lote then s.lote_id is not null and l.validade >= ${hoje}::date
                     else s.lote_id is null and lo.padrao_saida end), 0)
        + coalesce((select sum(r.quantidade) from estoque_reservas r
          where r.produto_id = p.id and r.origem = 'pedido' and r.origem_id = ${pedidoId ?? '00000000-0000-0000-0000-000000000000'}), 0)
        )::numeric(14,3)::text as disponivel
      from products p where ${umDosIds(sql`p.id`, produtoIds)}`),
  );
  for (const r of rows)
    out.set(
      r.produto_id,
      Decimal.of(r.disponivel).isNegative() ? '0.000' : Decimal.of(r.disponivel).toFixed(3),
    );
  return out;
}

export type ContextoDoPedido = { id: string | null; clienteId: string; vendedorId: string | null };

/** The context of avaliaBloqueios for an order computed by computaPedido. */
export async function contextoBloqueios(
  db: Db | Tx,
  pedido: ContextoDoPedido,
  computado: PedidoComputado,
): Promise<ContextoBloqueios> {
  const [cliente] = rowsOf<{ situacao: string | null; bloqueia: boolean | null }>(
    await (db as Db).execute(sql`select s.nome as situacao, s.bloqueia_vendas as bloqueia
      from clientes c left join situacoes_cliente s on s.id = c.situacao_id where c.id = ${pedido.clienteId}`),
  );
  const [vendedor] = pedido.vendedorId
    ? rowsOf<{ desconto_maximo: string }>(
        await (db as Db).execute(
          sql`select desconto_maximo::text from vendedores where id = ${pedido.vendedorId}`,
        ),
      )
    : [];
  const produtoIds = [...computado.produtos.keys()];
  // one after the other: inside a transaction they share one connection
  const credito = await posicaoDoCliente(db, pedido.clienteId, { excetoPedido: pedido.id });
  const disponivel = await disponivelPorProduto(db, produtoIds, pedido.id);
  const dias = await getSetting(db as Db, 'comercial_dias_inadimplencia');
  const semEstoque = await getSetting(db as Db, 'comercial_venda_sem_estoque');
  return {
    clienteId: pedido.clienteId,
    credito,
    diasInadimplencia: Number(dias),
    situacaoCliente: cliente?.situacao
      ? { nome: cliente.situacao, bloqueiaVendas: !!cliente.bloqueia }
      : null,
    descontoMaximoVendedor: vendedor?.desconto_maximo ?? null,
    itens: computado.calculo.itens.map((it, i) => ({
      descricao: computado.produtos.get(it.produtoId)!.nome,
      precoTabela: computado.precos[i]!.preco,
      precoMinimo: computado.precos[i]!.precoMinimo,
    })),
    disponivel,
    permiteVendaSemEstoque: semEstoque === true,
  };
}

export async function avaliaPedido(
  db: Db | Tx,
  pedido: ContextoDoPedido,
  computado: PedidoComputado,
): Promise<AvaliacaoBloqueios> {
  return avaliaBloqueios(computado.calculo, await contextoBloqueios(db, pedido, computado));
}
