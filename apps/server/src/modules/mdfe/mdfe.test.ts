import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor } from '../../lib/audit-context.ts';
import { type SefazDoubleMdfe, startSefazDoubleMdfe } from '../../test/sefaz-double-mdfe.ts';
import {
  createTestApp,
  TEST_MDFE_SCHEMAS_DIR,
  TEST_NFE_SCHEMAS_DIR,
  type TestContext,
} from '../../test/test-app.ts';
import { chama, type Json, tokens } from '../comercial/comercial-test-support.ts';
import { setSetting } from '../configuracoes/settings.service.ts';
import {
  criaClienteNfe,
  enviaCertificado,
  pedidoLiberado,
  preparaEmissao,
  produtoComRegra,
} from '../notasfiscais/notas-saida-test-support.ts';
import { simbolosPdf, temZbar } from './damdfe/damdfe-test-support.ts';
import { emiteMdfeAutomatico } from './emissao-mdfe.service.ts';
import { urlQrCodeMdfe } from './xml/qrcode-mdfe.ts';
import { validaMdfeXsd } from './xsd-mdfe.ts';

// The load's MDF-e end to end through the API against the local SEFAZ double (issue 33 "Must hold"):
// pendências first (nothing written), one MDF-e per UF de descarregamento with its municípios and exact
// totals, authorised (mdfeProc XSD-valid), the load leaves only with it, a second manifesto of the same
// truck and UF refused with the open one's chave until that one is closed, cancel refused once the trip
// started, finalizar closes the manifesto, inclusão de condutor, and the driver's PDF opens with the
// DAMDFE whose QR is the consultation URL.

const nfeDir = TEST_NFE_SCHEMAS_DIR;
const mdfeDir = TEST_MDFE_SCHEMAS_DIR;
if (!nfeDir || !mdfeDir)
  console.warn('mdfe.test: NFE_SCHEMAS_DIR ou ../shared/mdfe/schemas/PL_MDFe_300a ausente — testes pulados');

// the MDF-e 3.00 Id pattern is digits only: a numeric CNPJ emitter
const CNPJ = '12345678000195';

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let double: SefazDoubleMdfe;
let produto: string;
let spCapital: string;
let campinas: string;
let bh: string;
let veiculo: string;
let motorista: string;

const api = (token: string, method: string, p: string, body?: unknown) => chama(t, token, method, p, body);
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));

/** A faturada load: one order per (customer, quantity), each with its NF-e authorised by the double. */
async function cargaFaturada(
  pedidos: [cliente: string, quantidade: string][],
  opts: { veiculo?: string | null } = {},
): Promise<{ id: string; notas: { chave: string; valor: string }[] }> {
  const notas: { chave: string; valor: string }[] = [];
  const ids: string[] = [];
  for (const [cliente, qtd] of pedidos) {
    const p = await pedidoLiberado(t, tk.comercial, cliente, [[produto, qtd, '12.50']]);
    const n = await api(tk.comercial, 'POST', '/api/notasfiscais/saida', { pedido_id: p.id });
    expect(n.status, JSON.stringify(n.body)).toBe(201);
    const tr = await api(tk.comercial, 'POST', `/api/notasfiscais/saida/${n.body.id}/transmitir`);
    expect(tr.body.status ?? tr.body.nota?.status, JSON.stringify(tr.body)).toBe('autorizada');
    const [nota] = await q<{ chave: string; valor: string }>(
      sql`select chave, valor_total::text as valor from notas_fiscais where id = ${n.body.id}`,
    );
    notas.push(nota!);
    ids.push(p.id);
  }
  const v = opts.veiculo === undefined ? veiculo : opts.veiculo;
  const [c] = await q<{ id: string }>(
    sql`insert into cargas (data_saida_prevista, status, veiculo_id, motorista_id)
      values (current_date, 'faturada', ${v}, ${motorista}) returning id`,
  );
  for (const [i, p] of ids.entries()) {
    await t.db.execute(sql`update sales_orders set status = 'faturado' where id = ${p}`);
    await t.db.execute(
      sql`insert into cargas_pedidos (carga_id, pedido_id, sequencia) values (${c!.id}, ${p}, ${i + 1})`,
    );
  }
  return { id: c!.id, notas };
}

async function transita(cargaId: string, para: string) {
  const c = await api(tk.comercial, 'GET', `/api/expedicao/cargas/${cargaId}`);
  return api(tk.comercial, 'POST', `/api/expedicao/cargas/${cargaId}/transicao`, {
    para,
    motivo: null,
    versao: c.body.versao,
  });
}

