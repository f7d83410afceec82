import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client.ts';
import { montaNfeXml, type NfeExemplo } from './modules/entradas/nfe-exemplo.ts';
import { chama, cria, type Json } from './modules/financeiro/financeiro-test-support.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from './test/test-app.ts';

// No upload is ever a 500 (issue 29, item 6) — the file-upload routes' half of hostile-input.test.ts
// (which sends hostile JSON values to every route; the files' contents are what these routes parse):
// NUL bytes inside NF-e fields, OFX amounts beyond numeric(14,2), NUL in OFX MEMO/FITID, character
// references to NUL or surrogates, CNAB NUL lines and records of the wrong size, junk as a certificate.
// Each answer is below 500, and the exact refusal is asserted where the file is wrong; nothing refused
// is written.

const semSchemas = !TEST_NFE_SCHEMAS_DIR;
if (semSchemas)
  console.warn('hostile-upload.test: nenhum pacote de schemas XSD da NF-e — casos de NF-e pulados');

let t: TestContext;
let admin: string;
let conta: Json;

const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn(['admin'])).token;
  conta = await cria(t, admin, 'contas-bancarias', {
    nome: 'Conta hostil',
    tipo: 'corrente',
    banco_codigo: '341',
    agencia: '1234',
    conta: '12345',
    conta_digito: '6',
    saldo_inicial: '0',
    data_saldo_inicial: '2026-01-01',
  });
});
afterAll(() => t?.close());

