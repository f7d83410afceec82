import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, SHARED_DIR, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { chama, type Json } from '../financeiro/financeiro-test-support.ts';
import { DEST_EXEMPLO, montaNfeXml, type NfeExemplo } from './nfe-exemplo.ts';

// Goods receipt only of notes issued TO the company (issue 29, item 7): the destinatário's CNPJ/CPF
// (and IE when both have one) against the emitente of Configurações Fiscais; a note the company
// issued itself is an outgoing note. Refused files write nothing. Without a configured CNPJ there is
// nothing to compare with and the note is received as before.

const semSchemas = !TEST_NFE_SCHEMAS_DIR;
if (semSchemas) console.warn('destinatario.test: nenhum pacote de schemas XSD da NF-e — testes pulados');
const OCA = path.join(
  SHARED_DIR,
  'fixtures/nfe/oca_41170706117473000150550010000463201612756527-procNFe.xml',
);

let t: TestContext;
let tok: string;

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const importa = async (xml: string | Buffer, nome = 'nota.xml') =>
  (
    await chama(t, tok, 'POST', '/api/estoque/entradas/importar', {
      arquivos: [{ nome, conteudo_base64: b64(xml) }],
    })
  ).body.resultados[0] as Json;

const nota = (numero: number, extra: Partial<NfeExemplo> = {}): NfeExemplo => ({
  cnpjEmitente: '45987012000177',
  nomeEmitente: 'Laticínios Serra Ltda',
  numero,
  dhEmi: '2026-03-12T09:00:00-03:00',
  itens: [{ cProd: 'QJ-1', xProd: 'QUEIJO MINAS 1KG', uCom: 'UN', qCom: '4.0000', vUnCom: '25.0000000000' }],
  ...extra,
});

/** The company's emitente as Configurações Fiscais keep it (the demo's keys, fiscal-demo.ts). */
async function empresa(cnpj: string | null, ie = '110042490114') {
  await t.db.execute(sql`delete from app_settings where chave = 'fiscal_emitente'`);
  if (cnpj)
    await t.db.execute(
      sql`insert into app_settings (chave, valor) values ('fiscal_emitente', ${JSON.stringify({
        cnpj,
        ie,
        razao_social: 'DISTRIBUIDORA EXEMPLO LTDA',
        endereco: {
          logradouro: 'Av. Central',
          numero: '1',
          bairro: 'Centro',
          codigo_municipio: '3550308',
          municipio: 'São Paulo',
          cep: '01001000',
        },
      })}::jsonb)`,
    );
}

const entradasComChave = async (chave: string) =>
  rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from entradas where chave = ${chave}`),
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  tok = (await t.signIn(['estoque'])).token;
});
afterAll(() => t?.close());

describe.skipIf(semSchemas)('NF-e de entrada: destinatário é a empresa', () => {
  it('a note to another company, by us, to another IE or to a CPF is refused and nothing is written', async () => {
    await empresa(DEST_EXEMPLO.documento);
    const outra = await importa(
      montaNfeXml(
        nota(1, { dest: { documento: '27373722000148', nome: 'OUTRA EMPRESA LTDA', ie: '260205835115' } }),
      ),
    );
    expect(outra).toEqual({
      arquivo: 'nota.xml',
      ok: false,
      mensagem:
        'A NF-e não é destinada à empresa: o destinatário é 27.373.722/0001-48 (OUTRA EMPRESA LTDA) e o CNPJ da empresa é 11.222.333/0001-81.',
    });
    const propria = await importa(montaNfeXml(nota(2, { cnpjEmitente: DEST_EXEMPLO.documento })));
    expect(propria.mensagem).toBe(
      'Esta NF-e (nº 2, série 1) foi emitida pela própria empresa (CNPJ 11.222.333/0001-81): é uma nota de saída, não uma compra — veja Notas Fiscais de Saída.',
    );
    const outraIe = await importa(montaNfeXml(nota(3, { dest: { ...DEST_EXEMPLO, ie: '110042490999' } })));
    expect(outraIe.mensagem).toBe(
      'A NF-e não é destinada a este estabelecimento: a inscrição estadual do destinatário é 110042490999 e a da empresa é 110042490114.',
    );
    const cpf = await importa(
      montaNfeXml(nota(4, { dest: { documento: '12345678909', nome: 'JOSE DA SILVA', ie: null } })),
    );
    expect(cpf.mensagem).toBe(
      'A NF-e não é destinada à empresa: o destinatário é 123.456.789-09 (JOSE DA SILVA) e o CNPJ da empresa é 11.222.333/0001-81.',
    );
    expect(
      rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from entradas`))[0]!.n,
    ).toBe(0);
    // addressed to us (CNPJ and IE): received
    const nossa = await importa(montaNfeXml(nota(5)));
    expect([nossa.ok, nossa.entrada?.numero]).toEqual([true, 5]);
    // no IE on the note: the CNPJ decides
    expect((await importa(montaNfeXml(nota(6, { dest: { ...DEST_EXEMPLO, ie: null } })))).ok).toBe(true);
  });

  it('with no CNPJ configured yet nothing is compared: the note is received as before', async () => {
    await empresa(null);
    const r = await importa(
      montaNfeXml(
        nota(7, { dest: { documento: '27373722000148', nome: 'OUTRA EMPRESA LTDA', ie: '260205835115' } }),
      ),
    );
    expect(r.ok).toBe(true);
  });

  it.skipIf(!fs.existsSync(OCA))('the real OCA note (dest 27373722000148, IE 260205835115)', async () => {
    const xml = fs.readFileSync(OCA);
    const chave = '41170706117473000150550010000463201612756527';
    await empresa(DEST_EXEMPLO.documento);
    expect((await importa(xml, 'oca.xml')).mensagem).toBe(
      'A NF-e não é destinada à empresa: o destinatário é 27.373.722/0001-48 (NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL) e o CNPJ da empresa é 11.222.333/0001-81.',
    );
    expect(await entradasComChave(chave)).toBe(0);
    // the issuer's own copy: one of its outgoing notes
    await empresa('06117473000150', '9032000301');
    expect((await importa(xml, 'oca.xml')).mensagem).toBe(
      'Esta NF-e (nº 46320, série 1) foi emitida pela própria empresa (CNPJ 06.117.473/0001-50): é uma nota de saída, não uma compra — veja Notas Fiscais de Saída.',
    );
    // the company it was addressed to receives it
    await empresa('27373722000148', '260205835115');
    expect((await importa(xml, 'oca.xml')).ok).toBe(true);
    expect(await entradasComChave(chave)).toBe(1);
  });
});
