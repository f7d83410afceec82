import { describe, expect, it } from 'vitest';
import {
  agruparFluxo,
  dataPrevista,
  inicioPeriodo,
  periodosFluxo,
  rotuloPeriodo,
  semanaIso,
} from './fluxo-caixa.ts';

describe('periods', () => {
  it.each([
    ['2026-12-28', 2026, 53], // 2026 starts on a Thursday: 53 weeks
    ['2027-01-01', 2026, 53], // a Friday: still week 53 of 2026
    ['2027-01-03', 2026, 53],
    ['2027-01-04', 2027, 1],
    ['2024-12-30', 2025, 1], // a Monday of December in week 1 of the next year
    ['2025-12-29', 2026, 1],
    ['2021-01-03', 2020, 53],
    ['2027-02-08', 2027, 6],
  ])('ISO week of %s: %i-W%i', (dia, ano, semana) => {
    expect(semanaIso(dia)).toEqual({ ano, semana });
  });

  it('a period starts on the day, the Monday of the week, the 1st of the month', () => {
    expect(inicioPeriodo('2027-02-10', 'dia')).toBe('2027-02-10');
    expect(inicioPeriodo('2027-02-10', 'semana')).toBe('2027-02-08');
    expect(inicioPeriodo('2027-02-14', 'semana')).toBe('2027-02-08'); // Sunday
    expect(inicioPeriodo('2027-02-08', 'semana')).toBe('2027-02-08');
    expect(inicioPeriodo('2027-01-01', 'semana')).toBe('2026-12-28');
    expect(inicioPeriodo('2027-02-10', 'mes')).toBe('2027-02-01');
  });

  it('periods covering a range, and their labels', () => {
    expect(periodosFluxo('2026-12-30', '2027-01-02', 'dia')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(periodosFluxo('2026-12-30', '2027-01-12', 'semana')).toEqual([
      '2026-12-28',
      '2027-01-04',
      '2027-01-11',
    ]);
    expect(periodosFluxo('2026-11-15', '2027-02-01', 'mes')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(periodosFluxo('2027-01-01', '2027-12-31', 'dia')).toHaveLength(365);
    expect(rotuloPeriodo('2027-02-10', 'dia')).toBe('10/02/2027');
    expect(rotuloPeriodo('2026-12-28', 'semana')).toBe('Semana 53/2026');
    expect(rotuloPeriodo('2027-02-08', 'semana')).toBe('Semana 06/2027');
    expect(rotuloPeriodo('2027-02-01', 'mes')).toBe('fev/2027');
  });

  it('an overdue open título counts on today', () => {
    expect(dataPrevista('2026-11-01', '2026-11-23')).toBe('2026-11-23');
    expect(dataPrevista('2026-12-01', '2026-11-23')).toBe('2026-12-01');
  });
});

describe('agruparFluxo', () => {
  it('sums by week with running balances; empty periods present; entries outside left out', () => {
    const linhas = agruparFluxo({
      de: '2027-02-01',
      ate: '2027-02-21',
      agrupamento: 'semana',
      saldoInicial: '1000.00',
      lancamentos: [
        { data: '2027-02-01', sentido: 'entrada', valor: '333.34', realizado: true },
        { data: '2027-02-03', sentido: 'saida', valor: '120.00', realizado: true },
        { data: '2027-02-07', sentido: 'entrada', valor: '0.01', realizado: true },
        { data: '2027-02-19', sentido: 'entrada', valor: '333.33', realizado: false },
        { data: '2027-02-20', sentido: 'saida', valor: '500.00', realizado: false },
        { data: '2027-01-31', sentido: 'entrada', valor: '999.99', realizado: true },
        { data: '2027-02-22', sentido: 'saida', valor: '999.99', realizado: false },
      ],
    });
    expect(linhas).toEqual([
      {
        periodo: '2027-02-01',
        rotulo: 'Semana 05/2027',
        entradas_realizadas: '333.35',
        saidas_realizadas: '120.00',
        entradas_previstas: '0.00',
        saidas_previstas: '0.00',
        saldo_realizado: '1213.35',
        saldo_previsto: '1213.35',
      },
      {
        periodo: '2027-02-08',
        rotulo: 'Semana 06/2027',
        entradas_realizadas: '0.00',
        saidas_realizadas: '0.00',
        entradas_previstas: '0.00',
        saidas_previstas: '0.00',
        saldo_realizado: '1213.35',
        saldo_previsto: '1213.35',
      },
      {
        periodo: '2027-02-15',
        rotulo: 'Semana 07/2027',
        entradas_realizadas: '0.00',
        saidas_realizadas: '0.00',
        entradas_previstas: '333.33',
        saidas_previstas: '500.00',
        saldo_realizado: '1213.35',
        saldo_previsto: '1046.68',
      },
    ]);
  });

  it('by day over a year: one row per day', () => {
    const linhas = agruparFluxo({
      de: '2027-01-01',
      ate: '2027-12-31',
      agrupamento: 'dia',
      saldoInicial: '0',
      lancamentos: [{ data: '2027-12-31', sentido: 'entrada', valor: '10.00', realizado: true }],
    });
    expect(linhas).toHaveLength(365);
    expect(linhas.at(-1)).toMatchObject({ periodo: '2027-12-31', saldo_realizado: '10.00' });
    expect(linhas.at(-2)).toMatchObject({ saldo_realizado: '0.00' });
  });
});
