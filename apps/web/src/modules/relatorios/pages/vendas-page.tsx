import {
  AGRUPAMENTOS_VENDAS,
  type AgrupamentoVendas,
  agrupamentoVendasLabels,
  businessMonthStart,
  businessToday,
  colunasVendas,
  filtroDaLinhaVendas,
  type LinhaVendas,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect, FilterSlot } from '@/components/data-table/filter-select.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useListState } from '@/lib/list-state.ts';
import { filterOptions, useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import { ClienteFiltro } from '@/modules/comercial/components/cliente-filtro.tsx';
import { relatoriosApi, relatoriosKeys } from '../api/relatorios-api.ts';
import { PedidosDaLinha } from '../components/pedidos-da-linha.tsx';
import { RelatorioFrame } from '../components/relatorio-frame.tsx';
import '../relatorios.css';

// Relatório de Vendas (/relatorios/vendas): the period's sales grouped by month, day, seller,
// customer, product, group or região, with revenue, the cost frozen at each sale and the gross
// margin; a row opens its orders. Filters, grouping, sort and page live in the URL.

const FILTROS = [
  'de',
  'ate',
  'agrupar',
  'vendedor_id',
  'cliente_id',
  'produto_id',
  'grupo_id',
  'regiao_id',
] as const;

export function VendasRelatorioPage() {
  const state = useListState({
    defaultSort: 'receita',
    defaultDir: 'desc',
    filterKeys: FILTROS,
    defaultFilters: { de: businessMonthStart(), ate: businessToday(), agrupar: 'produto' },
  });
  const vendedores = useOpcoes('vendedores');
  const regioes = useOpcoes('regioes');
  const grupos = useQuery({
    queryKey: relatoriosKeys.grupos,
    queryFn: relatoriosApi.grupos,
    staleTime: 60_000,
  });
  const agrupar = (state.filters.agrupar || 'produto') as AgrupamentoVendas;
  const pagina = useQuery({
    queryKey: relatoriosKeys.vendas(state.query),
    queryFn: () => relatoriosApi.vendas(state.query),
    placeholderData: keepPreviousData,
  });
  const [linha, setLinha] = useState<LinhaVendas | null>(null);
  const sem = (rotulo: string) => [{ value: 'sem', label: rotulo }];
  return (
    <>
      <RelatorioFrame<LinhaVendas>
        titulo="Relatório de Vendas"
        descricao="Receita, custo médio congelado em cada venda e margem bruta dos pedidos do período (orçamentos e cancelados não contam)."
        caption="Vendas do período"
        arquivo="relatorio-vendas"
        state={state}
        colunas={colunasVendas(agrupar)}
        pagina={pagina.data}
        carregando={pagina.isFetching}
        erro={erroDaLista(pagina, 'Não foi possível carregar o relatório.')}
        onExport={(formato) => relatoriosApi.exportVendas(state.query, formato)}
        onLinha={setLinha}
        vazio="Nenhuma venda no período com esses filtros."
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
                    const a = e.target.value as AgrupamentoVendas;
                    // the periods read in date order; the others by revenue
                    state.setFilters({ agrupar: a });
                    if (a === 'mes' || a === 'dia') state.setSort('rotulo', 'asc');
                  }}
                >
                  {AGRUPAMENTOS_VENDAS.map((a) => (
                    <option key={a} value={a}>
                      {agrupamentoVendasLabels[a]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FilterSlot>
            <FilterSelect
              label="Vendedor"
              value={state.filters.vendedor_id}
              options={[...sem('Sem vendedor'), ...filterOptions(vendedores)]}
              onChange={(v) => state.setFilter('vendedor_id', v)}
            />
            <ClienteFiltro
              value={state.filters.cliente_id}
              onChange={(v) => state.setFilter('cliente_id', v)}
            />
            <FilterSelect
              label="Grupo"
              value={state.filters.grupo_id}
              options={[...sem('Sem grupo'), ...filterOptions(grupos.data ?? [])]}
              onChange={(v) => state.setFilter('grupo_id', v)}
            />
            <FilterSelect
              label="Região"
              value={state.filters.regiao_id}
              options={[...sem('Sem região'), ...filterOptions(regioes)]}
              onChange={(v) => state.setFilter('regiao_id', v)}
            />
            {state.filters.produto_id ? (
              <Button variant="outline" className="sm:mt-5" onClick={() => state.setFilter('produto_id', '')}>
                <X aria-hidden />
                Produto escolhido
              </Button>
            ) : null}
          </>
        }
      />
      <PedidosDaLinha
        linha={linha}
        titulo={linha ? `${agrupamentoVendasLabels[agrupar]}: ${linha.rotulo}` : ''}
        query={linha ? { ...semPaginacao(state.query), ...filtroDaLinhaVendas(agrupar, linha.chave) } : null}
        onClose={() => setLinha(null)}
      />
    </>
  );
}

/** The report's filters without its grouping, sort and page (the drill-down's own). */
function semPaginacao(q: Record<string, string>): Record<string, string> {
  const { page: _p, pageSize: _s, sort: _o, dir: _d, agrupar: _a, ...resto } = q;
  return resto;
}
