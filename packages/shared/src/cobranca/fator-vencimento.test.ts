import { describe, expect, it } from 'vitest';
import { fatorVencimento, vencimentoDoFator } from './fator-vencimento.ts';

// Published values: FEBRABAN's table as quoted in mhemann.com.br/2011/06/a-linha-digitavel-do-boleto-bancario
// (1000 = 03/07/2000, 1002 = 05/07/2000, 1667 = 01/05/2002, 4789 = 17/11/2010, 9999 = 21/02/2025);
// BoletoNet/boleto2net Boleto2.Net.Testes/FatorVencimento.cs (2014-01-18 = 5947, 2014-03-12 = 6000,
// 2017-01-21 = 7046, 2025-02-21 = 9999, 2025-02-22 = 1000, 2025-02-23 = 1001);
// tomas-stefano/boleto_bancario spec fator_vencimento_spec.rb (1997-10-08 = 0001, 2012-12-02 = 5535,
// 2025-03-01 = 1007, 2026-01-01 = 1313, 2030-01-01 = 2774); the FEBRABAN restart notice quoted in
// CobreGratis/boletophp issue #125. By hand: 2049-10-13 = 2025-02-22 + 8999 days = 9999.
const TABELA: [string, number][] = [
  ['1997-10-08', 1],
  ['2000-07-03', 1000],
  ['2000-07-05', 1002],
  ['2002-05-01', 1667],
  ['2010-11-17', 4789],
  ['2012-12-02', 5535],
  ['2014-01-18', 5947],
  ['2014-03-12', 6000],
  ['2017-01-21', 7046],
  ['2025-02-21', 9999],
  ['2025-02-22', 1000],
  ['2025-02-23', 1001],
  ['2025-03-01', 1007],
  ['2026-01-01', 1313],
  ['2030-01-01', 2774],
  ['2049-10-13', 9999],
];

describe('fator de vencimento', () => {
  it.each(TABELA)('%s → %i', (dia, fator) => {
    expect(fatorVencimento(dia)).toBe(fator);
  });

  it('refuses dates it cannot represent, in pt-BR', () => {
    expect(() => fatorVencimento('1997-10-07')).toThrow('anterior a 08/10/1997');
    expect(() => fatorVencimento('2049-10-14')).toThrow('posterior a 13/10/2049');
    expect(() => fatorVencimento('2026-02-30')).toThrow('Vencimento inválido');
  });

  it('reads a factor back to the date closest to the reference', () => {
    expect(vencimentoDoFator(1000, '2026-11-29')).toBe('2025-02-22');
    expect(vencimentoDoFator(1000, '2001-01-01')).toBe('2000-07-03');
    expect(vencimentoDoFator('9999', '2024-12-01')).toBe('2025-02-21');
    expect(vencimentoDoFator('9999', '2049-01-01')).toBe('2049-10-13');
    expect(vencimentoDoFator('1313', '2025-12-01')).toBe('2026-01-01');
    expect(vencimentoDoFator(4789, '2010-01-01')).toBe('2010-11-17');
    expect(vencimentoDoFator(1, '2026-01-01')).toBe('1997-10-08');
    expect(vencimentoDoFator('0000', '2026-01-01')).toBeNull();
  });

  it('round-trips every day of both cycles near today', () => {
    for (const [dia] of TABELA) expect(vencimentoDoFator(fatorVencimento(dia), dia)).toBe(dia);
  });

  it('refuses a malformed factor', () => {
    expect(() => vencimentoDoFator('123', '2026-01-01')).toThrow('Fator de vencimento inválido');
    expect(() => vencimentoDoFator(10000, '2026-01-01')).toThrow('Fator de vencimento inválido');
  });
});
