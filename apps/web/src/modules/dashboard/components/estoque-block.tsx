import { formatBRL, formatQuantity, type ProdutoEstoque } from '@erp/shared';
import { Boxes, PackageMinus, PackagePlus, Wallet } from 'lucide-react';
import { useState } from 'react';
import {
  useEstoqueResumo,
  useProdutosAbaixoMinimo,
  useProdutosAcimaMaximo,
  useProdutosPorValor,
} from '../api/dashboard-api.ts';
import { BlockSection } from './block-section.tsx';
import { type Column, DrillDownDialog } from './drill-down-dialog.tsx';
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
  { header: 'Valor Total', cell: (p) => formatBRL(p.valor_total), numeric: true },
] satisfies Column<ProdutoEstoque>[];

/** "Dashboard de Estoque": active products. */
export function EstoqueBlock() {
  const [drill, setDrill] = useState<Drill | null>(null);
  const resumo = useEstoqueResumo(true);
  const r = resumo.data;
  const onOpenChange = (open: boolean) => {
    if (!open) setDrill(null);
  };
  return (
    <BlockSection id="dashboard-estoque" title="Dashboard de Estoque">
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
        onOpen={() => setDrill('abaixo')}
      />
      <StatCard
        label="Valor Total"
        icon={Wallet}
        loading={resumo.isPending}
        value={formatBRL(r?.valor_total ?? '0')}
        onOpen={() => setDrill('valor')}
      />
      <StatCard
        label="Produtos Acima do Máximo"
        icon={PackagePlus}
        loading={resumo.isPending}
        value={r?.acima_maximo ?? 0}
        onOpen={() => setDrill('acima')}
      />
      <ProdutosDialog
        open={drill === 'abaixo'}
        onOpenChange={onOpenChange}
        title="Produtos Abaixo do Estoque Mínimo"
        description="Produtos ativos com estoque igual ou abaixo do mínimo, do menor estoque para o maior (até 50)."
        columns={abaixoColumns}
        useRows={useProdutosAbaixoMinimo}
      />
      <ProdutosDialog
        open={drill === 'acima'}
        onOpenChange={onOpenChange}
        title="Produtos Acima do Estoque Máximo"
        description="Produtos ativos com estoque igual ou acima do máximo, do maior estoque para o menor (até 50)."
        columns={acimaColumns}
        useRows={useProdutosAcimaMaximo}
      />
      <ProdutosDialog
        open={drill === 'valor'}
        onOpenChange={onOpenChange}
        title="Produtos por Valor em Estoque"
        description="Produtos ativos com estoque, do maior preço de custo para o menor (até 50)."
        columns={valorColumns}
        useRows={useProdutosPorValor}
      />
    </BlockSection>
  );
}

function ProdutosDialog({
  open,
  onOpenChange,
  title,
  description,
  columns,
  useRows,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  columns: Column<ProdutoEstoque>[];
  useRows: (enabled: boolean) => { data?: { linhas: ProdutoEstoque[] }; isPending: boolean };
}) {
  const q = useRows(open);
  return (
    <DrillDownDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      columns={columns}
      rows={q.data?.linhas ?? []}
      rowKey={(p) => p.id}
      loading={q.isPending}
      emptyText={EMPTY}
    />
  );
}
