import { describe, expect, it } from 'vitest';
import {
  isPagamentoEmAtraso,
  jurosDeMora,
  multaPorAtraso,
  type TituloEncargos,
  valorParaBaixa,
} from './encargos.ts';

const titulo = (t: Partial<TituloEncargos> = {}): TituloEncargos => ({
  saldo: '1000.00',
  vencimento: '2026-03-02', // a Monday
  juros_mes_percentual: '1.0000',
  multa_percentual: '2.0000',
  ...t,
});

describe('juros de mora and multa', () => {
  it.each([
    // base, % a.m., days, juros: base × % × days / 3000
    ['1000.00', '1', 15, '5.00'], // the example
    ['1000.00', '1', 30, '10.00'],
    ['1234.56', '1', 7, '2.88'], // 86,4192 / 30 = 2,88064
    ['333.33', '2', 10, '2.22'], // 66,666 / 30 = 2,2222
    ['15.00', '1', 1, '0.01'], // 0,005 → half away from zero
    ['14.99', '1', 1, '0.00'], // 0,004996…
    ['1000.00', '0', 90, '0.00'],
    ['1000.00', '1', 0, '0.00'],
  ])('%s at %s %% a.m. for %i days = %s', (base, taxa, dias, juros) => {
    expect(jurosDeMora(base, taxa, dias).toFixed(2)).toBe(juros);
  });

  it('multa: base × % / 100, rounded once', () => {
    expect(multaPorAtraso('1000.00', '2').toFixed(2)).toBe('20.00');
    expect(multaPorAtraso('0.25', '2').toFixed(2)).toBe('0.01'); // 0,005
    expect(multaPorAtraso('123.45', '2.5').toFixed(2)).toBe('3.09'); // 3,08625
  });

  it('refuses negative days', () => {
    expect(() => jurosDeMora('1', '1', -1)).toThrow();
  });
});

describe('late payment', () => {
  it.each([
    ['paid on the due date', '2026-03-02', '2026-03-02', false],
    ['paid a day later', '2026-03-02', '2026-03-03', true],
    ['due Saturday, paid Monday', '2026-03-07', '2026-03-09', false],
    ['due Saturday, paid Tuesday', '2026-03-07', '2026-03-10', true],
    ['due on Carnaval Monday 2027, paid Wednesday', '2027-02-08', '2027-02-10', false],
    ['due on Carnaval Monday 2027, paid Thursday', '2027-02-08', '2027-02-11', true],
  ])('%s', (_caso, vencimento, pagamento, atraso) => {
    expect(isPagamentoEmAtraso(vencimento, pagamento)).toBe(atraso);
  });
});

describe('valorParaBaixa', () => {
  it('R$ 1.000,00 at 1 % a.m. paid 15 days late: juros R$ 5,00, multa 2 % R$ 20,00', () => {
    expect(valorParaBaixa(titulo({ vencimento: '2026-02-04' }), '2026-02-19')).toEqual({
      dias_atraso: 15,
      dias_juros: 15,
      saldo: '1000.00',
      juros: '5.00',
      multa: '20.00',
      desconto: '0.00',
      total: '1025.00',
    });
  });

  it('on time: no charges', () => {
    expect(valorParaBaixa(titulo(), '2026-03-02')).toMatchObject({
      dias_atraso: 0,
      juros: '0.00',
      multa: '0.00',
      total: '1000.00',
    });
  });

  it('due on a Saturday: free on Monday; from Tuesday the days count from the Saturday', () => {
    const t = titulo({ vencimento: '2026-03-07' });
    expect(valorParaBaixa(t, '2026-03-09').total).toBe('1000.00');
    // 3 days: 1000 × 1 × 3 / 3000 = 1,00; multa 20,00.
    expect(valorParaBaixa(t, '2026-03-10')).toMatchObject({
      dias_atraso: 3,
      juros: '1.00',
      multa: '20.00',
      total: '1021.00',
    });
  });

  it('after a late partial baixa: juros from that date on the saldo left, no second multa', () => {
    // First baixa on 17/03 (15 days late) paid juros and multa; saldo left 500,00.
    const t = titulo({ saldo: '500.00', baixas: [{ data_pagamento: '2026-03-17', desconto: '0.00' }] });
    // 01/04: 30 days after the due date, 15 after the last baixa: 500 × 1 × 15 / 3000 = 2,50.
    expect(valorParaBaixa(t, '2026-04-01')).toEqual({
      dias_atraso: 30,
      dias_juros: 15,
      saldo: '500.00',
      juros: '2.50',
      multa: '0.00',
      desconto: '0.00',
      total: '502.50',
    });
  });

  it('a partial baixa before the due date does not spare the multa of a later late one', () => {
    const t = titulo({ saldo: '600.00', baixas: [{ data_pagamento: '2026-02-20', desconto: '0.00' }] });
    // 10 days late: 600 × 1 × 10 / 3000 = 2,00; multa 600 × 2 % = 12,00.
    expect(valorParaBaixa(t, '2026-03-12')).toMatchObject({ juros: '2.00', multa: '12.00', total: '614.00' });
  });

  it('desconto until its date (inclusive), less what earlier baixas took, at most the saldo', () => {
    const t = titulo({ desconto_valor: '10.00', desconto_ate: '2026-02-25' });
    expect(valorParaBaixa(t, '2026-02-25')).toMatchObject({ desconto: '10.00', total: '990.00' });
    expect(valorParaBaixa(t, '2026-02-26')).toMatchObject({ desconto: '0.00', total: '1000.00' });
    const parcial = { ...t, saldo: '600.00', baixas: [{ data_pagamento: '2026-02-10', desconto: '4.00' }] };
    expect(valorParaBaixa(parcial, '2026-02-20')).toMatchObject({ desconto: '6.00', total: '594.00' });
    expect(valorParaBaixa({ ...t, saldo: '5.00' }, '2026-02-20')).toMatchObject({
      desconto: '5.00',
      total: '0.00',
    });
  });

  it('each component is rounded once and the total adds the rounded components', () => {
    // 1.234,56 at 1,5 % a.m. for 7 days: 129,6288 / 30 = 4,32096 → 4,32; multa 2,5 % = 30,864 → 30,86.
    const t = titulo({ saldo: '1234.56', juros_mes_percentual: '1.5000', multa_percentual: '2.5000' });
    expect(valorParaBaixa(t, '2026-03-09')).toMatchObject({
      dias_atraso: 7,
      juros: '4.32',
      multa: '30.86',
      total: '1269.74',
    });
  });
});
