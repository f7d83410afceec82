import {
  businessMonthStart,
  businessToday,
  type ClasseAbc,
  CRITERIOS_ABC,
  type CriterioAbc,
  colunasAbc,
  criterioAbcLabels,
  DIMENSOES_ABC,
  type DimensaoAbc,
  dimensaoAbcLabels,
  type LinhaAbc,
  textoColunaRelatorio,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect, FilterSlot } from '@/components/data-table/filter-select.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useListState } from '@/lib/list-state.ts';
import { filterOptions, useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import { relatoriosApi, relatoriosKeys } from '../api/relatorios-api.ts';
import { ParetoChart } from '../components/pareto-chart.tsx';
import { RelatorioFrame } from '../components/relatorio-frame.tsx';
import '../relatorios.css';

// Curva ABC (/relatorios/curva-abc): products or customers of the period ranked by revenue or gross
// margin, classified A/B/C at the cut-offs chosen (80/15/5 by default), with the Pareto chart and
// each class's count and share. A row opens the Vendas report of that product or customer by month.

const FILTROS = ['de', 'ate', 'dimensao', 'criterio', 'corte_a', 'corte_b', 'classe', 'vendedor_id'] as const;
const VARIANTE: Record<ClasseAbc, 'default' | 'secondary' | 'outline'> = {
  A: 'default',
  B: 'secondary',
  C: 'outline',
};

export function CurvaAbcPage() {
  const state = useListState({
    defaultSort: 'posicao',
    defaultDir: 'asc',
    filterKeys: FILTROS,
    defaultFilters: {
      de: businessMonthStart(),
      ate: businessToday(),
      dimensao: 'produto',
      criterio: 'receita',
      corte_a: '80',
      corte_b: '15',
    },
  });
  const vendedores = useOpcoes('vendedores');
  const navigate = useNavigate();
  const dimensao = (state.filters.dimensao || 'produto') as DimensaoAbc;
  const pagina = useQuery({
    queryKey: relatoriosKeys.abc(state.query),
    queryFn: () => relatoriosApi.abc(state.query),
    placeholderData: keepPreviousData,
  });
  const cortes = { a: Number(state.filters.corte_a) || 80, b: Number(state.filters.corte_b) || 15 };
  const totais = pagina.data?.totais;
  return (
    <RelatorioFrame<LinhaAbc>
      titulo="Curva ABC"
      descricao="Produtos ou clientes do período em ordem de receita ou de margem bruta, classificados nos cortes escolhidos."
      caption="Curva ABC"
      arquivo={`curva-abc-${dimensao === 'produto' ? 'produtos' : 'clientes'}`}
      state={state}
      colunas={colunasAbc(dimensao)}
      pagina={pagina.data}
      carregando={pagina.isFetching}
      erro={erroDaLista(pagina, 'Não foi possível carregar o relatório.')}
      onExport={(formato) => relatoriosApi.exportAbc(state.query, formato)}
      vazio="Nenhuma venda no período com esses filtros."
      celula={(c, l) =>
        c.chave === 'classe' ? <Badge variant={VARIANTE[l.classe]}>{l.classe}</Badge> : undefined
      }
      onLinha={(l) =>
        navigate(
          `/relatorios/vendas?${new URLSearchParams({
            de: pagina.data?.de ?? '',
            ate: pagina.data?.ate ?? '',
            agrupar: 'mes',
            sort: 'rotulo',
            dir: 'asc',
            [dimensao === 'produto' ? 'produto_id' : 'cliente_id']: l.chave,
            ...(state.filters.vendedor_id ? { vendedor_id: state.filters.vendedor_id } : {}),
          })}`,
        )
      }
      resumo={
        totais && totais.itens > 0 ? (
          <div className="mb-4 grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <ul className="grid min-w-0 gap-2 sm:grid-cols-3 lg:grid-cols-1" aria-label="Resumo por classe">
              {totais.classes.map((k) => (
                <li key={k.classe} className="min-w-0 rounded-lg border border-border bg-card p-3">
                  <div className="flex items-center justify-between">
                    <Badge variant={VARIANTE[k.classe]}>Classe {k.classe}</Badge>
                    <span className="text-sm text-muted-foreground tabular-nums">
                      {textoColunaRelatorio('percentual', k.participacao)}
                    </span>
                  </div>
                  <p className="mt-1 text-lg font-semibold tabular-nums">
                    {textoColunaRelatorio('dinheiro', k.valor)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {k.itens} {k.itens === 1 ? 'item' : 'itens'}
                  </p>
                </li>
              ))}
            </ul>
            <ParetoChart pareto={totais.pareto} cortes={cortes} />
          </div>
        ) : null
      }
      filtros={
        <>
          <FilterPeriodo
            de={state.filters.de}
            ate={state.filters.ate}
            onDe={(v) => state.setFilter('de', v)}
            onAte={(v) => state.setFilter('ate', v)}
          />
          <Escolha
            label="Curva de"
            value={dimensao}
            opcoes={DIMENSOES_ABC.map((d) => [d, dimensaoAbcLabels[d]])}
            onChange={(v) => state.setFilter('dimensao', v as DimensaoAbc)}
          />
          <Escolha
            label="Critério"
            value={(state.filters.criterio || 'receita') as CriterioAbc}
            opcoes={CRITERIOS_ABC.map((c) => [c, criterioAbcLabels[c]])}
            onChange={(v) => state.setFilter('criterio', v)}
          />
          <Corte
            label="Corte A (%)"
            value={state.filters.corte_a}
            onChange={(v) => state.setFilter('corte_a', v)}
          />
          <Corte
            label="Corte B (%)"
            value={state.filters.corte_b}
            onChange={(v) => state.setFilter('corte_b', v)}
          />
          <FilterSelect
            label="Classe"
            value={state.filters.classe}
            allLabel="Todas"
            options={['A', 'B', 'C'].map((c) => ({ value: c, label: c }))}
            onChange={(v) => state.setFilter('classe', v)}
          />
          <FilterSelect
            label="Vendedor"
            value={state.filters.vendedor_id}
            options={[{ value: 'sem', label: 'Sem vendedor' }, ...filterOptions(vendedores)]}
            onChange={(v) => state.setFilter('vendedor_id', v)}
          />
        </>
      }
    />
  );
}

function Escolha({
  label,
  value,
  opcoes,
  onChange,
}: {
  label: string;
  value: string;
  opcoes: [string, string][];
  onChange(v: string): void;
}) {
  return (
    <FilterSlot label={label}>
      {(id) => (
        <NativeSelect
          id={id}
          className="h-9 w-full sm:w-auto"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {opcoes.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </NativeSelect>
      )}
    </FilterSlot>
  );
}

/** A cut-off in whole percent; the URL takes it on blur or Enter (not on every key). */
function Corte({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <FilterSlot label={label} className="sm:w-24">
      {(id) => (
        <Input
          id={id}
          key={value}
          type="number"
          inputMode="numeric"
          min={1}
          max={98}
          className="h-9"
          defaultValue={value}
          onBlur={(e) => e.target.value !== value && onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          }}
        />
      )}
    </FilterSlot>
  );
}
