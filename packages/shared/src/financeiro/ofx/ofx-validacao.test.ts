import { describe, expect, it } from 'vitest';
import { parseOfx } from './parse-ofx.ts';
import { bytesUtf8 as enc } from './text-codec.ts';

// Whole-file refusals (issue 29, items 5 and 6): a file cut short, control bytes, amounts the money
// columns cannot hold, character references that are not storable text.

const cabecalho = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n';
const corpo = (trns: string) =>
  `<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>341<ACCTID>1234-5</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101<DTEND>20260131
${trns}</BANKTRANLIST>
<LEDGERBAL><BALAMT>10,00<DTASOF>20260131</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
const trn = (v: string, memo = 'X', fitid = 'F1') =>
  `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20260105<TRNAMT>${v}<FITID>${fitid}<MEMO>${memo}\n</STMTTRN>\n`;

describe('OFX refused whole', () => {
  it('a file cut before its closing tags imports nothing and names where it ends', () => {
    const inteiro = cabecalho + corpo(trn('1,00') + trn('2,00', 'Y', 'F2'));
    expect(parseOfx(enc(inteiro)).extratos[0]?.transacoes).toHaveLength(2);
    const cortado = inteiro.slice(0, inteiro.indexOf('</BANKTRANLIST>'));
    expect(parseOfx(enc(cortado))).toMatchObject({
      extratos: [],
      erros: [
        {
          linha: 13,
          mensagem:
            'Arquivo OFX incompleto: esperado </BANKTRANLIST> (aberto na linha 9), encontrado o fim do arquivo na linha 13.',
        },
      ],
    });
    // only </OFX> missing
    const semFim = inteiro.replace('</OFX>', '');
    expect(parseOfx(enc(semFim)).erros[0]?.mensagem).toBe(
      'Arquivo OFX incompleto: esperado </OFX> (aberto na linha 7), encontrado o fim do arquivo na linha 16.',
    );
    // an aggregate closed out of order
    const trocado = inteiro.replace('</STMTTRN>', '</STMTRS>');
    expect(parseOfx(enc(trocado)).erros[0]?.mensagem).toBe(
      'Linha 11: esperado </STMTTRN> (aberto na linha 10), encontrado </STMTRS>.',
    );
  });

  it('NUL or another control byte anywhere (MEMO, FITID) refuses the file with its line', () => {
    const nulMemo = cabecalho + corpo(trn('1,00', 'A\u0000B'));
    expect(parseOfx(enc(nulMemo))).toMatchObject({
      extratos: [],
      erros: [
        { linha: 10, mensagem: 'Caractere nulo (NUL) na linha 10: o arquivo não é um extrato OFX válido.' },
      ],
    });
    const nulFitid = cabecalho + corpo(trn('1,00', 'A', 'F\u00001'));
    expect(parseOfx(enc(nulFitid)).erros[0]?.linha).toBe(10);
    const bell = cabecalho + corpo(trn('1,00', 'A\u0007'));
    expect(parseOfx(enc(bell)).erros[0]?.mensagem).toBe(
      'Caractere de controle (código 7) na linha 10: o arquivo não é um extrato OFX válido.',
    );
    // a DOS end-of-file mark after </OFX> is not a reason
    expect(parseOfx(enc(`${cabecalho + corpo(trn('1,00'))}\u001a`)).extratos).toHaveLength(1);
  });

  it('an amount beyond numeric(14,2) is a bad line (reported), the rest imports', () => {
    const r = parseOfx(enc(cabecalho + corpo(trn('1000000000000,00') + trn('999999999999,99', 'MAX', 'F2'))));
    expect(r.erros).toEqual([
      {
        linha: 10,
        mensagem:
          'Valor fora do limite "1000000000000,00" (TRNAMT; máximo 999.999.999.999,99): lançamento ignorado.',
      },
    ]);
    expect(r.extratos[0]?.transacoes.map((t) => t.valor)).toEqual(['999999999999.99']);
    const saldo = parseOfx(enc((cabecalho + corpo(trn('1,00'))).replace('<BALAMT>10,00', '<BALAMT>1e400')));
    expect(saldo.extratos[0]?.saldo).toBeNull();
  });

  it('character references to NUL, surrogates or beyond U+10FFFF stay as written', () => {
    const r = parseOfx(enc(cabecalho + corpo(trn('1,00', 'A&#0;B&#xD800;C&#x110000;D&#233;'))));
    expect(r.extratos[0]?.transacoes[0]?.memo).toBe('A&#0;B&#xD800;C&#x110000;Dé');
  });
});
