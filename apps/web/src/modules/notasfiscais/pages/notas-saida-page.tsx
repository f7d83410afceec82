import { formatBRL, formatDateBR, formatDocumento, STATUS_NOTA, statusNotaLabels } from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterDigits, FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useListState } from '@/lib/list-state.ts';
import { ClienteFiltro } from '@/modules/comercial/components/cliente-filtro.tsx';
import { type NotaSaidaRow, notasSaidaApi, notasSaidaKeys } from '../api/notas-saida-api.ts';
import { ContingenciaCard } from '../components/contingencia-card.tsx';
import { InutilizarFaixaButton } from '../components/inutilizar-faixa.tsx';
import { StatusNotaBadge } from '../components/status-nota-badge.tsx';

// Notas Fiscais de Saída (/notasfiscais/saida): the NF-e issued from orders — número, série,
// chave, cliente, emissão, valor and status (a rejected note shows SEFAZ's message), filtered by
// period, status, customer, série and número/chave; each opens its detail with XML and DANFE.

const columns: Column<NotaSaidaRow>[] = [
  {
    key: 'numero',
    header: 'Número',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link to={`/notasfiscais/saida/${r.id}`} className="font-medium underline-offset-4 hover:underline">
        {r.numero}
      </Link>
    ),
  },
  { key: 'serie', header: 'Série', cell: (r) => r.serie },
  {
    key: 'chave',
    header: 'Chave',
    cell: (r) => <span className="break-all font-mono text-xs">{r.chave}</span>,
  },
  {
    key: 'cliente',
    header: 'Cliente',
    sortKey: 'cliente',
    cell: (r) => (
      <div className="min-w-0">
        <div>{r.cliente_nome}</div>
        <div className="text-xs text-muted-foreground">{formatDocumento(r.cliente_documento)}</div>
      </div>
    ),
  },
  {
    key: 'emissao',
    header: 'Emissão',
    sortKey: 'emissao',
    cell: (r) => formatDateBR(r.emissao.slice(0, 10)),
  },
  {
    key: 'valor',
    header: 'Valor',
    sortKey: 'valor',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => formatBRL(r.valor_total),
  },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    card: 'badge',
    cell: (r) => (
      <div className="grid gap-1">
        <StatusNotaBadge status={r.status} />
        {r.status === 'rejeitada' && r.x_motivo ? (
          <span className="text-xs text-destructive">
            {r.c_stat ? `${r.c_stat} - ` : ''}
            {r.x_motivo}
          </span>
        ) : null}
      </div>
    ),
  },
];

export function NotasSaidaPage() {
  const state = useListState({
    defaultSort: 'emissao',
    defaultDir: 'desc',
    filterKeys: ['status', 'de', 'ate', 'cliente_id', 'serie'],
  });
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: notasSaidaKeys.list(state.query),
    queryFn: () => notasSaidaApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title="Notas Fiscais de Saída"
        description="NF-e emitidas a partir dos pedidos: situação de cada uma, XML e DANFE. Para emitir, use «Faturar (NF-e)» no pedido."
        actions={<InutilizarFaixaButton />}
      />
      <ContingenciaCard />
      <ListToolbar
        state={state}
        searchPlaceholder="Número, chave ou cliente"
        filters={
          <>
            <FilterSelect
              label="Status"
              value={state.filters.status}
              allLabel="Todos"
              options={STATUS_NOTA.map((s) => ({ value: s, label: statusNotaLabels[s] }))}
              onChange={(v) => state.setFilter('status', v)}
            />
            <FilterPeriodo
              deLabel="Emissão de"
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
            <FilterDigits
              label="Série"
              digits={3}
              value={state.filters.serie ?? ''}
              onChange={(v) => state.setFilter('serie', v)}
            />
            <ClienteFiltro
              value={state.filters.cliente_id}
              onChange={(v) => state.setFilter('cliente_id', v)}
            />
          </>
        }
      />
      <DataTable
        caption="Notas fiscais de saída"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhuma nota fiscal de saída encontrada."
        onRowClick={(r) => navigate(`/notasfiscais/saida/${r.id}`)}
        rowActions={(r) => (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/notasfiscais/saida/${r.id}`} aria-label={`Abrir a nota nº ${r.numero}`}>
              <FileText aria-hidden />
              Abrir
            </Link>
          </Button>
        )}
      />
    </div>
  );
}
