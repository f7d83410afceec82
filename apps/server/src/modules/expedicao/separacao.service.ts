import { type AlocacaoSeparacao, type ItemSeparacao, montaMapaSeparacao } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

// The figures of the mapa de separação: the order lines of the load's orders (base units, with the
// product's box = its largest packaging above the base unit) and where the orders' stock
// reservations are (location, lot, validade) — the reservations chose the lots FEFO when the orders
// were released. montaMapaSeparacao (shared) does the rest.

export async function mapaSeparacaoDaCarga(db: Db, cargaId: string) {
  const itens = rowsOf<
    Omit<ItemSeparacao, 'caixa'> & { caixa_unidade: string | null; caixa_fator: string | null }
  >(
    await db.execute(sql`select i.product_id as produto_id, p.codigo, p.nome, p.unidade, i.quantidade::text as quantidade,
        cx.unidade as caixa_unidade, cx.fator::text as caixa_fator
      from cargas_pedidos cp
        join sales_order_items i on i.order_id = cp.pedido_id
        join products p on p.id = i.product_id
        left join lateral (select e.unidade, e.fator from produto_embalagens e
          where e.produto_id = p.id and e.fator > 1 order by e.fator desc limit 1) cx on true
      where cp.carga_id = ${cargaId} and cp.ativo
      order by cp.sequencia, i.sequencia`),
  ).map(({ caixa_unidade, caixa_fator, ...i }) => ({
    ...i,
    caixa: caixa_unidade && caixa_fator ? { unidade: caixa_unidade, fator: caixa_fator } : null,
  }));
  const alocacoes = rowsOf<AlocacaoSeparacao>(
    await db.execute(sql`select r.produto_id, l.codigo as local_codigo, l.nome as local_nome, lt.numero as lote,
        lt.validade::text as validade, sum(r.quantidade)::numeric(14,3)::text as quantidade
      from cargas_pedidos cp
        join estoque_reservas r on r.origem = 'pedido' and r.origem_id = cp.pedido_id::text
        join locais_estoque l on l.id = r.local_id
        left join lotes lt on lt.id = r.lote_id
      where cp.carga_id = ${cargaId} and cp.ativo
      group by 1, 2, 3, 4, 5`),
  );
  return montaMapaSeparacao(itens, alocacoes);
}
