import { describe, expect, it } from 'vitest';
import { parseOfx } from './parse-ofx.ts';
import { bytesUtf8 as enc } from './text-codec.ts';
import { dataOfx, valorOfx } from './valores.ts';

// Statements written here, one per quirk of real Brazilian files. The real files of
// ../shared/fixtures/ofx are tested in apps/server/src/modules/financeiro/extrato-ofx-fixtures.test.ts.
const cp1252 = (s: string) =>
  Uint8Array.from(
    [...s].map((c) => (c === 'Ã' ? 0xc3 : c === 'Ç' ? 0xc7 : c === 'É' ? 0xc9 : c.charCodeAt(0))),
  );

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
    expect(r.extratos.at(0)?.transacoes.map((t) => [t.memo, t.valor, t.posicao])).toEqual([
      ['A', '-10.00', 0],
      ['D', '7.50', 1],
    ]);
    expect(r.erros).toEqual([
      { linha: 22, mensagem: 'Valor inválido "abc" (TRNAMT): lançamento ignorado.' },
      { linha: 27, mensagem: 'Data inválida "20261345" (DTPOSTED): lançamento ignorado.' },
    ]);
    expect(r.extratos.at(0)?.saldo).toEqual({ valor: '1234.56', data: '2026-01-31' });
    expect(r.extratos.at(0)?.conta).toBe('1234-5');
  });

  it('cp1252 bytes under CHARSET 1252; UTF-8 bytes under 1252; cp1252 bytes under UTF-8', () => {
    const texto = sgml(trn('20260105', '-1', 'TARIFA SERVIÇO ÃÉ'));
    expect(parseOfx(cp1252(texto)).extratos.at(0)?.transacoes.at(0)?.memo).toBe('TARIFA SERVIÇO ÃÉ');
    const u = parseOfx(enc(texto));
    expect(u.extratos.at(0)?.transacoes.at(0)?.memo).toBe('TARIFA SERVIÇO ÃÉ');
    expect(u.avisos).toHaveLength(1);
    const w = parseOfx(cp1252(sgml(trn('20260105', '-1', 'SERVIÇO'), 'UTF-8')));
    expect(w.extratos.at(0)?.transacoes.at(0)?.memo).toBe('SERVIÇO');
    expect(w.avisos[0]).toMatch(/declara UTF-8/);
  });

  it('a UTF-8 BOM and entities', () => {
    const b = parseOfx(new Uint8Array([0xef, 0xbb, 0xbf, ...enc(sgml(trn('20260105', '-1', 'A &amp; B')))]));
    expect(b.extratos.at(0)?.transacoes.at(0)?.memo).toBe('A & B');
  });

  it('not OFX / empty: an error, no crash', () => {
    expect(parseOfx(enc('hello')).erros.at(0)?.mensagem).toMatch(/não é um extrato OFX/);
    expect(parseOfx(new Uint8Array()).erros).toHaveLength(1);
    expect(parseOfx(enc('<OFX></OFX>')).erros.at(0)?.mensagem).toMatch(/Nenhum extrato/);
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
