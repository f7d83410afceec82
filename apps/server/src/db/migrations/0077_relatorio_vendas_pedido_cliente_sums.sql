-- Issue 35: the customers' pages (Vendas por cliente, Curva ABC de clientes) group a year's ~320,000
-- rows of relatorio_vendas_pedido into ~200,000 customers. A hash of that many groups costs 400–600 ms
-- on the bench (and spills at the default work_mem of 4 MB); read in customer order it is a
-- streaming aggregate (≈ 150 ms). The customer index now carries the sums, so the aggregate reads
-- the index alone (index-only scan, in order) without the table; the services ask for it
-- (vendas-base.ts: clientesEmOrdem, executaAgrupado).
DROP INDEX IF EXISTS relatorio_vendas_pedido_cliente_idx;
--> statement-breakpoint
CREATE INDEX relatorio_vendas_pedido_cliente_idx ON relatorio_vendas_pedido (cliente_id, data_emissao)
  INCLUDE (quantidade, receita, custo);
