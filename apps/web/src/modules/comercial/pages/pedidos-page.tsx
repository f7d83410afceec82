import { formatBRL, formatDateBR, STATUS_PEDIDO, statusPedidoLabels } from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Copy, FilePen, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Kbd } from '@/components/ui/kbd.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useListState } from '@/lib/list-state.ts';
import { filterOptions, useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import { type PedidoRow, pedidosApi } from '../api/comercial-api.ts';
import { comercialKeys } from '../api/keys.ts';
import { ClienteFiltro } from '../components/cliente-filtro.tsx';
import { PedidosAbas } from '../components/pedidos-abas.tsx';
import { BloqueioBadge, StatusPedidoBadge } from '../components/status-pedido-badge.tsx';

// Pedidos (/comercial/pedidos): every order, newest first, filtered in the URL by situação,
// período de emissão, vendedor, cliente and região; a row opens the order. Insert or F2 opens a new
// order, as on the keyboard-first order entry itself.

export const pedidoColumns: Column<PedidoRow>[] = [
  {
    key: 'numero',
    header: 'Número',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link
        to={`/comercial/pedidos/${r.id}`}
        className="font-medium tabular-nums underline-offset-4 hover:underline"
      >
        Nº {r.numero}
      </Link>
    ),
  },
  {
    key: 'data_emissao',
    header: 'Emissão',
    sortKey: 'data_emissao',
    className: 'whitespace-nowrap',
    cell: (r) => formatDateBR(r.data_emissao),
  },
  { key: 'cliente', header: 'Cliente', sortKey: 'cliente', cell: (r) => r.cliente_nome },
  { key: 'vendedor', header: 'Vendedor', sortKey: 'vendedor', cell: (r) => r.vendedor_nome ?? '—' },
  {
    key: 'status',
    header: 'Situação',
    sortKey: 'status',
    card: 'badge',
    cell: (r) => (
      <div className="flex flex-wrap gap-1">
        <StatusPedidoBadge status={r.status} />
        {r.status === 'bloqueado' ? r.bloqueios.map((t) => <BloqueioBadge key={t} tipo={t} />) : null}
      </div>
    ),
  },
  {
    key: 'data_entrega',
    header: 'Entrega',
    sortKey: 'data_entrega',
    className: 'whitespace-nowrap',
    cell: (r) => (r.data_entrega ? formatDateBR(r.data_entrega) : '—'),
  },
  {
    key: 'valor_total',
    header: 'Valor',
    sortKey: 'valor_total',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => formatBRL(r.valor_total),
  },
];

export function PedidosPage() {
  const state = useListState({
    defaultSort: 'numero',
    defaultDir: 'desc',
    filterKeys: ['status', 'de', 'ate', 'vendedor_id', 'cliente_id', 'regiao_id'],
  });
  const vendedores = useOpcoes('vendedores');
  const regioes = useOpcoes('regioes');
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: comercialKeys.lista(state.query),
    queryFn: () => pedidosApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Insert' && e.key !== 'F2') return;
      if (e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return;
      if (document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      navigate('/comercial/pedidos/novo');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
  const duplicar = async (r: PedidoRow) => {
    try {
      const novo = await pedidosApi.duplicar(r.id);
      toast.success(`Pedido nº ${r.numero} duplicado no orçamento nº ${novo.numero}.`);
      navigate(`/comercial/pedidos/${novo.id}`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível duplicar o pedido.');
    }
  };
  return (
    <div>
      <PageHeader
        title="Pedidos"
        description="Orçamentos e pedidos de venda: digite, confirme, acompanhe os bloqueios e a situação de cada um."
        actions={
          <Button asChild>
            <Link
              to="/comercial/pedidos/novo"
              aria-keyshortcuts="Insert F2"
              title="Novo pedido (Insert ou F2)"
            >
              <Plus aria-hidden />
              Novo pedido
              <Kbd>Insert</Kbd>
            </Link>
          </Button>
        }
      />
      <PedidosAbas />
      <ListToolbar
        state={state}
        searchPlaceholder="Buscar por número ou cliente"
        filters={
          <>
            <FilterSelect
              label="Situação"
              value={state.filters.status}
              allLabel="Todas"
              options={STATUS_PEDIDO.map((s) => ({ value: s, label: statusPedidoLabels[s] }))}
              onChange={(v) => state.setFilter('status', v)}
            />
            <FilterPeriodo
              deLabel="Emissão de"
              ateLabel="Emissão até"
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
            <FilterSelect
              label="Vendedor"
              value={state.filters.vendedor_id}
              options={filterOptions(vendedores)}
              onChange={(v) => state.setFilter('vendedor_id', v)}
            />
            <FilterSelect
              label="Região"
              value={state.filters.regiao_id}
              allLabel="Todas"
              options={filterOptions(regioes)}
              onChange={(v) => state.setFilter('regiao_id', v)}
            />
            <ClienteFiltro
              value={state.filters.cliente_id}
              onChange={(v) => state.setFilter('cliente_id', v)}
            />
          </>
        }
      />
      <DataTable
        caption="Pedidos"
        columns={pedidoColumns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhum pedido encontrado."
        onRowClick={(r) => navigate(`/comercial/pedidos/${r.id}`)}
        rowActions={(r) => (
          <div className="flex gap-1">
            <Button size="sm" variant="outline" asChild>
              <Link to={`/comercial/pedidos/${r.id}`} aria-label={`Abrir o pedido nº ${r.numero}`}>
                <FilePen aria-hidden />
                Abrir
              </Link>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Duplicar o pedido nº ${r.numero}`}
              title="Duplicar"
              onClick={() => void duplicar(r)}
            >
              <Copy aria-hidden />
            </Button>
          </div>
        )}
      />
    </div>
  );
}
