import { describe, expect, it } from 'vitest';
import { type LoteDisponivel, selecionaFefo } from './fefo.ts';

const hoje = '2026-11-20';
const lote = (
  loteId: string,
  validade: string | null,
  disponivel: string,
  localTipo: LoteDisponivel['localTipo'] = 'deposito',
  localId = 'DEP',
): LoteDisponivel => ({ loteId, numero: loteId, localId, localTipo, validade, disponivel });

describe('FEFO', () => {
  const lotes = [
    lote('L3', '2027-03-01', '50.000'),
    lote('L1', '2026-12-01', '10.000'),
    lote('VENCIDO', '2026-11-19', '100.000'),
    lote('L2', '2027-01-15', '20.000'),
    lote('AVARIA', '2026-11-25', '100.000', 'avaria', 'AVR'),
  ];

  it('takes the earliest validade first, skipping the expired lot and the avaria location', () => {
    expect(selecionaFefo(lotes, '25', hoje)).toEqual({
      ok: true,
      alocacoes: [
        { loteId: 'L1', localId: 'DEP', quantidade: '10.000' },
        { loteId: 'L2', localId: 'DEP', quantidade: '15.000' },
      ],
    });
  });

  it('one lot when it is enough', () => {
    expect(selecionaFefo(lotes, '4.5', hoje)).toEqual({
      ok: true,
      alocacoes: [{ loteId: 'L1', localId: 'DEP', quantidade: '4.500' }],
    });
  });

  it('a lot expiring today is still used today', () => {
    const r = selecionaFefo([lote('HOJE', hoje, '5'), lote('L9', '2027-01-01', '5')], '1', hoje);
    expect(r).toEqual({ ok: true, alocacoes: [{ loteId: 'HOJE', localId: 'DEP', quantidade: '1.000' }] });
  });

  it('answers the shortage with what the usable lots hold', () => {
    expect(selecionaFefo(lotes, '100', hoje)).toEqual({
      ok: false,
      disponivel: '80.000',
      faltante: '20.000',
    });
    expect(selecionaFefo([lote('VENCIDO', '2026-01-01', '9')], '1', hoje)).toEqual({
      ok: false,
      disponivel: '0.000',
      faltante: '1.000',
    });
  });

  it('ties: separação before depósito, then lot number; lots without validade last', () => {
    const r = selecionaFefo(
      [
        lote('SEM', null, '10'),
        lote('B', '2027-01-01', '1', 'deposito', 'DEP'),
        lote('A', '2027-01-01', '1', 'deposito', 'DEP'),
        lote('C', '2027-01-01', '1', 'separacao', 'SEP'),
        lote('ZERO', '2026-12-01', '0'),
      ],
      '4',
      hoje,
    );
    expect(r.ok && r.alocacoes.map((a) => a.loteId)).toEqual(['C', 'A', 'B', 'SEM']);
  });

  it('refuses a non-positive request', () => {
    expect(() => selecionaFefo(lotes, '0', hoje)).toThrow();
  });
});
