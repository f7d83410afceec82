import {
  businessMonthStart,
  businessToday,
  colunasComissoes,
  type LinhaComissoes,
  VISOES_COMISSOES,
  type VisaoComissoes,
  visaoComissoesLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect, FilterSlot } from '@/components/data-table/filter-select.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useListState } from '@/lib/list-state.ts';
import { filterOptions, useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import { comissoesDevolucoesApi, comissoesDevolucoesKeys } from '../api/comissoes-devolucoes-api.ts';
import { RelatorioFrame } from '../components/relatorio-frame.tsx';
import '../relatorios.css';

// Relatório de Comissões (/relatorios/comissoes): the commission on receipt per seller over the
// baixas' period — earned, paid and to pay (the commission payables), returns' reversals to
// discount, and what the open títulos still have to earn —; a seller's row opens the títulos behind
// it (the seller's statement, exported as PDF). A seller's user sees only their own (the server).

const FILTROS = ['de', 'ate', 'visao', 'vendedor_id'] as const;

export function ComissoesRelatorioPage() {
  const state = useListState({
    defaultSort: 'ganha',
    defaultDir: 'desc',
    filterKeys: FILTROS,
    defaultFilters: { de: businessMonthStart(), ate: businessToday(), visao: 'vendedor' },
  });
  const vendedores = useOpcoes('vendedores');
  const visao = (state.filters.visao || 'vendedor') as VisaoComissoes;
  const pagina = useQuery({
    queryKey: comissoesDevolucoesKeys.comissoes(state.query),
    queryFn: () => comissoesDevolucoesApi.comissoes(state.query),
    placeholderData: keepPreviousData,
  });
  const umVendedor = pagina.data?.umVendedor ?? Boolean(state.filters.vendedor_id);
  const extrato = visao === 'titulo';
  return (
    <RelatorioFrame<LinhaComissoes>
      titulo={extrato ? 'Extrato de Comissões' : 'Relatório de Comissões'}
      descricao="Comissão sobre o recebido: ganha em cada baixa do período, paga e a pagar ao vendedor, estornos de devoluções a descontar e o que os títulos em aberto ainda vão gerar («A ganhar», posição de hoje)."
      caption={extrato ? 'Títulos das comissões' : 'Comissões por vendedor'}
      arquivo={extrato ? 'extrato-comissoes' : 'relatorio-comissoes'}
      state={state}
      colunas={colunasComissoes(visao, umVendedor)}
      pagina={pagina.data}
      carregando={pagina.isFetching}
      erro={erroDaLista(pagina, 'Não foi possível carregar o relatório.')}
      onExport={(formato) => comissoesDevolucoesApi.exportComissoes(state.query, formato)}
      onLinha={
        extrato
          ? undefined
          : (l) => {
              // the seller's statement: the títulos behind the row
              state.setFilters({ visao: 'titulo', vendedor_id: l.chave });
              state.setSort('data', 'asc');
            }
      }
      vazio="Nenhuma comissão no período com esses filtros."
      filtros={
        <>
          <FilterPeriodo
            de={state.filters.de}
            ate={state.filters.ate}
            onDe={(v) => state.setFilter('de', v)}
            onAte={(v) => state.setFilter('ate', v)}
          />
          <FilterSlot label="Visão">
            {(id) => (
              <NativeSelect
                id={id}
                className="h-9 w-full sm:w-auto sm:min-w-40"
                value={visao}
                onChange={(e) => {
                  const v = e.target.value as VisaoComissoes;
                  state.setFilters({ visao: v });
                  state.setSort(v === 'titulo' ? 'data' : 'ganha', v === 'titulo' ? 'asc' : 'desc');
                }}
              >
                {VISOES_COMISSOES.map((v) => (
                  <option key={v} value={v}>
                    {visaoComissoesLabels[v]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FilterSlot>
          <FilterSelect
            label="Vendedor"
            value={state.filters.vendedor_id}
            options={filterOptions(vendedores)}
            onChange={(v) => state.setFilter('vendedor_id', v)}
          />
        </>
      }
    />
  );
}
