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
import { ClienteFiltro } from '@/modules/comercial/components/cliente-filtro.tsx';
import { type DevolucaoRow, devolucoesApi, devolucoesKeys } from '../api/devolucoes-api.ts';
import { StatusDevolucaoBadge } from '../components/status-devolucao-badge.tsx';

// Devoluções (/comercial/devolucoes): the returns from customers — número, date, customer, the sale
// note and order they return, the reason, the value and what it did to the money (deducted from the
// receivables, left as the customer's crédito), and the status; filtered by text (número, customer,
// chave), status, reason, customer and period. «Nova devolução» starts one from a chave or a
// note/order number.

const dinheiro = 'text-right whitespace-nowrap tabular-nums';

/** The day a return was registered, in the company's time zone. */
export const diaDaDevolucao = (createdAt: string) => formatDateBR(businessToday(new Date(createdAt)));

const columns: Column<DevolucaoRow>[] = [
  {
    key: 'numero',
    header: 'Nº',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link to={`/comercial/devolucoes/${r.id}`} className="font-medium underline-offset-4 hover:underline">
        {r.numero}
      </Link>
    ),
    cardCell: (r) => `Devolução nº ${r.numero}`,
  },
  { key: 'data', header: 'Data', sortKey: 'data', cell: (r) => diaDaDevolucao(r.created_at) },
  {
    key: 'pessoa',
    header: 'Cliente',
    sortKey: 'pessoa',
    className: 'min-w-40',
    cell: (r) => r.pessoa_nome,
  },
  {
    key: 'nota',
    header: 'NF-e de origem',
    cell: (r) =>
      r.nota_id && r.nota_numero != null ? (
        <Link
          to={`/notasfiscais/saida/${r.nota_id}`}
          className="underline-offset-4 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          {r.nota_numero}
        </Link>
      ) : (
        '—'
      ),
  },
  { key: 'pedido', header: 'Pedido', cell: (r) => r.pedido_numero ?? '—' },
  {
    key: 'motivo',
    header: 'Motivo',
    cell: (r) => (r.motivo ? motivoDevolucaoLabels[r.motivo] : '—'),
  },
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
    cell: (r) => <StatusDevolucaoBadge status={r.status} />,
  },
];

export function DevolucoesPage() {
  const state = useListState({
    defaultSort: 'data',
    defaultDir: 'desc',
    filterKeys: ['status', 'motivo', 'cliente_id', 'de', 'ate'],
  });
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: devolucoesKeys.list(state.query),
    queryFn: () => devolucoesApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title="Devoluções"
        description="Devoluções de clientes: a nota fiscal de devolução, o estoque de volta e o abatimento nos títulos da venda."
        actions={
          <Button asChild>
            <Link to="/comercial/devolucoes/nova">
              <Plus aria-hidden />
              Nova devolução
            </Link>
          </Button>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Número, cliente ou chave"
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
            <ClienteFiltro
              value={state.filters.cliente_id}
              onChange={(v) => state.setFilter('cliente_id', v)}
            />
          </>
        }
      />
      <DataTable
        caption="Devoluções de clientes"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhuma devolução encontrada."
        onRowClick={(r) => navigate(`/comercial/devolucoes/${r.id}`)}
        rowActions={(r) => (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/comercial/devolucoes/${r.id}`} aria-label={`Abrir a devolução nº ${r.numero}`}>
              <FileText aria-hidden />
              Abrir
            </Link>
          </Button>
        )}
      />
    </div>
  );
}
