import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { rowsOf } from '../../db/client.ts';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import { type SefazDouble, startSefazDouble } from '../../test/sefaz-double.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { chama, criaCliente, type Json, tokens } from '../comercial/comercial-test-support.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { CONFIG_FISCAL } from './notas-saida-test-support.ts';
import { notasFiscais } from './notasfiscais.tables.ts';
import { dadosNfeExemplo } from './xml/exemplo-nfe.ts';
import { montaNfe } from './xml/monta-nfe.ts';

// Issue 29 item 11: the contingência SVC is the system's doing (audited as "sistema"), the shell
// shows it to who issues NF-e (GET /api/shell) and it is left by hand only once SEFAZ answers 107;
// "no internet/DNS on this server" is told apart from "SEFAZ unavailable" (and opens no contingency).

const dir = TEST_NFE_SCHEMAS_DIR;
if (!dir) console.warn('contingencia.test: NFE_SCHEMAS_DIR / ../shared/nfe/schemas ausente — testes pulados');

const CNPJ = '12345678000195';
const ac = geraAcTeste();
const a1 = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'DISTRIBUIDORA EXEMPLO LTDA', ac });

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let double: SefazDouble;
let cliente: string;
let numero = 10;

const api = (token: string, method: string, p: string, body?: unknown) => chama(t, token, method, p, body);
const transmite = (token: string, id: string) =>
  api(token, 'POST', `/api/notasfiscais/saida/${id}/transmitir`);
const encerrar = (token: string) => api(token, 'POST', '/api/notasfiscais/saida/contingencia/encerrar');
const q = <T>(s: ReturnType<typeof sql>) => t.db.execute(s).then((r) => rowsOf<T>(r));
const abertas = () =>
  q<{ uf: string; autorizador: string }>(
    sql`select uf, autorizador from sefaz_contingencias where fim is null`,
  );
/** Who the audit log names for each change of the contingency periods, oldest first. */
const auditoriaContingencias = () =>
  q<{ acao: string; user_id: string | null; user_email: string | null }>(
    sql`select acao, user_id, user_email from audit_log where tabela = 'sefaz_contingencias' order by id`,
  );

/** A note «assinada» without an order (the example NF-e signed with our A1). */
async function notaAssinada() {
  const nNF = ++numero;
  const dados = dadosNfeExemplo({ nome: 'contingência', parcelas: [30] }, { nNF, dhEmi: new Date() });
  const { xml, chave } = montaNfe(dados);
  const [n] = await t.db
    .insert(notasFiscais)
    .values({
      pedidoId: null,
      clienteId: cliente,
      serie: 1,
      numero: nNF,
      chave,
      status: 'assinada',
      ambiente: '2',
      tpEmis: '1',
      emissao: new Date(),
      valorTotal: dados.totais.ICMSTot.vNF,
      xml: assinaXml(xml, { tag: 'infNFe', keyPem: a1.keyPem, certPem: a1.certPem }),
    })
    .returning();
  return n!;
}

