import { formatBRL, formatQuantity, type ProdutoEstoque } from '@erp/shared';
import { Boxes, PackageMinus, PackagePlus, Wallet } from 'lucide-react';
import { HorizontalBarChart } from '@/components/charts/index.ts';
import {
  useEstoquePorGrupo,
  useEstoqueResumo,
  useProdutosAbaixoMinimo,
  useProdutosAcimaMaximo,
  useProdutosPorValor,
} from '../api/dashboard-api.ts';
import { BlockSection } from './block-section.tsx';
import { type Column, QueryDrillDownDialog, totalBRL, useDrillDown } from './drill-down-dialog.tsx';
import { StatCard } from './stat-card.tsx';
import { StockStatusBadge } from './status-badges.tsx';

const EMPTY = 'Nenhum produto encontrado';

type Drill = 'abaixo' | 'acima' | 'valor';

const base: Column<ProdutoEstoque>[] = [
  { header: 'Código', cell: (p) => p.codigo },
  { header: 'Produto', cell: (p) => p.nome },
  { header: 'Estoque Atual', cell: (p) => formatQuantity(p.estoque_atual), numeric: true },
];
const status: Column<ProdutoEstoque> = {
  header: 'Status',
  cell: (p) => <StockStatusBadge status={p.status} />,
};
const abaixoColumns = [
  ...base,
  { header: 'Estoque Mínimo', cell: (p) => formatQuantity(p.estoque_minimo), numeric: true },
  status,
] satisfies Column<ProdutoEstoque>[];
const acimaColumns = [
  ...base,
  { header: 'Estoque Máximo', cell: (p) => formatQuantity(p.estoque_maximo), numeric: true },
  status,
] satisfies Column<ProdutoEstoque>[];
const valorColumns = [
  ...base,
  { header: 'Preço Custo', cell: (p) => formatBRL(p.preco_custo), numeric: true },
  {
    header: 'Valor Total',
    cell: (p) => formatBRL(p.valor_total),
    numeric: true,
    total: (rows) => totalBRL(rows, (p) => p.valor_total),
  },
] satisfies Column<ProdutoEstoque>[];

/** "Dashboard de Estoque": active products. */
export function EstoqueBlock() {
  const drill = useDrillDown<Drill>();
  const resumo = useEstoqueResumo(true);
  const grupos = useEstoquePorGrupo(true);
  const r = resumo.data;
  return (
    <BlockSection
      id="dashboard-estoque"
      title="Dashboard de Estoque"
      graficos={
        <HorizontalBarChart
          testId="grafico-estoque-grupos"
          titulo="Valor em estoque por grupo"
          descricao="Estoque atual × preço de custo dos produtos ativos com estoque."
          colunaNome="Grupo"
          colunaDetalhe="Produtos"
          itens={(grupos.data?.linhas ?? []).map((l) => ({
            nome: l.grupo,
            valor: l.valor_total,
            detalhe: String(l.produtos),
          }))}
        />
      }
    >
      <StatCard
        label="Total de Produtos"
        icon={Boxes}
        loading={resumo.isPending}
        value={r?.total_produtos ?? 0}
      />
      <StatCard
        label="Abaixo do Mínimo"
        icon={PackageMinus}
        loading={resumo.isPending}
        value={r?.abaixo_minimo ?? 0}
        valueClassName={r && r.abaixo_minimo > 0 ? 'text-destructive' : undefined}
        onOpen={() => drill.show('abaixo')}
      />
      <StatCard
        label="Valor Total"
        icon={Wallet}
        loading={resumo.isPending}
        value={formatBRL(r?.valor_total ?? '0')}
        onOpen={() => drill.show('valor')}
      />
      <StatCard
        label="Produtos Acima do Máximo"
        icon={PackagePlus}
        loading={resumo.isPending}
        value={r?.acima_maximo ?? 0}
        onOpen={() => drill.show('acima')}
      />
      <QueryDrillDownDialog
        {...drill.dialog('abaixo')}
        title="Produtos Abaixo do Estoque Mínimo"
        description="Produtos ativos com estoque igual ou abaixo do mínimo, do menor estoque para o maior (até 50)."
        columns={abaixoColumns}
        useRows={useProdutosAbaixoMinimo}
        rowKey={(p) => p.id}
        emptyText={EMPTY}
      />
      <QueryDrillDownDialog
        {...drill.dialog('acima')}
        title="Produtos Acima do Estoque Máximo"
        description="Produtos ativos com estoque igual ou acima do máximo, do maior estoque para o menor (até 50)."
        columns={acimaColumns}
        useRows={useProdutosAcimaMaximo}
        rowKey={(p) => p.id}
        emptyText={EMPTY}
      />
      <QueryDrillDownDialog
        {...drill.dialog('valor')}
        title="Produtos por Valor em Estoque"
        description="Produtos ativos com estoque, do maior preço de custo para o menor (até 50)."
        columns={valorColumns}
        useRows={useProdutosPorValor}
        rowKey={(p) => p.id}
        emptyText={EMPTY}
      />
    </BlockSection>
  );
}
