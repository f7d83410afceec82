import { type ContaDashboard, formatBRL, formatDateBR, toCents } from '@erp/shared';
import { AlertTriangle, ArrowDownCircle, ArrowUpCircle, Scale } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn.ts';
import {
  useContasPagar,
  useContasReceber,
  useContasVencidas,
  useFinanceiroResumo,
} from '../api/dashboard-api.ts';
import { BlockSection } from './block-section.tsx';
import { type Column, DrillDownDialog } from './drill-down-dialog.tsx';
import { StatCard } from './stat-card.tsx';
import { StatusContaBadge, TipoContaBadge } from './status-badges.tsx';

const EMPTY = 'Nenhuma conta encontrada';

type Drill = 'receber' | 'pagar' | 'vencidas';

const contaColumns: Column<ContaDashboard>[] = [
  { header: 'Tipo', cell: (c) => <TipoContaBadge tipo={c.tipo} /> },
  { header: 'Descrição', cell: (c) => c.descricao },
  {
    header: 'Vencimento',
    cell: (c) => (
      <span className={cn(c.vencida && 'font-medium text-destructive')}>
        {formatDateBR(c.data_vencimento)}
      </span>
    ),
  },
  { header: 'Valor', cell: (c) => formatBRL(c.valor), numeric: true },
  { header: 'Status', cell: (c) => <StatusContaBadge vencida={c.vencida} /> },
];

/** "Dashboard Financeiro": open receivables and payables. */
export function FinanceiroBlock() {
  const [drill, setDrill] = useState<Drill | null>(null);
  const resumo = useFinanceiroResumo(true);
  const r = resumo.data;
  const saldoNegativo = r ? toCents(r.saldo_projetado) < 0 : false;
  const onOpenChange = (open: boolean) => {
    if (!open) setDrill(null);
  };
  return (
    <BlockSection id="dashboard-financeiro" title="Dashboard Financeiro">
      <StatCard
        label="A Receber"
        icon={ArrowDownCircle}
        loading={resumo.isPending}
        value={formatBRL(r?.a_receber ?? '0')}
        onOpen={() => setDrill('receber')}
      />
      <StatCard
        label="A Pagar"
        icon={ArrowUpCircle}
        loading={resumo.isPending}
        value={formatBRL(r?.a_pagar ?? '0')}
        onOpen={() => setDrill('pagar')}
      />
      <StatCard
        label="Saldo Projetado"
        icon={Scale}
        loading={resumo.isPending}
        value={
          <span data-saldo={saldoNegativo ? 'negativo' : 'positivo'}>
            {formatBRL(r?.saldo_projetado ?? '0')}
          </span>
        }
        valueClassName={saldoNegativo ? 'text-destructive' : 'text-success'}
        hint="A receber menos a pagar"
      />
      <StatCard
        label="Contas Vencidas"
        icon={AlertTriangle}
        loading={resumo.isPending}
        value={r?.contas_vencidas ?? 0}
        valueClassName={r && r.contas_vencidas > 0 ? 'text-destructive' : undefined}
        onOpen={() => setDrill('vencidas')}
      />
      <ContasDialog
        open={drill === 'receber'}
        onOpenChange={onOpenChange}
        title="Contas a Receber"
        description="Contas a receber em aberto, por vencimento (até 50)."
        useRows={useContasReceber}
      />
      <ContasDialog
        open={drill === 'pagar'}
        onOpenChange={onOpenChange}
        title="Contas a Pagar"
        description="Contas a pagar em aberto, por vencimento (até 50)."
        useRows={useContasPagar}
      />
      <ContasDialog
        open={drill === 'vencidas'}
        onOpenChange={onOpenChange}
        title="Contas Vencidas"
        description="Contas em aberto com vencimento antes de hoje, por vencimento (até 50)."
        useRows={useContasVencidas}
      />
    </BlockSection>
  );
}

function ContasDialog({
  open,
  onOpenChange,
  title,
  description,
  useRows,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  useRows: (enabled: boolean) => { data?: { linhas: ContaDashboard[] }; isPending: boolean };
}) {
  const q = useRows(open);
  return (
    <DrillDownDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      columns={contaColumns}
      rows={q.data?.linhas ?? []}
      rowKey={(c) => c.id}
      loading={q.isPending}
      emptyText={EMPTY}
    />
  );
}
