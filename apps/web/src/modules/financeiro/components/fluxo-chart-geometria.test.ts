import type { LinhaFluxo } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { geometriaFluxo, rotuloCurto } from './fluxo-chart-geometria.ts';

const linha = (saldo_realizado: string, saldo_previsto: string): LinhaFluxo => ({
  periodo: '2026-11-23',
  rotulo: '23/11/2026',
  entradas_realizadas: '0.00',
  saidas_realizadas: '0.00',
  entradas_previstas: '0.00',
  saidas_previstas: '0.00',
  saldo_realizado,
  saldo_previsto,
});

describe('geometriaFluxo', () => {
  it('scales the balances between the highest and the zero line', () => {
    const g = geometriaFluxo(
      [linha('0.00', '100.00'), linha('50.00', '200.00'), linha('100.00', '100.00')],
      600,
      160,
    );
    expect(g.xs).toEqual([0, 300, 600]);
    expect(g.zero).toBe(160);
    expect(g.realizado).toBe('0,160 300,120 600,80');
    expect(g.previsto).toBe('0,80 300,0 600,80');
  });

  it('puts a negative balance below zero', () => {
    const g = geometriaFluxo([linha('-100.00', '-100.00'), linha('100.00', '300.00')], 600, 160);
    expect(g.zero).toBe(120);
    expect(g.realizado).toBe('0,160 600,80');
    expect(g.previsto).toBe('0,160 600,0');
  });

  it('one period is centred; all zero keeps a flat line', () => {
    const g = geometriaFluxo([linha('0.00', '0.00')], 600, 160);
    expect(g.xs).toEqual([300]);
    expect(g.realizado).toBe('300,0');
  });
});

describe('rotuloCurto', () => {
  it.each([
    ['10/02/2027', '10/02'],
    ['Semana 06/2027', 'S06/27'],
    ['Semana 53/2026', 'S53/26'],
    ['fev/2027', 'fev/2027'],
  ])('%s → %s', (rotulo, curto) => {
    expect(rotuloCurto(rotulo)).toBe(curto);
  });
});
