import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { rowsOf } from '../../db/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { CNPJ_ALFANUMERICO, CONFIG_FISCAL } from '../notasfiscais/notas-saida-test-support.ts';
import { emitenteDaEmpresa } from '../tributacao/emitente.service.ts';
import { carregaCertificadoA1 } from './certificado.service.ts';
import { carregaConfiguracaoFiscal } from './configuracao-fiscal.service.ts';

let t: TestContext;
let admin: Awaited<ReturnType<TestContext['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(['admin']);
});
afterAll(() => t.close());

const CNPJ_ALFA = CNPJ_ALFANUMERICO;
const ac = geraAcTeste();

/**
 * A valid body (the NF-e tests' settings: alphanumeric CNPJ, São Paulo 3550308, IE of SP), with an
 * e-mail in mixed case — the save stores it in lower case.
 */
function corpo(over: Record<string, unknown> = {}) {
  // a deep copy: tests change nested fields of the body they get
  const base = structuredClone(CONFIG_FISCAL);
  base.emitente.cnpj = '12.ABC.345/01DE-35';
  return {
    ...base,
    responsavel_tecnico: { ...base.responsavel_tecnico, email: 'Suporte@Plataforma-ERP.com.br' },
    informacoes_complementares: 'Documento emitido por ME ou EPP optante pelo Simples Nacional? Não.',
    ...over,
  };
}

const put = (body: unknown, token = admin.token) =>
  t.request('PUT', '/api/fiscal/configuracao', { token, body });

