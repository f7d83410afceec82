import {
  businessToday,
  formatBRL,
  formatDateBR,
  MOTIVOS_DEVOLUCAO,
  motivoDevolucaoLabels,
  STATUS_DEVOLUCAO,
  statusDevolucaoLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText, Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useListState } from '@/lib/list-state.ts';
import {
  type DevolucaoCompraRow,
  devolucoesCompraApi,
  devolucoesCompraKeys,
} from '../api/devolucoes-compra-api.ts';
import { StatusDevolucaoCompraBadge } from '../components/status-devolucao-compra-badge.tsx';

// Devoluções de Compra (/estoque/devolucoes-compra): the returns to suppliers — número, date,
// supplier, the goods receipt (the supplier's NF-e) they return, our NF-e de devolução, the reason,
// the value and what it did to the money (abated from the payables, left as a crédito with the
// supplier), and the status; filtered by text (número, supplier, chave), status, reason and period.
// «Nova devolução» starts one from the supplier's chave or its NF-e number.

const dinheiro = 'text-right whitespace-nowrap tabular-nums';
const dia = (createdAt: string) => formatDateBR(businessToday(new Date(createdAt)));

const columns: Column<DevolucaoCompraRow>[] = [
  {
    key: 'numero',
    header: 'Nº',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link
        to={`/estoque/devolucoes-compra/${r.id}`}
        className="font-medium underline-offset-4 hover:underline"
      >
        {r.numero}
      </Link>
    ),
    cardCell: (r) => `Devolução nº ${r.numero}`,
  },
  { key: 'data', header: 'Data', sortKey: 'data', cell: (r) => dia(r.created_at) },
  {
    key: 'pessoa',
    header: 'Fornecedor',
    sortKey: 'pessoa',
    className: 'min-w-40',
    cell: (r) => r.pessoa_nome,
  },
  {
    key: 'entrada',
    header: 'NF-e do fornecedor',
    cell: (r) =>
      r.entrada_id && r.entrada_numero != null ? (
        <Link
          to={`/estoque/entradas/${r.entrada_id}`}
          className="underline-offset-4 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          {r.entrada_numero}
          {r.entrada_serie != null ? `/${r.entrada_serie}` : ''}
        </Link>
      ) : (
        '—'
      ),
  },
  {
    key: 'nota',
    header: 'NF-e de devolução',
    cell: (r) => (r.nota_devolucao_numero != null ? r.nota_devolucao_numero : '—'),
  },
  { key: 'motivo', header: 'Motivo', cell: (r) => (r.motivo ? motivoDevolucaoLabels[r.motivo] : '—') },
  {
    key: 'valor',
    header: 'Valor',
    sortKey: 'valor',
    className: dinheiro,
    cell: (r) => formatBRL(r.valor_total),
  },
  { key: 'abatido', header: 'Abatido', className: dinheiro, cell: (r) => formatBRL(r.valor_abatido) },
  { key: 'credito', header: 'Crédito', className: dinheiro, cell: (r) => formatBRL(r.valor_credito) },
  {
    key: 'status',
    header: 'Situação',
    sortKey: 'status',
    card: 'badge',
    cell: (r) => <StatusDevolucaoCompraBadge status={r.status} />,
  },
];

export function DevolucoesCompraPage() {
  const state = useListState({
    defaultSort: 'data',
    defaultDir: 'desc',
    filterKeys: ['status', 'motivo', 'de', 'ate'],
  });
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: devolucoesCompraKeys.list(state.query),
    queryFn: () => devolucoesCompraApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title="Devoluções de Compra"
        description="Devoluções a fornecedores: a NF-e de devolução, a saída do estoque e o abatimento nas contas a pagar da entrada."
        actions={
          <Button asChild>
            <Link to="/estoque/devolucoes-compra/nova">
              <Plus aria-hidden />
              Nova devolução
            </Link>
          </Button>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Número, fornecedor ou chave"
        filters={
          <>
            <FilterSelect
              label="Situação"
              value={state.filters.status}
              allLabel="Todas"
              options={STATUS_DEVOLUCAO.map((s) => ({ value: s, label: statusDevolucaoLabels[s] }))}
              onChange={(v) => state.setFilter('status', v)}
            />
            <FilterSelect
              label="Motivo"
              value={state.filters.motivo}
              options={MOTIVOS_DEVOLUCAO.map((m) => ({ value: m, label: motivoDevolucaoLabels[m] }))}
              onChange={(v) => state.setFilter('motivo', v)}
            />
            <FilterPeriodo
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
          </>
        }
      />
      <DataTable
        caption="Devoluções de compra"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhuma devolução de compra encontrada."
        onRowClick={(r) => navigate(`/estoque/devolucoes-compra/${r.id}`)}
        rowActions={(r) => (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/estoque/devolucoes-compra/${r.id}`} aria-label={`Abrir a devolução nº ${r.numero}`}>
              <FileText aria-hidden />
              Abrir
            </Link>
          </Button>
        )}
      />
    </div>
  );
}
