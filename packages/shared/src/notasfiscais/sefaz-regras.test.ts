import { describe, expect, it } from 'vitest';
import {
  cancelarNotaSchema,
  cartaCorrecaoSchema,
  desfechoDoCStat,
  inutilizacaoSchema,
  podeCancelarNoPrazo,
  proximaSequenciaCce,
  sefazMensagens,
} from './sefaz-regras.ts';

describe('desfecho of a SEFAZ cStat', () => {
  it.each([
    ['100', 'autorizada'],
    ['150', 'autorizada'],
    ['110', 'denegada'],
    ['301', 'denegada'],
    ['302', 'denegada'],
    ['303', 'denegada'],
    ['204', 'duplicidade'],
    ['108', 'indisponivel'],
    ['109', 'indisponivel'],
    ['539', 'rejeitada'],
    ['225', 'rejeitada'],
    ['297', 'rejeitada'],
  ])('%s → %s', (cStat, desfecho) => {
    expect(desfechoDoCStat(cStat)).toBe(desfecho);
  });
});

describe('cancellation window (24 h)', () => {
  const autorizada = new Date('2026-11-23T10:00:00-03:00');
  it.each([
    ['2026-11-23T10:00:00-03:00', true],
    ['2026-11-24T09:59:59-03:00', true],
    ['2026-11-24T10:00:00-03:00', true],
    ['2026-11-24T10:00:01-03:00', false],
    ['2026-11-30T10:00:00-03:00', false],
  ])('at %s: %s', (agora, ok) => {
    const v = podeCancelarNoPrazo(autorizada, new Date(agora));
    expect(v.permitido).toBe(ok);
    if (!ok) expect(v).toEqual({ permitido: false, motivo: sefazMensagens.prazoCancelamento });
  });
});

describe('CC-e sequence', () => {
  it.each([
    [[], 1],
    [[1], 2],
    [[1, 2, 3], 4],
    [[2, 1], 3],
    [[19], 20],
    [[20], null],
  ] as [number[], number | null][])('after %j → %s', (registradas, proxima) => {
    expect(proximaSequenciaCce(registradas)).toBe(proxima);
  });
});

describe('route bodies', () => {
  it('justificativa: at least 15 characters after collapsing blanks', () => {
    expect(
      cancelarNotaSchema.safeParse({ justificativa: '  curta  demais ' }).error?.issues[0]?.message,
    ).toBe(sefazMensagens.justificativaCurta);
    expect(cancelarNotaSchema.parse({ justificativa: ' Pedido  cancelado\npelo cliente ' })).toEqual({
      justificativa: 'Pedido cancelado pelo cliente',
    });
    expect(cancelarNotaSchema.safeParse({}).error?.issues[0]?.message).toBe(
      sefazMensagens.justificativaCurta,
    );
  });
  it('correção: 15 to 1000 characters', () => {
    expect(cartaCorrecaoSchema.safeParse({ correcao: 'x'.repeat(14) }).success).toBe(false);
    expect(cartaCorrecaoSchema.safeParse({ correcao: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      sefazMensagens.correcaoLonga,
    );
    expect(cartaCorrecaoSchema.parse({ correcao: 'Endereço de entrega: Rua B, 10' }).correcao).toBe(
      'Endereço de entrega: Rua B, 10',
    );
  });
  it('inutilização: range order and size, série 0..999', () => {
    const base = { serie: 1, justificativa: 'Numeração pulada por falha' };
    expect(inutilizacaoSchema.parse({ ...base, numero_inicial: '10', numero_final: '12' })).toMatchObject({
      numero_inicial: 10,
      numero_final: 12,
    });
    expect(
      inutilizacaoSchema.safeParse({ ...base, numero_inicial: 12, numero_final: 10 }).error?.issues[0],
    ).toMatchObject({ path: ['numero_final'], message: sefazMensagens.faixaInvertida });
    expect(
      inutilizacaoSchema.safeParse({ ...base, numero_inicial: 1, numero_final: 10_001 }).error?.issues[0]
        ?.message,
    ).toBe(sefazMensagens.faixaLonga);
    expect(
      inutilizacaoSchema.safeParse({ ...base, serie: 1000, numero_inicial: 1, numero_final: 1 }).success,
    ).toBe(false);
    expect(inutilizacaoSchema.safeParse({ ...base, numero_inicial: 0, numero_final: 1 }).success).toBe(false);
  });
});
