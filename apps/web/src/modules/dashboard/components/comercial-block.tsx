import {
  formatBRL,
  formatDateBR,
  formatQuantity,
  type VendaPorCliente,
  type VendaPorPeriodo,
  type VendaPorProduto,
  type VendaPorVendedor,
} from '@erp/shared';
import { DollarSign, Package, Receipt, ShoppingCart } from 'lucide-react';
import {
  useComercialResumo,
  useVendasPorCliente,
  useVendasPorPeriodo,
  useVendasPorProduto,
  useVendasPorVendedor,
} from '../api/dashboard-api.ts';
import { BlockSection } from './block-section.tsx';
import {
  type Column,
  QueryDrillDownDialog,
  totalBRL,
  totalCount,
  useDrillDown,
} from './drill-down-dialog.tsx';
import { cartaoProdutosVendidos } from './produtos-vendidos.ts';
import { StatCard } from './stat-card.tsx';
import { VendasChart } from './vendas-chart.tsx';

const EMPTY = 'Nenhum dado encontrado';
const DO_MES = 'Pedidos do mês atual, desde o dia 1º.';

type Drill = 'periodo' | 'cliente' | 'vendedor' | 'produto';

const periodoColumns: Column<VendaPorPeriodo>[] = [
  { header: 'Data', cell: (r) => formatDateBR(r.data) },
  {
    header: 'Quantidade',
    cell: (r) => r.quantidade,
    numeric: true,
    total: (rows) => totalCount(rows, (r) => r.quantidade),
  },
  {
    header: 'Total',
    cell: (r) => formatBRL(r.total),
    numeric: true,
    total: (rows) => totalBRL(rows, (r) => r.total),
  },
];
const produtoColumns: Column<VendaPorProduto>[] = [
  { header: 'Produto', cell: (r) => r.produto },
  // quantities of different products (and units) do not add up; their values do
  { header: 'Quantidade', cell: (r) => formatQuantity(r.quantidade), numeric: true },
  {
    header: 'Valor Total',
    cell: (r) => formatBRL(r.valor_total),
    numeric: true,
    total: (rows) => totalBRL(rows, (r) => r.valor_total),
  },
];
const clienteColumns: Column<VendaPorCliente>[] = [
  { header: 'Cliente', cell: (r) => r.cliente },
  {
    header: 'Pedidos',
    cell: (r) => r.pedidos,
    numeric: true,
    total: (rows) => totalCount(rows, (r) => r.pedidos),
  },
  {
    header: 'Valor Total',
    cell: (r) => formatBRL(r.valor_total),
    numeric: true,
    total: (rows) => totalBRL(rows, (r) => r.valor_total),
  },
];
const vendedorColumns: Column<VendaPorVendedor>[] = [
  { header: 'Vendedor', cell: (r) => r.vendedor },
  {
    header: 'Pedidos',
    cell: (r) => r.pedidos,
    numeric: true,
    total: (rows) => totalCount(rows, (r) => r.pedidos),
  },
  {
    header: 'Valor Total',
    cell: (r) => formatBRL(r.valor_total),
    numeric: true,
    total: (rows) => totalBRL(rows, (r) => r.valor_total),
  },
];

/** "Dashboard Comercial": the month's sales; each card opens its drill-down. */
export function ComercialBlock() {
  const drill = useDrillDown<Drill>();
  const resumo = useComercialResumo(true);
  const r = resumo.data;
  const produtosCartao = cartaoProdutosVendidos(r?.produtos_vendidos ?? 0, r?.produto_mais_vendido);
  return (
    <BlockSection id="dashboard-comercial" title="Dashboard Comercial">
      <StatCard
        label="Vendas do Mês"
        icon={DollarSign}
        loading={resumo.isPending}
        value={formatBRL(r?.vendas_mes ?? '0')}
        onOpen={() => drill.show('periodo')}
      />
      <StatCard
        label="Total de Pedidos"
        icon={ShoppingCart}
        loading={resumo.isPending}
        value={r?.total_pedidos ?? 0}
        onOpen={() => drill.show('cliente')}
      />
      <StatCard
        label="Ticket Médio"
        icon={Receipt}
        loading={resumo.isPending}
        value={formatBRL(r?.ticket_medio ?? '0')}
        onOpen={() => drill.show('vendedor')}
      />
      <StatCard
        label="Produtos Mais Vendidos"
        icon={Package}
        loading={resumo.isPending}
        value={r?.produtos_vendidos ?? 0}
        unit={produtosCartao.unidade}
        hint={
          <>
            {produtosCartao.dica}
            {produtosCartao.maisVendido ? (
              <span className="block truncate" title={produtosCartao.maisVendido}>
                {produtosCartao.maisVendido}
              </span>
            ) : null}
          </>
        }
        onOpen={() => drill.show('produto')}
      />
      <QueryDrillDownDialog
        {...drill.dialog('periodo')}
        title="Vendas por Período"
        description={`${DO_MES} Um dia por linha.`}
        columns={periodoColumns}
        useRows={useVendasPorPeriodo}
        rowKey={(r) => r.data}
        emptyText={EMPTY}
      >
        {(linhas) => <VendasChart linhas={linhas} />}
      </QueryDrillDownDialog>
      <QueryDrillDownDialog
        {...drill.dialog('cliente')}
        title="Vendas por Cliente"
        description={`${DO_MES} Os 20 clientes de maior valor.`}
        columns={clienteColumns}
        useRows={useVendasPorCliente}
        rowKey={(r, i) => `${i}-${r.cliente}`}
        emptyText={EMPTY}
      />
      <QueryDrillDownDialog
        {...drill.dialog('vendedor')}
        title="Vendas por Vendedor"
        description={`${DO_MES} Cada pedido conta para o vendedor do próprio pedido.`}
        columns={vendedorColumns}
        useRows={useVendasPorVendedor}
        rowKey={(r, i) => `${i}-${r.vendedor}`}
        emptyText={EMPTY}
      />
      <QueryDrillDownDialog
        {...drill.dialog('produto')}
        title="Vendas por Produto"
        description={`${DO_MES} Os 20 produtos de maior valor vendido.`}
        columns={produtoColumns}
        useRows={useVendasPorProduto}
        rowKey={(r, i) => `${i}-${r.produto}`}
        emptyText={EMPTY}
      />
    </BlockSection>
  );
}
