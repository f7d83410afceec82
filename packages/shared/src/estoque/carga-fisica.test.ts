import { describe, expect, it } from 'vitest';
import { cargaFisica, type EmbalagemFisica, volumeEmbalagem } from './carga-fisica.ts';

// Figures worked by hand (see the comment at the top of carga-fisica.ts).
const produto = { unidade: 'UN', pesoBruto: '1.050', volume: '0.001260' };
const semFigura = { peso_bruto: null, altura: null, largura: null, comprimento: null };
const CX: EmbalagemFisica = {
  unidade: 'CX',
  fator: '12',
  peso_bruto: '13.200',
  altura: '30',
  largura: '20',
  comprimento: '25',
};
const FD: EmbalagemFisica = { unidade: 'FD', fator: '6', ...semFigura };

describe('volumeEmbalagem', () => {
  it.each([
    [{ altura: '30', largura: '20', comprimento: '25' }, '0.015000'],
    [{ altura: '10.5', largura: '10.5', comprimento: '10.5' }, '0.001158'], // 1157.625 cm³ → half up
    [{ altura: '0.01', largura: '0.01', comprimento: '0.04' }, '0.000000'], // 0.000004 cm³
    [{ altura: '120', largura: '100', comprimento: '150' }, '1.800000'],
    [{ altura: '30', largura: null, comprimento: '25' }, null],
  ])('%o → %s m³', (medidas, m3) => {
    expect(volumeEmbalagem(medidas)).toBe(m3);
  });
});

describe('cargaFisica', () => {
  it.each<[string, string, readonly EmbalagemFisica[], string, string]>([
    ['no packaging: unit by unit', '39', [], '40.950', '0.049140'],
    ['packagings without figures: unit by unit', '39', [{ ...CX, ...semFigura }, FD], '40.950', '0.049140'],
    ['3 CX + 3 UN by the box figures', '39', [CX], '42.750', '0.048780'],
    ['whole boxes only', '24', [CX], '26.400', '0.030000'],
    ['less than a box: unit by unit', '11', [CX], '11.550', '0.013860'],
    ['zero', '0', [CX], '0.000', '0.000000'],
    // FD records nothing, so it is not split off: 3 UN left after the boxes count unit by unit
    ['a packaging without figures beside one with', '39', [CX, FD], '42.750', '0.048780'],
    // only the weight recorded: volume = fator × the unit's (12 × 0.00126 = 0.01512 per box)
    [
      'box with weight only',
      '24',
      [{ ...CX, altura: null, largura: null, comprimento: null }],
      '26.400',
      '0.030240',
    ],
    // only the dimensions recorded: weight = fator × the unit's (12 × 1.05 = 12.6 per box)
    ['box with dimensions only', '24', [{ ...CX, peso_bruto: null }], '25.200', '0.030000'],
    // largest first: 30 = 1 PL(24) + 0 CX + 6 UN... CX of 12 does not fit in the 6 left
    [
      'largest packaging first',
      '30',
      [
        CX,
        { unidade: 'PL', fator: '24', peso_bruto: '27.000', altura: '40', largura: '30', comprimento: '50' },
      ],
      '33.300',
      '0.067560',
    ],
    // the base unit listed as a packaging never replaces the product's own figures
    ['base unit listed with figures', '2', [{ ...CX, unidade: 'UN', fator: '1' }], '2.100', '0.002520'],
  ])('%s: %s UN → %s kg, %s m³', (_caso, quantidade, embalagens, peso, volume) => {
    expect(cargaFisica(quantidade, produto, embalagens)).toEqual({ pesoBruto: peso, volume });
  });

  it('a product sold by weight keeps the decimals of its rest (KG, CX = 12.5 kg)', () => {
    const kg = { unidade: 'KG', pesoBruto: '1.020', volume: '0.001100' };
    const caixa: EmbalagemFisica = { unidade: 'CX', fator: '12.5', ...semFigura, peso_bruto: '13.000' };
    // 30.250 kg = 2 CX + 5.250 KG → 26.000 + 5.355 kg; volume 2 × 12.5 × 0.0011 + 5.25 × 0.0011
    expect(cargaFisica('30.250', kg, [caixa])).toEqual({ pesoBruto: '31.355', volume: '0.033275' });
  });
});
