import { isValidCnh as libCnh, isValidRenavam as libRenavam } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { digitosCnh, isValidCnh, situacaoCnh, situacaoLicenciamento } from './cnh.ts';
import { formatoPlaca, formatPlaca, maskPlaca, normalizaPlaca, placaMercosul } from './placa.ts';
import { digitoRenavam, isValidRenavam } from './renavam.ts';

describe('placa', () => {
  it.each([
    // typed, normalised, format, Mercosul equivalent, printed
    ['ABC-1234', 'ABC1234', 'antiga', 'ABC1C34', 'ABC-1234'],
    ['abc 1234', 'ABC1234', 'antiga', 'ABC1C34', 'ABC-1234'],
    ['BRA2E19', 'BRA2E19', 'mercosul', 'BRA2E19', 'BRA2E19'],
    ['bra2e19', 'BRA2E19', 'mercosul', 'BRA2E19', 'BRA2E19'],
    ['GGG-5555', 'GGG5555', 'antiga', 'GGG5F55', 'GGG-5555'],
    ['AAA-0004', 'AAA0004', 'antiga', 'AAA0A04', 'AAA-0004'],
    ['MXZ-4901', 'MXZ4901', 'antiga', 'MXZ4J01', 'MXZ-4901'],
    ['RIO2A18', 'RIO2A18', 'mercosul', 'RIO2A18', 'RIO2A18'],
  ] as const)('%s → %s (%s), Mercosul %s', (typed, norm, formato, mercosul, printed) => {
    expect(normalizaPlaca(typed)).toBe(norm);
    expect(formatoPlaca(typed)).toBe(formato);
    expect(placaMercosul(typed)).toBe(mercosul);
    expect(formatPlaca(norm)).toBe(printed);
  });

  it.each(['AB-1234', 'ABCD123', 'ABC12345', '1BC1234', 'ABC1D2E', 'ÁBC1234', '', 'ABC-12E4'])(
    'refuses %j',
    (typed) => {
      expect(formatoPlaca(typed)).toBeNull();
      expect(placaMercosul(typed)).toBeNull();
    },
  );

  it('masks while typing', () => {
    expect(maskPlaca('abc1')).toBe('ABC1');
    expect(maskPlaca('abc1234')).toBe('ABC-1234');
    expect(maskPlaca('abc1d23x')).toBe('ABC1D23');
  });
});

describe('RENAVAM', () => {
  it.each([
    // base, check digit (worked by hand: see renavam.ts for the first)
    ['6397747763', 9],
    // 1×3+2×2+3×9+4×8+5×7+6×6+7×5+8×4+9×3+0×2 = 231; 2310 mod 11 = 0
    ['1234567890', 0],
    // 0×3+1×2+2×9+3×8+4×7+5×6+6×5+7×4+8×3+9×2 = 202; 2020 mod 11 = 7
    ['0123456789', 7],
  ])('%s has check digit %i', (base, dv) => {
    expect(digitoRenavam(base)).toBe(dv);
    expect(isValidRenavam(`${base}${dv}`)).toBe(true);
    expect(isValidRenavam(`${base}${(dv + 1) % 10}`)).toBe(false);
  });

  it.each([
    ['63977477639', true],
    ['639.774.776-39', true],
    ['63977477638', false],
    ['6397747763', false],
    ['639774776390', false],
    ['00000000000', false],
    ['', false],
  ])('%j valid: %s', (value, ok) => {
    expect(isValidRenavam(value)).toBe(ok);
  });

  it('agrees with @brazilian-utils on a range of numbers', () => {
    for (let n = 0; n < 3000; n++) {
      const base = String(1_000_003 * n + 7)
        .padStart(10, '0')
        .slice(-10);
      const full = `${base}${digitoRenavam(base)}`;
      expect(libRenavam(full), full).toBe(isValidRenavam(full));
    }
  });
});

describe('CNH número', () => {
  it.each([
    // 987654321: Σd×(9−i) = 285, mod 11 = 10 → dv1 0 and dsc 2; Σd×(i+1) = 165, mod 11 = 0; 0−2 → 9
    ['987654321', '09'],
    // 023456780: 147 mod 11 = 4; 203 mod 11 = 5
    ['023456780', '45'],
    // 123456789: 165 mod 11 = 0; 285 mod 11 = 10 → 0
    ['123456789', '00'],
  ])('%s has check digits %s', (base, dvs) => {
    expect(digitosCnh(base)).toBe(dvs);
    expect(isValidCnh(`${base}${dvs}`)).toBe(true);
  });

  it.each([
    ['98765432109', true],
    ['02345678045', true],
    ['98765432100', false],
    ['98765432190', false],
    ['02345678054', false],
    ['2345678045', false],
    ['11111111111', false],
    ['', false],
  ])('%j valid: %s', (value, ok) => {
    expect(isValidCnh(value)).toBe(ok);
  });

  it('agrees with @brazilian-utils on a range of numbers', () => {
    for (let n = 0; n < 3000; n++) {
      const base = String(7_919 * n + 13)
        .padStart(9, '0')
        .slice(-9);
      const full = `${base}${digitosCnh(base)}`;
      expect(libCnh(full), full).toBe(isValidCnh(full));
    }
  });
});

describe('CNH and licenciamento badges', () => {
  const hoje = '2026-11-23';
  it.each([
    ['2026-11-22', 'vencido', 'CNH vencida'],
    ['2025-01-10', 'vencido', 'CNH vencida'],
    ['2026-11-23', 'vence', 'CNH vence hoje'],
    ['2026-11-24', 'vence', 'CNH vence em 1 dia'],
    ['2026-12-23', 'vence', 'CNH vence em 30 dias'],
    ['2026-12-24', 'ok', null],
    [null, 'sem_data', null],
  ] as const)('CNH valid through %s: %s %j', (validade, tipo, label) => {
    expect(situacaoCnh(validade, hoje)).toMatchObject({ tipo, label });
  });

  it('licenciamento reads in the masculine', () => {
    expect(situacaoLicenciamento('2026-10-31', hoje).label).toBe('Licenciamento vencido');
    expect(situacaoLicenciamento('2026-12-01', hoje).label).toBe('Licenciamento vence em 8 dias');
  });
});
