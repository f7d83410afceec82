import { describe, expect, it } from 'vitest';
import { abaterDevolucao, type TituloAbativel } from './abatimento-titulos.ts';

// The hand-worked sale of valores-proporcionais.test.ts: vNF 399,03 in three instalments of
// 133,01; the first already paid.
const titulos: TituloAbativel[] = [
  { id: 't1', parcela: 1, vencimento: '2026-12-01', saldo: '0.00', status: 'pago' },
  { id: 't2', parcela: 2, vencimento: '2026-12-31', saldo: '133.01', status: 'em_aberto' },
  { id: 't3', parcela: 3, vencimento: '2027-01-30', saldo: '133.01', status: 'em_aberto' },
];

describe('abaterDevolucao', () => {
  it('takes the value from the last instalment back (half returned: 199,52)', () => {
    // t3: 133,01 → 0; t2: 199,52 − 133,01 = 66,51 → saldo 133,01 − 66,51 = 66,50; no crédito.
    expect(abaterDevolucao('199.52', titulos)).toEqual({
      abatimentos: [
        { titulo_id: 't3', abatimento: '133.01', saldo: '0.00' },
        { titulo_id: 't2', abatimento: '66.51', saldo: '66.50' },
      ],
      credito: '0.00',
    });
  });

  it('turns what exceeds the open saldos into crédito (the other half, 199,51, on what is left)', () => {
    // only t2 is open with 66,50: abatimento 66,50, crédito 199,51 − 66,50 = 133,01 (the paid t1).
    const depois: TituloAbativel[] = [
      titulos[0] as TituloAbativel,
      { id: 't2', parcela: 2, vencimento: '2026-12-31', saldo: '66.50', status: 'parcial' },
      { id: 't3', parcela: 3, vencimento: '2027-01-30', saldo: '0.00', status: 'pago' },
    ];
    expect(abaterDevolucao('199.51', depois)).toEqual({
      abatimentos: [{ titulo_id: 't2', abatimento: '66.50', saldo: '0.00' }],
      credito: '133.01',
    });
  });

  it('stops at the first título that absorbs it, and works from any order of input', () => {
    expect(abaterDevolucao('10.00', [...titulos].reverse())).toEqual({
      abatimentos: [{ titulo_id: 't3', abatimento: '10.00', saldo: '123.01' }],
      credito: '0.00',
    });
  });

  it('skips cancelled and paid títulos; with none open everything is crédito', () => {
    const fechados: TituloAbativel[] = [
      { id: 'a', parcela: 1, vencimento: '2026-12-01', saldo: '50.00', status: 'cancelado' },
      { id: 'b', parcela: 2, vencimento: '2026-12-31', saldo: '0.00', status: 'pago' },
    ];
    expect(abaterDevolucao('25.37', fechados)).toEqual({ abatimentos: [], credito: '25.37' });
    expect(abaterDevolucao('0', titulos)).toEqual({ abatimentos: [], credito: '0.00' });
  });

  it('orders equal instalment numbers by the later due date, then by id', () => {
    const r = abaterDevolucao('15.00', [
      { id: 'x', parcela: 1, vencimento: '2026-12-01', saldo: '10.00', status: 'em_aberto' },
      { id: 'y', parcela: 1, vencimento: '2026-12-20', saldo: '10.00', status: 'em_aberto' },
    ]);
    expect(r.abatimentos.map((a) => [a.titulo_id, a.abatimento])).toEqual([
      ['y', '10.00'],
      ['x', '5.00'],
    ]);
  });

  it('serves the supplier side the same way (payable reduced, excess is crédito com o fornecedor)', () => {
    const pagar: TituloAbativel[] = [
      { id: 'p1', parcela: 1, vencimento: '2026-11-10', saldo: '300.00', status: 'em_aberto' },
      { id: 'p2', parcela: 2, vencimento: '2026-12-10', saldo: '100.00', status: 'parcial' },
    ];
    expect(abaterDevolucao('450.10', pagar)).toEqual({
      abatimentos: [
        { titulo_id: 'p2', abatimento: '100.00', saldo: '0.00' },
        { titulo_id: 'p1', abatimento: '300.00', saldo: '0.00' },
      ],
      credito: '50.10',
    });
  });

  it('refuses a negative value or fractions of a cent', () => {
    expect(() => abaterDevolucao('-1', titulos)).toThrow('valor da devolução inválido');
    expect(() => abaterDevolucao('1.001', titulos)).toThrow('valor da devolução inválido');
  });
});
