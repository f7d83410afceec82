import { describe, expect, it } from 'vitest';
import {
  isCartao,
  recebimentoCartao,
  TIPOS_FORMA,
  TPAG,
  tipoFormaLabels,
  tPagPorTipo,
} from './formas-pagamento.ts';

describe('formas de pagamento', () => {
  it('map each tipo to its NF-e tPag', () => {
    expect(TIPOS_FORMA.map((t) => [tipoFormaLabels[t], tPagPorTipo[t], TPAG[tPagPorTipo[t]]])).toEqual([
      ['Dinheiro', '01', 'Dinheiro'],
      ['PIX', '20', 'Pagamento Instantâneo (PIX) – Estático'],
      ['Boleto', '15', 'Boleto Bancário'],
      ['Cartão de crédito', '03', 'Cartão de Crédito'],
      ['Cartão de débito', '04', 'Cartão de Débito'],
      ['Cheque', '02', 'Cheque'],
      ['Transferência', '18', 'Transferência bancária, Carteira Digital'],
      ['Depósito', '16', 'Depósito Bancário'],
    ]);
  });

  it('only cards carry a taxa', () => {
    expect(TIPOS_FORMA.filter(isCartao)).toEqual(['cartao_credito', 'cartao_debito']);
  });

  it.each([
    // 1.000,00 × 3,49 % = 34,90; D+30 from Sat 09/01/2027 = Mon 08/02 (Carnaval) → Wed 10/02.
    ['credit D+30 across Carnaval', '1000.00', '3.4900', 30, '2027-01-09', '34.90', '965.10', '2027-02-10'],
    // 0,50 × 1 % = 0,005 → 0,01 (half away from zero).
    ['half a cent of taxa', '0.50', '1.0000', 1, '2026-12-03', '0.01', '0.49', '2026-12-04'],
    // debit D+1 from Friday 04/12/2026 → Saturday → Monday 07/12.
    ['debit D+1 on a Friday', '250.00', '1.9900', 1, '2026-12-04', '4.98', '245.02', '2026-12-07'],
    ['no taxa, same day', '80.00', null, null, '2026-12-04', '0.00', '80.00', '2026-12-04'],
  ])('%s', (_caso, bruto, taxa, prazo, data, valorTaxa, liquido, credito) => {
    expect(recebimentoCartao(bruto, { taxa_percentual: taxa, prazo_compensacao_dias: prazo }, data)).toEqual({
      bruto,
      taxa: valorTaxa,
      liquido,
      data_credito: credito,
    });
  });
});
