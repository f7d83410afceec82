import {
  formatBRL,
  formatDateBR,
  hasAnyRole,
  TIPOS_BLOQUEIO,
  tipoBloqueioLabels,
  tiposQueLibera,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useListState } from '@/lib/list-state.ts';
import { type PedidoRow, pedidosApi } from '../api/comercial-api.ts';
import { comercialKeys } from '../api/keys.ts';
import { BloqueiosPanel } from '../components/bloqueios-panel.tsx';
import { PedidosAbas } from '../components/pedidos-abas.tsx';

// Pedidos Bloqueados (/comercial/bloqueados): the orders in «Bloqueado», each with its blockers and,
// for the roles that release them (crédito and inadimplência: Financeiro; estoque: Estoque;
// preço: Administrador), "Liberar" with a justification. An approver sees first the blockers they
// release (the filter starts on them); sellers see them all.

export function BloqueadosPage() {
  const { roles } = useAuth();
  const meus = tiposQueLibera(roles);
  const vendedor = hasAnyRole(roles, ['comercial']);
  const padrao = !vendedor && meus.length === 1 ? meus[0]! : '';
  const state = useListState({
    defaultSort: 'numero',
    defaultDir: 'desc',
    filterKeys: ['bloqueio', 'de', 'ate'],
    defaultFilters: { bloqueio: padrao },
  });
  const query = { ...state.query, status: 'bloqueado' };
  const list = useQuery({
    queryKey: comercialKeys.bloqueados(query),
    queryFn: () => pedidosApi.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const rows = list.data?.items;
  return (
    <div>
      <PageHeader
        title="Pedidos Bloqueados"
        description="Pedidos que só seguem depois de liberados: cada bloqueio com o motivo, os valores e quem pode liberá-lo."
      />
      <PedidosAbas />
      <ListToolbar
        state={state}
        searchPlaceholder="Buscar por número ou cliente"
        filters={
          <>
            <FilterSelect
              label="Bloqueio"
              value={state.filters.bloqueio}
              options={TIPOS_BLOQUEIO.map((t) => ({ value: t, label: tipoBloqueioLabels[t] }))}
              onChange={(v) => state.setFilter('bloqueio', v)}
            />
            <FilterPeriodo
              deLabel="Emissão de"
              ateLabel="Emissão até"
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
          </>
        }
      />
      {list.isError && !rows ? (
        <LoadErrorAlert
          message={list.error instanceof ApiError ? list.error.message : 'Não foi possível carregar a lista.'}
          onRetry={() => void list.refetch()}
        />
      ) : !rows ? (
        <div className="grid gap-3">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-6 text-center text-sm text-muted-foreground">
          Nenhum pedido bloqueado.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Pedidos bloqueados">
          {rows.map((r) => (
            <PedidoBloqueado key={r.id} r={r} vendedor={vendedor} />
          ))}
        </ul>
      )}
      {rows?.length ? (
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          total={list.data?.total}
          totalIsLowerBound={list.data?.totalIsLowerBound ?? false}
          onPageChange={state.setPage}
          disabled={list.isFetching}
        />
      ) : null}
    </div>
  );
}

function PedidoBloqueado({ r, vendedor }: { r: PedidoRow; vendedor: boolean }) {
  return (
    <li
      className="grid gap-3 rounded-lg border border-border bg-card p-3 sm:p-4"
      data-pedido={r.numero}
      aria-label={`Pedido nº ${r.numero}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="font-semibold">
            {vendedor ? (
              <Link to={`/comercial/pedidos/${r.id}`} className="underline-offset-4 hover:underline">
                Pedido nº {r.numero}
              </Link>
            ) : (
              `Pedido nº ${r.numero}`
            )}{' '}
            · {r.cliente_nome}
          </span>
          <span className="text-xs text-muted-foreground">
            Emissão {formatDateBR(r.data_emissao)} · Vendedor {r.vendedor_nome ?? '—'}
            {r.data_entrega ? ` · Entrega ${formatDateBR(r.data_entrega)}` : ''}
          </span>
        </div>
        <span className="text-lg font-semibold tabular-nums">{formatBRL(r.valor_total)}</span>
      </div>
      <BloqueiosDoPedido r={r} />
    </li>
  );
}

/** The order's blockers with their reasons and fingerprints (the list row carries only their types). */
function BloqueiosDoPedido({ r }: { r: PedidoRow }) {
  const q = useQuery({
    queryKey: [...comercialKeys.pedido(r.id), r.versao],
    queryFn: () => pedidosApi.get(r.id),
  });
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error instanceof ApiError ? q.error.message : 'Não foi possível carregar os bloqueios.'}
      </p>
    );
  if (!q.data) return <Skeleton className="h-16" />;
  const pendentes = q.data.bloqueios.filter((b) => b.pendente !== false);
  return (
    <BloqueiosPanel
      pedido={{ id: r.id, numero: r.numero, bloqueios: pendentes }}
      liberacoes={q.data.liberacoes}
    />
  );
}
