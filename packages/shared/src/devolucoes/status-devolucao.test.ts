import { describe, expect, it } from 'vitest';
import {
  isStatusDevolucao,
  podeTransitarDevolucao,
  STATUS_DEVOLUCAO,
  STATUS_DEVOLUCAO_RESERVAM_SALDO,
  type StatusDevolucao,
  TRANSICOES_DEVOLUCAO,
} from './status-devolucao.ts';

describe('podeTransitarDevolucao', () => {
  it.each([
    ['rascunho', 'emitida'],
    ['rascunho', 'lancada'],
    ['rascunho', 'cancelada'],
    ['emitida', 'autorizada'],
    ['emitida', 'cancelada'],
    ['autorizada', 'cancelada'],
    ['lancada', 'cancelada'],
  ] as const)('allows %s → %s', (de, para) => {
    expect(podeTransitarDevolucao(de, para)).toEqual({ permitido: true });
  });

  it.each([
    ['rascunho', 'rascunho', 'A devolução já está «Rascunho».'],
    ['cancelada', 'rascunho', 'Devolução cancelada não muda mais de situação.'],
    ['autorizada', 'rascunho', 'Uma devolução «Autorizada» não volta a rascunho.'],
    ['rascunho', 'autorizada', 'A nota da devolução precisa ser emitida (assinada) antes de ser autorizada.'],
    [
      'emitida',
      'lancada',
      'Devolução com nota própria emitida é concluída pela autorização da SEFAZ, não por lançamento.',
    ],
    [
      'lancada',
      'autorizada',
      'Uma devolução «Lançada» não pode ir para «Autorizada»: pode ir para «Cancelada».',
    ],
  ] as const)('refuses %s → %s', (de, para, motivo) => {
    expect(podeTransitarDevolucao(de, para)).toEqual({ permitido: false, motivo });
  });

  it('agrees with its table for every pair', () => {
    for (const de of STATUS_DEVOLUCAO)
      for (const para of STATUS_DEVOLUCAO)
        expect(podeTransitarDevolucao(de, para).permitido).toBe(
          (TRANSICOES_DEVOLUCAO[de] as readonly StatusDevolucao[]).includes(para),
        );
  });

  it('every status but cancelada holds the saldo', () => {
    expect(STATUS_DEVOLUCAO.filter((s) => !STATUS_DEVOLUCAO_RESERVAM_SALDO.includes(s))).toEqual([
      'cancelada',
    ]);
    expect([isStatusDevolucao('emitida'), isStatusDevolucao('devolvida')]).toEqual([true, false]);
  });
});
