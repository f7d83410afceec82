import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  formatBRL,
  formatDateBR,
  notasSaidaMensagens,
  plural,
  podeTransitarPedido,
  type StatusPedido,
  statusPedidoLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { GripVertical } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useListState } from '@/lib/list-state.ts';
import { filterOptions, useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import {
  type CartaoKanban,
  type ColunaKanban,
  type Kanban,
  kanbanApi,
  pedidosApi,
} from '../api/comercial-api.ts';
import { comercialKeys } from '../api/keys.ts';
import { colunaVizinha } from '../components/kanban-teclado.ts';
import { BloqueioBadge } from '../components/status-pedido-badge.tsx';

// Kanban de Pedidos (/comercial/kanban): a column per status (cancelado only as a filter), cards
// with número, cliente, valor, vendedor, entrega and blocker badges, count and total per column.
// Dragging a card (mouse, touch, or keyboard: Space picks up, ← → choose the column, Space drops,
// Esc cancels) calls the transition API; a move the status table refuses snaps back with a toast
// naming the reason — checked here first (podeTransitarPedido), the server's 409 otherwise. The
// board reloads every 15 s, so others' moves show up.

const POLLING_MS = 15_000;

type Dados = { cartao: CartaoKanban; de: StatusPedido };

const anuncios: Announcements = {
  onDragStart: ({ active }) =>
    `Pedido ${rotuloCartao(active.data.current as Dados)} pego. Use as setas esquerda e direita para escolher a coluna, Espaço para soltar, Esc para cancelar.`,
  onDragOver: ({ over }) =>
    over ? `Sobre a coluna ${statusPedidoLabels[over.id as StatusPedido]}.` : 'Fora das colunas.',
  onDragEnd: ({ over }) =>
    over ? `Solto na coluna ${statusPedidoLabels[over.id as StatusPedido]}.` : 'Solto fora das colunas.',
  onDragCancel: () => 'Movimento cancelado.',
};
const rotuloCartao = (d: Dados | undefined) => (d ? `nº ${d.cartao.numero}` : '');

export function KanbanPage() {
  const state = useListState({
    defaultSort: 'numero',
    filterKeys: ['vendedor_id', 'regiao_id', 'de', 'ate', 'cancelados'],
  });
  const { page: _p, pageSize: _s, sort: _o, dir: _d, q: _q, ...filtros } = state.query;
  const vendedores = useOpcoes('vendedores');
  const regioes = useOpcoes('regioes');
  const qc = useQueryClient();
  const chave = comercialKeys.kanban(filtros);
  const board = useQuery({
    queryKey: chave,
    queryFn: () => kanbanApi.get(filtros),
    placeholderData: keepPreviousData,
    refetchInterval: POLLING_MS,
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: colunaVizinha }),
  );
  const canceladosId = useId();
  const [arrastando, setArrastando] = useState<Dados | null>(null);

  const mover = async (cartao: CartaoKanban, de: StatusPedido, para: StatusPedido) => {
    const local = podeTransitarPedido(de, para, { bloqueiosPendentes: cartao.bloqueios.length });
    if (!local.permitido) {
      toast.error(local.motivo);
      return;
    }
    // an order is invoiced through its NF-e (Notas Fiscais), never by a move
    if (para === 'faturado') {
      toast.error(notasSaidaMensagens.faturarPelaNota);
      return;
    }
    // optimistic: the card moves now, and back if the server refuses
    const antes = qc.getQueryData<Kanban>(chave);
    if (antes) qc.setQueryData<Kanban>(chave, moveCartao(antes, cartao, de, para));
    try {
      await pedidosApi.transicao(cartao.id, { para, versao: cartao.versao });
      toast.success(`Pedido nº ${cartao.numero}: ${statusPedidoLabels[de]} → ${statusPedidoLabels[para]}.`);
    } catch (err) {
      if (antes) qc.setQueryData(chave, antes);
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível mover o pedido.');
    } finally {
      await qc.invalidateQueries({ queryKey: ['comercial'] });
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setArrastando(null);
    const d = active.data.current as Dados | undefined;
    if (!d || !over) return;
    const para = over.id as StatusPedido;
    if (para === d.de) return;
    void mover(d.cartao, d.de, para);
  };

  return (
    <div>
      <PageHeader
        title="Kanban de Pedidos"
        description="Arraste um pedido para a próxima etapa — com o mouse ou pelo teclado (Espaço pega, ← → escolhem a coluna, Espaço solta)."
      />
      <ListToolbar
        state={state}
        filters={
          <>
            <FilterSelect
              label="Vendedor"
              value={state.filters.vendedor_id}
              options={filterOptions(vendedores)}
              onChange={(v) => state.setFilter('vendedor_id', v)}
            />
            <FilterSelect
              label="Região"
              value={state.filters.regiao_id}
              allLabel="Todas"
              options={filterOptions(regioes)}
              onChange={(v) => state.setFilter('regiao_id', v)}
            />
            <FilterPeriodo
              deLabel="Emissão de"
              ateLabel="Emissão até"
              de={state.filters.de}
              ate={state.filters.ate}
              onDe={(v) => state.setFilter('de', v)}
              onAte={(v) => state.setFilter('ate', v)}
            />
            <div className="flex items-center gap-2 sm:mt-6">
              <Checkbox
                id={canceladosId}
                checked={state.filters.cancelados === 'true'}
                onCheckedChange={(v) => state.setFilter('cancelados', v === true ? 'true' : '')}
              />
              <Label htmlFor={canceladosId}>Mostrar cancelados</Label>
            </div>
          </>
        }
      />
      {board.isError && !board.data ? (
        <LoadErrorAlert
          message={
            board.error instanceof ApiError ? board.error.message : 'Não foi possível carregar o kanban.'
          }
          onRetry={() => void board.refetch()}
        />
      ) : !board.data ? (
        <div className="flex gap-3 overflow-hidden">
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-64 w-64 shrink-0" />
          ))}
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          onDragStart={({ active }) => setArrastando((active.data.current as Dados | undefined) ?? null)}
          onDragEnd={onDragEnd}
          onDragCancel={() => setArrastando(null)}
          accessibility={{
            announcements: anuncios,
            screenReaderInstructions: {
              draggable:
                'Para mover um pedido: Espaço ou Enter pega o cartão, as setas esquerda e direita escolhem a coluna, Espaço ou Enter solta, Esc cancela.',
            },
          }}
        >
          <div className="flex items-stretch gap-3 overflow-x-auto pb-3">
            {board.data.colunas.map((c) => (
              <Coluna key={c.status} coluna={c} />
            ))}
          </div>
          {/* the card follows the pointer above the columns (a column's list scrolls and would clip it) */}
          <DragOverlay dropAnimation={null}>
            {arrastando ? <CartaoConteudo cartao={arrastando.cartao} de={arrastando.de} flutuando /> : null}
          </DragOverlay>
        </DndContext>
      )}
    </div>
  );
}