const contagem = async (
  tabela: 'entradas' | 'extrato_linhas' | 'extrato_importacoes' | 'cnab_retorno_itens',
) =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(tabela)}`))[0]!
    .n;

describe.skipIf(semSchemas)('NF-e upload (/api/estoque/entradas/importar)', () => {
  const nota: NfeExemplo = {
    cnpjEmitente: '45987012000177',
    nomeEmitente: 'Laticinios Serra Ltda',
    numero: 77,
    dhEmi: '2026-03-12T09:00:00-03:00',
    itens: [
      { cProd: 'QJ-1', xProd: 'QUEIJO MINAS 1KG', uCom: 'UN', qCom: '4.0000', vUnCom: '25.0000000000' },
    ],
  };
  const xml = montaNfeXml(nota);
  const NUL_MENSAGEM =
    'O XML tem um caractere nulo (NUL) na linha 1, que nenhum XML admite: arquivo recusado.';
  const ref = (r: string) =>
    `O XML tem a referência de caractere "${r}" na linha 1, que nenhum XML admite: arquivo recusado.`;
  const casos: Array<[string, string | Uint8Array, string | null]> = [
    ['NUL byte in xNome', xml.replace('Laticinios Serra', 'Laticinios\u0000Serra'), NUL_MENSAGEM],
    ['NUL byte in xProd', xml.replace('QUEIJO MINAS', 'QUEIJO\u0000MINAS'), NUL_MENSAGEM],
    ['NUL byte in cProd', xml.replace('<cProd>QJ-1', '<cProd>QJ\u00001'), NUL_MENSAGEM],
    ['&#0; in xNome', xml.replace('Laticinios Serra', 'Laticinios&#0;Serra'), ref('&#0;')],
    ['&#x0; in xProd', xml.replace('QUEIJO MINAS', 'QUEIJO&#x0;MINAS'), ref('&#x0;')],
    ['a lone surrogate reference', xml.replace('QUEIJO MINAS', 'QUEIJO&#xD800;MINAS'), ref('&#xD800;')],
    [
      'a vProd beyond numeric(14,2)',
      xml.replace('<vUnCom>25.0000000000', '<vUnCom>99999999999999.0000000000'),
      null,
    ],
    ['only NUL bytes', new Uint8Array(512), NUL_MENSAGEM],
    [
      'a zip holding the NUL xml',
      zipSync({ 'a.xml': Buffer.from(xml.replace('QUEIJO', 'QUE\u0000IJO')) }),
      null,
    ],
  ];
  it.each(casos)('%s: refused below 500, nothing written', async (_nome, conteudo, mensagem) => {
    const antes = await contagem('entradas');
    const nome = conteudo instanceof Uint8Array && conteudo[0] === 0x50 ? 'notas.zip' : 'nota.xml';
    const r = await chama(t, admin, 'POST', '/api/estoque/entradas/importar', {
      arquivos: [{ nome, conteudo_base64: b64(conteudo) }],
    });
    expect(r.status).toBe(200);
    expect(r.body.resultados).toHaveLength(1);
    const [res] = r.body.resultados as Json[];
    expect(res!.ok).toBe(false);
    expect(typeof res!.mensagem).toBe('string');
    if (mensagem) expect(res!.mensagem).toBe(mensagem);
    expect(await contagem('entradas')).toBe(antes);
  });
});

describe('OFX upload (/api/financeiro/extrato-bancario/importar)', () => {
  const ofx = (trns: string, saldo = '10,00') =>
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\n<BANKACCTFROM><BANKID>341<ACCTID>12345-6</BANKACCTFROM>\n<BANKTRANLIST><DTSTART>20260101<DTEND>20260131\n${trns}</BANKTRANLIST>\n<LEDGERBAL><BALAMT>${saldo}<DTASOF>20260131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
  const trn = (v: string, memo: string, fitid: string, data = '20260105') =>
    `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${data}<TRNAMT>${v}<FITID>${fitid}<MEMO>${memo}\n</STMTTRN>\n`;
  const envia = (conteudo: string | Uint8Array) =>
    chama(t, admin, 'POST', '/api/financeiro/extrato-bancario/importar', {
      conta_bancaria_id: conta.id,
      nome: 'hostil.ofx',
      conteudo_base64: b64(conteudo),
    });

  it.each([
    [
      'NUL in MEMO',
      ofx(trn('1,00', 'A\u0000B', 'F1')),
      'Caractere nulo (NUL) na linha 10: o arquivo não é um extrato OFX válido.',
    ],
    [
      'NUL in FITID',
      ofx(trn('1,00', 'A', 'F\u00001')),
      'Caractere nulo (NUL) na linha 10: o arquivo não é um extrato OFX válido.',
    ],
    [
      'only NUL bytes after <OFX>',
      `<OFX>${'\u0000'.repeat(100)}`,
      'Caractere nulo (NUL) na linha 1: o arquivo não é um extrato OFX válido.',
    ],
    [
      'cut before the closing tags',
      ofx(trn('1,00', 'A', 'F1')).split('</BANKTRANLIST>')[0]!,
      'Arquivo OFX incompleto: esperado </BANKTRANLIST> (aberto na linha 9), encontrado o fim do arquivo na linha 11.',
    ],
  ])('%s: 422 with the line, nothing written', async (_nome, conteudo, mensagem) => {
    const antes = [await contagem('extrato_importacoes'), await contagem('extrato_linhas')];
    const r = await envia(conteudo);
    expect([r.status, r.body.message]).toEqual([422, mensagem]);
    expect([await contagem('extrato_importacoes'), await contagem('extrato_linhas')]).toEqual(antes);
  });

  it('amounts beyond numeric(14,2), in TRNAMT and LEDGERBAL: bad lines reported, the rest imports', async () => {
    const r = await envia(
      ofx(
        trn('99999999999999999999,99', 'ENORME', 'G1') +
          trn('1e400', 'EXPOENTE', 'G2') +
          trn('999999999999,99', 'MAXIMO', 'G3'),
        '1000000000000,00',
      ),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ lidas: 1, novas: 1, saldo_arquivo: null });
    expect(r.body.erros).toEqual([
      {
        linha: 10,
        mensagem:
          'Valor fora do limite "99999999999999999999,99" (TRNAMT; máximo 999.999.999.999,99): lançamento ignorado.',
      },
      { linha: 12, mensagem: 'Valor inválido "1e400" (TRNAMT): lançamento ignorado.' },
    ]);
    expect(r.body.avisos).toEqual(['Saldo LEDGERBAL inválido "1000000000000,00": ignorado.']);
  });

  it('character references to NUL, surrogates and beyond Unicode in MEMO/FITID are kept as written', async () => {
    const r = await envia(ofx(trn('2,00', 'A&#0;B&#xD800;C&#x110000;', 'H&#0;1', '20260106')));
    expect(r.status).toBe(201);
    const [linha] = rowsOf<{ memo: string; fitid: string }>(
      await t.db.execute(
        sql`select memo, fitid from extrato_linhas where conta_bancaria_id = ${conta.id} and data = '2026-01-06'`,
      ),
    );
    expect(linha).toEqual({ memo: 'A&#0;B&#xD800;C&#x110000;', fitid: 'H&#0;1' });
  });
});

describe('CNAB upload (/api/financeiro/extrato-bancario/cnab)', () => {
  const em = (base: string, pos: number, v: string) =>
    base.slice(0, pos - 1) + v + base.slice(pos - 1 + v.length);
  const header400 = em(em(' '.repeat(400), 1, '02RETORNO'), 77, '341');
  const det400 = em(em(em(' '.repeat(400), 1, '1'), 109, '06'), 395, '000002');
  const header240 = em(em(' '.repeat(240), 1, '34100000'), 143, '2');
  const t240 = em(em(em(' '.repeat(240), 8, '3'), 14, 'T'), 82, '999999999999999');
  const u240 = em(em(' '.repeat(240), 8, '3'), 14, 'U');
  it.each([
    [
      'a NUL line',
      [header400, '\u0000'.repeat(400)].join('\n'),
      'Linha 2: caractere nulo (NUL) na posição 1; um retorno CNAB 400 tem só texto.',
    ],
    [
      'NUL inside a record',
      [header400, em(det400, 63, '\u0000')].join('\n'),
      'Linha 2: caractere nulo (NUL) na posição 63; um retorno CNAB 400 tem só texto.',
    ],
    [
      'a short record',
      [header400, det400.slice(0, 100)].join('\n'),
      'Linha 2: 100 posições; esperado 400 (CNAB 400).',
    ],
    [
      'a long CNAB 240 record',
      [header240, `${u240}XX`].join('\n'),
      'Linha 2: 242 posições; esperado de 153 a 240 (CNAB 240).',
    ],
  ])('%s: 422 naming the line, nothing written', async (_nome, conteudo, mensagem) => {
    const antes = [await contagem('extrato_importacoes'), await contagem('cnab_retorno_itens')];
    const r = await chama(t, admin, 'POST', '/api/financeiro/extrato-bancario/cnab', {
      conta_bancaria_id: conta.id,
      nome: 'hostil.ret',
      conteudo_base64: b64(conteudo),
    });
    expect([r.status, r.body.message]).toEqual([422, mensagem]);
    expect([await contagem('extrato_importacoes'), await contagem('cnab_retorno_itens')]).toEqual(antes);
  });

  it('a CNAB 240 value beyond numeric(14,2) is a bad record, not a database error', async () => {
    const r = await chama(t, admin, 'POST', '/api/financeiro/extrato-bancario/cnab', {
      conta_bancaria_id: conta.id,
      nome: 'enorme.ret',
      conteudo_base64: b64([header240, t240, u240].join('\n')),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ formato: 'cnab240', lidos: 0, baixados: 0 });
    expect(r.body.erros).toEqual([
      { linha: 3, mensagem: 'Campo inválido (valorTitulo): registro ignorado.' },
    ]);
  });
});

describe('certificate upload (/api/fiscal/certificado)', () => {
  it.each([
    ['NUL bytes', new Uint8Array(2048)],
    ['text with NUL', 'MII\u0000\u0000garbage'],
    ['a truncated DER sequence', new Uint8Array([0x30, 0x82, 0xff, 0xff, 0x02, 0x01])],
  ])('%s: refused below 500', async (_nome, conteudo) => {
    const r = await chama(t, admin, 'POST', '/api/fiscal/certificado', {
      nome: 'x.pfx',
      conteudo_base64: b64(conteudo),
      senha: 'a\u0000b',
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});
