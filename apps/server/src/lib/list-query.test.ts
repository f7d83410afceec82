import { describe, expect, it } from 'vitest';
import { type ExportColumn, toCsv } from './list-query.ts';

// CSV export cells: the formula-injection guard applies to text, never to numbers.

type Row = { texto: string | null; quantidade: string | null; valor: string | null };

const colunas: ExportColumn<Row>[] = [
  { header: 'Texto', value: (r) => r.texto },
  { header: 'Quantidade', value: (r) => r.quantidade, type: 'number' },
  { header: 'Valor', value: (r) => r.valor, type: 'money' },
];

/** The data lines of the CSV (BOM, header and the final line end removed). */
const linhas = (rows: Row[]) =>
  toCsv(colunas, rows)
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1);

describe('toCsv', () => {
  it('keeps the sign of negative number and money cells', () => {
    expect(linhas([{ texto: 'Transferência', quantidade: '-12.000', valor: '-5.50' }])).toEqual([
      'Transferência;-12,000;-5,50',
    ]);
    expect(linhas([{ texto: 'Entrada', quantidade: '12.000', valor: '0' }])).toEqual(['Entrada;12,000;0']);
  });

  it('neutralises text cells starting with = + - @ (and a tab or carriage return)', () => {
    expect(
      linhas([
        { texto: '=1+1', quantidade: null, valor: null },
        { texto: '+5511999999999', quantidade: null, valor: null },
        { texto: '-12', quantidade: null, valor: null },
        { texto: '@SOMA(A1)', quantidade: null, valor: null },
        { texto: '\tx', quantidade: null, valor: null },
        { texto: '=HYPERLINK("http://mal")', quantidade: null, valor: null },
        { texto: 'normal', quantidade: null, valor: null },
      ]),
    ).toEqual([
      "'=1+1;;",
      "'+5511999999999;;",
      "'-12;;",
      "'@SOMA(A1);;",
      "'\tx;;",
      `"'=HYPERLINK(""http://mal"")";;`,
      'normal;;',
    ]);
  });

  it('guards a number column whose value is not a number', () => {
    expect(linhas([{ texto: 'x', quantidade: '=1+1', valor: '-1+2' }])).toEqual(["x;'=1+1;'-1+2"]);
  });
});