describe('fiscal settings (/api/fiscal/configuracao)', () => {
  it('before the first save: no emitente, homologação, the tax engine regime; the NF-e reader refuses', async () => {
    const r = await t.request('GET', '/api/fiscal/configuracao', admin);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      emitente: null,
      ambiente: 'homologacao',
      responsavel_tecnico: null,
      regime: { regime_pis_cofins: 'nao_cumulativo', exclui_icms_base_pis_cofins: true },
      series: [],
    });
    await expect(carregaConfiguracaoFiscal(t.db)).rejects.toThrow(/Configure o emitente/);
  });

  it('saves without a responsável técnico and with blank informações complementares (no 500)', async () => {
    const r = await put(corpo({ responsavel_tecnico: null, informacoes_complementares: '' }));
    expect(r.status, await r.clone().text()).toBe(200);
    const body = await r.json();
    expect(body.responsavel_tecnico).toBeNull();
    expect(body.informacoes_complementares).toBeNull();
    const sem = await put(corpo({ responsavel_tecnico: null, informacoes_complementares: null }));
    expect(sem.status).toBe(200);
  });

  it('saves the emitente (alphanumeric CNPJ), the tax engine keys, and answers the CSRT only as configurado', async () => {
    const r = await put(corpo());
    expect(r.status).toBe(200);
    const texto = await r.text();
    expect(texto).not.toContain('CSRT-SEGREDO-123456');
    const body = JSON.parse(texto);
    expect(body.emitente).toMatchObject({
      cnpj: CNPJ_ALFA,
      ie: '110042490114',
      cnae: '4639701',
      crt: '3',
      endereco: { municipio: 'São Paulo', uf: 'SP', cep: '03103000', telefone: '1132224000' },
    });
    expect(body.responsavel_tecnico).toEqual({
      cnpj: '11222333000181',
      contato: 'Equipe Plataforma ERP',
      email: 'suporte@plataforma-erp.com.br',
      fone: '1140001234',
      id_csrt: '01',
      csrt_configurado: true,
    });
    // the tax engine reads the same keys
    expect(await emitenteDaEmpresa(t.db)).toMatchObject({
      uf: 'SP',
      crt: '3',
      regimePisCofins: 'nao_cumulativo',
    });
    // the reader for the NF-e decrypts the CSRT
    const cfg = await carregaConfiguracaoFiscal(t.db);
    expect(cfg.responsavel_tecnico?.csrt).toBe('CSRT-SEGREDO-123456');
    expect(cfg.emitente.razao_social).toBe('DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA');
    // stored encrypted, never in app_settings nor in the audit log
    const dump = JSON.stringify(
      rowsOf(await t.db.execute(sql`select * from app_settings`)).concat(
        rowsOf(await t.db.execute(sql`select * from audit_log`)),
        rowsOf(await t.db.execute(sql`select * from fiscal_segredos`)),
      ),
    );
    expect(dump).not.toContain('CSRT-SEGREDO');

    // saved again without a CSRT: kept; with remover_csrt: gone
    const mantem = await put(corpo({ responsavel_tecnico: { ...corpo().responsavel_tecnico, csrt: '' } }));
    expect((await mantem.json()).responsavel_tecnico.csrt_configurado).toBe(true);
    const tira = await put(
      corpo({ responsavel_tecnico: { ...corpo().responsavel_tecnico, csrt: '', remover_csrt: true } }),
    );
    expect((await tira.json()).responsavel_tecnico.csrt_configurado).toBe(false);
    expect((await carregaConfiguracaoFiscal(t.db)).responsavel_tecnico?.csrt).toBeNull();
  });

  it('changing CRT and UF edits the tax engine settings (empresa_crt, empresa_uf)', async () => {
    const rj = corpo();
    rj.emitente.crt = '1';
    rj.emitente.ie = 'ISENTO';
    rj.emitente.endereco = {
      ...rj.emitente.endereco,
      codigo_municipio: '3304557',
      uf: 'RJ',
      cep: '20040-002',
    };
    const r = await put(rj);
    expect(r.status).toBe(200);
    expect(await emitenteDaEmpresa(t.db)).toMatchObject({ uf: 'RJ', crt: '1' });
    expect((await r.json()).emitente.endereco.municipio).toBe('Rio de Janeiro');
    expect((await put(corpo())).status).toBe(200);
  });

  it('validation errors in pt-BR next to each field', async () => {
    const ruim = corpo();
    ruim.emitente.cnpj = '12.ABC.345/01DE-36';
    ruim.emitente.ie = '123';
    ruim.emitente.cnae = '12';
    ruim.emitente.endereco = { ...ruim.emitente.endereco, codigo_municipio: '3304557', cep: '123' };
    const r = await put(ruim);
    expect(r.status).toBe(400);
    const { details } = (await r.json()) as { details: { fields: Record<string, string[]> } };
    expect(details.fields).toMatchObject({
      'emitente.cnpj': ['CNPJ inválido'],
      'emitente.cnae': ['CNAE deve ter 7 dígitos'],
      'emitente.endereco.cep': ['CEP inválido'],
    });
    const semRegras = corpo();
    semRegras.emitente.ie = '123';
    semRegras.emitente.endereco = { ...semRegras.emitente.endereco, codigo_municipio: '3304557' };
    const r2 = await put(semRegras);
    expect(r2.status).toBe(400);
    const f2 = ((await r2.json()) as { details: { fields: Record<string, string[]> } }).details.fields;
    expect(f2['emitente.ie']).toEqual(['Inscrição estadual inválida para a UF SP']);
    expect(f2['emitente.endereco.codigo_municipio']?.[0]).toMatch(
      /não pertence à UF SP \(deve começar com 35\)/,
    );
    const semId = corpo({ responsavel_tecnico: { ...corpo().responsavel_tecnico, id_csrt: '' } });
    const r3 = await put(semId);
    expect(r3.status).toBe(400);
    expect(
      ((await r3.json()) as { details: { fields: Record<string, string[]> } }).details.fields,
    ).toHaveProperty('responsavel_tecnico.id_csrt');
  });

  it('produção needs confirmar_producao, and the switch is audited with the admin', async () => {
    const sem = await put(corpo({ ambiente: 'producao' }));
    expect(sem.status).toBe(422);
    expect(await sem.json()).toMatchObject({ message: expect.stringMatching(/exige confirmação/) });
    expect((await carregaConfiguracaoFiscal(t.db)).ambiente).toBe('homologacao');
    const com = await put(corpo({ ambiente: 'producao', confirmar_producao: true }));
    expect(com.status).toBe(200);
    expect((await com.json()).ambiente).toBe('producao');
    // already in produção: saving again needs no new confirmation
    expect((await put(corpo({ ambiente: 'producao' }))).status).toBe(200);
    const audit = rowsOf<{ user_id: string; depois: { valor: string } }>(
      await t.db.execute(sql`select user_id, depois from audit_log
        where tabela = 'app_settings' and registro_id = 'fiscal_ambiente' order by id`),
    );
    expect(audit.at(-1)).toMatchObject({ user_id: admin.userId, depois: { valor: 'producao' } });
    expect((await put(corpo())).status).toBe(200);
  });
});

