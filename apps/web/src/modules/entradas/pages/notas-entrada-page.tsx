import { formatBRL, formatDateBR, STATUS_ENTRADA, statusEntradaLabels } from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useListState } from '@/lib/list-state.ts';
import { type EntradaResumo, entradasKeys, notasEntradaApi } from '../api/entradas-api.ts';
import { StatusEntradaBadge } from '../components/status-entrada.tsx';

// Notas Fiscais de Entrada (/notasfiscais/entrada): the suppliers' NF-e imported from XML, with the
// status of their receipt; each opens a DANFE-like view with the XML download.

const columns: Column<EntradaResumo>[] = [
  {
    key: 'numero',
    header: 'Número',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link to={`/notasfiscais/entrada/${r.id}`} className="font-medium underline-offset-4 hover:underline">
        {r.numero ?? '—'}
      </Link>
    ),
  },
  { key: 'serie', header: 'Série', cell: (r) => r.serie ?? '—' },
  {
    key: 'chave',
    header: 'Chave',
    cell: (r) => <span className="break-all font-mono text-xs">{r.chave}</span>,
  },
  {
    key: 'fornecedor',
    header: 'Fornecedor',
    sortKey: 'fornecedor',
    cell: (r) => r.fornecedor_nome ?? r.emitente_nome ?? '—',
  },
  { key: 'emissao', header: 'Emissão', sortKey: 'emissao', cell: (r) => formatDateBR(r.emissao) },
  {
    key: 'valor',
    header: 'Valor',
    sortKey: 'valor',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => formatBRL(r.valor_nota),
  },
  {
    key: 'status',
    header: 'Entrada',
    card: 'badge',
    cell: (r) => <StatusEntradaBadge status={r.status} />,
  },
];

export function NotasEntradaPage() {
  const state = useListState({
    defaultSort: 'emissao',
    defaultDir: 'desc',
    filterKeys: ['status', 'de', 'ate'],
  });
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: entradasKeys.notas(state.query),
    queryFn: () => notasEntradaApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title="Notas Fiscais de Entrada"
        description="NF-e dos fornecedores importadas pelo XML, com a situação da entrada de mercadorias de cada uma."
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Número, chave ou fornecedor"
        filters={
          <>
            <FilterSelect
              label="Entrada"
              value={state.filters.status}
              allLabel="Todas"
              options={STATUS_ENTRADA.map((s) => ({ value: s, label: statusEntradaLabels[s] }))}
              onChange={(v) => state.setFilter('status', v)}
            />
            <FilterPeriodo
              deLabel="Emissão de"
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
          </>
        }
      />
      <DataTable
        caption="Notas fiscais de entrada"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhuma nota de entrada encontrada."
        onRowClick={(r) => navigate(`/notasfiscais/entrada/${r.id}`)}
        rowActions={(r) => (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/notasfiscais/entrada/${r.id}`} aria-label={`Abrir a nota nº ${r.numero}`}>
              <FileText aria-hidden />
              DANFE
            </Link>
          </Button>
        )}
      />
    </div>
  );
}
