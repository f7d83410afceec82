import { describe, expect, it } from 'vitest';
import { daUnidadeBase, erroCasasDecimais, paraUnidadeBase, separaEmbalagens } from './unidades.ts';

const UN = { sigla: 'UN', casas_decimais: 0 };
const KG = { sigla: 'KG', casas_decimais: 3 };
const L1 = { sigla: 'L', casas_decimais: 1 };

describe('unit decimals', () => {
  it.each([
    ['12', UN, null],
    ['12.000', UN, null], // numeric(14,3) text of a whole number
    ['12.5', UN, 'Quantidade em UN não aceita casas decimais'],
    ['0.001', UN, 'Quantidade em UN não aceita casas decimais'],
    ['1.250', KG, null],
    ['1.255', KG, null],
    ['1.5', L1, null],
    ['1.55', L1, 'Quantidade em L aceita no máximo 1 casa decimal'],
    ['1.0001', KG, 'Quantidade em KG aceita no máximo 3 casas decimais'],
  ] as const)('%s in %o -> %s', (q, unidade, erro) => {
    expect(erroCasasDecimais(q, unidade)).toBe(erro);
  });

  it('names the field it checks', () => {
    expect(erroCasasDecimais('2.5', UN, 'Estoque mínimo')).toBe(
      'Estoque mínimo em UN não aceita casas decimais',
    );
  });

  it('never allows more than numeric(14,3) keeps, whatever the unit says', () => {
    expect(erroCasasDecimais('1.0001', { sigla: 'G', casas_decimais: 6 })).toBe(
      'Quantidade em G aceita no máximo 3 casas decimais',
    );
  });
});

describe('packaging conversion', () => {
  it.each([
    ['2', '12', '24.000'], // 2 CX of 12 UN
    ['1.5', '12', '18.000'], // a box and a half
    ['3', '0.5', '1.500'], // 3 sacks of 0,5 KG
    ['0.125', '8', '1.000'],
  ])('%s × factor %s = %s base units', (q, fator, base) => {
    expect(paraUnidadeBase(q, fator)).toBe(base);
  });

  it('refuses a product that does not fit 3 decimals', () => {
    expect(() => paraUnidadeBase('0.333', '0.5')).toThrow('mais de 3 casas');
  });

  it.each([
    ['24', '12', '2.000'],
    ['18', '12', '1.500'],
    ['30', '12', '2.500'],
    ['10', '3', null], // 3.333… boxes
    ['1.500', '0.5', '3.000'],
  ])('%s base units in factor %s = %s', (base, fator, q) => {
    expect(daUnidadeBase(base, fator)).toBe(q);
  });

  it.each([
    [
      '30',
      [{ unidade: 'CX', fator: '12' }],
      [
        ['CX', '2'],
        ['UN', '6'],
      ],
    ],
    ['24', [{ unidade: 'CX', fator: '12' }], [['CX', '2']]],
    ['5', [{ unidade: 'CX', fator: '12' }], [['UN', '5']]],
    ['0', [{ unidade: 'CX', fator: '12' }], [['UN', '0']]],
    [
      '30',
      [
        { unidade: 'FD', fator: '6' },
        { unidade: 'CX', fator: '12' },
        { unidade: 'UN', fator: '1' },
      ],
      [
        ['CX', '2'],
        ['FD', '1'],
      ],
    ],
    [
      '151',
      [
        { unidade: 'PL', fator: '144' },
        { unidade: 'CX', fator: '12' },
      ],
      [
        ['PL', '1'],
        ['UN', '7'],
      ],
    ],
  ] as const)('%s UN splits into %j for picking', (base, embalagens, parcelas) => {
    expect(separaEmbalagens(base, 'UN', embalagens)).toEqual(
      parcelas.map(([unidade, quantidade]) => ({ unidade, quantidade })),
    );
  });

  it('keeps a fractional rest in the base unit (KG in 25 KG sacks)', () => {
    expect(separaEmbalagens('62.5', 'KG', [{ unidade: 'SC', fator: '25' }])).toEqual([
      { unidade: 'SC', quantidade: '2' },
      { unidade: 'KG', quantidade: '12.5' },
    ]);
  });
});
