import { formatBRL, formatDateBR, formatDocumento, STATUS_ENTRADA, statusEntradaLabels } from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, ClipboardList, FilePlus2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useListState } from '@/lib/list-state.ts';
import { useFornecedoresOpcoes } from '@/modules/estoque/api/queries.ts';
import { type EntradaResumo, entradasApi, entradasKeys } from '../api/entradas-api.ts';
import { numeroNota, StatusEntradaBadge } from '../components/status-entrada.tsx';
import { UploadXml } from '../components/upload-xml.tsx';

// Entrada de Mercadorias (/estoque/entradas): the import area for the suppliers' NF-e XML and the
// receipts, newest first, filtered by status, fornecedor and período de emissão.

const columns: Column<EntradaResumo>[] = [
  {
    key: 'numero',
    header: 'NF-e',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link to={`/estoque/entradas/${r.id}`} className="font-medium underline-offset-4 hover:underline">
        {r.origem === 'manual' ? `Manual ${r.numero ?? ''}`.trim() : numeroNota(r)}
      </Link>
    ),
  },
  {
    key: 'fornecedor',
    header: 'Fornecedor',
    sortKey: 'fornecedor',
    cell: (r) => (
      <div>
        <div>{r.fornecedor_nome ?? r.emitente_nome ?? '—'}</div>
        <div className="text-xs text-muted-foreground">
          {r.emitente_documento ? formatDocumento(r.emitente_documento) : ''}
          {!r.fornecedor_id ? ' · fornecedor não cadastrado' : ''}
        </div>
      </div>
    ),
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
    key: 'itens',
    header: 'Itens',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => `${r.itens_mapeados} de ${r.itens_total}`,
  },
  {
    key: 'status',
    header: 'Situação',
    sortKey: 'status',
    card: 'badge',
    cell: (r) => (
      <div className="flex flex-wrap items-center gap-1">
        <StatusEntradaBadge status={r.status} />
        {r.assinatura === 'invalida' && !r.assinatura_confirmada ? (
          <span className="inline-flex items-center gap-1 text-xs text-destructive">
            <AlertTriangle aria-hidden className="size-3" />
            Assinatura inválida
          </span>
        ) : null}
      </div>
    ),
  },
];

export function EntradasPage() {
  const state = useListState({
    defaultSort: 'criada',
    defaultDir: 'desc',
    filterKeys: ['status', 'fornecedor_id', 'de', 'ate'],
  });
  const fornecedores = useFornecedoresOpcoes();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: entradasKeys.list(state.query),
    queryFn: () => entradasApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="grid gap-4">
      <PageHeader
        title="Entrada de Mercadorias"
        description="Importe o XML da NF-e do fornecedor, identifique os itens, confira e lance: o estoque, o custo médio e as contas a pagar são atualizados juntos."
        actions={
          <Button asChild>
            <Link to="/estoque/entradas/nova">
              <FilePlus2 aria-hidden />
              Nova entrada manual
            </Link>
          </Button>
        }
      />
      <UploadXml />
      <div>
        <ListToolbar
          state={state}
          searchPlaceholder="Número, chave ou fornecedor"
          filters={
            <>
              <FilterSelect
                label="Situação"
                value={state.filters.status}
                allLabel="Todas"
                options={STATUS_ENTRADA.map((s) => ({ value: s, label: statusEntradaLabels[s] }))}
                onChange={(v) => state.setFilter('status', v)}
              />
              <FilterSelect
                label="Fornecedor"
                value={state.filters.fornecedor_id}
                options={fornecedores.map((f) => ({ value: f.id, label: f.nome }))}
                onChange={(v) => state.setFilter('fornecedor_id', v)}
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
          caption="Entradas de mercadorias"
          columns={columns}
          rows={list.data?.items}
          total={list.data?.total}
          loading={list.isFetching}
          error={erroDaLista(list)}
          state={state}
          emptyText="Nenhuma entrada encontrada."
          onRowClick={(r) => navigate(`/estoque/entradas/${r.id}`)}
          rowActions={(r) => (
            <Button size="sm" variant="outline" asChild>
              <Link to={`/estoque/entradas/${r.id}`} aria-label={`Abrir a entrada ${numeroNota(r)}`}>
                <ClipboardList aria-hidden />
                {r.status === 'rascunho' || r.status === 'conferida' ? 'Conferir' : 'Ver'}
              </Link>
            </Button>
          )}
        />
      </div>
    </div>
  );
}
