import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, SHARED_DIR, type TestContext } from '../../test/test-app.ts';
import { criaCliente } from '../tributacao/tributacao-test-support.ts';
import { financialAccounts } from './financeiro.tables.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';

// /api/financeiro/extrato-bancario: OFX import, de-duplication, running balance, LEDGERBAL
// difference, manual lines. Real files of ../shared/fixtures/ofx where present.

let t: TestContext;
let fin: string;
let conta: Json;
let conta2: Json;
const DIR = path.join(SHARED_DIR, 'fixtures/ofx');
const presente = fs.existsSync(DIR);
if (!presente) console.warn(`extrato.test: ${DIR} ausente — importações de OFX reais puladas`);

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const ofx = (trns: string, saldo = '1.000,00') =>
  `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\n<BANKACCTFROM><BANKID>341<ACCTID>99999-1</BANKACCTFROM>\n<BANKTRANLIST><DTSTART>20260101<DTEND>20260131\n${trns}</BANKTRANLIST>\n<LEDGERBAL><BALAMT>${saldo}<DTASOF>20260131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
const trn = (d: string, v: string, memo: string, fitid = '') =>
  `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${d}<TRNAMT>${v}${fitid ? `<FITID>${fitid}` : ''}<MEMO>${memo}\n</STMTTRN>\n`;

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  const c = (nome: string, numero: string, dv: string) =>
    cria(t, fin, 'contas-bancarias', {
      nome,
      tipo: 'corrente',
      banco_codigo: '001',
      agencia: '1234',
      conta: numero,
      conta_digito: dv,
      saldo_inicial: '100,00',
      data_saldo_inicial: '2026-01-01',
    });
  conta = await c('BB movimento', '655000', '2');
  conta2 = await c('Conta teste', '99999', '1');
});
afterAll(() => t?.close());

const importa = (contaId: string, nome: string, conteudo: string | Buffer, extra: Json = {}) =>
  chama(t, fin, 'POST', '/api/financeiro/extrato-bancario/importar', {
    conta_bancaria_id: contaId,
    nome,
    conteudo_base64: b64(conteudo),
    ...extra,
  });

describe('extrato bancário', () => {
  it('imports once; the same file and an overlapping period add nothing (FITID or date+amount+memo)', async () => {
    const a = await importa(
      conta2.id,
      'jan.ofx',
      ofx(
        trn('20260105', '-10,00', 'TARIFA', 'F1') +
          trn('20260106', '50', 'DEP') +
          trn('20260106', '50', 'DEP'),
      ),
    );
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ lidas: 3, novas: 3, repetidas: 0, saldo_arquivo: '1000.00' });
    const b = await importa(
      conta2.id,
      'jan.ofx',
      ofx(
        trn('20260105', '-10,00', 'TARIFA', 'F1') +
          trn('20260106', '50', 'DEP') +
          trn('20260106', '50', 'DEP'),
      ),
    );
    expect(b.body).toMatchObject({ lidas: 3, novas: 0, repetidas: 3 });
    const c = await importa(
      conta2.id,
      'jan2.ofx',
      ofx(
        trn('20260106', '50', 'DEP') +
          trn('20260106', '50', 'DEP') +
          trn('20260106', '50', 'DEP') +
          trn('20260107', '-1.5', 'X'),
      ),
    );
    expect(c.body).toMatchObject({ lidas: 4, novas: 2, repetidas: 2 });
    // audited in bulk (one statement-level trigger, migration 0042): one 'criacao' row per new line, by
    // the importing user, with the line as written; a repeated line writes nothing
    const audit = rowsOf<Json>(
      await t.db.execute(sql`select a.acao, a.user_email, a.depois ->> 'memo' as memo, a.depois ->> 'valor' as valor
        from audit_log a join extrato_linhas l on l.id::text = a.registro_id
        where a.tabela = 'extrato_linhas' and l.conta_bancaria_id = ${conta2.id} order by l.data, l.posicao`),
    );
    expect(audit.map((r) => [r.acao, r.memo, r.valor])).toEqual([
      ['criacao', 'TARIFA', '-10.00'],
      ['criacao', 'DEP', '50.00'],
      ['criacao', 'DEP', '50.00'],
      ['criacao', 'DEP', '50.00'],
      ['criacao', 'X', '-1.50'],
    ]);
    expect(new Set(audit.map((r) => r.user_email)).size).toBe(1);
    expect(audit[0]!.user_email).toMatch(/@/);
    const e = (await chama(t, fin, 'GET', `/api/financeiro/extrato-bancario/${conta2.id}`)).body;
    expect(e.linhas.map((l: Json) => [l.data, l.valor, l.saldo])).toEqual([
      ['2026-01-05', '-10.00', '90.00'],
      ['2026-01-06', '50.00', '140.00'],
      ['2026-01-06', '50.00', '190.00'],
      ['2026-01-06', '50.00', '240.00'],
      ['2026-01-07', '-1.50', '238.50'],
    ]);
    expect(e.importacoes[0]).toMatchObject({
      saldo_arquivo: '1000.00',
      saldo_calculado: '238.50',
      diferenca: '761.50',
    });
  });

  it('manual line (a fee) enters the running balance', async () => {
    const r = await chama(t, fin, 'POST', `/api/financeiro/extrato-bancario/${conta2.id}/linhas`, {
      data: '2026-01-07',
      valor: '-2,35',
      memo: 'Tarifa DOC',
    });
    expect(r.status).toBe(201);
    const e = (await chama(t, fin, 'GET', `/api/financeiro/extrato-bancario/${conta2.id}?de=2026-01-07`))
      .body;
    expect(e.saldo_anterior).toBe('240.00');
    expect(e.linhas.map((l: Json) => [l.memo, l.saldo, l.origem])).toEqual([
      ['X', '238.50', 'ofx'],
      ['Tarifa DOC', '236.15', 'manual'],
    ]);
    const zero = await chama(t, fin, 'POST', `/api/financeiro/extrato-bancario/${conta2.id}/linhas`, {
      data: '2026-01-07',
      valor: '0',
      memo: 'x',
    });
    expect(zero.status).toBe(400);
  });

  it('a bad line is reported and the rest imports; junk is refused without a crash', async () => {
    const r = await importa(
      conta2.id,
      'bad.ofx',
      ofx(trn('20260110', 'abc', 'RUIM') + trn('20260110', '3,00', 'BOM')),
    );
    expect(r.status).toBe(201);
    expect(r.body.novas).toBe(1);
    expect(r.body.erros).toEqual([
      { linha: 10, mensagem: 'Valor inválido "abc" (TRNAMT): lançamento ignorado.' },
    ]);
    expect((await importa(conta2.id, 'x.ofx', 'hello')).status).toBe(422);
    expect(
      (
        await chama(t, fin, 'POST', '/api/financeiro/extrato-bancario/importar', {
          conta_bancaria_id: conta2.id,
          nome: 'a',
          conteudo_base64: '***',
        })
      ).status,
    ).toBe(400);
  });

  it('admin and financeiro only', async () => {
    const comercial = (await t.signIn(['comercial'])).token;
    expect((await chama(t, comercial, 'GET', `/api/financeiro/extrato-bancario/${conta2.id}`)).status).toBe(
      403,
    );
  });

  it.skipIf(!presente)(
    'real file with two statements: ACCTID picks the account; cp1252 accents; second import adds nothing',
    async () => {
      const bytes = fs.readFileSync(path.join(DIR, 'asgrim_ofxdata-bb-two-stmtrs.ofx'));
      const a = await importa(conta.id, 'bb.ofx', bytes);
      expect(a.status).toBe(201);
      expect(a.body).toMatchObject({ conta: '655000-2', lidas: 36, novas: 36, saldo_arquivo: '4555.28' });
      // the answer lists every statement of the file (the screen offers the other one elsewhere)
      expect(a.body.extratos).toEqual([
        { indice: 0, banco: '001', conta: '455000-5', lancamentos: 0, importado: false },
        { indice: 1, banco: '001', conta: '655000-2', lancamentos: 36, importado: true },
      ]);
      expect((await importa(conta.id, 'bb.ofx', bytes)).body).toMatchObject({ novas: 0, repetidas: 36 });
      const e = (await chama(t, fin, 'GET', `/api/financeiro/extrato-bancario/${conta.id}`)).body;
      expect(e.linhas).toHaveLength(36);
      expect(e.saldo_final).toBe('-3548.66'); // 100.00 + Σ −3648.66
      expect(e.linhas.at(-1).memo).toBe('TARIFA PACOTE DE SERVIÇOS');
      // a file whose statements name no account of ours, each with lines: asked which one
      const v2 = await importa(conta2.id, 'v211.ofx', fs.readFileSync(path.join(DIR, 'annacruz_v211.ofx')));
      expect(v2.status).toBe(422);
      expect(v2.body.error?.details?.extratos ?? v2.body.details?.extratos).toHaveLength(2);
    },
  );
});

const CNAB = path.join(SHARED_DIR, 'fixtures/cnab');
describe.skipIf(!fs.existsSync(CNAB))('CNAB retorno (../shared/fixtures/cnab)', () => {
  it('settles the título by nosso número (Itaú reports net of tarifa), lists unknown ones; a second import settles nothing', async () => {
    const cliente = await criaCliente(t.db, {
      razaoSocial: 'Cliente Boleto Ltda',
      uf: 'SP',
      indicadorIe: '1',
    });
    await cria(t, fin, 'classes-financeiras', { codigo: '9', nome: 'Receitas CNAB', tipo: 'receita' });
    const classe = (
      await cria(t, fin, 'classes-financeiras', { codigo: '9.01', nome: 'Boletos', tipo: 'receita' })
    ).id;
    const r = await chama(t, fin, 'POST', '/api/financeiro/receber', {
      tipo: 'receber',
      cliente_id: cliente,
      descricao: 'Boleto 11',
      classe_financeira_id: classe,
      emissao: '2013-05-01',
      vencimento: '2013-05-20',
      valor: '40,00',
    });
    expect(r.status).toBe(201);
    const titulo = (Array.isArray(r.body) ? r.body[0] : r.body) as Json;
    await t.db
      .update(financialAccounts)
      .set({ nossoNumero: '00000011' })
      .where(eq(financialAccounts.id, titulo.id));
    const arquivo = fs.readFileSync(path.join(CNAB, 'brcobranca_CNAB400ITAU.RET'));
    const enviar = () =>
      chama(t, fin, 'POST', '/api/financeiro/extrato-bancario/cnab', {
        conta_bancaria_id: conta2.id,
        nome: 'CNAB400ITAU.RET',
        conteudo_base64: b64(arquivo),
      });
    const a = await enviar();
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ formato: 'cnab400', banco: '341', lidos: 52, baixados: 1 });
    expect(a.body.desconhecidos).toHaveLength(50);
    expect(a.body.itens[0]).toMatchObject({
      nosso_numero: '00000011',
      situacao: 'baixado',
      valor_pago: '40.00',
      tarifa: '2.10',
    });
    expect(a.body.itens.at(-1)).toMatchObject({ ocorrencia: '09', situacao: 'sem_baixa' });
    const depois = (await chama(t, fin, 'GET', `/api/financeiro/receber/${titulo.id}`)).body;
    expect([depois.status, depois.saldo]).toEqual(['pago', '0.00']);
    const b = await enviar();
    expect(b.body.baixados).toBe(0);
    expect(b.body.itens[0]).toMatchObject({ situacao: 'repetido' });
  });
});
