import fs from 'node:fs';
import path from 'node:path';
import { Decimal, parseOfx } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { SHARED_DIR } from '../../test/test-app.ts';

const de = <T>(x: T | undefined): T => {
  if (x === undefined) throw new Error('ausente');
  return x;
};

// Real OFX files of ../shared/fixtures/ofx (MANIFEST section 3), read in place — never copied into
// the project; skipped, naming the folder, when absent. The parser's quirk tests (statements
// written by the project) are in packages/shared/src/financeiro/ofx/parse-ofx.test.ts.
const DIR = path.join(SHARED_DIR, 'fixtures/ofx');
const presente = fs.existsSync(DIR);
if (!presente) console.warn(`extrato-ofx-fixtures.test: ${DIR} ausente — testes com OFX reais pulados`);

const soma = (vs: string[]) => Decimal.sum(vs).toFixed(2);

describe.skipIf(!presente)('OFX reais (../shared/fixtures/ofx)', () => {
  const ler = (f: string) => parseOfx(fs.readFileSync(path.join(DIR, f)));
  it.each([
    // file, transactions, Σ TRNAMT, statements, LEDGERBAL of the last statement
    ['annacruz_bb.ofx', 81, '6592.75', 1, '6529.19'],
    ['annacruz_bradesco.ofx', 6, '-2166.81', 1, '0.00'],
    ['annacruz_santander.ofx', 4, '0.00', 1, '348.29'],
    ['asgrim_ofxdata-bb-two-stmtrs.ofx', 36, '-3648.66', 2, '4555.28'],
    ['asgrim_ofxdata-bb.ofx', 1, '239.55', 1, '239.35'],
    ['adelarcubs_extrato_itau.ofx', 48, '-2313.06', 1, '11.40'],
    ['adelarcubs_extrato_caixa.ofx', 4, '-301.52', 1, '207.70'],
    ['adelarcubs_fatura_cc_1.ofx', 6, '-392.12', 1, '-392.12'],
    ['annacruz_v211.ofx', 3, '247.00', 2, '-562.00'],
  ])('%s: %i lançamentos, soma %s', (f, n, total, nExtratos, saldo) => {
    const r = ler(f);
    expect(r.erros).toEqual([]);
    const trns = r.extratos.flatMap((e) => e.transacoes);
    expect(trns).toHaveLength(n);
    expect(soma(trns.map((t) => t.valor))).toBe(total);
    expect(r.extratos).toHaveLength(nExtratos);
    expect(r.extratos.at(-1)?.saldo?.valor).toBe(saldo);
  });

  it('malformed decimal: the bad line is reported with its number, no crash', () => {
    const r = ler('annacruz_cef_malformed_decimal.ofx');
    expect(r.erros).toEqual([{ linha: 42, mensagem: 'Valor inválido "." (TRNAMT): lançamento ignorado.' }]);
    expect(r.extratos[0]?.transacoes).toEqual([]);
    expect(r.extratos[0]?.banco).toBe('0104');
  });

  it('cp1252 bytes decode with accents right; first/last transactions exact', () => {
    const r = ler('annacruz_bb.ofx');
    expect(r.charset).toBe('windows-1252');
    const e = de(r.extratos[0]);
    expect(e.conta).toBe('12345-6');
    expect(e.banco).toBe('001');
    expect(e.transacoes.filter((t) => t.memo === 'COMPRA COM CARTÃO')).toHaveLength(37);
    expect(e.transacoes.some((t) => t.memo === 'PAGAMENTO DE TÍTULO')).toBe(true);
    expect(e.transacoes[0]).toMatchObject({
      tipo: 'CHECK',
      data: '2010-08-26',
      valor: '-836.30',
      fitid: '20100826183630',
      documento: '850076',
      memo: 'CHEQUE COMPENSADO',
    });
    expect(e.transacoes.at(-1)).toMatchObject({
      tipo: 'XFER',
      data: '2010-10-25',
      valor: '-142.00',
      memo: 'TRANSFERÊNCIA ON LINE',
    });
    expect(e.inicio).toBe('2010-09-30');
  });

  it('two statements in one file, CRLF and cp1252', () => {
    const r = ler('asgrim_ofxdata-bb-two-stmtrs.ofx');
    expect(r.extratos.map((e) => [e.conta, e.transacoes.length, e.saldo?.valor])).toEqual([
      ['455000-5', 0, '0.00'],
      ['655000-2', 36, '4555.28'],
    ]);
    const t = de(r.extratos[1]).transacoes;
    expect(t[0]).toMatchObject({
      tipo: 'DEP',
      data: '2017-03-01',
      valor: '13318.36',
      memo: 'TED-CRÉDITO EM CONTA',
    });
    expect(t.at(-1)).toMatchObject({
      data: '2017-03-27',
      valor: '-68.00',
      memo: 'TARIFA PACOTE DE SERVIÇOS',
      fitid: '2017032716800',
    });
  });

  it('header says 1252 but the bytes are UTF-8: read as UTF-8 with a warning', () => {
    for (const [f, memo] of [
      ['asgrim_ofxdata-bb.ofx', 'DOC CRÉDITO EM CONTA'],
      ['adelarcubs_extrato_itau.ofx', null],
    ] as const) {
      const r = ler(f);
      expect(r.charset).toBe('utf-8');
      expect(r.avisos[0]).toMatch(/declara CHARSET 1252/);
      if (memo) expect(r.extratos.at(0)?.transacoes.at(0)?.memo).toBe(memo);
    }
    expect(
      ler('adelarcubs_extrato_itau.ofx')
        .extratos.at(0)
        ?.transacoes.some((t) => t.memo.includes('SERVIÇOS')),
    ).toBe(true);
  });

  it('comma decimals, padding, tz brackets, card statements, OFX 2 XML', () => {
    expect(ler('annacruz_bradesco.ofx').extratos.at(0)?.transacoes[0]).toMatchObject({
      valor: '-530.86',
      memo: 'PAGTO ELETRONICO TRIBUTO',
    });
    const s = de(ler('annacruz_santander.ofx').extratos[0]);
    expect(s.transacoes.map((t) => t.valor)).toEqual(['-11.76', '-2.23', '-33.02', '47.01']);
    expect(s.transacoes[0]).toMatchObject({ data: '2017-09-01', hora: '00:00:00', fuso: '-03:00 GMT' });
    expect(s.disponivel?.valor).toBe('2415.87');
    const cc = ler('adelarcubs_fatura_cc_1.ofx');
    expect(cc.extratos.at(0)?.cartao).toBe(true);
    expect(cc.extratos.at(0)?.transacoes.map((t) => t.valor)).toContain('-136.90');
    const v2 = ler('annacruz_v211.ofx');
    expect(v2.versao).toBe(2);
    expect(v2.extratos.map((e) => e.cartao)).toEqual([false, true]);
    expect(v2.extratos.at(0)?.transacoes.at(0)?.memo).not.toBe('');
  });
});
