import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile, { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  type Celula,
  escapaXml,
  estilo,
  FORMATOS,
  type FormatoNumero,
  letraColuna,
  nomeAba,
  planilhaXlsx,
} from './xlsx.ts';

// The exports' XLSX writer (issue 35): its escaping, its exact decimals, its ten styles, and the
// file read back by read-excel-file (as the reports' and lists' tests read their exports) and by
// unzip. No spreadsheet program is needed.

/** The parts of the package, as text. */
const partes = (xlsx: Buffer) => {
  const arquivos = unzipSync(new Uint8Array(xlsx));
  return Object.fromEntries(Object.entries(arquivos).map(([nome, bytes]) => [nome, strFromU8(bytes)]));
};

/** A cell's style as styles.xml says it: its number format's code (null: general) and whether bold. */
function estiloDaCelula(p: Record<string, string>, ref: string) {
  const c = new RegExp(`<c r="${ref}"(?: s="(\\d+)")?[ >]`).exec(p['xl/worksheets/sheet1.xml']!);
  if (!c) throw new Error(`no cell ${ref}`);
  const styles = p['xl/styles.xml']!;
  const xf = [...styles.matchAll(/<cellXfs[^>]*>(.*)<\/cellXfs>/g)][0]![1]!.match(/<xf [^>]*\/>/g)![
    Number(c[1] ?? 0)
  ]!;
  const numFmtId = /numFmtId="(\d+)"/.exec(xf)![1]!;
  const formato = new RegExp(`<numFmt numFmtId="${numFmtId}" formatCode="([^"]*)"`).exec(styles)?.[1] ?? null;
  const fontes = /<fonts[^>]*>(.*)<\/fonts>/.exec(styles)![1]!.match(/<font>.*?<\/font>/g)!;
  const negrito = fontes[Number(/fontId="(\d+)"/.exec(xf)![1])]!.includes('<b/>');
  return { formato: formato?.replaceAll('&quot;', '"') ?? null, negrito };
}

describe('escaping', () => {
  it.each([
    ['Arroz & Feijão', 'Arroz &amp; Feijão'],
    ['a < b > c', 'a &lt; b &gt; c'],
    ['"aspas" e \'apóstrofo\'', "&quot;aspas&quot; e 'apóstrofo'"],
    ['bell\u0007 e nul\u0000 e esc\u001b', 'bell e nul e esc'],
    ['tab\tlinha\nretorno\r', 'tab\tlinha\nretorno\r'],
    ['\uFFFE\uFFFF', ''],
    ['_x0041_ e _x12_', '_x005F_x0041_ e _x12_'],
    ['=SOMA(A1:A2)', '=SOMA(A1:A2)'],
  ])('%j → %j', (texto, xml) => {
    expect(escapaXml(texto)).toBe(xml);
  });

  it('reads back as written (the control characters dropped)', async () => {
    const textos = [
      'Arroz & Feijão',
      'a < b > c',
      '"aspas"',
      'bell\u0007 fim',
      '_x0041_',
      '=1+1',
      'Ação — ✓ 😀',
    ];
    const xlsx = await planilhaXlsx({ aba: 'Textos', linhas: textos.map((texto) => [{ texto }]) });
    expect((await readSheet(xlsx)).map((l) => l[0])).toEqual([
      'Arroz & Feijão',
      'a < b > c',
      '"aspas"',
      'bell fim',
      '_x0041_',
      '=1+1',
      'Ação — ✓ 😀',
    ]);
  });
});

describe('numbers', () => {
  it.each([
    ['1234567.89', '#,##0.00'],
    ['0.10', '#,##0.00'],
    ['-0.01', '#,##0.00'],
    ['98765432109876.54', '#,##0.00'],
    ['12.345', '#,##0.000'],
    ['54.00', '0.00'],
    ['7', '0'],
  ] as const)('the decimal string %s is written as given (%s)', async (numero, formato) => {
    const xlsx = await planilhaXlsx({ aba: 'N', linhas: [[{ numero, formato }]] });
    expect(partes(xlsx)['xl/worksheets/sheet1.xml']).toContain(`<v>${numero}</v>`);
    const lido = (await readSheet(xlsx, { parseNumber: (s) => s }))[0]?.[0];
    expect(lido).toBe(numero);
  });

  it('a JavaScript number is written as JavaScript prints it; anything else in a number cell as text', async () => {
    const xlsx = await planilhaXlsx({
      aba: 'N',
      linhas: [
        [{ numero: 10.75 }, { numero: 3 }, { numero: 'n/d' }, { numero: Number.NaN }, { numero: '1,5' }],
      ],
    });
    expect(await readSheet(xlsx)).toEqual([[10.75, 3, 'n/d', null, '1,5']]);
  });
});

