import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { formatBRL, formatDecimalBR } from '@erp/shared';
import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { StatusPedidoBadge } from '@/modules/comercial/components/status-pedido-badge.tsx';
import type { ParadaCarga } from '../api/expedicao-api.ts';
import { m3 } from './medidores-carga.tsx';
import { moverPara } from './paradas-ordem.ts';
import { StatusConferenciaBadge } from './status-carga-badge.tsx';

// The stops of a load in delivery order. Reordered by dragging the handle (pointer, touch, or the
// keyboard: Space picks the stop up, ↑ ↓ choose the place, Space drops, Esc cancels — announced in
// pt-BR) or by the ↑ ↓ buttons; each move saves the whole sequence.

/** Keyboard drag: ↑ / ↓ jump to the previous / next stop row. */
const paradaVizinha: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const passo = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
  if (event.code === 'ArrowLeft' || event.code === 'ArrowRight') {
    event.preventDefault();
    return currentCoordinates;
  }
  if (!passo) return undefined;
  event.preventDefault();
  const linhas = [...context.droppableRects.entries()]
    .filter(([, r]) => r)
    .sort(([, a], [, b]) => a.top - b.top);
  const cy = (context.collisionRect?.top ?? currentCoordinates.y) + (context.collisionRect?.height ?? 0) / 2;
  let atual = linhas.findIndex(([, r]) => cy >= r.top && cy <= r.top + r.height);
  if (atual < 0) atual = linhas.findIndex(([id]) => id === context.over?.id);
  const alvo = linhas[Math.min(Math.max(atual + passo, 0), linhas.length - 1)];
  if (!alvo) return undefined;
  const [, rect] = alvo;
  return {
    x: currentCoordinates.x,
    y: rect.top + Math.max((rect.height - (context.collisionRect?.height ?? 0)) / 2, 0),
  };
};

export function ParadasLista({
  paradas,
  editavel,
  reordenavel,
  onOrdem,
  onRemover,
}: {
  paradas: ParadaCarga[];
  editavel: boolean;
  reordenavel: boolean;
  onOrdem(ids: string[]): void;
  onRemover(p: ParadaCarga): void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: paradaVizinha }),
  );
  const ids = paradas.map((p) => p.pedido_id);
  const posicao = (id: string | number | undefined) => paradas.findIndex((p) => p.pedido_id === id) + 1;
  const anuncios: Announcements = {
    onDragStart: ({ active }) =>
      `Parada ${posicao(active.id)} pega. Use as setas para cima e para baixo para escolher o lugar, Espaço para soltar, Esc para cancelar.`,
    onDragOver: ({ over }) => (over ? `Sobre a parada ${posicao(over.id)}.` : 'Fora da lista.'),
    onDragEnd: ({ over }) => (over ? `Solta na posição ${posicao(over.id)}.` : 'Solta fora da lista.'),
    onDragCancel: () => 'Movimento cancelado.',
  };
  const fim = (e: DragEndEvent) => {
    if (!e.over || e.over.id === e.active.id) return;
    onOrdem(moverPara(ids, String(e.active.id), ids.indexOf(String(e.over.id))));
  };
  if (!paradas.length)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        Nenhum pedido na carga. Marque os pedidos disponíveis e clique em «Adicionar à carga».
      </p>
    );
  return (
    <DndContext sensors={sensors} onDragEnd={fim} accessibility={{ announcements: anuncios }}>
      <ol className="grid grid-cols-1 gap-2" aria-label="Paradas da carga">
        {paradas.map((p, i) => (
          <Parada
            key={p.pedido_id}
            p={p}
            i={i}
            total={paradas.length}
            editavel={editavel}
            reordenavel={reordenavel}
            onMover={(destino) => onOrdem(moverPara(ids, p.pedido_id, destino))}
            onRemover={() => onRemover(p)}
          />
        ))}
      </ol>
    </DndContext>
  );
}

function Parada({
  p,
  i,
  total,
  editavel,
  reordenavel,
  onMover,
  onRemover,
}: {
  p: ParadaCarga;
  i: number;
  total: number;
  editavel: boolean;
  reordenavel: boolean;
  onMover(destino: number): void;
  onRemover(): void;
}) {
  const drag = useDraggable({ id: p.pedido_id, disabled: !reordenavel });
  const drop = useDroppable({ id: p.pedido_id });
  const estilo = drag.transform ? { transform: `translate3d(0, ${drag.transform.y}px, 0)` } : undefined;
  return (
    <li
      ref={drop.setNodeRef}
      data-parada={p.numero}
      className={cn(
        'min-w-0 rounded-md border bg-card p-3 text-sm transition-colors',
        drop.isOver && !drag.isDragging && 'border-primary bg-primary/5',
      )}
    >
      <div
        ref={drag.setNodeRef}
        style={estilo}
        className={cn('flex items-start gap-2', drag.isDragging && 'opacity-70')}
      >
        {reordenavel ? (
          <button
            type="button"
            className="mt-0.5 cursor-grab rounded p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={`Mover a parada ${i + 1} (pedido nº ${p.numero})`}
            {...drag.listeners}
            {...drag.attributes}
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
        ) : null}
        <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
          {i + 1}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">Pedido nº {p.numero}</span>
            <StatusPedidoBadge status={p.status} />
            {p.conferencia_status ? <StatusConferenciaBadge status={p.conferencia_status} /> : null}
          </div>
          <div className="truncate">{p.cliente_nome}</div>
          <div className="text-xs text-muted-foreground">
            {[
              p.regiao_nome,
              [p.cidade, p.uf].filter(Boolean).join('/'),
              p.cep?.replace(/^(\d{5})(\d{3})$/, '$1-$2'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
          <div className="text-xs tabular-nums text-muted-foreground">
            {formatDecimalBR(p.peso_bruto, 0)} kg · {m3(p.volume)} · {formatBRL(p.valor_total)}
          </div>
        </div>
        {reordenavel ? (
          <div className="flex flex-col">
            <Button
              size="icon"
              variant="ghost"
              className="size-7"
              disabled={i === 0}
              aria-label={`Subir a parada ${i + 1}`}
              onClick={() => onMover(i - 1)}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              className="size-7"
              disabled={i === total - 1}
              aria-label={`Descer a parada ${i + 1}`}
              onClick={() => onMover(i + 1)}
            >
              <ArrowDown aria-hidden />
            </Button>
          </div>
        ) : null}
        {editavel ? (
          <Button
            size="icon"
            variant="ghost"
            className="size-7 text-destructive"
            aria-label={`Retirar o pedido nº ${p.numero} da carga`}
            onClick={onRemover}
          >
            <X aria-hidden />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
