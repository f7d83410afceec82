import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { estatisticasPool } from '../../lib/trabalho/pool.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { criaProduto } from '../estoque/estoque-test-support.ts';
import { chama } from '../financeiro/financeiro-test-support.ts';
import { montaNfeXml, type NfeExemplo } from './nfe-exemplo.ts';

// Hostile and oversized NF-e XML through the real import route (issue 29, items 3 and 4): a DTD
// (billion laughs) or an encoding the bytes contradict is refused with its reason and nothing is
// stored; more items than the layout admits are refused before being read; the files are read on the
// worker pool while the event loop keeps answering; Lançar reads the kept XML again and refuses what
// no longer passes (a DTD stored before the refusal existed) or what the rows no longer say.

const semSchemas = !TEST_NFE_SCHEMAS_DIR;
if (semSchemas)
  console.warn('importacao-segura.test: ../shared/nfe/schemas/PL_010_V1.30 ausente — testes pulados');

let t: TestContext;
let tok: string;
let produto: string;

const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64');
const api = (p = '') => `/api/estoque/entradas${p}`;
const importa = (arquivos: Array<{ nome: string; conteudo: string | Uint8Array }>) =>
  chama(t, tok, 'POST', api('/importar'), {
    arquivos: arquivos.map((a) => ({ nome: a.nome, conteudo_base64: b64(a.conteudo) })),
  });

const nota = (numero: number, extra: Partial<NfeExemplo> = {}): NfeExemplo => ({
  cnpjEmitente: '45987012000177',
  nomeEmitente: 'Laticínios Serra Ltda',
  numero,
  dhEmi: '2026-03-12T09:00:00-03:00',
  itens: [
    {
      cProd: 'QJ-1',
      xProd: 'QUEIJO MINAS 1KG',
      cEAN: '7891000100103',
      uCom: 'UN',
      qCom: '4.0000',
      vUnCom: '25.0000000000',
    },
  ],
  dups: [{ nDup: '001', dVenc: '2026-04-12', vDup: '100.00' }],
  ...extra,
});

const LOL =
  '<!DOCTYPE nfeProc [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>';
const comDtd = (xml: string) =>
  xml.replace('?>', `?>${LOL}`).replace('<xNome>Laticínios Serra Ltda</xNome>', '<xNome>&lol2;</xNome>');

