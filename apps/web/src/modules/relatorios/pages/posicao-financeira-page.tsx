import {
  AGRUPAMENTOS_FLUXO_POSICAO,
  businessMonthStart,
  businessToday,
  colunasPosicao,
  Decimal,
  formatDateBR,
  type LinhaPosicao,
  textoColunaRelatorio,
  VISOES_POSICAO,
  type VisaoPosicao,
  visaoPosicaoLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterPeriodo, FilterSlot } from '@/components/data-table/filter-select.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useListState } from '@/lib/list-state.ts';
import { giroPosicaoApi, giroPosicaoKeys } from '../api/giro-posicao-api.ts';
import { RelatorioFrame } from '../components/relatorio-frame.tsx';
import '../relatorios.css';

// Posição financeira (/relatorios/posicao-financeira; admin and financeiro): four views in the
// report frame — aging of the receivables by customer and of the payables by supplier (on today),
// the DRE gerencial of the period by the plano gerencial (regime de caixa) and the cash flow
// realised vs forecast per week or day. Rules: packages/shared/src/relatorios/posicao-financeira.ts.

const FILTROS = ['de', 'ate', 'visao', 'agrupamento'] as const;
const AGRUPAMENTO_LABEL = { dia: 'Dia', semana: 'Semana' } as const;

export function PosicaoFinanceiraPage() {
  const state = useListState({
    defaultSort: 'total',
    defaultDir: 'desc',
    filterKeys: FILTROS,
    defaultFilters: {
      de: businessMonthStart(),
      ate: businessToday(),
      visao: 'receber',
      agrupamento: 'semana',
    },
  });
  const visao = (state.filters.visao || 'receber') as VisaoPosicao;
  const aging = visao === 'receber' || visao === 'pagar';
  const pagina = useQuery({
    queryKey: giroPosicaoKeys.posicao(state.query),
    queryFn: () => giroPosicaoApi.posicao(state.query),
    placeholderData: keepPreviousData,
  });
  const t = pagina.data?.totais;
  const din = (v: string | undefined) => textoColunaRelatorio('dinheiro', v ?? '0');
  const cartoes: [string, string][] = !t
    ? []
    : aging
      ? [
          ['Em aberto', din(t.total)],
          ['A vencer', din(t.a_vencer)],
          [
            'Vencido',
            din(
              Decimal.of(t.total ?? '0')
                .minus(t.a_vencer ?? '0')
                .toFixed(2),
            ),
          ],
          ['Mais de 90 dias', din(t.mais_90)],
        ]
      : visao === 'dre'
        ? [
            ['Receitas', din(t.receitas)],
            ['Custos', din(t.custos)],
            ['Despesas', din(t.despesas)],
            ['Resultado', din(t.resultado)],
          ]
        : [
            ['Entradas realizadas', din(t.entradas_realizadas)],
            ['Saídas realizadas', din(t.saidas_realizadas)],
            ['Saldo realizado', din(t.saldo_realizado)],
            ['Saldo previsto', din(t.saldo_previsto)],
          ];
  const resumo =
    t && t.itens > 0 ? (
      <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Resumo">
        {cartoes.map(([rotulo, valor]) => (
          <div key={rotulo} className="rounded-lg border border-border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{rotulo}</dt>
            <dd className="text-lg font-semibold tabular-nums">{valor}</dd>
          </div>
        ))}
      </dl>
    ) : null;
  const celula = (c: { chave: string }, l: LinhaPosicao): ReactNode | undefined => {
    if (visao !== 'dre' || c.chave === 'codigo') return undefined;
    const titulo = !l.codigo && (l.chave === l.grupo || l.chave === 'resultado');
    if (!titulo) return c.chave === 'rotulo' ? <span className="pl-4">{l.rotulo.trim()}</span> : undefined;
    return (
      <strong className="font-semibold">
        {c.chave === 'valor' ? textoColunaRelatorio('dinheiro', l.valor) : l.rotulo}
      </strong>
    );
  };
  return (
    <RelatorioFrame<LinhaPosicao>
      titulo="Posição Financeira"
      descricao={
        aging
          ? `Saldo em aberto em ${formatDateBR(pagina.data?.hoje ?? businessToday())} por dias de atraso.`
          : visao === 'dre'
            ? 'DRE gerencial pelo plano de classes, regime de caixa (baixas do período).'
            : 'Entradas e saídas realizadas (movimentos bancários) × previstas (vencimentos do período).'
      }
      caption={visaoPosicaoLabels[visao]}
      arquivo={`posicao-financeira-${visao}`}
      state={state}
      colunas={colunasPosicao(visao)}
      pagina={pagina.data}
      carregando={pagina.isFetching}
      erro={erroDaLista(pagina, 'Não foi possível carregar o relatório.')}
      onExport={(formato) => giroPosicaoApi.exportPosicao(state.query, formato)}
      vazio={aging ? 'Nenhum título em aberto.' : 'Nenhum lançamento no período.'}
      resumo={resumo}
      celula={celula}
      filtros={
        <>
          <FilterSlot label="Visão">
            {(id) => (
              <NativeSelect
                id={id}
                className="h-9 w-full sm:w-auto"
                value={visao}
                onChange={(e) => state.setFilter('visao', e.target.value)}
              >
                {VISOES_POSICAO.map((v) => (
                  <option key={v} value={v}>
                    {visaoPosicaoLabels[v]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FilterSlot>
          {aging ? null : (
            <FilterPeriodo
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
          )}
          {visao === 'fluxo' ? (
            <FilterSlot label="Agrupar por">
              {(id) => (
                <NativeSelect
                  id={id}
                  className="h-9 w-full sm:w-auto"
                  value={state.filters.agrupamento || 'semana'}
                  onChange={(e) => state.setFilter('agrupamento', e.target.value)}
                >
                  {AGRUPAMENTOS_FLUXO_POSICAO.map((a) => (
                    <option key={a} value={a}>
                      {AGRUPAMENTO_LABEL[a]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FilterSlot>
          ) : null}
        </>
      }
    />
  );
}
