import { describe, expect, it } from 'vitest';
import { moverPara } from './paradas-ordem.ts';

// The stop list's reorder: the dragged stop takes the place of the one it is dropped on.

describe('moverPara', () => {
  it.each([
    [['a', 'b', 'c', 'd'], 'a', 2, ['b', 'c', 'a', 'd']],
    [['a', 'b', 'c', 'd'], 'd', 0, ['d', 'a', 'b', 'c']],
    [['a', 'b', 'c', 'd'], 'b', 3, ['a', 'c', 'd', 'b']],
    [['a', 'b', 'c'], 'b', 1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 'a', 99, ['b', 'c', 'a']],
    [['a', 'b', 'c'], 'c', -1, ['c', 'a', 'b']],
  ])('%j: %s → %i = %j', (ids, id, destino, esperado) => {
    expect(moverPara(ids, id, destino)).toEqual(esperado);
  });
});
