import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, SHARED_DIR, type TestContext } from '../../test/test-app.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';

// Wrong files are refused whole with the reason and nothing written (issue 29, item 5): a truncated
// OFX, CNAB records of the wrong size or with NUL bytes; an OFX of another account asks for a
// confirmation naming both accounts (409 conta_divergente, then confirmar_conta).

let t: TestContext;
let fin: string;
const DIR = path.join(SHARED_DIR, 'fixtures/ofx');
const presente = fs.existsSync(DIR);
if (!presente) console.warn(`extrato-validacao.test: ${DIR} ausente — comparações com OFX reais puladas`);

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const ofx = (conta: string, trns: string, banco = '341') =>
  `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\n<BANKACCTFROM><BANKID>${banco}<ACCTID>${conta}</BANKACCTFROM>\n<BANKTRANLIST><DTSTART>20260101<DTEND>20260131\n${trns}</BANKTRANLIST>\n<LEDGERBAL><BALAMT>10,00<DTASOF>20260131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
const trn = (v: string, memo: string, fitid: string) =>
  `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20260105<TRNAMT>${v}<FITID>${fitid}<MEMO>${memo}\n</STMTTRN>\n`;

const novaConta = (nome: string, banco: string, agencia: string, conta: string, dv: string) =>
  cria(t, fin, 'contas-bancarias', {
    nome,
    tipo: 'corrente',
    banco_codigo: banco,
    agencia,
    conta,
    conta_digito: dv,
    saldo_inicial: '0',
    data_saldo_inicial: '2026-01-01',
  });

const envia = (
  rota: 'importar' | 'cnab',
  contaId: string,
  nome: string,
  conteudo: string | Buffer,
  extra: Json = {},
) =>
  chama(t, fin, 'POST', `/api/financeiro/extrato-bancario/${rota}`, {
    conta_bancaria_id: contaId,
    nome,
    conteudo_base64: b64(conteudo),
    ...extra,
  });

/** Rows the imports of an account left (importações, linhas, CNAB items): all zero after a refusal. */
async function gravado(contaId: string) {
  const [r] = rowsOf<{ i: number; l: number; c: number }>(
    await t.db.execute(sql`select
      (select count(*)::int from extrato_importacoes where conta_bancaria_id = ${contaId}) as i,
      (select count(*)::int from extrato_linhas where conta_bancaria_id = ${contaId}) as l,
      (select count(*)::int from cnab_retorno_itens where conta_bancaria_id = ${contaId}) as c`),
  );
  return r;
}

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
});
afterAll(() => t?.close());

describe('wrong OFX and CNAB files are refused, nothing written', () => {
  it('an OFX cut before its closing tags: 422 with the line where it ends', async () => {
    const c = await novaConta('Itaú cortado', '341', '1234', '11111', '1');
    const inteiro = ofx('11111-1', trn('1,00', 'A', 'F1') + trn('2,00', 'B', 'F2'));
    const cortado = inteiro.slice(0, inteiro.indexOf('</BANKTRANLIST>'));
    const r = await envia('importar', c.id, 'cortado.ofx', cortado);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'Arquivo OFX incompleto: esperado </BANKTRANLIST> (aberto na linha 9), encontrado o fim do arquivo na linha 13.',
    );
    expect(r.body.details.erros).toEqual([{ linha: 13, mensagem: r.body.message }]);
    expect(await gravado(c.id)).toEqual({ i: 0, l: 0, c: 0 });
    expect((await envia('importar', c.id, 'inteiro.ofx', inteiro)).body).toMatchObject({ novas: 2 });
  });

  it('CNAB with a record of the wrong size or a NUL line: 422 naming the line, expected and found', async () => {
    const c = await novaConta('Itaú CNAB', '341', '1234', '22222', '2');
    const em = (base: string, pos: number, v: string) =>
      base.slice(0, pos - 1) + v + base.slice(pos - 1 + v.length);
    const header = em(em(' '.repeat(400), 1, '02RETORNO'), 77, '341');
    const det = em(em(em(' '.repeat(400), 1, '1'), 109, '06'), 395, '000002');
    const trailer = em(' '.repeat(400), 1, '9');
    const curto = await envia('cnab', c.id, 'curto.ret', [header, det.slice(0, 380), trailer].join('\r\n'));
    expect(curto.status).toBe(422);
    expect(curto.body.message).toBe('Linha 2: 380 posições; esperado 400 (CNAB 400).');
    const nul = await envia('cnab', c.id, 'nul.ret', [header, '\u0000'.repeat(400), trailer].join('\r\n'));
    expect(nul.status).toBe(422);
    expect(nul.body.message).toBe(
      'Linha 2: caractere nulo (NUL) na posição 1; um retorno CNAB 400 tem só texto.',
    );
    // the red team's file: a header of 60 positions used to become an import with banco ""
    const semBanco = await envia('cnab', c.id, 'x.ret', [header.slice(0, 60), det].join('\n'));
    expect(semBanco.status).toBe(422);
    expect(semBanco.body.message).toBe('Linha 1: 60 posições; esperado 400 (CNAB 400).');
    expect(await gravado(c.id)).toEqual({ i: 0, l: 0, c: 0 });
  });

  it('an OFX of another account asks for confirmation naming both; confirmed, it imports', async () => {
    const c = await novaConta('Itaú Matriz', '341', '1234', '33333', '3');
    const outro = ofx('99999-9', trn('5,00', 'DEP', 'G1'));
    const r = await envia('importar', c.id, 'outro.ofx', outro);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'O extrato é de outra conta (banco 341, conta 99999-9), e a conta escolhida é Itaú Matriz (banco 341, agência 1234, conta 33333-3). Confirme para importar mesmo assim.',
    );
    expect(r.body.details).toEqual({
      reason: 'conta_divergente',
      arquivo: { banco: '341', agencia: null, conta: '99999-9' },
      conta: { id: c.id, nome: 'Itaú Matriz', descricao: 'banco 341, agência 1234, conta 33333-3' },
    });
    expect(await gravado(c.id)).toEqual({ i: 0, l: 0, c: 0 });
    // the same number at another agência asks; without ACCTID, another bank asks
    const agencia = ofx('33333-3', trn('5,00', 'DEP', 'G1')).replace('<ACCTID>', '<BRANCHID>9876<ACCTID>');
    expect((await envia('importar', c.id, 'ag.ofx', agencia)).status).toBe(409);
    const semConta = ofx('', trn('5,00', 'DEP', 'G1'), '001').replace('<ACCTID>', '');
    expect((await envia('importar', c.id, 'bb.ofx', semConta)).body.message).toBe(
      'O extrato é de outra conta (banco 001), e a conta escolhida é Itaú Matriz (banco 341, agência 1234, conta 33333-3). Confirme para importar mesmo assim.',
    );
    const ok = await envia('importar', c.id, 'outro.ofx', outro, { confirmar_conta: true });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ banco: '341', conta: '99999-9', lidas: 1, novas: 1 });
    // the account's own file, written the usual ways, needs no confirmation
    for (const [acct, banco] of [
      ['33333-3', '341'],
      ['333333', '0341'],
      ['1234 0033333-3', '341'],
    ] as const) {
      const x = await envia(
        'importar',
        c.id,
        'meu.ofx',
        ofx(acct, trn('1,00', `M${acct}`, `H${acct}`), banco),
      );
      expect([acct, x.status]).toEqual([acct, 201]);
    }
  });

  it.skipIf(!presente)(
    'real files: the account as the bank writes it passes; another account asks',
    async () => {
      const arquivo = (n: string) => fs.readFileSync(path.join(DIR, n));
      // Santander: ACCTID 3423130031625 = agência 3423 + conta 13003162-5; its BANKID 034 (Santander
      // is 033) does not ask: the conta number decides
      const santander = await novaConta('Santander', '033', '3423', '13003162', '5');
      expect(
        (await envia('importar', santander.id, 's.ofx', arquivo('annacruz_santander.ofx'))).body,
      ).toMatchObject({
        lidas: 4,
        novas: 4,
      });
      // Bradesco: BANKID 0237, ACCTID 34545 = conta 3454-5
      const bradesco = await novaConta('Bradesco', '237', '0001', '3454', '5');
      expect((await envia('importar', bradesco.id, 'b.ofx', arquivo('annacruz_bradesco.ofx'))).status).toBe(
        201,
      );
      // BB: ACCTID "12345-6 " (trailing space) in an account of banco 1
      const bb = await novaConta('BB', '1', '0001', '12345', '6');
      expect((await envia('importar', bb.id, 'bb.ofx', arquivo('annacruz_bb.ofx'))).body).toMatchObject({
        lidas: 81,
        novas: 81,
      });
      // the Bradesco file sent to the BB account
      const errado = await envia('importar', bb.id, 'b.ofx', arquivo('annacruz_bradesco.ofx'));
      expect(errado.status).toBe(409);
      expect(errado.body.message).toBe(
        'O extrato é de outra conta (banco 0237, conta 34545), e a conta escolhida é BB (banco 001, agência 0001, conta 12345-6). Confirme para importar mesmo assim.',
      );
    },
  );
});
