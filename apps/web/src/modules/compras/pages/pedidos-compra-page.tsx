import {
  businessToday,
  formatBRL,
  formatDateBR,
  STATUS_PEDIDO_COMPRA,
  statusPedidoCompraLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText, Lightbulb, Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useListState } from '@/lib/list-state.ts';
import { useFornecedoresOpcoes } from '@/modules/estoque/api/queries.ts';
import { comprasApi, comprasKeys, type PedidoCompraRow } from '../api/compras-api.ts';
import { StatusPedidoCompraBadge } from '../components/status-pedido-compra-badge.tsx';

// Pedidos de compra (/compras/pedidos): número, supplier, the day it was issued, the expected
// delivery, the value and the status; filtered by text (número, supplier's name or CNPJ), status,
// supplier and period (issue date). «Novo pedido» types one; «Sugestão de compra» builds one.

const dinheiro = 'text-right whitespace-nowrap tabular-nums';

const columns: Column<PedidoCompraRow>[] = [
  {
    key: 'numero',
    header: 'Nº',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link to={`/compras/pedidos/${r.id}`} className="font-medium underline-offset-4 hover:underline">
        {r.numero}
      </Link>
    ),
    cardCell: (r) => `Pedido de compra nº ${r.numero}`,
  },
  {
    key: 'fornecedor',
    header: 'Fornecedor',
    sortKey: 'fornecedor',
    className: 'min-w-48',
    cell: (r) => r.fornecedor_nome,
  },
  {
    key: 'data',
    header: 'Emissão',
    sortKey: 'data',
    cell: (r) => formatDateBR(businessToday(new Date(r.created_at))),
  },
  {
    key: 'previsao',
    header: 'Previsão',
    sortKey: 'previsao',
    cell: (r) => (r.previsao_entrega ? formatDateBR(r.previsao_entrega) : '—'),
  },
  { key: 'itens', header: 'Itens', className: 'text-right tabular-nums', cell: (r) => r.itens_count },
  {
    key: 'valor',
    header: 'Valor',
    sortKey: 'valor',
    className: dinheiro,
    cell: (r) => formatBRL(r.valor_total),
  },
  {
    key: 'status',
    header: 'Situação',
    sortKey: 'status',
    card: 'badge',
    cell: (r) => <StatusPedidoCompraBadge status={r.status} />,
  },
];

export function PedidosCompraPage() {
  const state = useListState({
    defaultSort: 'data',
    defaultDir: 'desc',
    filterKeys: ['status', 'fornecedor_id', 'de', 'ate'],
  });
  const navigate = useNavigate();
  const fornecedores = useFornecedoresOpcoes();
  const list = useQuery({
    queryKey: comprasKeys.list(state.query),
    queryFn: () => comprasApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title="Pedidos de Compra"
        description="Pedidos aos fornecedores: aprovação por valor, envio do PDF por e-mail e o que falta receber."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/compras/sugestao">
                <Lightbulb aria-hidden />
                Sugestão de compra
              </Link>
            </Button>
            <Button asChild>
              <Link to="/compras/pedidos/novo">
                <Plus aria-hidden />
                Novo pedido
              </Link>
            </Button>
          </>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Número, fornecedor ou CNPJ"
        filters={
          <>
            <FilterSelect
              label="Situação"
              value={state.filters.status}
              allLabel="Todas"
              options={STATUS_PEDIDO_COMPRA.map((s) => ({ value: s, label: statusPedidoCompraLabels[s] }))}
              onChange={(v) => state.setFilter('status', v)}
            />
            <FilterSelect
              label="Fornecedor"
              value={state.filters.fornecedor_id}
              options={fornecedores.map((f) => ({ value: f.id, label: f.nome }))}
              onChange={(v) => state.setFilter('fornecedor_id', v)}
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
        caption="Pedidos de compra"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhum pedido de compra encontrado."
        onRowClick={(r) => navigate(`/compras/pedidos/${r.id}`)}
        rowActions={(r) => (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/compras/pedidos/${r.id}`} aria-label={`Abrir o pedido de compra nº ${r.numero}`}>
              <FileText aria-hidden />
              Abrir
            </Link>
          </Button>
        )}
      />
    </div>
  );
}
