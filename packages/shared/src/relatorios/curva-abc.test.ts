import { describe, expect, it } from 'vitest';
import { classificaAbc } from '../compras/sugestao-compra.ts';
import {
  CORTES_CURVA_ABC_PADRAO as CORTES_ABC_PADRAO,
  classeCurvaAbc as classeAbc,
  classificaCurvaAbc,
} from './curva-abc.ts';

// Worked by hand: the class is read from the share the items BEFORE an item hold (× 100 against
// cut-off × total, exact), positives only.
const classes = (valores: [string, string][], cortes = CORTES_ABC_PADRAO) =>
  classificaCurvaAbc(
    valores.map(([id, valor]) => ({ id, valor })),
    cortes,
  ).map((i) => `${i.id}:${i.classe}`);

describe('classificaAbc (80/15/5)', () => {
  it.each([
    // 50 | 30 | 15 | 5 of 100: before = 0, 50, 80, 95 -> A, A, B (80 is not < 80), C (95 is not < 95)
    [
      'exact cut-offs',
      [
        ['p1', '50.00'],
        ['p2', '30.00'],
        ['p3', '15.00'],
        ['p4', '5.00'],
      ],
      ['p1:A', 'p2:A', 'p3:B', 'p4:C'],
    ],
    // 79.99 | 15 | 5 | 0.01: before = 0, 79.99 (< 80: A), 94.99 (< 95: B), 99.99 (C)
    [
      'a cent under each cut-off',
      [
        ['x', '79.99'],
        ['y', '0.01'],
        ['z', '15.00'],
        ['w', '5.00'],
      ],
      ['x:A', 'z:A', 'w:B', 'y:C'],
    ],
    // 90 | 6 | 4: the first item is always A; 6 starts at 90 (B); 4 starts at 96 (C)
    [
      'one item past A alone',
      [
        ['a', '90'],
        ['b', '6'],
        ['c', '4'],
      ],
      ['a:A', 'b:B', 'c:C'],
    ],
    // margin mode: 60 | 40 of a total of 100 (0 and −10 hold no share and are C)
    [
      'zero and negative values',
      [
        ['m', '-10.00'],
        ['n', '0'],
        ['o', '60.00'],
        ['p', '40.00'],
      ],
      ['o:A', 'p:A', 'n:C', 'm:C'],
    ],
    // ties: id ascending; "a" before 0 (A), "b" before 50 (A)
    [
      'ties by id',
      [
        ['b', '50'],
        ['a', '50'],
      ],
      ['a:A', 'b:A'],
    ],
    [
      'nothing sold',
      [
        ['a', '0'],
        ['b', '0'],
      ],
      ['a:C', 'b:C'],
    ],
  ] as const)('%s', (_, valores, esperado) => {
    expect(classes(valores as unknown as [string, string][])).toEqual(esperado);
  });

  it('running totals and positions', () => {
    const r = classificaCurvaAbc(
      [
        { id: 'a', valor: '10.50' },
        { id: 'b', valor: '20.25' },
      ],
      CORTES_ABC_PADRAO,
    );
    expect(r.map((i) => [i.id, i.posicao, i.acumulado_antes])).toEqual([
      ['b', 1, '0'],
      ['a', 2, '20.25'],
    ]);
  });
});

describe('configurable cut-offs', () => {
  it('70/20/10: 40 | 30 | 20 | 10 start at 0, 40, 70, 90 -> A, A, B, C', () => {
    expect(
      classes(
        [
          ['a', '40'],
          ['b', '30'],
          ['c', '20'],
          ['d', '10'],
        ],
        { a: 70, b: 20 },
      ),
    ).toEqual(['a:A', 'b:A', 'c:B', 'd:C']);
  });

  it('classeAbc at the boundary with fractional totals: 2/3 of the way', () => {
    // total 3, before 2.4 -> 240 < 80 × 3 = 240? no -> B; before 2.3999 -> A
    expect(classeAbc('2.4', '0.3', '3', CORTES_ABC_PADRAO)).toBe('B');
    expect(classeAbc('2.3999', '0.3', '3', CORTES_ABC_PADRAO)).toBe('A');
    // 95 % of 3 = 2.85
    expect(classeAbc('2.85', '0.15', '3', CORTES_ABC_PADRAO)).toBe('C');
    expect(classeAbc('2.8499', '0.15', '3', CORTES_ABC_PADRAO)).toBe('B');
  });
});

describe("the purchase suggestion's rule", () => {
  it('gives the same classes on values that are never negative', () => {
    const valores = ['50', '30', '15', '5', '79.99', '0', '12.34', '0.01', '7'].map((valor, n) => ({
      id: `p${n}`,
      valor,
    }));
    const compras = classificaAbc(valores.map((v) => ({ produtoId: v.id, valorVendido: v.valor })));
    for (const i of classificaCurvaAbc(valores, CORTES_ABC_PADRAO))
      expect(compras.get(i.id), i.id).toBe(i.classe);
  });
});
