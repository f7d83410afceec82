import { type ProdutoRow, stockStatus } from '@erp/shared';
import { useState } from 'react';
import { ativoColumn, type Column } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import { useListState } from '@/lib/list-state.ts';
import { StockStatusBadge } from '@/modules/dashboard/components/status-badges.tsx';
import { produtosApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { useOpcoesEstoque } from '../api/queries.ts';
import { formatCusto, formatQtd, formatValor } from '../components/formato.ts';
import { type MovimentoAberto, MovimentoDialog } from '../components/movimento-dialogs.tsx';
import { ProdutoAcoes } from '../components/produto-acoes.tsx';
import { ProdutoForm } from '../components/produto-form.tsx';

const api = produtosApi as unknown as RegisterApi<ProdutoRow>;

const columns: Column<ProdutoRow>[] = [
  {
    key: 'codigo',
    header: 'Código',
    sortKey: 'codigo',
    cell: (r) => <span className="font-mono text-xs">{r.codigo}</span>,
    className: 'whitespace-nowrap',
  },
  {
    key: 'nome',
    header: 'Produto',
    sortKey: 'nome',
    className: 'min-w-56',
    card: 'title',
    // below 2xl (1536 px) the group rides under the name: with its own column the table is wider
    // than a 1366 px screen and the Status column hides under the pinned row actions
    cell: (r) => (
      <div>
        <div className="font-medium">{r.nome}</div>
        {r.marca || r.grupo_nome ? (
          <div className="text-xs text-muted-foreground">
            {r.marca}
            {r.grupo_nome ? (
              <span className="2xl:hidden">
                {r.marca ? ' · ' : ''}
                {r.grupo_nome}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    ),
    cardCell: (r) => (
      <div>
        <div className="font-medium">{r.nome}</div>
        {r.marca ? <div className="text-xs text-muted-foreground">{r.marca}</div> : null}
      </div>
    ),
  },
  {
    key: 'grupo',
    header: 'Grupo',
    className: 'hidden 2xl:table-cell',
    cell: (r) => r.grupo_nome ?? '—',
  },
  {
    key: 'estoque',
    header: 'Estoque',
    sortKey: 'estoque_atual',
    className: 'text-right whitespace-nowrap',
    cell: (r) => (
      <span className="tabular-nums">
        {formatQtd(r.estoque_atual)} <span className="text-xs text-muted-foreground">{r.unidade}</span>
      </span>
    ),
  },
  {
    key: 'situacao',
    header: 'Situação',
    card: 'badge',
    cell: (r) => {
      const s = stockStatus(r);
      return s === 'normal' ? null : <StockStatusBadge status={s} />;
    },
  },
  {
    key: 'custo',
    header: 'Custo médio',
    sortKey: 'custo_medio',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => formatCusto(r.custo_medio),
  },
  {
    key: 'preco',
    header: 'Preço de venda',
    sortKey: 'preco_venda',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => formatValor(r.preco_venda),
  },
  ativoColumn<ProdutoRow>(),
];

export function ProdutosPage() {
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['ativo', 'grupo_id', 'categoria_id', 'abaixo_minimo'],
    defaultFilters: { ativo: 'true' },
  });
  const grupos = useOpcoesEstoque('grupos');
  const categorias = useOpcoesEstoque('categorias');
  const [movimento, setMovimento] = useState<MovimentoAberto>(null);
  const opcao = (o: { id: string; nome: string; ativo: boolean }) => ({
    value: o.id,
    label: o.ativo ? o.nome : `${o.nome} (inativo)`,
  });
  return (
    <>
      <RegisterPage
        title="Produtos"
        description="Produtos com embalagens, dados fiscais e níveis de estoque; saldo e custo médio vêm das movimentações."
        queryKey={estoqueKeys.registro('produtos')}
        api={api}
        state={state}
        columns={columns}
        searchPlaceholder="Buscar por código, nome ou GTIN"
        newLabel="Novo produto"
        rowLabel={(r) => r.nome}
        exportBase="produtos"
        filters={
          <>
            <AtivoFilter state={state} />
            <FilterSelect
              label="Grupo"
              value={state.filters.grupo_id}
              options={grupos.map(opcao)}
              onChange={(v) => state.setFilter('grupo_id', v)}
            />
            <FilterSelect
              label="Categoria"
              value={state.filters.categoria_id}
              allLabel="Todas"
              options={categorias.map(opcao)}
              onChange={(v) => state.setFilter('categoria_id', v)}
            />
            <FilterSelect
              label="Estoque"
              value={state.filters.abaixo_minimo}
              options={[{ value: 'true', label: 'Abaixo do mínimo' }]}
              onChange={(v) => state.setFilter('abaixo_minimo', v)}
            />
          </>
        }
        extraRowActions={(r) => (
          <ProdutoAcoes
            alvo={{ produto: r, produtoId: r.id }}
            label={r.nome}
            onMovimento={(tipo, alvo) => setMovimento({ tipo, alvo })}
          />
        )}
        renderForm={(id, close) => <ProdutoForm id={id} onClose={close} />}
      />
      <MovimentoDialog aberto={movimento} onClose={() => setMovimento(null)} />
    </>
  );
}
