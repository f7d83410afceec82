import {
  formatBRL,
  formatDateBR,
  formatQuantity,
  PERIODO_DASHBOARD_LABEL,
  plural,
  type VendaPorCliente,
  type VendaPorPeriodo,
  type VendaPorProduto,
  type VendaPorVendedor,
} from '@erp/shared';
import { DollarSign, Package, Receipt, ShoppingCart } from 'lucide-react';
import { HorizontalBarChart } from '@/components/charts/index.ts';
import {
  useComercialResumo,
  useSerieVendas,
  useVendasPorCliente,
  useVendasPorPeriodo,
  useVendasPorProduto,
  useVendasPorRegiao,
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
import { PeriodoSelector } from './periodo-selector.tsx';
import { cartaoProdutosVendidos } from './produtos-vendidos.ts';
import { StatCard } from './stat-card.tsx';
import { usePeriodoDashboard } from './use-periodo.ts';
import { Variacao } from './variacao.tsx';
import { VendasChart } from './vendas-chart.tsx';
import { VendasSerieChart } from './vendas-serie-chart.tsx';

const EMPTY = 'Nenhum dado encontrado';
const DO_MES = 'Pedidos do mês atual, desde o dia 1º.';
const pedidos = (n: number) => plural(n, 'pedido', 'pedidos');

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

/**
 * "Dashboard Comercial": the chosen period's sales (este mês by default, the spec's cards and
 * titles), each card against the previous equal period and opening its drill-down; the charts under
 * the cards follow the same period (issue 35).
 */
export function ComercialBlock() {
  const drill = useDrillDown<Drill>();
  const [periodo, setPeriodo] = usePeriodoDashboard();
  const resumo = useComercialResumo(true, periodo);
  const r = resumo.data;
  const ant = r?.anterior;
  const doMes = periodo.periodo === 'mes';
  const doPeriodo = doMes
    ? DO_MES
    : `Pedidos do período (${PERIODO_DASHBOARD_LABEL[periodo.periodo].toLowerCase()}).`;
  const produtosCartao = cartaoProdutosVendidos(r?.produtos_vendidos ?? 0, r?.produto_mais_vendido, doMes);
  const serie = useSerieVendas(true, periodo);
  const produtos = useVendasPorProduto(true, periodo);
  const clientes = useVendasPorCliente(true, periodo);
  const vendedores = useVendasPorVendedor(true, periodo);
  const regioes = useVendasPorRegiao(true, periodo);
  return (
    <BlockSection
      id="dashboard-comercial"
      title="Dashboard Comercial"
      acoes={<PeriodoSelector valor={periodo} onChange={setPeriodo} />}
      graficos={
        <>
          {serie.data ? (
            <div className="lg:col-span-2">
              <VendasSerieChart serie={serie.data} />
            </div>
          ) : null}
          <HorizontalBarChart
            testId="grafico-top-produtos"
            titulo="10 produtos mais vendidos"
            colunaNome="Produto"
            colunaDetalhe="Quantidade"
            itens={(produtos.data?.linhas ?? []).map((l) => ({
              nome: l.produto,
              valor: l.valor_total,
              detalhe: formatQuantity(l.quantidade),
            }))}
          />
          <HorizontalBarChart
            testId="grafico-top-clientes"
            titulo="10 maiores clientes"
            colunaNome="Cliente"
            colunaDetalhe="Pedidos"
            itens={(clientes.data?.linhas ?? []).map((l) => ({
              nome: l.cliente,
              valor: l.valor_total,
              detalhe: pedidos(l.pedidos),
            }))}
          />
          <HorizontalBarChart
            testId="grafico-top-vendedores"
            titulo="10 maiores vendedores"
            colunaNome="Vendedor"
            colunaDetalhe="Pedidos"
            itens={(vendedores.data?.linhas ?? []).map((l) => ({
              nome: l.vendedor,
              valor: l.valor_total,
              detalhe: pedidos(l.pedidos),
            }))}
          />
          <HorizontalBarChart
            testId="grafico-regioes"
            titulo="Vendas por região"
            descricao="Região de entrega gravada no pedido."
            colunaNome="Região"
            colunaDetalhe="Pedidos"
            itens={(regioes.data?.linhas ?? []).map((l) => ({
              nome: l.regiao,
              valor: l.valor_total,
              detalhe: pedidos(l.pedidos),
            }))}
          />
        </>
      }
    >
      <StatCard
        label={doMes ? 'Vendas do Mês' : 'Vendas do Período'}
        icon={DollarSign}
        loading={resumo.isPending}
        value={formatBRL(r?.vendas_mes ?? '0')}
        hint={ant ? <Variacao atual={r.vendas_mes} anterior={ant.vendas} /> : undefined}
        onOpen={() => drill.show('periodo')}
      />
      <StatCard
        label="Total de Pedidos"
        icon={ShoppingCart}
        loading={resumo.isPending}
        value={r?.total_pedidos ?? 0}
        hint={ant ? <Variacao atual={r.total_pedidos} anterior={ant.total_pedidos} /> : undefined}
        onOpen={() => drill.show('cliente')}
      />
      <StatCard
        label="Ticket Médio"
        icon={Receipt}
        loading={resumo.isPending}
        value={formatBRL(r?.ticket_medio ?? '0')}
        hint={ant ? <Variacao atual={r.ticket_medio} anterior={ant.ticket_medio} /> : undefined}
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
            {ant && ant.produtos_vendidos !== null ? (
              <span className="block">
                <Variacao atual={r.produtos_vendidos} anterior={ant.produtos_vendidos} />
              </span>
            ) : null}
          </>
        }
        onOpen={() => drill.show('produto')}
      />
      <QueryDrillDownDialog
        {...drill.dialog('periodo')}
        title="Vendas por Período"
        description={`${doPeriodo} Um dia por linha.`}
        columns={periodoColumns}
        useRows={(enabled) => useVendasPorPeriodo(enabled, periodo)}
        rowKey={(r) => r.data}
        emptyText={EMPTY}
      >
        {(linhas) => <VendasChart linhas={linhas} />}
      </QueryDrillDownDialog>
      <QueryDrillDownDialog
        {...drill.dialog('cliente')}
        title="Vendas por Cliente"
        description={`${doPeriodo} Os 20 clientes de maior valor.`}
        columns={clienteColumns}
        useRows={(enabled) => useVendasPorCliente(enabled, periodo)}
        rowKey={(r, i) => `${i}-${r.cliente}`}
        emptyText={EMPTY}
      />
      <QueryDrillDownDialog
        {...drill.dialog('vendedor')}
        title="Vendas por Vendedor"
        description={`${doPeriodo} Cada pedido conta para o vendedor do próprio pedido.`}
        columns={vendedorColumns}
        useRows={(enabled) => useVendasPorVendedor(enabled, periodo)}
        rowKey={(r, i) => `${i}-${r.vendedor}`}
        emptyText={EMPTY}
      />
      <QueryDrillDownDialog
        {...drill.dialog('produto')}
        title="Vendas por Produto"
        description={`${doPeriodo} Os 20 produtos de maior valor vendido.`}
        columns={produtoColumns}
        useRows={(enabled) => useVendasPorProduto(enabled, periodo)}
        rowKey={(r, i) => `${i}-${r.produto}`}
        emptyText={EMPTY}
      />
    </BlockSection>
  );
}
