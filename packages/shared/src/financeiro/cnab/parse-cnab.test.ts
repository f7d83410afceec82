import { describe, expect, it } from 'vitest';
import { parseCnab } from './parse-cnab.ts';

// Records written here (positions of the FEBRABAN 240 segments T/U and the Itaú/Bradesco 400
// layouts). The real return files of ../shared/fixtures/cnab are tested in
// apps/server/src/modules/financeiro/extrato-cnab-fixtures.test.ts.

const em = (base: string, pos: number, valor: string) =>
  base.slice(0, pos - 1) + valor + base.slice(pos - 1 + valor.length);

const header400 = (banco: string) => em(em(' '.repeat(400), 1, '02RETORNO'), 77, banco);
const det400 = (campos: Array<[number, string]>) =>
  campos.reduce((l, [p, v]) => em(l, p, v), em(' '.repeat(400), 1, '1'));

describe('CNAB retorno (written records)', () => {
  it('CNAB 400 Itaú: nosso número 63-70, values in cents, DDMMAA dates; a bad value reported by line', () => {
    const ok = det400([
      [63, '12345678'],
      [109, '06'],
      [111, '200513'],
      [153, '0000000004000'],
      [176, '0000000000210'],
      [254, '0000000003790'],
      [267, '0000000000015'],
      [296, '210513'],
      [378, '15140000'],
    ]);
    const ruim = det400([
      [63, '99999999'],
      [153, '00000000040X0'],
    ]);
    const r = parseCnab([header400('341'), ok, ruim, `9${' '.repeat(399)}`].join('\r\n'));
    expect(r.formato).toBe('cnab400');
    expect(r.banco).toBe('341');
    expect(r.itens).toEqual([
      {
        linha: 2,
        nossoNumero: '12345678',
        ocorrencia: '06',
        documento: null,
        vencimento: null,
        dataOcorrencia: '2013-05-20',
        dataCredito: '2013-05-21',
        valorTitulo: '40.00',
        valorPago: '37.90',
        juros: '0.15',
        desconto: '0.00',
        tarifa: '2.10',
        // added for cobrança (issue 31): the raw nosso número, the erros 378–385, 215–240, 280–292
        nossoNumeroBanco: '12345678',
        motivos: ['15', '14'],
        abatimento: '0.00',
        iof: '0.00',
        outrosCreditos: '0.00',
      },
    ]);
    expect(r.erros).toEqual([{ linha: 3, mensagem: 'Campo inválido (valorTitulo): registro ignorado.' }]);
  });

  it('CNAB 400 Bradesco: nosso número 71-82 with its DV letter', () => {
    const r = parseCnab(
      [
        header400('237'),
        det400([
          [71, '51350000004P'],
          [109, '02'],
        ]),
      ].join('\n'),
    );
    expect(r.itens[0]?.nossoNumero).toBe('51350000004P');
  });

  it('CNAB 240: T then U, right-trimmed lines padded; U without T reported', () => {
    const h = em(em(' '.repeat(240), 1, '00100000'), 8, '0');
    const tSeg = [
      [1, '0010001'],
      [8, '3'],
      [14, 'T'],
      [16, '06'],
      [38, '00000000000000012345'],
      [74, '02012014'],
      [82, '000000000008000'],
      [199, '000000000000125'],
    ] as Array<[number, string]>;
    const uSeg = [
      [1, '0010001'],
      [8, '3'],
      [14, 'U'],
      [18, '000000000000050'],
      [33, '000000000001000'],
      [78, '000000000007050'],
      [138, '06012014'],
      [146, '07012014'],
    ] as Array<[number, string]>;
    const seg = (cs: Array<[number, string]>) =>
      cs.reduce((l, [p, v]) => em(l, p, v), ' '.repeat(240)).trimEnd();
    const r = parseCnab([h, seg(tSeg), seg(uSeg), seg(uSeg)].join('\n'));
    expect(r.formato).toBe('cnab240');
    expect(r.itens).toEqual([
      expect.objectContaining({
        linha: 2,
        nossoNumero: '00000000000000012345',
        ocorrencia: '06',
        vencimento: '2014-01-02',
        dataOcorrencia: '2014-01-06',
        dataCredito: '2014-01-07',
        valorTitulo: '80.00',
        valorPago: '70.50',
        juros: '0.50',
        desconto: '10.00',
        tarifa: '1.25',
      }),
    ]);
    expect(r.erros).toEqual([{ linha: 4, mensagem: 'Segmento U sem o segmento T antes dele.' }]);
  });

  it('not CNAB: an error, no crash', () => {
    expect(parseCnab('hello').erros[0]?.mensagem).toMatch(/não é um retorno CNAB/);
    expect(parseCnab(new Uint8Array()).formato).toBeNull();
  });
});
