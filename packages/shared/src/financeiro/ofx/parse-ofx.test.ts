import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../decimal.ts';
import { parseOfx } from './parse-ofx.ts';
import { dataOfx, valorOfx } from './valores.ts';

// Real OFX files of ../shared/fixtures/ofx (MANIFEST section 3), read in place — never copied into
// the project. Skipped, naming the folder, when absent. The quirk tests below use statements
// written here.
const DIR = fileURLToPath(new URL('../../../../../../shared/fixtures/ofx', import.meta.url));
const presente = fs.existsSync(DIR);
if (!presente) console.warn(`parse-ofx.test: ${DIR} ausente — testes com OFX reais pulados`);

const soma = (vs: string[]) => Decimal.sum(vs).toFixed(2);
const enc = (s: string) => new TextEncoder().encode(s);
const cp1252 = (s: string) =>
  Uint8Array.from(
    [...s].map((c) => (c === 'Ã' ? 0xc3 : c === 'Ç' ? 0xc7 : c === 'É' ? 0xc9 : c.charCodeAt(0))),
  );

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
    expect(r.extratos[0].transacoes).toEqual([]);
    expect(r.extratos[0].banco).toBe('0104');
  });

  it('cp1252 bytes decode with accents right; first/last transactions exact', () => {
    const r = ler('annacruz_bb.ofx');
    expect(r.charset).toBe('windows-1252');
    const e = r.extratos[0];
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
    const t = r.extratos[1].transacoes;
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
      if (memo) expect(r.extratos[0].transacoes[0].memo).toBe(memo);
    }
    expect(
      ler('adelarcubs_extrato_itau.ofx').extratos[0].transacoes.some((t) => t.memo.includes('SERVIÇOS')),
    ).toBe(true);
  });

  it('comma decimals, padding, tz brackets, card statements, OFX 2 XML', () => {
    expect(ler('annacruz_bradesco.ofx').extratos[0].transacoes[0]).toMatchObject({
      valor: '-530.86',
      memo: 'PAGTO ELETRONICO TRIBUTO',
    });
    const s = ler('annacruz_santander.ofx').extratos[0];
    expect(s.transacoes.map((t) => t.valor)).toEqual(['-11.76', '-2.23', '-33.02', '47.01']);
    expect(s.transacoes[0]).toMatchObject({ data: '2017-09-01', hora: '00:00:00', fuso: '-03:00 GMT' });
    expect(s.disponivel?.valor).toBe('2415.87');
    const cc = ler('adelarcubs_fatura_cc_1.ofx');
    expect(cc.extratos[0].cartao).toBe(true);
    expect(cc.extratos[0].transacoes.map((t) => t.valor)).toContain('-136.90');
    const v2 = ler('annacruz_v211.ofx');
    expect(v2.versao).toBe(2);
    expect(v2.extratos.map((e) => e.cartao)).toEqual([false, true]);
    expect(v2.extratos[0].transacoes[0].memo).not.toBe('');
  });
});

