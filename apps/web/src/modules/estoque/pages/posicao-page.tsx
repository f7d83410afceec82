import {
  Decimal,
  type ExportFormat,
  formatDateBR,
  type ListPage,
  type PosicaoRow,
  type PosicaoSaldoRow,
  type PosicaoTotais,
  plural,
  SITUACOES_POSICAO,
  situacaoPosicaoLabels,
  stockStatus,
  tipoLocalLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, ChevronDown, ChevronRight, ClipboardList, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table/data-table.tsx';
import { DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { ExportButtons } from '@/components/data-table/export-buttons.tsx';
import { FilterSelect } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useListState } from '@/lib/list-state.ts';
import { StockStatusBadge } from '@/modules/dashboard/components/status-badges.tsx';
import { posicaoApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { useOpcoesEstoque } from '../api/queries.ts';
import { formatCusto, formatQtd, formatValor, negativo } from '../components/formato.ts';
import {
  type MovimentoAberto,
  type MovimentoAlvo,
  MovimentoDialog,
} from '../components/movimento-dialogs.tsx';
import { ProdutoAcoes } from '../components/produto-acoes.tsx';
import { ValidadeBadge } from '../components/validade-badge.tsx';

// Posição de Estoque (/estoque): per product saldo, reservado, disponível, custo médio and value —
// of every location or of the one filtered —, each row unfolding into its locations and lots, a
// totals row of the whole filter, and the movement dialogs (ajuste, transferência) at hand.

type Linha = PosicaoRow & { id: string };
type Pagina = ListPage<PosicaoRow> & { totais: PosicaoTotais };

const num = 'text-right whitespace-nowrap tabular-nums';

function Qtd({ value, unidade }: { value: string; unidade: string }) {
  return (
    <span className={negativo(value) ? 'text-destructive' : undefined}>
      {formatQtd(value)} <span className="text-xs text-muted-foreground">{unidade}</span>
    </span>
  );
}

export function PosicaoPage() {
  const state = useListState({ defaultSort: 'nome', filterKeys: ['grupo_id', 'local_id', 'situacao'] });
  const grupos = useOpcoesEstoque('grupos');
  const locais = useOpcoesEstoque('locais');
  const [abertos, setAbertos] = useState<ReadonlySet<string>>(new Set());
  const [movimento, setMovimento] = useState<MovimentoAberto>(null);
  const abre = (tipo: 'ajuste' | 'transferencia', alvo: MovimentoAlvo) => setMovimento({ tipo, alvo });
  const list = useQuery({
    queryKey: estoqueKeys.posicao(state.query),
    queryFn: () => posicaoApi.list(state.query) as Promise<Pagina>,
    placeholderData: keepPreviousData,
  });
  const toggle = (id: string) =>
    setAbertos((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<Linha>[] = [
    {
      key: 'nome',
      header: 'Produto',
      sortKey: 'nome',
      card: 'title',
      className: 'min-w-64',
      cell: (r) => {
        const aberto = abertos.has(r.id);
        const Icon = aberto ? ChevronDown : ChevronRight;
        return (
          <div className="flex items-start gap-1">
            <Button
              size="icon"
              variant="ghost"
              className="-my-1 size-7 shrink-0"
              aria-expanded={aberto}
              aria-label={`${aberto ? 'Ocultar' : 'Mostrar'} locais e lotes de ${r.nome}`}
              onClick={() => toggle(r.id)}
            >
              <Icon aria-hidden />
            </Button>
            <div>
              <div className="font-medium">{r.nome}</div>
              <div className="font-mono text-xs text-muted-foreground">{r.codigo}</div>
              {temEmPedido(r) ? (
                // below 2xl the «Em pedido» column gives way (the table would scroll): shown here
                <div className="hidden text-xs text-muted-foreground sm:block 2xl:hidden">
                  Em pedido: <EmPedido linha={r} />
                </div>
              ) : null}
            </div>
          </div>
        );
      },
    },
    {
      key: 'saldo',
      header: 'Saldo',
      sortKey: 'saldo',
      className: num,
      cell: (r) => <Qtd value={r.saldo} unidade={r.unidade} />,
    },
    {
      key: 'reservado',
      header: 'Reservado',
      className: num,
      cell: (r) => <Qtd value={r.reservado} unidade={r.unidade} />,
    },
    {
      key: 'disponivel',
      header: 'Disponível',
      sortKey: 'disponivel',
      className: num,
      cell: (r) => <Qtd value={r.disponivel} unidade={r.unidade} />,
    },
    {
      // issue 34: the open purchase orders of the product (none: empty), the earliest delivery on hover
      key: 'em_pedido',
      header: 'Em pedido',
      className: `${num} hidden 2xl:table-cell`,
      cell: (r) => (temEmPedido(r) ? <EmPedido linha={r} /> : null),
      cardCell: (r) => (temEmPedido(r) ? <EmPedido linha={r} /> : '—'),
    },
    {
      key: 'situacao',
      header: 'Situação',
      card: 'badge',
      cell: (r) => {
        const s = stockStatus({ ...r, estoque_atual: r.saldo });
        return s === 'normal' ? null : <StockStatusBadge status={s} />;
      },
    },
    {
      key: 'custo_medio',
      header: 'Custo médio',
      sortKey: 'custo_medio',
      className: num,
      cell: (r) => formatCusto(r.custo_medio),
    },
    { key: 'valor', header: 'Valor', sortKey: 'valor', className: num, cell: (r) => formatValor(r.valor) },
  ];

  const totais = list.data?.totais;
  const opcao = (o: { id: string; nome: string; ativo: boolean }) => ({
    value: o.id,
    label: o.ativo ? o.nome : `${o.nome} (inativo)`,
  });
  return (
    <div>
      <PageHeader
        title="Posição de Estoque"
        description="Saldo, reservado e disponível por produto, com o custo médio e o valor em estoque. Abra um produto para ver seus locais e lotes."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/estoque/inventarios">
                <ClipboardList aria-hidden />
                Inventários
              </Link>
            </Button>
            <Button variant="outline" onClick={() => abre('transferencia', {})}>
              <ArrowLeftRight aria-hidden />
              Transferência
            </Button>
            <Button onClick={() => abre('ajuste', {})}>
              <SlidersHorizontal aria-hidden />
              Ajuste de estoque
            </Button>
          </>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Buscar por código, nome ou GTIN"
        filters={
          <>
            <FilterSelect
              label="Grupo"
              value={state.filters.grupo_id}
              options={grupos.map(opcao)}
              onChange={(v) => state.setFilter('grupo_id', v)}
            />
            <FilterSelect
              label="Local"
              value={state.filters.local_id}
              options={locais.map(opcao)}
              onChange={(v) => state.setFilter('local_id', v)}
            />
            <FilterSelect
              label="Situação"
              value={state.filters.situacao}
              allLabel="Todas"
              options={SITUACOES_POSICAO.map((s) => ({ value: s, label: situacaoPosicaoLabels[s] }))}
              onChange={(v) => state.setFilter('situacao', v)}
            />
          </>
        }
        actions={
          <ExportButtons
            fileBase="posicao-estoque"
            onExport={(formato: ExportFormat) => {
              const { page: _p, pageSize: _s, ...rest } = state.query;
              return posicaoApi.exportFile({ ...rest, formato });
            }}
          />
        }
      />
      <DataTable<Linha>
        caption="Posição de Estoque"
        columns={columns}
        rows={list.data?.items.map((r) => ({ ...r, id: r.produto_id }))}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list)}
        state={state}
        emptyText="Nenhum produto encontrado."
        rowActions={(r) => (
          <ProdutoAcoes
            alvo={{ produtoId: r.id, localId: state.filters.local_id || null }}
            label={r.nome}
            onMovimento={abre}
          />
        )}
        expanded={(r) =>
          abertos.has(r.id) ? (
            <SaldosDoProduto produto={r} localId={state.filters.local_id} onMovimento={abre} />
          ) : null
        }
        totals={
          totais
            ? {
                label: `Total: ${plural(totais.produtos, 'produto', 'produtos')}`,
                cells: { valor: <span className="font-semibold">{formatValor(totais.valor)}</span> },
              }
            : null
        }
      />
      <MovimentoDialog aberto={movimento} onClose={() => setMovimento(null)} />
    </div>
  );
}

const temEmPedido = (r: Linha) => !!r.em_pedido && Decimal.of(r.em_pedido).isPositive();

/** «Em pedido»: the quantity, with the orders and the earliest expected delivery as its title. */
function EmPedido({ linha }: { linha: Linha }) {
  const pedidos = plural(linha.em_pedido_pedidos ?? 0, 'pedido de compra', 'pedidos de compra');
  const titulo = linha.em_pedido_previsao
    ? `${pedidos} · previsão de entrega ${formatDateBR(linha.em_pedido_previsao)}`
    : `${pedidos} · sem previsão de entrega`;
  return (
    <span
      title={titulo}
      data-testid="em-pedido"
      className="cursor-help underline decoration-dotted underline-offset-4"
    >
      <Qtd value={linha.em_pedido!} unidade={linha.unidade} />
      <span className="sr-only"> ({titulo})</span>
    </span>
  );
}

/** A product's balances per location and lot (of the filtered location only, when there is one). */
function SaldosDoProduto({
  produto,
  localId,
  onMovimento,
}: {
  produto: Linha;
  localId: string;
  onMovimento(tipo: 'ajuste' | 'transferencia', alvo: MovimentoAlvo): void;
}) {
  const q = useQuery({
    queryKey: estoqueKeys.saldos(produto.id, localId),
    queryFn: () => posicaoApi.saldos(produto.id, localId) as Promise<PosicaoSaldoRow[]>,
  });
  const titulo = `Locais e lotes de ${produto.nome}`;
  if (q.isPending)
    return (
      <div className="grid gap-2 p-3" aria-busy>
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  if (q.isError)
    return (
      <div className="p-3">
        <LoadErrorAlert
          message={q.error instanceof ApiError ? q.error.message : 'Não foi possível carregar os saldos.'}
          onRetry={() => void q.refetch()}
        />
      </div>
    );
  if (!q.data.length) return <p className="p-3 text-sm text-muted-foreground">Sem saldo em nenhum local.</p>;
  return (
    <ul aria-label={titulo} className="divide-y divide-border text-sm">
      {q.data.map((s) => {
        const alvo: MovimentoAlvo = { produtoId: produto.id, localId: s.local_id, loteId: s.lote_id };
        const nome = [s.local_nome, s.lote_numero ? `lote ${s.lote_numero}` : null]
          .filter(Boolean)
          .join(', ');
        return (
          <li
            key={`${s.local_id}|${s.lote_id ?? ''}`}
            className="grid grid-cols-2 items-center gap-x-4 gap-y-1 px-3 py-2 sm:grid-cols-[minmax(12rem,2fr)_repeat(4,minmax(6rem,1fr))_auto] sm:pl-12"
          >
            <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
              <span className="font-medium">{s.local_nome}</span>
              {s.local_tipo === 'avaria' ? <Badge variant="warning">{tipoLocalLabels.avaria}</Badge> : null}
              {s.lote_numero ? (
                <span className="text-muted-foreground">
                  Lote {s.lote_numero}
                  {s.validade ? ` · validade ${formatDateBR(s.validade)}` : ''}
                </span>
              ) : null}
              <ValidadeBadge validade={s.validade} />
            </div>
            <Figura label="Saldo" value={<Qtd value={s.saldo} unidade={produto.unidade} />} />
            <Figura label="Reservado" value={<Qtd value={s.reservado} unidade={produto.unidade} />} />
            <Figura label="Disponível" value={<Qtd value={s.disponivel} unidade={produto.unidade} />} />
            <Figura label="Valor" value={formatValor(s.valor)} />
            <div className="col-span-2 flex justify-end gap-1 sm:col-span-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Ajustar ${nome}`}
                title="Ajuste de estoque"
                onClick={() => onMovimento('ajuste', alvo)}
              >
                <SlidersHorizontal aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Transferir de ${nome}`}
                title="Transferência"
                onClick={() => onMovimento('transferencia', alvo)}
              >
                <ArrowLeftRight aria-hidden />
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A labelled figure of a balance line (label above on a phone, right-aligned value). */
function Figura({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid sm:text-right">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}
