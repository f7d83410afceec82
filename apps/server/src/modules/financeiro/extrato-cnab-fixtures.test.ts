import fs from 'node:fs';
import path from 'node:path';
import { Decimal, parseCnab } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { SHARED_DIR } from '../../test/test-app.ts';

// Real CNAB return files of ../shared/fixtures/cnab (MANIFEST section 4), read in place — never
// copied into the project; skipped, naming the folder, when absent.
const DIR = path.join(SHARED_DIR, 'fixtures/cnab');
const presente = fs.existsSync(DIR);
if (!presente) console.warn(`extrato-cnab-fixtures.test: ${DIR} ausente — testes com CNAB reais pulados`);

const soma = (vs: string[]) => Decimal.sum(vs).toFixed(2);

describe.skipIf(!presente)('CNAB retorno reais (../shared/fixtures/cnab)', () => {
  const ler = (f: string) => parseCnab(fs.readFileSync(path.join(DIR, f)));

  it.each([
    // file, formato, banco, records, Σ valor título, Σ valor pago, Σ tarifa
    ['brcobranca_CNAB400ITAU.RET', 'cnab400', '341', 52, '2688.96', '2548.32', '109.20'],
    ['brcobranca_CNAB400BRADESCO.RET', 'cnab400', '237', 6, '2930.00', '1450.00', '8.00'],
    ['brcobranca_CNAB240.RET', 'cnab240', '001', 35, '21880.94', '21880.94', '36.05'],
    ['laravel-boleto_cnab240_caixa.ret', 'cnab240', '104', 9, '1120.00', '1010.00', '12.70'],
  ])('%s', (f, formato, banco, n, titulo, pago, tarifa) => {
    const r = ler(f);
    expect(r.erros).toEqual([]);
    expect([r.formato, r.banco, r.itens.length]).toEqual([formato, banco, n]);
    expect(soma(r.itens.map((i) => i.valorTitulo))).toBe(titulo);
    expect(soma(r.itens.map((i) => i.valorPago))).toBe(pago);
    expect(soma(r.itens.map((i) => i.tarifa))).toBe(tarifa);
  });

  it('first and last records as the manifest gives them', () => {
    const itau = ler('brcobranca_CNAB400ITAU.RET').itens;
    expect(itau[0]).toMatchObject({
      nossoNumero: '00000011',
      ocorrencia: '06',
      dataOcorrencia: '2013-05-20',
      valorTitulo: '40.00',
      tarifa: '2.10',
      valorPago: '37.90',
      dataCredito: '2013-05-21',
    });
    expect(itau.at(-1)).toMatchObject({ nossoNumero: '27714592', ocorrencia: '09', valorTitulo: '40.00' });
    expect(itau.filter((i) => i.ocorrencia === '06')).toHaveLength(51);
    const brad = ler('brcobranca_CNAB400BRADESCO.RET').itens;
    expect(brad[0]).toMatchObject({
      nossoNumero: '000000000303',
      documento: '0030',
      ocorrencia: '02',
      vencimento: '2015-05-25',
      valorPago: '1450.00',
      tarifa: '1.60',
    });
    expect(brad[1]).toMatchObject({ nossoNumero: '51350000004P', valorTitulo: '180.00', valorPago: '0.00' });
    expect(brad.filter((i) => i.ocorrencia === '10').map((i) => i.nossoNumero)).toEqual(['509800000028']);
    const bb = ler('brcobranca_CNAB240.RET').itens;
    expect(bb[0]).toMatchObject({
      nossoNumero: '14499570000020673',
      ocorrencia: '17',
      valorTitulo: '344.00',
      tarifa: '1.03',
      juros: '0.09',
      desconto: '0.01',
      valorPago: '344.00',
      dataCredito: '2012-01-02',
    });
    const cef = ler('laravel-boleto_cnab240_caixa.ret').itens;
    expect(cef[0]).toMatchObject({
      nossoNumero: '240000000111369979',
      vencimento: '2014-01-02',
      valorTitulo: '80.00',
      tarifa: '1.25',
      valorPago: '80.00',
      dataCredito: '2014-01-07',
    });
    expect(cef[2]).toMatchObject({ desconto: '10.00', valorPago: '70.00' });
    expect(cef.find((i) => i.valorTitulo === '480.00')).toMatchObject({
      desconto: '60.00',
      valorPago: '420.00',
    });
  });
});
