import { describe, expect, it } from 'vitest';
import { podeTransitarNota, STATUS_NOTA, type StatusNota, TRANSICOES_NOTA } from './status-nota.ts';

describe('status machine of the outgoing NF-e', () => {
  const casos: Array<[StatusNota, StatusNota, boolean]> = [
    ['em_digitacao', 'assinada', true],
    ['assinada', 'autorizada', true],
    ['assinada', 'rejeitada', true],
    ['assinada', 'denegada', true],
    ['assinada', 'inutilizada', true],
    ['rejeitada', 'assinada', true],
    ['rejeitada', 'inutilizada', true],
    ['autorizada', 'cancelada', true],
    ['autorizada', 'inutilizada', false],
    ['assinada', 'cancelada', false],
    ['cancelada', 'autorizada', false],
    ['denegada', 'assinada', false],
    ['inutilizada', 'assinada', false],
    ['assinada', 'assinada', false],
  ];
  it.each(casos)('%s → %s: %s', (de, para, ok) => {
    expect(podeTransitarNota(de, para).permitido).toBe(ok);
  });

  it('every state is in the table and final states say so', () => {
    expect(Object.keys(TRANSICOES_NOTA).sort()).toEqual([...STATUS_NOTA].sort());
    expect(podeTransitarNota('cancelada', 'autorizada')).toEqual({
      permitido: false,
      motivo: 'Nota «Cancelada» não muda mais de situação.',
    });
    expect(podeTransitarNota('autorizada', 'rejeitada')).toEqual({
      permitido: false,
      motivo: 'Uma nota «Autorizada» não pode ir para «Rejeitada»: pode ir para «Cancelada».',
    });
  });
});
