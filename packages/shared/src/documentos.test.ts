import { describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits, cpfWithCheckDigits, isValidCnpj, isValidCpf } from './documentos.ts';

describe('CPF', () => {
  it('accepts a known valid CPF and rejects a changed digit', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
  });
  it('completes check digits', () => {
    expect(cpfWithCheckDigits('529982247')).toBe('52998224725');
  });
});

describe('CNPJ', () => {
  it('accepts a numeric CNPJ', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
  });
  it('accepts the alphanumeric format (Receita Federal example 12.ABC.345/01DE-35)', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(cnpjWithCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35');
  });
});
