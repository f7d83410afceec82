import { describe, expect, it } from 'vitest';
import { dvGeralCodigoBarras, modulo10, restoModulo11, somaPonderada } from './modulos.ts';

describe('módulo 10 (FEBRABAN, weights 2-1 from the right)', () => {
  // Worked by hand: campo 1 of the Banco do Brasil boleto in brcobranca's banco_brasil_spec.rb,
  // "001900000", weights from the right 2 1 2 1 2 1 2 1 2: only 9·1 = 9 and 1·2 = 2 count, sum 11,
  // 10 − (11 mod 10) = 9; printed "00190.00009".
  it.each([
    ['001900000', 9, 'hand + brcobranca banco_brasil_spec.rb "00190.00009"'],
    ['0123879897', 7, 'brcobranca banco_brasil_spec.rb "01238.798977"'],
    ['7770016818', 8, 'brcobranca banco_brasil_spec.rb "77700.168188"'],
    ['341917512', 4, 'brcobranca itau_spec.rb "34191.75124"'],
    ['0', 0, 'hand: sum 0 → (10 − 0) mod 10 = 0'],
    ['9', 1, 'hand: 9·2 = 18 → 1 + 8 = 9 → 10 − 9 = 1'],
  ])('%s → %i (%s)', (digitos, dv, _fonte) => {
    expect(modulo10(digitos)).toBe(dv);
  });

  it('refuses a non-digit', () => {
    expect(() => modulo10('12a')).toThrow();
  });
});

describe('módulo 11', () => {
  it('weights 2..9 from the right, cycling', () => {
    // hand: "123456789" from the right: 9·2 8·3 7·4 6·5 5·6 4·7 3·8 2·9 1·2 = 18+24+28+30+30+28+24+18+2 = 202
    expect(somaPonderada('123456789', [2, 3, 4, 5, 6, 7, 8, 9])).toBe(202);
    expect(restoModulo11('123456789')).toBe(202 % 11);
  });

  it('base 7 cycles at 7 (Bradesco)', () => {
    // hand: "0019669" → 9·2 6·3 6·4 9·5 1·6 0·7 0·2 = 18+18+24+45+6 = 111; 111 mod 11 = 1
    expect(restoModulo11('0019669', 7)).toBe(1);
  });
});

describe('general DV of the barcode: 11 − resto, and 0, 10, 11 → 1', () => {
  it.each([
    // brcobranca banco_brasil_spec.rb: 00193377100000135000000001238798777770016818 (DV 3)
    ['0019377100000135000000001238798777770016818', 3],
    // By hand, after the 2025 restart (fator 1001 = 2025-02-23): Σ = 649 = 59 × 11, resto 0 → 11 → 1.
    ['0019100100000135000000001238798777770016818', 1],
    // Fator 1010 (2025-03-04): Σ = 650, resto 1 → 10 → 1.
    ['0019101000000135000000001238798777770016818', 1],
    // Fator 1002: Σ = 654, resto 5 → 6.
    ['0019100200000135000000001238798777770016818', 6],
  ])('%s → %i', (d, dv) => {
    expect(dvGeralCodigoBarras(d)).toBe(dv);
  });
});