describe('séries (/api/fiscal/series)', () => {
  it('creates, lists, refuses a repeated série and keeps one padrão', async () => {
    const s1 = await t.request('POST', '/api/fiscal/series', {
      token: admin.token,
      body: { serie: 1, proximo_numero: 1, ativa: true, padrao: true },
    });
    expect(s1.status).toBe(201);
    const s2 = await t.request('POST', '/api/fiscal/series', {
      token: admin.token,
      body: { serie: 2, proximo_numero: 50, padrao: true },
    });
    expect(s2.status).toBe(201);
    const lista = (await (await t.request('GET', '/api/fiscal/series', admin)).json()) as {
      items: { serie: number; padrao: boolean; proximo_numero: number }[];
    };
    expect(lista.items.map((s) => [s.serie, s.padrao, s.proximo_numero])).toEqual([
      [1, false, 1],
      [2, true, 50],
    ]);
    const rep = await t.request('POST', '/api/fiscal/series', {
      token: admin.token,
      body: { serie: 1, proximo_numero: 9 },
    });
    expect(rep.status).toBe(409);
    expect(await rep.json()).toMatchObject({
      details: { fields: { serie: ['Já existe uma série com este número'] } },
    });
    const fora = await t.request('POST', '/api/fiscal/series', {
      token: admin.token,
      body: { serie: 1000, proximo_numero: 0 },
    });
    expect(fora.status).toBe(400);
    expect((await fora.json()).details.fields).toEqual({
      serie: ['Série deve estar entre 0 e 999'],
      proximo_numero: ['Próximo número deve ser ao menos 1'],
    });
  });

  it('proximo_numero never goes back to a number already used; the série of a used one cannot change', async () => {
    const [s] = rowsOf<{ id: string; versao: number }>(
      await t.db.execute(sql`select id, versao from nfe_series where serie = 1`),
    );
    const [cli] = rowsOf<{ id: string }>(
      await t.db.execute(
        sql`insert into clientes (tipo_pessoa, documento, razao_social) values ('J', '11222333000181', 'Cliente Teste') returning id`,
      ),
    );
    await t.db.execute(sql`insert into notas_fiscais (cliente_id, serie, numero, chave, ambiente, emissao, valor_total, xml)
      values (${cli!.id}, 1, 7, ${'3'.repeat(44)}, '2', now(), 10, '<NFe/>')`);
    const lista = (await (await t.request('GET', '/api/fiscal/series', admin)).json()) as {
      items: { serie: number; ultimo_numero_usado: number | null }[];
    };
    expect(lista.items.find((x) => x.serie === 1)?.ultimo_numero_usado).toBe(7);
    const baixa = await t.request('PUT', `/api/fiscal/series/${s!.id}`, {
      token: admin.token,
      body: { serie: 1, proximo_numero: 7, ativa: true, padrao: false, versao: s!.versao },
    });
    expect(baixa.status).toBe(422);
    expect(await baixa.json()).toMatchObject({
      details: {
        fields: {
          proximo_numero: [
            'O próximo número não pode ser menor ou igual a 7, o último número já usado nesta série',
          ],
        },
      },
    });
    const troca = await t.request('PUT', `/api/fiscal/series/${s!.id}`, {
      token: admin.token,
      body: { serie: 3, proximo_numero: 8, ativa: true, padrao: false, versao: s!.versao },
    });
    expect(troca.status).toBe(422);
    const ok = await t.request('PUT', `/api/fiscal/series/${s!.id}`, {
      token: admin.token,
      body: { serie: 1, proximo_numero: 8, ativa: true, padrao: true, versao: s!.versao },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ proximo_numero: 8, padrao: true, versao: s!.versao + 1 });
    const velho = await t.request('PUT', `/api/fiscal/series/${s!.id}`, {
      token: admin.token,
      body: { serie: 1, proximo_numero: 9, ativa: true, padrao: true, versao: s!.versao },
    });
    expect(velho.status).toBe(409);
    const padroes = rowsOf<{ serie: number }>(
      await t.db.execute(sql`select serie from nfe_series where padrao`),
    );
    expect(padroes).toEqual([{ serie: 1 }]);
  });
});