function moveCartao(k: Kanban, cartao: CartaoKanban, de: StatusPedido, para: StatusPedido): Kanban {
  return {
    colunas: k.colunas.map((c) => {
      if (c.status === de)
        return { ...c, quantidade: c.quantidade - 1, cartoes: c.cartoes.filter((x) => x.id !== cartao.id) };
      if (c.status === para) return { ...c, quantidade: c.quantidade + 1, cartoes: [cartao, ...c.cartoes] };
      return c;
    }),
  };
}

function Coluna({ coluna }: { coluna: ColunaKanban }) {
  const { setNodeRef, isOver } = useDroppable({ id: coluna.status, disabled: coluna.status === 'cancelado' });
  const titulo = coluna.label ?? statusPedidoLabels[coluna.status];
  return (
    <section
      ref={setNodeRef}
      data-coluna={coluna.status}
      aria-label={`${titulo}: ${plural(coluna.quantidade, 'pedido', 'pedidos')}, ${formatBRL(coluna.total)}`}
      className={cn(
        'flex w-64 shrink-0 flex-col gap-2 rounded-lg border border-border bg-muted/40 p-2 transition-colors',
        isOver && 'border-primary bg-primary/5',
      )}
    >
      <header className="flex items-baseline justify-between gap-2 px-1">
        <h2 className="text-sm font-semibold">
          {titulo} <span className="font-normal text-muted-foreground">({coluna.quantidade})</span>
        </h2>
        <span className="text-xs tabular-nums text-muted-foreground" data-total-coluna={coluna.status}>
          {formatBRL(coluna.total)}
        </span>
      </header>
      <ul className="grid max-h-[calc(100dvh-18rem)] min-h-24 content-start gap-2 overflow-y-auto">
        {coluna.cartoes.map((c) => (
          <Cartao key={c.id} cartao={c} de={coluna.status} />
        ))}
      </ul>
      {coluna.quantidade > coluna.cartoes.length ? (
        <p className="px-1 text-xs text-muted-foreground">
          Mostrando {coluna.cartoes.length} de {coluna.quantidade}.{' '}
          <Link to={`/comercial/pedidos?status=${coluna.status}`} className="underline underline-offset-4">
            Ver todos
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function Cartao({ cartao, de }: { cartao: CartaoKanban; de: StatusPedido }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: cartao.id,
    data: { cartao, de } satisfies Dados,
    disabled: de === 'cancelado',
  });
  return (
    <li ref={setNodeRef} data-cartao={cartao.numero} className={cn(isDragging && 'opacity-40')}>
      <CartaoConteudo cartao={cartao} de={de} alca={{ ...attributes, ...listeners }} />
    </li>
  );
}

function CartaoConteudo({
  cartao,
  de,
  alca,
  flutuando,
}: {
  cartao: CartaoKanban;
  de: StatusPedido;
  alca?: Record<string, unknown>;
  flutuando?: boolean;
}) {
  return (
    <div
      className={cn(
        'grid gap-1 rounded-md border border-border bg-card p-2 text-sm shadow-xs',
        flutuando && 'shadow-lg ring-2 ring-primary',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          to={`/comercial/pedidos/${cartao.id}`}
          className="font-semibold tabular-nums underline-offset-4 hover:underline"
        >
          Nº {cartao.numero}
        </Link>
        {alca ? (
          <button
            type="button"
            {...alca}
            aria-label={`Mover o pedido nº ${cartao.numero} (${statusPedidoLabels[de]})`}
            aria-roledescription="cartão arrastável"
            className="-m-1 cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
        ) : (
          <GripVertical aria-hidden className="size-4 text-muted-foreground" />
        )}
      </div>
      <span className="truncate" title={cartao.cliente_nome}>
        {cartao.cliente_nome}
      </span>
      <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span className="truncate">{cartao.vendedor_nome ?? 'Sem vendedor'}</span>
        <span className="text-sm font-medium tabular-nums text-foreground">
          {formatBRL(cartao.valor_total)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
        {cartao.data_entrega ? <span>Entrega {formatDateBR(cartao.data_entrega)}</span> : null}
        {cartao.bloqueios.map((t) => (
          <BloqueioBadge key={t} tipo={t} />
        ))}
      </div>
    </div>
  );
}
