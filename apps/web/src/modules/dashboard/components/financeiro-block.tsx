import { type ContaDashboard, formatBRL, formatDateBR, toCents } from '@erp/shared';
import { AlertTriangle, ArrowDownCircle, ArrowUpCircle, Scale } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import {
  useContasPagar,
  useContasReceber,
  useContasVencidas,
  useFinanceiroResumo,
  useVencimentosSemanas,
} from '../api/dashboard-api.ts';
import { BlockSection } from './block-section.tsx';
import { type Column, QueryDrillDownDialog, totalBRL, useDrillDown } from './drill-down-dialog.tsx';
import { StatCard } from './stat-card.tsx';
import { StatusContaBadge, TipoContaBadge } from './status-badges.tsx';
import { VencimentosChart } from './vencimentos-chart.tsx';

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
  { header: 'Valor', cell: (c) => formatBRL(c.valor), numeric: true, total: totalPorTipo },
  { header: 'Status', cell: (c) => <StatusContaBadge vencida={c.vencida} /> },
];

/** Receivables and payables do not add up together: one total per type when both are listed. */
function totalPorTipo(contas: ContaDashboard[]) {
  const receber = contas.filter((c) => c.tipo === 'receber');
  const pagar = contas.filter((c) => c.tipo === 'pagar');
  if (!receber.length || !pagar.length) return totalBRL(contas, (c) => c.valor);
  return (
    <div className="grid gap-0.5 whitespace-nowrap">
      <span>A receber: {totalBRL(receber, (c) => c.valor)}</span>
      <span>A pagar: {totalBRL(pagar, (c) => c.valor)}</span>
    </div>
  );
}

/** "Dashboard Financeiro": open receivables and payables. */
export function FinanceiroBlock() {
  const drill = useDrillDown<Drill>();
  const resumo = useFinanceiroResumo(true);
  const semanas = useVencimentosSemanas(true);
  const r = resumo.data;
  const saldoNegativo = r ? toCents(r.saldo_projetado) < 0 : false;
  return (
    <BlockSection
      id="dashboard-financeiro"
      title="Dashboard Financeiro"
      graficos={
        semanas.data ? (
          <div className="lg:col-span-2">
            <VencimentosChart linhas={semanas.data.linhas} />
          </div>
        ) : null
      }
    >
      <StatCard
        label="A Receber"
        icon={ArrowDownCircle}
        loading={resumo.isPending}
        value={formatBRL(r?.a_receber ?? '0')}
        onOpen={() => drill.show('receber')}
      />
      <StatCard
        label="A Pagar"
        icon={ArrowUpCircle}
        loading={resumo.isPending}
        value={formatBRL(r?.a_pagar ?? '0')}
        onOpen={() => drill.show('pagar')}
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
        onOpen={() => drill.show('vencidas')}
      />
      <QueryDrillDownDialog
        {...drill.dialog('receber')}
        title="Contas a Receber"
        description="Contas a receber em aberto, por vencimento (até 50)."
        columns={contaColumns}
        useRows={useContasReceber}
        rowKey={(c) => c.id}
        emptyText={EMPTY}
      />
      <QueryDrillDownDialog
        {...drill.dialog('pagar')}
        title="Contas a Pagar"
        description="Contas a pagar em aberto, por vencimento (até 50)."
        columns={contaColumns}
        useRows={useContasPagar}
        rowKey={(c) => c.id}
        emptyText={EMPTY}
      />
      <QueryDrillDownDialog
        {...drill.dialog('vencidas')}
        title="Contas Vencidas"
        description="Contas em aberto com vencimento antes de hoje, por vencimento (até 50)."
        columns={contaColumns}
        useRows={useContasVencidas}
        rowKey={(c) => c.id}
        emptyText={EMPTY}
      />
    </BlockSection>
  );
}