describe('OFX quirks (statements written here)', () => {
  const sgml = (corpo: string, charset = '1252') =>
    `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nENCODING:USASCII\r\nCHARSET:${charset}\r\n\r\n<OFX>\r\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\r\n<BANKACCTFROM><BANKID>341\r\n<ACCTID>1234-5 \r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n${corpo}</BANKTRANLIST>\r\n<LEDGERBAL><BALAMT>1.234,56\r\n<DTASOF>20260131\r\n</LEDGERBAL>\r\n</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n`;
  const trn = (data: string, valor: string, memo: string, fitid = '') =>
    `<STMTTRN>\r\n<TRNTYPE>DEBIT\r\n<DTPOSTED>${data}\r\n<TRNAMT>${valor}\r\n${fitid ? `<FITID>${fitid}\r\n` : ''}<MEMO>${memo}\r\n</STMTTRN>\r\n`;

  it('a bad amount and a bad date are reported by line; the rest imports', () => {
    const r = parseOfx(
      enc(
        sgml(
          trn('20260105', '-10,00', 'A') +
            trn('20260106', 'abc', 'B') +
            trn('20261345', '5', 'C') +
            trn('20260107[-3:BRT]', '  7.5 ', 'D'),
        ),
      ),
    );
    expect(r.extratos[0].transacoes.map((t) => [t.memo, t.valor, t.posicao])).toEqual([
      ['A', '-10.00', 0],
      ['D', '7.50', 1],
    ]);
    expect(r.erros).toEqual([
      { linha: 22, mensagem: 'Valor inválido "abc" (TRNAMT): lançamento ignorado.' },
      { linha: 27, mensagem: 'Data inválida "20261345" (DTPOSTED): lançamento ignorado.' },
    ]);
    expect(r.extratos[0].saldo).toEqual({ valor: '1234.56', data: '2026-01-31' });
    expect(r.extratos[0].conta).toBe('1234-5');
  });

  it('cp1252 bytes under CHARSET 1252; UTF-8 bytes under 1252; cp1252 bytes under UTF-8', () => {
    const texto = sgml(trn('20260105', '-1', 'TARIFA SERVIÇO ÃÉ'));
    expect(parseOfx(cp1252(texto)).extratos[0].transacoes[0].memo).toBe('TARIFA SERVIÇO ÃÉ');
    const u = parseOfx(enc(texto));
    expect(u.extratos[0].transacoes[0].memo).toBe('TARIFA SERVIÇO ÃÉ');
    expect(u.avisos).toHaveLength(1);
    const w = parseOfx(cp1252(sgml(trn('20260105', '-1', 'SERVIÇO'), 'UTF-8')));
    expect(w.extratos[0].transacoes[0].memo).toBe('SERVIÇO');
    expect(w.avisos[0]).toMatch(/declara UTF-8/);
  });

  it('a UTF-8 BOM and entities', () => {
    const b = parseOfx(new Uint8Array([0xef, 0xbb, 0xbf, ...enc(sgml(trn('20260105', '-1', 'A &amp; B')))]));
    expect(b.extratos[0].transacoes[0].memo).toBe('A & B');
  });

  it('not OFX / empty: an error, no crash', () => {
    expect(parseOfx(enc('hello')).erros[0].mensagem).toMatch(/não é um extrato OFX/);
    expect(parseOfx(new Uint8Array()).erros).toHaveLength(1);
    expect(parseOfx(enc('<OFX></OFX>')).erros[0].mensagem).toMatch(/Nenhum extrato/);
  });

  it.each([
    ['-530,86', '-530.86'],
    ['            -11,76', '-11.76'],
    ['1.234,56', '1234.56'],
    ['-136.9', '-136.90'],
    ['-80', '-80.00'],
    ['+5.00', '5.00'],
    ['.5', '0.50'],
    ['            .  ', null],
    ['', null],
    ['1,2,3', null],
    ['12abc', null],
  ])('valor %j → %s', (bruto, esperado) => {
    expect(valorOfx(bruto)).toBe(esperado);
  });

  it.each([
    ['20100826', { data: '2010-08-26', hora: null, fuso: null }],
    ['20170904082855[-3:GMT]', { data: '2017-09-04', hora: '08:28:55', fuso: '-03:00 GMT' }],
    ['20160802100000[-03:EST]', { data: '2016-08-02', hora: '10:00:00', fuso: '-03:00 EST' }],
    ['20050831165153.000[-8:PST]', { data: '2005-08-31', hora: '16:51:53', fuso: '-08:00 PST' }],
    ['20220411120000[-3:BRT]', { data: '2022-04-11', hora: '12:00:00', fuso: '-03:00 BRT' }],
    ['20260101[+5.5]', { data: '2026-01-01', hora: null, fuso: '+05:30' }],
    ['00000000', null],
    ['20260230', null],
    ['2026', null],
  ])('data %s', (bruto, esperado) => {
    expect(dataOfx(bruto)).toEqual(esperado);
  });
});
