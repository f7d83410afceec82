import {
  AGRUPAMENTOS_DEVOLUCOES,
  type AgrupamentoDevolucoes,
  agrupamentoDevolucoesLabels,
  businessMonthStart,
  businessToday,
  colunasDevolucoes,
  filtroDaLinhaDevolucoes,
  type LinhaDevolucoes,
  TIPOS_DEVOLUCOES_RELATORIO,
  tipoDevolucoesRelatorioLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect, FilterSlot } from '@/components/data-table/filter-select.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useListState } from '@/lib/list-state.ts';
import { filterOptions, useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import { ClienteFiltro } from '@/modules/comercial/components/cliente-filtro.tsx';
import { comissoesDevolucoesApi, comissoesDevolucoesKeys } from '../api/comissoes-devolucoes-api.ts';
import { RelatorioFrame } from '../components/relatorio-frame.tsx';
import '../relatorios.css';

// Relatório de Devoluções e cancelamentos (/relatorios/devolucoes): the customers' returns in
// effect (by each item's motivo) and the cancelled orders (by the reason typed) of the period, by
// reason, seller or customer; a row opens its documents. Filters, grouping, sort, page in the URL.

const FILTROS = ['de', 'ate', 'agrupar', 'tipo', 'vendedor_id', 'cliente_id', 'motivo'] as const;

export function DevolucoesRelatorioPage() {
  const state = useListState({
    defaultSort: 'valor_total',
    defaultDir: 'desc',
    filterKeys: FILTROS,
    defaultFilters: { de: businessMonthStart(), ate: businessToday(), agrupar: 'motivo' },
  });
  const vendedores = useOpcoes('vendedores');
  const agrupar = (state.filters.agrupar || 'motivo') as AgrupamentoDevolucoes;
  const pagina = useQuery({
    queryKey: comissoesDevolucoesKeys.devolucoes(state.query),
    queryFn: () => comissoesDevolucoesApi.devolucoes(state.query),
    placeholderData: keepPreviousData,
  });
  const motivo = pagina.data?.filtros.find(([rotulo]) => rotulo === 'Motivo')?.[1];
  return (
    <RelatorioFrame<LinhaDevolucoes>
      titulo="Devoluções e cancelamentos"
      descricao="Devoluções de clientes efetivadas (pelo motivo de cada item) e pedidos cancelados (pelo motivo informado) no período."
      caption="Devoluções e cancelamentos do período"
      arquivo="relatorio-devolucoes-cancelamentos"
      state={state}
      colunas={colunasDevolucoes(agrupar)}
      pagina={pagina.data}
      carregando={pagina.isFetching}
      erro={erroDaLista(pagina, 'Não foi possível carregar o relatório.')}
      onExport={(formato) => comissoesDevolucoesApi.exportDevolucoes(state.query, formato)}
      onLinha={
        agrupar === 'documento'
          ? undefined
          : (l) => {
              // the documents behind the row
              state.setFilters({ ...filtroDaLinhaDevolucoes(agrupar, l.chave), agrupar: 'documento' });
              state.setSort('data', 'desc');
            }
      }
      vazio="Nenhuma devolução ou cancelamento no período com esses filtros."
      filtros={
        <>
          <FilterPeriodo
            de={state.filters.de}
            ate={state.filters.ate}
            onDe={(v) => state.setFilter('de', v)}
            onAte={(v) => state.setFilter('ate', v)}
          />
          <FilterSlot label="Agrupar por">
            {(id) => (
              <NativeSelect
                id={id}
                className="h-9 w-full sm:w-auto sm:min-w-32"
                value={agrupar}
                onChange={(e) => {
                  const a = e.target.value as AgrupamentoDevolucoes;
                  state.setFilters({ agrupar: a });
                  if (a === 'documento') state.setSort('data', 'desc');
                  else state.setSort('valor_total', 'desc');
                }}
              >
                {AGRUPAMENTOS_DEVOLUCOES.map((a) => (
                  <option key={a} value={a}>
                    {agrupamentoDevolucoesLabels[a]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FilterSlot>
          <FilterSelect
            label="Tipo"
            value={state.filters.tipo}
            options={TIPOS_DEVOLUCOES_RELATORIO.map((t) => ({
              value: t,
              label: tipoDevolucoesRelatorioLabels[t],
            }))}
            onChange={(v) => state.setFilter('tipo', v)}
          />
          <FilterSelect
            label="Vendedor"
            value={state.filters.vendedor_id}
            options={[{ value: 'sem', label: 'Sem vendedor' }, ...filterOptions(vendedores)]}
            onChange={(v) => state.setFilter('vendedor_id', v)}
          />
          <ClienteFiltro
            value={state.filters.cliente_id}
            onChange={(v) => state.setFilter('cliente_id', v)}
          />
          {state.filters.motivo ? (
            <Button variant="outline" className="sm:mt-5" onClick={() => state.setFilter('motivo', '')}>
              <X aria-hidden />
              {motivo ?? 'Motivo escolhido'}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
