import { describe, expect, it } from 'vitest';
import { accountStatusLabel, isOverdue } from './overdue.ts';

describe('overdue rule', () => {
  const hoje = '2026-03-15';
  it('open and due before today is overdue; due today is not', () => {
    expect(isOverdue({ status: 'em_aberto', data_vencimento: '2026-03-14' }, hoje)).toBe(true);
    expect(isOverdue({ status: 'em_aberto', data_vencimento: '2026-03-15' }, hoje)).toBe(false);
    expect(isOverdue({ status: 'em_aberto', data_vencimento: '2026-03-16' }, hoje)).toBe(false);
    expect(isOverdue({ status: 'em_aberto', data_vencimento: '2025-12-31' }, hoje)).toBe(true);
  });
  it('paid or cancelled accounts are never overdue', () => {
    expect(isOverdue({ status: 'pago', data_vencimento: '2026-01-01' }, hoje)).toBe(false);
    expect(isOverdue({ status: 'cancelado', data_vencimento: '2026-01-01' }, hoje)).toBe(false);
  });
  it('status badge texts', () => {
    expect(accountStatusLabel({ status: 'em_aberto', data_vencimento: '2026-03-14' }, hoje)).toBe('Vencida');
    expect(accountStatusLabel({ status: 'em_aberto', data_vencimento: '2026-03-15' }, hoje)).toBe(
      'Em aberto',
    );
  });
});
