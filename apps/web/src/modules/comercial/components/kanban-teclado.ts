import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

// The kanban's keyboard drag: with a card picked up (Space or Enter), ← and → jump to the previous
// and next column (the columns are droppables, in flow order on the screen), ↑ and ↓ do nothing.

export const colunaVizinha: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const passo = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') {
    event.preventDefault();
    return currentCoordinates;
  }
  if (!passo) return undefined;
  event.preventDefault();
  const colunas = [...context.droppableRects.entries()]
    .filter(([, rect]) => rect)
    .sort(([, a], [, b]) => a.left - b.left);
  if (!colunas.length) return undefined;
  const cx = (context.collisionRect?.left ?? currentCoordinates.x) + (context.collisionRect?.width ?? 0) / 2;
  let atual = colunas.findIndex(([, r]) => cx >= r.left && cx <= r.left + r.width);
  if (atual < 0) atual = colunas.findIndex(([id]) => id === context.over?.id);
  const alvo = colunas[Math.min(Math.max(atual + passo, 0), colunas.length - 1)];
  if (!alvo) return undefined;
  const [, rect] = alvo;
  const largura = context.collisionRect?.width ?? 0;
  const altura = context.collisionRect?.height ?? 0;
  // the card keeps its height on the screen unless the neighbour column is shorter than where the
  // card is (a long column beside a short one): then it moves up into that column, or it would be
  // over no column at all
  const y = Math.min(
    Math.max(currentCoordinates.y, rect.top),
    Math.max(rect.top + rect.height - altura, rect.top),
  );
  return { x: rect.left + Math.max((rect.width - largura) / 2, 0), y };
};
