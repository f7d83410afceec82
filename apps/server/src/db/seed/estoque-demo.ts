import { sql } from 'drizzle-orm';
import { products, unidades } from '../../modules/estoque/estoque.tables.ts';
import type { Tx } from '../client.ts';
import type { DemoData } from './demo-data.ts';

const unidadesDemo = [
  { sigla: 'CX', descricao: 'Caixa', casasDecimais: 0 },
  { sigla: 'FD', descricao: 'Fardo', casasDecimais: 0 },
  { sigla: 'PCT', descricao: 'Pacote', casasDecimais: 0 },
  { sigla: 'PC', descricao: 'Peça', casasDecimais: 0 },
  { sigla: 'KG', descricao: 'Quilograma', casasDecimais: 3 },
  { sigla: 'L', descricao: 'Litro', casasDecimais: 3 },
];

/**
 * The demo products and their stock as ledger rows: an opening adjustment per product in the
 * default location (created by migration 0018), its balance and the average cost, so that for every
 * product sum(movements) = estoque_atual = sum(balances).
 */
export async function seedEstoqueDemo(tx: Tx, data: DemoData): Promise<void> {
  await tx.insert(unidades).values(unidadesDemo).onConflictDoNothing();
  await tx
    .insert(products)
    .values(
      data.products.map(({ ean, precoCusto, ...p }) => ({
        ...p,
        gtin: ean,
        precoCusto,
        custoMedio: precoCusto,
      })),
    );
  await tx.execute(sql`
    insert into estoque_movimentos (product_id, local_id, tipo, quantidade, custo_unitario, saldo_produto,
      custo_medio, origem)
    select p.id, l.id, 'ajuste', p.estoque_atual, p.preco_custo, p.estoque_atual, p.custo_medio, 'saldo_inicial'
    from products p cross join (select id from locais_estoque where padrao_entrada) l
    where p.estoque_atual <> 0
    order by p.codigo`);
  await tx.execute(sql`
    insert into estoque_saldos (produto_id, local_id, lote_id, saldo)
    select product_id, local_id, lote_id, sum(quantidade) from estoque_movimentos
    group by product_id, local_id, lote_id`);
}