describe('styles', () => {
  const casos: [FormatoNumero | undefined, boolean, number][] = [
    [undefined, false, 0],
    ['#,##0.00', false, 1],
    ['#,##0.000', false, 2],
    ['0.00', false, 3],
    ['0', false, 4],
    [undefined, true, 5],
    ['#,##0.00', true, 6],
    ['#,##0.000', true, 7],
    ['0.00', true, 8],
    ['0', true, 9],
  ];

  it.each(casos)('format %s, bold %s → cellXfs %i', (formato, negrito, indice) => {
    expect(estilo(formato, negrito)).toBe(indice);
  });

  it('each cell carries its format and weight in styles.xml', async () => {
    const linha: Celula[] = [
      { texto: 'Total', negrito: true },
      { texto: 'simples' },
      ...casos.slice(1).map(([formato, negrito]) => ({ numero: '1234.5', formato, negrito })),
    ];
    const xlsx = await planilhaXlsx({ aba: 'Estilos', linhas: [linha] });
    const p = partes(xlsx);
    expect(estiloDaCelula(p, 'A1')).toEqual({ formato: null, negrito: true });
    expect(estiloDaCelula(p, 'B1')).toEqual({ formato: null, negrito: false });
    casos.slice(1).forEach(([formato, negrito], i) => {
      expect(estiloDaCelula(p, `${letraColuna(i + 2)}1`)).toEqual({ formato: formato ?? null, negrito });
    });
    expect(FORMATOS.every((f) => p['xl/styles.xml']!.includes(`formatCode="${f}"`))).toBe(true);
  });
});

describe('the sheet', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (i, letra) => {
    expect(letraColuna(i)).toBe(letra);
  });

  it.each([
    ['Curva ABC', 'Curva ABC'],
    ['Vendas: 01/03 a 31/03 [por vendedor]?', 'Vendas 01 03 a 31 03 por vended'],
    ["'citado'", 'citado'],
    ['Relatório de posição financeira — DRE do período', 'Relatório de posição financeira'],
    ['***', 'Planilha'],
  ])('the name %j becomes %j', (nome, aba) => {
    expect(nomeAba(nome)).toBe(aba);
    expect(nomeAba(nome).length).toBeLessThanOrEqual(31);
  });

  it('reads back: rows beyond a chunk, gaps, the sheet name, widths', async () => {
    const linhas: Celula[][] = [
      [
        { texto: 'Código', negrito: true },
        { texto: 'Valor', negrito: true },
        { texto: 'Obs', negrito: true },
      ],
      [],
      ...Array.from({ length: 4500 }, (_, i): Celula[] => [
        { texto: `P${i}` },
        i % 3 === 0 ? null : { numero: `${i}.50`, formato: '#,##0.00' },
        { texto: i % 2 ? 'ímpar' : 'par' },
      ]),
    ];
    const xlsx = await planilhaXlsx({ aba: 'Lista: produtos', linhas, larguras: [10, 14, 8] });
    const [aba] = await readXlsxFile(xlsx);
    expect(aba!.sheet).toBe('Lista produtos');
    const dados = aba!.data;
    expect(dados).toHaveLength(4502);
    expect(dados[0]).toEqual(['Código', 'Valor', 'Obs']);
    expect(dados[2]).toEqual(['P0', null, 'par']);
    expect(dados[3]).toEqual(['P1', 1.5, 'ímpar']);
    expect(dados.at(-1)).toEqual(['P4499', 4499.5, 'ímpar']);
    expect(partes(xlsx)['xl/worksheets/sheet1.xml']).toContain(
      '<cols><col min="1" max="1" width="10" customWidth="1"/>',
    );
  });

  it('a row that fails while being written fails the file (no hanging promise)', async () => {
    function* linhas(): Generator<Celula[]> {
      yield [{ texto: 'ok' }];
      throw new Error('linha quebrada');
    }
    await expect(planilhaXlsx({ aba: 'Erro', linhas: linhas() })).rejects.toThrow('linha quebrada');
  });

  it('is a valid zip with the parts of a workbook (unzip -t)', async () => {
    const xlsx = await planilhaXlsx({ aba: 'Z', linhas: [[{ texto: 'a' }, { numero: 1 }]] });
    expect(Object.keys(partes(xlsx)).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    let temUnzip = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      temUnzip = false;
    }
    if (!temUnzip) {
      console.warn('unzip not installed: the zip check of the XLSX is skipped');
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    try {
      writeFileSync(join(dir, 'p.xlsx'), xlsx);
      expect(execFileSync('unzip', ['-t', join(dir, 'p.xlsx')], { encoding: 'utf8' })).toContain(
        'No errors detected',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
