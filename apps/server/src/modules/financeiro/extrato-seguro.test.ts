import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { estatisticasPool } from '../../lib/trabalho/pool.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';

// Statement files through the real import routes (issue 29, items 3 and 4): an OFX 2.x with a DTD is
// refused with its reason; files past the per-import line limits are refused before being read; the
// files are read on the worker pool. Nothing is written for a refused file.

let t: TestContext;
let fin: string;
let conta: Json;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const trn = (i: number) =>
  `<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260115</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>F${i}</FITID><MEMO>TARIFA ${i}</MEMO></STMTTRN>\n`;
const ofx2 = (prologo: string, n: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n${prologo}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF>` +
  `<BANKACCTFROM><BANKID>001</BANKID><BRANCHID>1234</BRANCHID><ACCTID>77777-7</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>` +
  `<BANKTRANLIST><DTSTART>20260101</DTSTART><DTEND>20260131</DTEND>\n${Array.from({ length: n }, (_, i) => trn(i)).join('')}</BANKTRANLIST>` +
  `<LEDGERBAL><BALAMT>0.00</BALAMT><DTASOF>20260131</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

const importa = (rota: 'importar' | 'cnab', nome: string, conteudo: string) =>
  chama(t, fin, 'POST', `/api/financeiro/extrato-bancario/${rota}`, {
    conta_bancaria_id: conta.id,
    nome,
    conteudo_base64: b64(conteudo),
  });
const importacoes = async () =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from extrato_importacoes`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  conta = await cria(t, fin, 'contas-bancarias', {
    nome: 'Conta segura',
    tipo: 'corrente',
    banco_codigo: '001',
    agencia: '1234',
    conta: '77777',
    conta_digito: '7',
    saldo_inicial: '0,00',
    data_saldo_inicial: '2026-01-01',
  });
});
afterAll(() => t?.close());

describe('arquivos de extrato hostis ou grandes demais', () => {
  it('an OFX 2.x with a DOCTYPE (entities) is refused with its reason; nothing is written', async () => {
    const antes = await importacoes();
    const executadas = estatisticasPool().executadas;
    const dtd = '<!DOCTYPE OFX [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n';
    const r = await importa('importar', 'lol.ofx', ofx2(dtd, 2).replace('TARIFA 0', '&b;'));
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'O arquivo traz uma declaração DOCTYPE (DTD), que não é aceita em extratos OFX. Arquivo recusado.',
    );
    expect(await importacoes()).toBe(antes);
    expect(estatisticasPool().executadas - executadas).toBe(1);
  });

  it('an OFX past 50,000 lançamentos is refused before being read', async () => {
    const r = await importa('importar', 'enorme.ofx', ofx2('', 50_001));
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'O arquivo tem 50.001 lançamentos; o máximo por importação é 50.000. Divida o extrato por período.',
    );
  });

  it('a CNAB retorno past 50,000 lines is refused before being read', async () => {
    const linha = `${'0'.repeat(239)}\n`;
    const r = await importa('cnab', 'enorme.ret', linha.repeat(50_001));
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'O arquivo tem 50.001 linhas; o máximo por importação é 50.000. Divida o retorno.',
    );
  });
});
