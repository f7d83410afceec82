import {
  type ContaBancariaRow,
  formatBRL,
  formatDateBR,
  type ListPage,
  type MovimentoContaRow,
  tipoMovimentoContaLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useListState } from '@/lib/list-state.ts';
import { contasBancariasApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';

// The statement of one bank account (/financeiro/contas-bancarias/:id): its movements oldest
// first (baixas, estornos), each with the balance after it, from the saldo inicial.

const num = 'text-right whitespace-nowrap tabular-nums';

const columns: Column<MovimentoContaRow>[] = [
  {
    key: 'data',
    header: 'Data',
    sortKey: 'data',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => formatDateBR(r.data),
  },
  {
    key: 'tipo',
    header: 'Tipo',
    card: 'badge',
    cell: (r) => (
      <Badge
        variant={r.tipo === 'estorno' ? 'destructive' : r.tipo === 'recebimento' ? 'success' : 'secondary'}
      >
        {tipoMovimentoContaLabels[r.tipo]}
      </Badge>
    ),
  },
  {
    key: 'historico',
    header: 'Histórico',
    className: 'min-w-56',
    cell: (r) => (
      <div>
        <div>{r.historico}</div>
        {r.usuario_nome ? <div className="text-xs text-muted-foreground">{r.usuario_nome}</div> : null}
      </div>
    ),
  },
  {
    key: 'valor',
    header: 'Valor',
    className: num,
    cell: (r) => (
      <span className={r.valor.startsWith('-') ? 'text-destructive' : 'text-success'}>
        {formatBRL(r.valor)}
      </span>
    ),
  },
  {
    key: 'saldo',
    header: 'Saldo',
    className: num,
    cell: (r) => <span className="font-medium">{formatBRL(r.saldo)}</span>,
  },
];

export function ExtratoContaPage() {
  const { id = '' } = useParams();
  const state = useListState({ defaultSort: 'data', filterKeys: ['de', 'ate'] });
  const conta = useQuery({
    queryKey: [...financeiroKeys.registro('contas-bancarias'), 'get', id],
    queryFn: () => contasBancariasApi.get(id) as Promise<ContaBancariaRow>,
  });
  const c = conta.data;
  const list = useQuery({
    queryKey: [...financeiroKeys.registro('contas-bancarias'), 'extrato', id, state.query],
    queryFn: () => contasBancariasApi.extrato(id, state.query) as Promise<ListPage<MovimentoContaRow>>,
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title={c ? `Extrato: ${c.nome}` : 'Extrato'}
        description={
          c
            ? `Saldo inicial ${formatBRL(c.saldo_inicial)} em ${formatDateBR(c.data_saldo_inicial)} · saldo atual ${formatBRL(c.saldo_atual)}.`
            : undefined
        }
        actions={
          <Button variant="outline" asChild>
            <Link to="/financeiro/contas-bancarias">
              <ArrowLeft aria-hidden />
              Contas bancárias
            </Link>
          </Button>
        }
      />
      {conta.isError ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {conta.error instanceof ApiError ? conta.error.message : 'Conta não encontrada.'}
        </p>
      ) : null}
      <ListToolbar
        state={state}
        filters={
          <FilterPeriodo
            de={state.filters.de}
            ate={state.filters.ate}
            onDe={(v) => state.setFilter('de', v)}
            onAte={(v) => state.setFilter('ate', v)}
          />
        }
      />
      <DataTable
        caption={c ? `Extrato de ${c.nome}` : 'Extrato'}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list, 'Não foi possível carregar o extrato.')}
        state={state}
        emptyText="Nenhum movimento nesta conta."
      />
    </div>
  );
}