describe.skipIf(!dir)('contingência SVC: do sistema, visível e encerrada com a SEFAZ de volta', () => {
  let emailComercial: string;
  beforeAll(async () => {
    double = await startSefazDouble({ acClientePem: ac.certPem, schemasDir: dir! });
    const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sefaz-ca-'));
    fs.writeFileSync(path.join(caDir, 'double.pem'), double.caPem);
    t = await createTestApp({
      SEFAZ_URL_OVERRIDE: double.url,
      SEFAZ_CA_DIR: caDir,
      SEFAZ_TIMEOUT_MS: '3000',
    });
    tk = await tokens(t);
    const eu = await api(tk.comercial, 'GET', '/api/me');
    emailComercial = eu.body.email ?? eu.body.user?.email;
    const cfg = await api(tk.admin, 'PUT', '/api/fiscal/configuracao', {
      ...CONFIG_FISCAL,
      emitente: {
        ...CONFIG_FISCAL.emitente,
        cnpj: '12.345.678/0001-95',
        razao_social: 'DISTRIBUIDORA EXEMPLO LTDA',
      },
    });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    const cert = await api(tk.admin, 'POST', '/api/fiscal/certificado', {
      conteudo_base64: a1.pfx.toString('base64'),
      senha: a1.senha,
    });
    expect(cert.status, JSON.stringify(cert.body)).toBe(201);
    cliente = await criaCliente(t.db, { razaoSocial: 'Mercado Central Ltda', limite: '100000' });
  });
  afterAll(async () => {
    await double?.close();
    await t?.close();
  });
  beforeEach(() => double.reinicia());

  it('SEFAZ-SP fora do ar: o sistema abre a SVC-AN (auditoria «sistema»), o shell a mostra a admin e comercial; sair só com a SP em operação', async () => {
    expect(emailComercial).toMatch(/^comercial-.+@teste\.com\.br$/);
    const sem = await api(tk.comercial, 'GET', '/api/shell');
    expect(sem.status).toBe(200);
    expect(sem.body).toEqual({ ambiente: { rotulo: 'Homologação', homologacao: true }, contingencia: null });

    double.cenario.fora = ['SP'];
    const n = await notaAssinada();
    const r = await transmite(tk.comercial, n.id);
    expect(r.body).toMatchObject({ status: 'autorizada', contingencia: 'SVCAN' });
    // opened by the server on its own: the system, not the user who clicked «Transmitir»
    expect(await auditoriaContingencias()).toEqual([
      { acao: 'criacao', user_id: null, user_email: 'sistema' },
    ]);
    const log = await api(tk.admin, 'GET', '/api/auditoria?tabela=sefaz_contingencias');
    expect(log.body.items.map((i: Json) => [i.acao, i.user_id, i.user_email, i.user_nome])).toEqual([
      ['criacao', null, 'sistema', null],
    ]);

    const [aberta] = await q<{ inicio: Date }>(sql`select inicio from sefaz_contingencias where fim is null`);
    const banner = {
      uf: 'SP',
      autorizador: 'SVCAN',
      inicio: new Date(aberta!.inicio).toISOString(),
      justificativa: 'SEFAZ SP indisponivel: Não foi possível falar com a SEFAZ: ECONNRESET',
    };
    for (const token of [tk.comercial, tk.admin]) {
      const s = await api(token, 'GET', '/api/shell');
      expect(s.body).toEqual({
        ambiente: { rotulo: 'Homologação', homologacao: true },
        contingencia: banner,
      });
    }
    // the roles that do not issue NF-e see the badge, not the banner
    for (const token of [tk.estoque, tk.financeiro]) {
      const s = await api(token, 'GET', '/api/shell');
      expect(s.body.contingencia).toBeNull();
    }

    // leaving by hand: refused while SP is still down (and by the roles that do not issue NF-e)
    expect((await encerrar(tk.estoque)).status).toBe(403);
    const cedo = await encerrar(tk.comercial);
    expect(cedo.status).toBe(409);
    expect(cedo.body.message).toBe(
      'A SEFAZ SP ainda não está em operação (SEFAZ indisponível: Não foi possível falar com a SEFAZ: ECONNRESET): a contingência continua. Tente de novo em alguns minutos.',
    );
    double.cenario.status = { SP: '109' };
    double.cenario.fora = [];
    const paralisada = await encerrar(tk.comercial);
    expect(paralisada.status).toBe(409);
    expect(paralisada.body.message).toMatch(/^A SEFAZ SP ainda não está em operação \(109 – /);
    expect(await abertas()).toEqual([{ uf: 'SP', autorizador: 'SVCAN' }]);

    double.cenario.status = {};
    const fim = await encerrar(tk.comercial);
    expect(fim.status, JSON.stringify(fim.body)).toBe(200);
    expect(fim.body).toMatchObject({ encerrada: true, uf: 'SP', cStat: '107' });
    expect(await abertas()).toEqual([]);
    // ended by hand: the user who asked
    expect((await auditoriaContingencias()).at(-1)).toMatchObject({
      acao: 'alteracao',
      user_email: emailComercial,
    });
    expect((await api(tk.comercial, 'GET', '/api/shell')).body.contingencia).toBeNull();
    const de = await encerrar(tk.comercial);
    expect([de.status, de.body.message]).toEqual([
      409,
      'Não há contingência aberta: as NF-e já vão para a SEFAZ normal.',
    ]);
  });

  it('a volta automática ao normal também é do sistema', async () => {
    double.cenario.fora = ['SP'];
    expect((await transmite(tk.comercial, (await notaAssinada()).id)).body.contingencia).toBe('SVCAN');
    double.cenario.fora = [];
    const normal = await transmite(tk.admin, (await notaAssinada()).id);
    expect(normal.body).toMatchObject({ status: 'autorizada', contingencia: null });
    expect((await auditoriaContingencias()).slice(-2)).toEqual([
      { acao: 'criacao', user_id: null, user_email: 'sistema' },
      { acao: 'alteracao', user_id: null, user_email: 'sistema' },
    ]);
  });

  it('SEFAZ indisponível também na SVC: a mensagem diz «SEFAZ indisponível»; 108 da SVC não rejeita a nota', async () => {
    double.cenario.fora = ['SP', 'SVCAN'];
    const n = await notaAssinada();
    const r = await transmite(tk.comercial, n.id);
    expect([r.status, r.body.message]).toEqual([
      503,
      'SEFAZ indisponível: Não foi possível falar com a SEFAZ: ECONNRESET',
    ]);
    expect(await abertas()).toEqual([{ uf: 'SP', autorizador: 'SVCAN' }]);

    // SVC answers 108 (paralisado): the note waits, it is not «rejeitada»
    double.cenario.fora = [];
    double.cenario.status = { SP: '108' };
    double.cenario.proximaAutorizacao = {
      cStat: '108',
      xMotivo: 'Servico Paralisado Momentaneamente (curto prazo)',
    };
    const p = await transmite(tk.comercial, n.id);
    expect([p.status, p.body.message]).toEqual([
      503,
      'SEFAZ indisponível: 108 – Servico Paralisado Momentaneamente (curto prazo)',
    ]);
    expect((await t.db.select().from(notasFiscais).where(sql`id = ${n.id}`))[0]!.status).toBe('assinada');

    double.cenario.status = {};
    expect((await encerrar(tk.admin)).status).toBe(200);
  });

  it('sem internet/DNS neste servidor: mensagem própria, nenhuma contingência aberta, a nota não sai', async () => {
    // every SEFAZ address at a name that does not resolve (the .invalid TLD never does)
    const offline = createApp({
      ...t.deps,
      config: { ...t.config, sefazUrlOverride: 'https://sefaz-fora-da-rede.invalid' },
    });
    const n = await notaAssinada();
    const res = await offline.request(`/api/notasfiscais/saida/${n.id}/transmitir`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tk.comercial}` },
    });
    expect(res.status).toBe(503);
    const { message } = (await res.json()) as { message: string };
    const codigo = /\((ENOTFOUND|EAI_AGAIN)\)/.exec(message)?.[1];
    expect(message).toBe(
      `Este servidor está sem internet ou sem DNS (${codigo}): a SEFAZ não foi alcançada e a nota não foi enviada. Verifique a conexão do servidor e tente de novo.`,
    );
    expect(await abertas()).toEqual([]);
    const salva = (await t.db.select().from(notasFiscais).where(sql`id = ${n.id}`))[0]!;
    expect([salva.status, salva.tpEmis, salva.chave]).toEqual(['assinada', '1', n.chave]);
  });

  it('o selo de ambiente: «Homologação» enquanto as NF-e saem em homologação; em produção, ENVIRONMENT_LABEL', async () => {
    // the fiscal settings never saved: ENVIRONMENT_LABEL (default "Produção")
    await t.db.execute(sql`delete from app_settings where chave = 'fiscal_ambiente'`);
    expect((await api(tk.estoque, 'GET', '/api/shell')).body.ambiente).toEqual({
      rotulo: 'Produção',
      homologacao: false,
    });
    await t.db.execute(
      sql`insert into app_settings (chave, valor) values ('fiscal_ambiente', '"producao"'::jsonb)`,
    );
    expect((await api(tk.estoque, 'GET', '/api/shell')).body.ambiente).toEqual({
      rotulo: 'Produção',
      homologacao: false,
    });
    const rotulado = createApp({ ...t.deps, config: { ...t.config, environmentLabel: 'Treinamento' } });
    const res = await rotulado.request('/api/shell', { headers: { authorization: `Bearer ${tk.estoque}` } });
    expect(((await res.json()) as Json).ambiente).toEqual({ rotulo: 'Treinamento', homologacao: false });
    await t.db.execute(
      sql`update app_settings set valor = '"homologacao"'::jsonb where chave = 'fiscal_ambiente'`,
    );
    const homolog = await rotulado.request('/api/shell', {
      headers: { authorization: `Bearer ${tk.estoque}` },
    });
    expect(((await homolog.json()) as Json).ambiente).toEqual({ rotulo: 'Homologação', homologacao: true });
    expect((await t.request('GET', '/api/shell')).status).toBe(401);
  });
});