describe.skipIf(!nfeDir || !mdfeDir)('MDF-e da carga (API + double da SEFAZ)', () => {
  beforeAll(async () => {
    double = await startSefazDoubleMdfe({ schemasDir: mdfeDir!, nfeSchemasDir: nfeDir! });
    const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sefaz-ca-'));
    fs.writeFileSync(path.join(caDir, 'double.pem'), double.caPem);
    t = await createTestApp({
      SEFAZ_URL_OVERRIDE: double.url,
      SEFAZ_CA_DIR: caDir,
      SEFAZ_TIMEOUT_MS: '5000',
      LOG_LEVEL: process.env.MDFE_LOG ?? 'silent',
    });
    tk = await tokens(t);
    await preparaEmissao(t, tk.admin, { proximo: 1, cnpj: CNPJ });
    await enviaCertificado(t, tk.admin, { cnpj: CNPJ });
    await setSetting(t.db, systemActor, 'expedicao_exige_conferencia', false);
    produto = await produtoComRegra(t, tk.admin, { nome: 'Arroz tipo 1 5 kg' });
    spCapital = await criaClienteNfe(t, { razaoSocial: 'Mercado Paulistano Ltda' });
    campinas = await criaClienteNfe(t, {
      razaoSocial: 'Supermercado Campineiro Ltda',
      codigoMunicipio: '3509502',
      municipio: 'Campinas',
    });
    bh = await criaClienteNfe(t, {
      razaoSocial: 'Atacado Mineiro Ltda',
      uf: 'MG',
      codigoMunicipio: '3106200',
      municipio: 'Belo Horizonte',
    });
    const [v] = await q<{
      id: string;
    }>(sql`insert into veiculos (placa, placa_mercosul, renavam, uf, tipo, tara, capacidade, volume)
      values ('ABC1D23', 'ABC1D23', '00123456789', 'SP', 'truck', 6500, 12000, 45) returning id`);
    veiculo = v!.id;
    const [m] = await q<{
      id: string;
    }>(sql`insert into funcionarios (nome, cpf, funcao, cnh_numero, cnh_categoria, cnh_validade)
      values ('José Carlos da Silva', '52998224725', 'motorista', '02650306461', 'E', '2030-12-31') returning id`);
    motorista = m!.id;
  }, 180_000);
  afterAll(async () => {
    await double?.close();
    await t?.close();
  });

  it('sem veículo: 422 com cada pendência e onde corrigir; nada é gravado', async () => {
    const c = await cargaFaturada([[spCapital, '2']], { veiculo: null });
    const r = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${c.id}/mdfe`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.details.pendencias).toEqual([
      { mensagem: 'A carga não tem veículo: escolha o veículo da carga.', onde: { tipo: 'carga', id: c.id } },
    ]);
    expect(await q(sql`select id from mdfes where carga_id = ${c.id}`)).toEqual([]);
    expect((await api(tk.estoque, 'POST', `/api/expedicao/cargas/${c.id}/mdfe`, {})).status).toBe(403);
  }, 120_000);

  let carga1: Awaited<ReturnType<typeof cargaFaturada>>;
  let mdfeSp: Json;
  let mdfeMg: Json;

  it('carga para SP (2 municípios) e MG: sai só com MDF-e; um MDF-e por UF de descarregamento, autorizados', async () => {
    carga1 = await cargaFaturada([
      [spCapital, '2'],
      [campinas, '3'],
      [bh, '4'],
      [spCapital, '1'],
    ]);
    const sem = await transita(carga1.id, 'em_rota');
    expect(sem.status).toBe(409);
    expect(sem.body.details.reason).toBe('mdfe');
    expect(sem.body.message).toContain('transporte interestadual');

    const r = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${carga1.id}/mdfe`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.falhas).toEqual([]);
    expect(r.body.items.map((m: Json) => [m.uf_fim, m.status, m.q_nfe])).toEqual([
      ['SP', 'autorizado', 3],
      ['MG', 'autorizado', 1],
    ]);
    [mdfeSp, mdfeMg] = r.body.items;
    // peso bruto 1.2 kg per unit: SP 2 + 3 + 1 = 6 units → 7.2000 kg; MG 4 units → 4.8000 kg
    expect(mdfeSp.q_carga).toBe('7.2000');
    expect(mdfeMg.q_carga).toBe('4.8000');
    const [spValor, campValor, mgValor, sp2Valor] = carga1.notas.map((n) => Number(n.valor) * 100);
    expect(Math.round(Number(mdfeSp.v_carga) * 100)).toBe(spValor! + campValor! + sp2Valor!);
    expect(Math.round(Number(mdfeMg.v_carga) * 100)).toBe(mgValor!);
    expect(mdfeSp.numero + 1).toBe(mdfeMg.numero);

    const d = await api(tk.comercial, 'GET', `/api/expedicao/mdfe/${mdfeSp.id}`);
    expect(d.body.municipios.map((m: Json) => [m.codigo, m.nome, m.notas.map((n: Json) => n.chave)])).toEqual(
      [
        ['3550308', 'São Paulo', [carga1.notas[0]!.chave, carga1.notas[3]!.chave]],
        ['3509502', 'Campinas', [carga1.notas[1]!.chave]],
      ],
    );
    const xml = await api(tk.comercial, 'GET', `/api/expedicao/mdfe/${mdfeSp.id}/xml`);
    expect(xml.status).toBe(200);
    expect(validaMdfeXsd(mdfeDir, String(xml.body))).toEqual({ valido: true, erros: [] });
    expect(String(xml.body)).toContain('<infMunDescarga><cMunDescarga>3550308</cMunDescarga>');

    const sai = await transita(carga1.id, 'em_rota');
    expect(sai.status, JSON.stringify(sai.body)).toBe(200);
  }, 180_000);

  it('MDF-e de novo para a mesma carga: 409; cancelar depois de a viagem começar: 409', async () => {
    const de = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${carga1.id}/mdfe`, {});
    expect(de.status).toBe(409);
    const c = await api(tk.comercial, 'POST', `/api/expedicao/mdfe/${mdfeSp.id}/cancelar`, {
      xJust: 'Carga refeita com outro veículo da frota',
    });
    expect(c.status).toBe(409);
    expect(c.body.message).toBe('A viagem já começou: o MDF-e não pode mais ser cancelado, só encerrado.');
  });

  it('outra carga do mesmo veículo para SP: rejeição 611 com a chave do aberto; encerrado o aberto, autoriza', async () => {
    const carga2 = await cargaFaturada([[campinas, '1']]);
    const r = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${carga2.id}/mdfe`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const m = r.body.items[0];
    expect(m.status).toBe('rejeitado');
    expect(m.c_stat).toBe('611');
    expect(m.x_motivo).toContain(mdfeSp.chave);
    const d = await api(tk.comercial, 'GET', `/api/expedicao/mdfe/${m.id}`);
    const rej = d.body.eventos.find((e: Json) => e.tipo === 'rejeicao');
    expect(rej.detalhe.aberto).toMatchObject({ chave: mdfeSp.chave, id: mdfeSp.id, carga_id: carga1.id });

    const enc = await api(tk.comercial, 'POST', `/api/expedicao/mdfe/${mdfeSp.id}/encerrar`, {
      dtEnc: new Date().toISOString().slice(0, 10),
      codigoMunicipio: '3509502',
      uf: 'SP',
    });
    expect(enc.status, JSON.stringify(enc.body)).toBe(200);
    expect(enc.body.mdfe.status).toBe('encerrado');
    expect(enc.body.mdfe.encerramento_municipio).toBe('Campinas (3509502)');

    const tr = await api(tk.comercial, 'POST', `/api/expedicao/mdfe/${m.id}/transmitir`);
    expect(tr.status, JSON.stringify(tr.body)).toBe(200);
    expect(tr.body.mdfe.status).toBe('autorizado');
    // before the trip: cancel works (135) and the load may get a new manifesto
    const ca = await api(tk.comercial, 'POST', `/api/expedicao/mdfe/${m.id}/cancelar`, {
      xJust: 'Carga refeita com outro veículo da frota',
    });
    expect(ca.status, JSON.stringify(ca.body)).toBe(200);
    expect(ca.body.mdfe.status).toBe('cancelado');
    const [ev] = await q<{ xml_proc: string }>(
      sql`select xml_proc from mdfe_eventos where mdfe_id = ${m.id} and tipo = 'cancelamento'`,
    );
    expect(validaMdfeXsd(mdfeDir, ev!.xml_proc).valido).toBe(true);
  }, 180_000);

  it('inclusão de condutor; o PDF do motorista abre com o DAMDFE (QR = URL de consulta); finalizar encerra o MDF-e', async () => {
    const inc = await api(tk.comercial, 'POST', `/api/expedicao/mdfe/${mdfeMg.id}/condutores`, {
      xNome: 'Maria Aparecida Souza',
      cpf: '111.444.777-35',
    });
    expect(inc.status, JSON.stringify(inc.body)).toBe(200);
    expect(inc.body.mdfe.condutores).toEqual([
      { nome: 'José Carlos da Silva', cpf: '52998224725' },
      { nome: 'Maria Aparecida Souza', cpf: '11144477735' },
    ]);

    const pdf = await t.app.request(`/api/expedicao/cargas/${carga1.id}/documentos.pdf`, {
      headers: { authorization: `Bearer ${tk.comercial}` },
    });
    expect(pdf.status).toBe(200);
    if (temZbar) {
      const simbolos = simbolosPdf(Buffer.from(await pdf.arrayBuffer()));
      expect(simbolos[0]).toContain(`QR-Code:${urlQrCodeMdfe(mdfeMg.chave, '2', '1')}`);
      expect(simbolos[0]).toContain(`CODE-128:${mdfeMg.chave}`);
    }

    await t.db.execute(
      sql`update cargas_pedidos set entrega_status = 'entregue' where carga_id = ${carga1.id}`,
    );
    const fim = await transita(carga1.id, 'finalizada');
    expect(fim.status, JSON.stringify(fim.body)).toBe(200);
    const [mg] = await q<{ status: string; encerramento_municipio: string }>(
      sql`select status, encerramento_municipio from mdfes where id = ${mdfeMg.id}`,
    );
    expect(mg).toEqual({ status: 'encerrado', encerramento_municipio: 'Belo Horizonte (3106200)' });
  }, 180_000);

  it('SEFAZ fora do ar: fica assinado (503 na emissão); em contingência (tpEmis 2, nova chave) a carga sai; depois transmite e autoriza', async () => {
    const carga = await cargaFaturada([[spCapital, '2']]);
    double.cenario.derruba = true;
    const r = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${carga.id}/mdfe`, {});
    double.cenario.derruba = false;
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const m = r.body.items[0];
    expect(m.status).toBe('assinado');
    expect(r.body.falhas[0].mensagem).toMatch(/^SEFAZ indisponível: /);
    // the company requires the MDF-e inside the state too: the load cannot leave with it only signed
    const cfg = await api(tk.admin, 'PUT', '/api/fiscal/mdfe', { exigir_intraestadual: true });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    const preso = await transita(carga.id, 'em_rota');
    expect(preso.status).toBe(409);
    expect(preso.body.message).toContain('exigido nas configurações do MDF-e');
    const c = await api(tk.comercial, 'POST', `/api/expedicao/mdfe/${m.id}/contingencia`);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.mdfe).toMatchObject({ status: 'assinado', tp_emis: '2', numero: m.numero });
    expect(c.body.mdfe.chave).not.toBe(m.chave);
    expect(c.body.mdfe.chave.slice(34, 35)).toBe('2');
    const sai = await transita(carga.id, 'em_rota');
    expect(sai.status, JSON.stringify(sai.body)).toBe(200);
    const tr = await api(tk.comercial, 'POST', `/api/expedicao/mdfe/${m.id}/transmitir`);
    expect(tr.status, JSON.stringify(tr.body)).toBe(200);
    expect(tr.body.mdfe).toMatchObject({ status: 'autorizado', tp_emis: '2' });
  }, 180_000);

  it('«emitir automaticamente»: depois de a carga ficar faturada o sistema emite o MDF-e; desligado, nada', async () => {
    const [v2] = await q<{
      id: string;
    }>(sql`insert into veiculos (placa, placa_mercosul, renavam, uf, tipo, tara, capacidade)
      values ('DEF2G34', 'DEF2G34', '00987654321', 'SP', 'toco', 4000, 7000) returning id`);
    const desligado = await cargaFaturada([[campinas, '1']], { veiculo: v2!.id });
    await emiteMdfeAutomatico(t.deps, systemActor, desligado.id);
    expect(await q(sql`select id from mdfes where carga_id = ${desligado.id}`)).toEqual([]);
    const cfg = await api(tk.admin, 'PUT', '/api/fiscal/mdfe', { emitir_automaticamente: true });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    await emiteMdfeAutomatico(t.deps, systemActor, desligado.id);
    const [m] = await q<{ status: string; created_by: string | null }>(
      sql`select status, created_by from mdfes where carga_id = ${desligado.id}`,
    );
    expect(m).toEqual({ status: 'autorizado', created_by: null });
  }, 180_000);
});
