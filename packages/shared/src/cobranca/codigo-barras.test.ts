import { describe, expect, it } from 'vitest';
import {
  formatarLinhaDigitavel,
  lerLinhaDigitavel,
  linhaDigitavel,
  montarCodigoBarras,
  partesCodigoBarras,
  validaCodigoBarras,
  valorCodigoBarras,
} from './codigo-barras.ts';

// brcobranca spec/brcobranca/boleto/banco_brasil_spec.rb, convênio 7 digits, R$ 135,00 due 2008-02-03.
const BB_CODIGO = '00193377100000135000000001238798777770016818';
const BB_LINHA = '00190.00009 01238.798779 77700.168188 3 37710000013500';

describe('código de barras', () => {
  it('assembles banco, moeda, DV, fator, valor and campo livre (brcobranca banco_brasil_spec.rb)', () => {
    expect(montarCodigoBarras('001', 3771, '135.00', '0000001238798777770016818')).toBe(BB_CODIGO);
    expect(montarCodigoBarras('001', 3771, '723.56', '0000001238798777770016818')).toBe(
      '00195377100000723560000001238798777770016818',
    );
  });

  it('values are exact decimals: no float, no rounding', () => {
    expect(valorCodigoBarras('0')).toBe('0000000000');
    expect(valorCodigoBarras('0.1')).toBe('0000000010');
    expect(valorCodigoBarras('6757.87')).toBe('0000675787');
    expect(valorCodigoBarras('99999999.99')).toBe('9999999999');
    expect(() => valorCodigoBarras('100000000.00')).toThrow('R$ 99.999.999,99');
    expect(() => valorCodigoBarras('1.005')).toThrow('2 casas decimais');
    expect(() => valorCodigoBarras('-1.00')).toThrow('negativo');
    expect(() => valorCodigoBarras('1,50')).toThrow('Valor do boleto inválido');
  });

  it('reads its parts back', () => {
    expect(partesCodigoBarras(BB_CODIGO)).toEqual({
      banco: '001',
      moeda: '9',
      dv: '3',
      fator: '3771',
      valor: '135.00',
      campoLivre: '0000001238798777770016818',
    });
    expect(partesCodigoBarras('34191432900000000001751234567840810536789000').valor).toBe('0.00');
  });

  it('checks size and general DV in pt-BR', () => {
    expect(validaCodigoBarras(BB_CODIGO)).toBeNull();
    expect(validaCodigoBarras(BB_CODIGO.slice(1))).toBe('O código de barras deve ter 44 dígitos (tem 43).');
    expect(validaCodigoBarras(`00194${BB_CODIGO.slice(5)}`)).toBe(
      'Dígito verificador do código de barras inválido: calculado 3, informado 4.',
    );
  });
});

describe('linha digitável', () => {
  it('three módulo 10 DVs, the general DV, fator + valor (brcobranca banco_brasil_spec.rb)', () => {
    expect(formatarLinhaDigitavel(linhaDigitavel(BB_CODIGO))).toBe(BB_LINHA);
    expect(linhaDigitavel(BB_CODIGO)).toBe(BB_LINHA.replace(/\D/g, ''));
    expect(linhaDigitavel(BB_CODIGO)).toHaveLength(47);
  });

  it('reads a typed linha back into its barcode, with or without punctuation', () => {
    expect(lerLinhaDigitavel(BB_LINHA)).toEqual({ codigoBarras: BB_CODIGO });
    expect(lerLinhaDigitavel(BB_LINHA.replace(/\D/g, ''))).toEqual({ codigoBarras: BB_CODIGO });
  });

  it('names what is wrong in a typed linha', () => {
    expect(lerLinhaDigitavel('00190.00009 01238.798779')).toEqual({
      erro: 'A linha digitável deve ter 47 dígitos (tem 21).',
    });
    // a typo in campo 2 (798779 → 798789): by hand, 0123879878 weighs 7+7+7+9+5+8+6+2+2 = 53 → DV 7
    expect(lerLinhaDigitavel('00190.00009 01238.798789 77700.168188 3 37710000013500')).toEqual({
      erro: 'Dígito do campo 2 da linha digitável inválido: calculado 7, informado 9.',
    });
    // a typo in the value (campo 5 has no DV of its own: the general DV catches it; by hand the 43
    // digits weigh 761, 761 mod 11 = 2, DV 11 − 2 = 9)
    expect(lerLinhaDigitavel('00190.00009 01238.798779 77700.168188 3 37710000013600')).toEqual({
      erro: 'Dígito verificador do código de barras inválido: calculado 9, informado 3.',
    });
  });
});