describe('certificado digital A1 (/api/fiscal/certificado)', () => {
  it('upload: titular, CNPJ, emissor, validity; the key decrypts in memory; removal', async () => {
    const g = geraPfxTeste({ cnpj: CNPJ_ALFA, razaoSocial: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA', ac });
    const r = await t.request('POST', '/api/fiscal/certificado', {
      token: admin.token,
      body: { nome: 'empresa.pfx', conteudo_base64: g.pfx.toString('base64'), senha: g.senha },
    });
    expect(r.status).toBe(201);
    const { certificado } = (await r.json()) as { certificado: Record<string, unknown> };
    expect(certificado).toMatchObject({
      titular: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA',
      cnpj: CNPJ_ALFA,
      emissor: 'AC TESTE PLATAFORMA ERP RFB v5',
      validade: { situacao: 'valido' },
      cnpj_diferente_do_emitente: false,
    });
    const a1 = await carregaCertificadoA1(t.db);
    expect(a1?.keyPem.replace(/\r/g, '')).toBe(g.keyPem.replace(/\r/g, ''));
    expect(a1?.chainPem).toHaveLength(1);
    expect(a1?.cnpj).toBe(CNPJ_ALFA);

    const del = await t.request('DELETE', '/api/fiscal/certificado', admin);
    expect(del.status).toBe(204);
    expect(await (await t.request('GET', '/api/fiscal/certificado', admin)).json()).toEqual({
      certificado: null,
    });
    expect(await carregaCertificadoA1(t.db)).toBeNull();
    expect(
      rowsOf(await t.db.execute(sql`select chave from fiscal_segredos where chave like 'certificado%'`)),
    ).toEqual([]);
  });

  it('wrong password, not a PFX, no key: 422 in pt-BR on the field', async () => {
    const g = geraPfxTeste({ cnpj: CNPJ_ALFA, razaoSocial: 'X', ac });
    const senha = await t.request('POST', '/api/fiscal/certificado', {
      token: admin.token,
      body: { conteudo_base64: g.pfx.toString('base64'), senha: 'errada' },
    });
    expect(senha.status).toBe(422);
    expect(await senha.json()).toMatchObject({
      message: 'Senha do certificado incorreta.',
      details: { fields: { senha: ['Senha do certificado incorreta.'] } },
    });
    const lixo = await t.request('POST', '/api/fiscal/certificado', {
      token: admin.token,
      body: { conteudo_base64: Buffer.from('não é um pfx').toString('base64'), senha: 'x' },
    });
    expect(lixo.status).toBe(422);
    expect(await lixo.json()).toMatchObject({
      message: 'Arquivo não é um certificado A1 (.pfx/.p12) válido.',
    });
    const vazio = await t.request('POST', '/api/fiscal/certificado', {
      token: admin.token,
      body: { conteudo_base64: '', senha: 'x' },
    });
    expect(vazio.status).toBe(400);
  });

  it('warns from 30 days before expiry, "vencido" after, and when the CNPJ differs from the emitente', async () => {
    const dia = 86400000;
    const casos = [
      {
        validoAte: new Date(Date.now() + 10 * dia + 3600000),
        situacao: 'vence_em_breve',
        texto: 'Vence em 11 dias',
      },
      { validoAte: new Date(Date.now() + 45 * dia), situacao: 'valido', texto: 'Válido' },
      {
        validoAte: new Date(Date.now() - 2 * dia - 3600000),
        situacao: 'vencido',
        texto: 'Vencido há 2 dias',
      },
    ];
    for (const c of casos) {
      const g = geraPfxTeste({
        cnpj: '11222333000181',
        razaoSocial: 'OUTRA EMPRESA SA',
        ac,
        validoDe: new Date(Date.now() - 300 * dia),
        validoAte: c.validoAte,
      });
      const r = await t.request('POST', '/api/fiscal/certificado', {
        token: admin.token,
        body: { conteudo_base64: g.pfx.toString('base64'), senha: g.senha },
      });
      expect(r.status).toBe(201);
      const info = (await (await t.request('GET', '/api/fiscal/certificado', admin)).json()) as {
        certificado: { validade: { situacao: string; texto: string }; cnpj_diferente_do_emitente: boolean };
      };
      expect(info.certificado.validade).toMatchObject({ situacao: c.situacao, texto: c.texto });
      expect(info.certificado.cnpj_diferente_do_emitente).toBe(true);
    }
  });

  it('the private key and the password never appear in an API answer, a log line or the database in clear', async () => {
    const linhas: string[] = [];
    const logger = createLogger(
      'trace',
      new Writable({
        write(chunk, _enc, cb) {
          linhas.push(String(chunk));
          cb();
        },
      }),
    );
    const app = createApp({ ...t.deps, logger });
    const SENHA = 'Senha-Muito-Secreta-987';
    const g = geraPfxTeste({
      cnpj: CNPJ_ALFA,
      razaoSocial: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA',
      ac,
      senha: SENHA,
    });
    const corpoChave = g.keyPem
      .replace(/-----[A-Z ]+-----/g, '')
      .replace(/\s+/g, '')
      .slice(0, 64);
    const respostas: string[] = [];
    const chama = async (method: string, path: string, body?: unknown) => {
      const r = await app.request(path, {
        method,
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      respostas.push(await r.text());
      return r;
    };
    expect(
      (
        await chama('POST', '/api/fiscal/certificado', {
          conteudo_base64: g.pfx.toString('base64'),
          senha: SENHA,
        })
      ).status,
    ).toBe(201);
    await chama('POST', '/api/fiscal/certificado', {
      conteudo_base64: g.pfx.toString('base64'),
      senha: 'errada',
    });
    await chama('GET', '/api/fiscal/certificado');
    await chama('GET', '/api/fiscal/configuracao');
    await chama('PUT', '/api/fiscal/configuracao', corpo());
    await chama('GET', '/api/auditoria?tabela=certificados_a1');
    expect(linhas.length).toBeGreaterThan(0);
    for (const texto of [...respostas, ...linhas]) {
      expect(texto).not.toContain(corpoChave);
      expect(texto).not.toContain('PRIVATE KEY');
      expect(texto).not.toContain(SENHA);
      expect(texto).not.toContain('CSRT-SEGREDO-123456');
    }
    const banco = JSON.stringify([
      ...rowsOf(await t.db.execute(sql`select * from certificados_a1`)),
      ...rowsOf(await t.db.execute(sql`select * from fiscal_segredos`)),
      ...rowsOf(await t.db.execute(sql`select * from audit_log`)),
      ...rowsOf(await t.db.execute(sql`select * from app_settings`)),
    ]);
    expect(banco).not.toContain('PRIVATE KEY');
    expect(banco).not.toContain(corpoChave);
    expect(banco).not.toContain(SENHA);
    expect(banco).not.toContain(g.pfx.toString('base64').slice(0, 64));
    // and it does decrypt
    expect((await carregaCertificadoA1(t.db))?.keyPem).toContain('PRIVATE KEY');
  });
});

describe('permissions: admin only', () => {
  it.each(['comercial', 'estoque', 'financeiro'] as const)(
    '%s gets 403 on every /api/fiscal route',
    async (role) => {
      const u = await t.signIn([role]);
      for (const [method, path, body] of [
        ['GET', '/api/fiscal/configuracao', undefined],
        ['PUT', '/api/fiscal/configuracao', corpo()],
        ['GET', '/api/fiscal/series', undefined],
        ['POST', '/api/fiscal/series', { serie: 9, proximo_numero: 1 }],
        [
          'PUT',
          '/api/fiscal/series/00000000-0000-4000-8000-000000000000',
          { serie: 9, proximo_numero: 1, versao: 1 },
        ],
        ['GET', '/api/fiscal/certificado', undefined],
        ['POST', '/api/fiscal/certificado', { conteudo_base64: 'AA==', senha: 'x' }],
        ['DELETE', '/api/fiscal/certificado', undefined],
      ] as const) {
        const r = await t.request(method, path, { token: u.token, body });
        expect(r.status, `${method} ${path}`).toBe(403);
      }
    },
  );
});
