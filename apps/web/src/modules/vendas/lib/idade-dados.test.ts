import { describe, expect, it } from 'vitest';
import { idadeDados } from './idade-dados.ts';

describe('idadeDados', () => {
  const agora = new Date('2026-11-29T15:00:00Z');
  it.each([
    ['2026-11-29T14:59:30Z', 'agora há pouco'],
    ['2026-11-29T14:55:00Z', 'há 5 min'],
    ['2026-11-29T14:00:01Z', 'há 59 min'],
    ['2026-11-29T13:00:00Z', 'há 2 h'],
    ['2026-11-28T15:00:00Z', 'há 1 dia'],
    ['2026-11-26T14:00:00Z', 'há 3 dias'],
  ])('%s → %s', (desde, esperado) => {
    expect(idadeDados(desde, agora)).toBe(esperado);
  });
});
