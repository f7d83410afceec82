import { describe, expect, it } from 'vitest';
import { colunaVizinha } from './kanban-teclado.ts';

// The keyboard drag jumps column to column; the card moves up into a neighbour column shorter than
// where it is (a long Liberado beside a short Em separação), else it would be over no column.

const rect = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});
const colunas = new Map([
  ['liberado', rect(0, 100, 256, 2000)],
  ['em_separacao', rect(272, 100, 256, 300)],
  ['conferido', rect(544, 100, 256, 3000)],
]);
const mover = (code: string, cartao: { x: number; y: number }) =>
  colunaVizinha(
    { code, preventDefault() {} } as unknown as KeyboardEvent,
    {
      active: 'c1',
      currentCoordinates: cartao,
      context: {
        droppableRects: colunas,
        collisionRect: rect(cartao.x, cartao.y, 236, 80),
        over: null,
      },
    } as never,
  );

describe('colunaVizinha', () => {
  it.each([
    [
      'high in a long column → the next one, same height',
      'ArrowRight',
      { x: 10, y: 150 },
      { x: 282, y: 150 },
    ],
    [
      'low in a long column → up into the short next one',
      'ArrowRight',
      { x: 10, y: 1500 },
      { x: 282, y: 320 },
    ],
    [
      'from the short one → the long next one, same height',
      'ArrowRight',
      { x: 282, y: 320 },
      { x: 554, y: 320 },
    ],
    ['← from the first column stays in it', 'ArrowLeft', { x: 10, y: 150 }, { x: 10, y: 150 }],
  ])('%s', (_nome, code, de, para) => expect(mover(code, de)).toEqual(para));

  it('↑ and ↓ do not move the card', () => {
    expect(mover('ArrowDown', { x: 10, y: 150 })).toEqual({ x: 10, y: 150 });
  });
});