const contaEntradas = async () =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from entradas`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  tok = (await t.signIn(['estoque'])).token;
  produto = await criaProduto(t.db, { nome: 'Queijo Minas 1kg', codigo: 'QJ1' });
  await t.db.execute(sql`update products set gtin = '7891000100103' where id = ${produto}`);
});
afterAll(() => t?.close());

describe.skipIf(semSchemas)('XML hostil na importação de NF-e', () => {
  it('a DOCTYPE (billion laughs) is refused with its reason; nothing is stored', async () => {
    const antes = await contaEntradas();
    const r = await importa([{ nome: 'lol.xml', conteudo: comDtd(montaNfeXml(nota(501))) }]);
    expect(r.status).toBe(200);
    expect(r.body.resultados).toEqual([
      {
        arquivo: 'lol.xml',
        ok: false,
        mensagem:
          'O XML traz uma declaração DOCTYPE (DTD), que não é aceita: NF-e e extratos não usam DTD. Arquivo recusado.',
      },
    ]);
    expect(await contaEntradas()).toBe(antes);
  });

  it('UTF-8 bytes declared UTF-16 are refused (the validator and the parser would read different documents)', async () => {
    const r = await importa([
      { nome: 'u16.xml', conteudo: montaNfeXml(nota(502)).replace('encoding="UTF-8"', 'encoding="UTF-16"') },
    ]);
    expect(r.body.resultados[0]).toEqual({
      arquivo: 'u16.xml',
      ok: false,
      mensagem:
        'O XML declara a codificação UTF-16, mas o conteúdo é UTF-8: a NF-e deve ser UTF-8. Arquivo recusado.',
    });
  });

  it('a real UTF-16 file (BOM) is refused as not UTF-8', async () => {
    const texto = montaNfeXml(nota(503)).replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const u16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(texto, 'utf16le')]);
    const r = await importa([{ nome: 'bom16.xml', conteudo: u16 }]);
    expect(r.body.resultados[0]).toEqual({
      arquivo: 'bom16.xml',
      ok: false,
      mensagem: 'O arquivo não é um XML em UTF-8.',
    });
  });

  it('more than 990 items (det maxOccurs) is refused before being read', async () => {
    const item = nota(504).itens[0]!;
    const itens = Array.from({ length: 991 }, (_, i) => ({ ...item, cProd: `QJ-${i}` }));
    const r = await importa([{ nome: 'grande.xml', conteudo: montaNfeXml(nota(504, { itens, dups: [] })) }]);
    expect(r.body.resultados[0]).toEqual({
      arquivo: 'grande.xml',
      ok: false,
      mensagem: 'A NF-e tem 991 itens; o leiaute admite no máximo 990. Arquivo recusado.',
    });
  });

  it('a .zip with more notes than one import admits is refused as a whole', async () => {
    const arquivos: Record<string, Uint8Array> = {};
    for (let i = 0; i < 51; i++) arquivos[`n${i}.xml`] = Buffer.from('<x/>');
    const r = await importa([{ nome: 'muitas.zip', conteudo: zipSync(arquivos) }]);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Envie no máximo 50 notas por vez.');
  });

  it('the files are read on the worker pool: the event loop keeps answering during a heavy import', async () => {
    // 3 documents of 990 items (~1 MB each): XSD + parse take about a second each; they are NFC-e
    // (modelo 65), refused only after the whole analysis, so the database writes nothing and the
    // event loop's longest stall is what the analysis itself would hold on the main thread
    const item = nota(600).itens[0]!;
    const itens = Array.from({ length: 990 }, (_, i) => ({
      ...item,
      cProd: `PESADO-${i}`,
      xProd: `PRODUTO PESADO ${i}`.padEnd(120, '.'),
    }));
    const arquivos = [601, 602, 603].map((n) => ({
      nome: `pesada-${n}.xml`,
      conteudo: montaNfeXml(nota(n, { itens, dups: [] })).replace('<mod>55</mod>', '<mod>65</mod>'),
    }));
    const antes = estatisticasPool().executadas;
    const atraso = monitorEventLoopDelay({ resolution: 10 });
    atraso.enable();
    const r = await importa(arquivos);
    atraso.disable();
    expect(r.body.resultados.map((x: { mensagem: string }) => x.mensagem)).toEqual([
      'Modelo 65 não é uma NF-e (modelo 55).',
      'Modelo 65 não é uma NF-e (modelo 55).',
      'Modelo 65 não é uma NF-e (modelo 55).',
    ]);
    // the schema check and one analysis per file ran on a worker thread
    expect(estatisticasPool().executadas - antes).toBe(4);
    // on the main thread one analysis alone stalled the loop for more than this
    expect(atraso.max / 1e6).toBeLessThan(300);
  });
});

describe.skipIf(semSchemas)('Lançar confere o XML guardado', () => {
  let id: string;

  const lancar = () => chama(t, tok, 'POST', api(`/${id}/lancar`));
  const razao = async () =>
    rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from estoque_movimentos where product_id = ${produto}`,
      ),
    )[0]!.n;

  beforeAll(async () => {
    const xml = montaNfeXml(nota(700));
    const r = await importa([{ nome: 'boa.xml', conteudo: xml }]);
    expect(r.body.resultados[0].ok).toBe(true);
    id = r.body.resultados[0].entrada.id;
    await chama(t, tok, 'POST', api(`/${id}/fornecedor`));
    const c = await chama(t, tok, 'POST', api(`/${id}/confirmar-assinatura`));
    expect(c.body.pendencias).toEqual([]);
  });

  it('a receipt whose kept XML carries a DTD (saved before the refusal) is not posted', async () => {
    const xml = montaNfeXml(nota(700));
    await t.db.execute(sql`update entradas set xml_original = ${Buffer.from(comDtd(xml))} where id = ${id}`);
    const r = await lancar();
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'O XML guardado desta entrada não pode ser lançado: O XML traz uma declaração DOCTYPE (DTD), que não é aceita: NF-e e extratos não usam DTD. Arquivo recusado. Exclua a entrada e importe a nota novamente.',
    );
    expect(await razao()).toBe(0);
    // the NF-e view and the DANFE of that receipt say why (the DTD is never expanded), not a 500
    const com = (await t.signIn(['comercial'])).token;
    const v = await chama(t, com, 'GET', `/api/notasfiscais/entrada/${id}`);
    expect(v.status).toBe(422);
    expect(v.body.message).toBe(
      'O XML traz uma declaração DOCTYPE (DTD), que não é aceita: NF-e e extratos não usam DTD. Arquivo recusado.',
    );
    const d = await chama(t, com, 'GET', `/api/notasfiscais/entrada/${id}/danfe`);
    expect(d.status).toBe(422);
    await t.db.execute(sql`update entradas set xml_original = ${Buffer.from(xml)} where id = ${id}`);
  });

  it('rows that no longer say what the XML says are not posted', async () => {
    await t.db.execute(sql`update entrada_itens set q_com = 40 where entrada_id = ${id}`);
    const r = await lancar();
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'A entrada não confere com o XML da NF-e guardado (item 1). Nada foi lançado; importe a nota novamente.',
    );
    expect(await razao()).toBe(0);
    await t.db.execute(sql`update entrada_itens set q_com = 4 where entrada_id = ${id}`);
  });

  it('the receipt as imported posts', async () => {
    const r = await lancar();
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('lancada');
    expect(await razao()).toBe(1);
  });
});
