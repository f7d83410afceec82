import {
  businessMonthStart,
  businessToday,
  colunasGiro,
  DIAS_PADRAO_GIRO,
  formatDecimalBR,
  type LinhaGiro,
  textoColunaRelatorio,
  VISOES_GIRO,
  type VisaoGiro,
  visaoGiroLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSelect, FilterSlot } from '@/components/data-table/filter-select.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useListState } from '@/lib/list-state.ts';
import { filterOptions } from '@/modules/cadastros/api/opcoes.ts';
import { giroPosicaoApi, giroPosicaoKeys } from '../api/giro-posicao-api.ts';
import { RelatorioFrame } from '../components/relatorio-frame.tsx';
import '../relatorios.css';

// Giro e cobertura de estoque (/relatorios/giro-estoque; admin and estoque): three views in the
// report frame — turnover and days of cover per product in the period, stock without sales in the
// last N days with its value, lots expiring in N days (the expired ones marked). Filters: group,
// local, supplier; all in the URL. Formulas: packages/shared/src/relatorios/giro-estoque.ts.

const FILTROS = ['de', 'ate', 'visao', 'dias', 'grupo_id', 'local_id', 'fornecedor_id'] as const;

export function GiroEstoquePage() {
  const state = useListState({
    defaultSort: '',
    defaultDir: 'desc',
    filterKeys: FILTROS,
    defaultFilters: { de: businessMonthStart(), ate: businessToday(), visao: 'giro' },
  });
  const visao = (state.filters.visao || 'giro') as VisaoGiro;
  const opcoes = useQuery({ queryKey: giroPosicaoKeys.opcoesGiro, queryFn: giroPosicaoApi.opcoesGiro });
  const pagina = useQuery({
    queryKey: giroPosicaoKeys.giro(state.query),
    queryFn: () => giroPosicaoApi.giro(state.query),
    placeholderData: keepPreviousData,
  });
  const totais = pagina.data?.totais;
  const resumo =
    totais && totais.itens > 0 ? (
      <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Resumo">
        {(visao === 'giro'
          ? [
              ['Custo das vendas', textoColunaRelatorio('dinheiro', totais.cmv)],
              ['Estoque médio', textoColunaRelatorio('dinheiro', totais.estoque_medio)],
              ['Giro no período', totais.giro ? `${formatDecimalBR(totais.giro, 2)}×` : '—'],
              ['Produtos', String(totais.itens)],
            ]
          : [
              [
                visao === 'parado' ? 'Valor parado' : 'Valor a vencer',
                textoColunaRelatorio('dinheiro', totais.valor),
              ],
              [visao === 'parado' ? 'Produtos' : 'Lotes', String(totais.itens)],
            ]
        ).map(([rotulo, valor]) => (
          <div key={rotulo} className="rounded-lg border border-border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{rotulo}</dt>
            <dd className="text-lg font-semibold tabular-nums">{valor}</dd>
          </div>
        ))}
      </dl>
    ) : null;
  return (
    <RelatorioFrame<LinhaGiro>
      titulo="Giro e Cobertura de Estoque"
      descricao={
        visao === 'giro'
          ? 'Giro = custo das vendas ÷ estoque médio ((inicial + final) ÷ 2), a custo médio; cobertura = disponível ÷ venda média diária.'
          : visao === 'parado'
            ? 'Produtos com estoque e sem venda nos últimos dias escolhidos, com o valor a custo médio.'
            : 'Lotes com saldo que vencem até os dias escolhidos (os vencidos em destaque).'
      }
      caption={visaoGiroLabels[visao]}
      arquivo={`giro-estoque-${visao}`}
      state={state}
      colunas={colunasGiro(visao)}
      pagina={pagina.data}
      carregando={pagina.isFetching}
      erro={erroDaLista(pagina, 'Não foi possível carregar o relatório.')}
      onExport={(formato) => giroPosicaoApi.exportGiro(state.query, formato)}
      vazio={
        visao === 'giro'
          ? 'Nenhum produto com estoque ou venda no período com esses filtros.'
          : visao === 'parado'
            ? 'Nenhum produto parado com esses filtros.'
            : 'Nenhum lote vencendo no prazo com esses filtros.'
      }
      resumo={resumo}
      celula={(c, l) =>
        visao === 'validade' && c.chave === 'dias' && (l.dias ?? 0) < 0 ? (
          <Badge variant="destructive">Vencido há {-(l.dias ?? 0)} d</Badge>
        ) : visao === 'parado' && c.chave === 'dias' && l.dias === null ? (
          <span className="text-muted-foreground">Nunca vendido</span>
        ) : undefined
      }
      filtros={
        <>
          <FilterSlot label="Visão">
            {(id) => (
              <NativeSelect
                id={id}
                className="h-9 w-full sm:w-auto"
                value={visao}
                onChange={(e) => state.setFilters({ visao: e.target.value, dias: '' })}
              >
                {VISOES_GIRO.map((v) => (
                  <option key={v} value={v}>
                    {visaoGiroLabels[v]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FilterSlot>
          {visao === 'giro' ? (
            <FilterPeriodo
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
          ) : (
            <Dias
              label={visao === 'parado' ? 'Sem venda há (dias)' : 'Vence em até (dias)'}
              value={state.filters.dias || String(DIAS_PADRAO_GIRO[visao])}
              onChange={(v) => state.setFilter('dias', v)}
            />
          )}
          <FilterSelect
            label="Grupo"
            value={state.filters.grupo_id}
            options={filterOptions(opcoes.data?.grupos ?? [])}
            onChange={(v) => state.setFilter('grupo_id', v)}
          />
          <FilterSelect
            label="Local"
            value={state.filters.local_id}
            options={filterOptions(opcoes.data?.locais ?? [])}
            onChange={(v) => state.setFilter('local_id', v)}
          />
          <FilterSelect
            label="Fornecedor"
            value={state.filters.fornecedor_id}
            options={filterOptions(opcoes.data?.fornecedores ?? [])}
            onChange={(v) => state.setFilter('fornecedor_id', v)}
          />
        </>
      }
    />
  );
}

/** N in whole days; the URL takes it on blur or Enter. */
function Dias({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <FilterSlot label={label} className="sm:w-36">
      {(id) => (
        <Input
          id={id}
          key={value}
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
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
