import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor } from '../../lib/audit-context.ts';
import type { Deps } from '../../lib/context.ts';
import { startJobs } from '../../lib/jobs/jobs.ts';
import { createLogger } from '../../lib/logger.ts';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { type SefazDouble, startSefazDouble } from '../../test/sefaz-double.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { chama, type Json, tokens } from '../comercial/comercial-test-support.ts';
import { setSetting } from '../configuracoes/settings.service.ts';
import {
  criaClienteNfe,
  enviaCertificado,
  preparaEmissao,
  produtoComRegra,
} from '../notasfiscais/notas-saida-test-support.ts';
import { iniciaWorkerFaturamento } from './faturamento.service.ts';
import { cargaConferida as cargaConferidaDe } from './faturamento-test-support.ts';

// «Faturar carga» through the pg-boss queue against the local SEFAZ double (issue 21 "Must hold"):
// a load of N orders invoiced with one rejection then a retry → exactly N authorised notes, none
// twice, progress reported; a second «Faturar carga» queues nothing; a worker stopped in the middle
// of a load and started again finishes it without duplicates; the driver's PDF.

const dir = TEST_NFE_SCHEMAS_DIR;
if (!dir) console.warn('faturamento.test: NFE_SCHEMAS_DIR / ../shared/nfe/schemas ausente — testes pulados');

const N = Number(process.env.FATURAMENTO_N ?? 30);
const logger = createLogger('silent');

let t: TestContext;
let deps: Deps;
let tk: Awaited<ReturnType<typeof tokens>>;
let double: SefazDouble;
let cliente: string;
let produto: string;

const api = (token: string, method: string, p: string, body?: unknown) => chama(t, token, method, p, body);
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));

/** A load «conferida» with n orders conferido (faturamento-test-support.ts). */
const cargaConferida = (n: number) => cargaConferidaDe(t, tk.comercial, cliente, produto, n);

async function progresso(cargaId: string): Promise<Json> {
  const r = await api(tk.comercial, 'GET', `/api/expedicao/cargas/${cargaId}/faturamento`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Polls the progress until nothing of the load is queued or being worked. */
async function esperaFila(cargaId: string, limiteMs = 150_000): Promise<Json> {
  const fim = Date.now() + limiteMs;
  for (;;) {
    const p = await progresso(cargaId);
    if (!p.em_andamento) return p;
    if (Date.now() > fim) throw new Error(`fila não terminou: ${JSON.stringify(p)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function notasPorPedido(pedidos: string[]) {
  return q<{ pedido_id: string; autorizadas: number; total: number }>(
    sql`select n.pedido_id, count(*) filter (where n.status = 'autorizada')::int as autorizadas, count(*)::int as total
      from notas_fiscais n where n.pedido_id in ${sql.raw(`('${pedidos.join("','")}')`)} group by n.pedido_id`,
  );
}

describe.skipIf(!dir)('faturar carga pela fila (pg-boss) contra o double da SEFAZ', () => {
  beforeAll(async () => {
    double = await startSefazDouble({ schemasDir: dir! });
    const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sefaz-ca-'));
    fs.writeFileSync(path.join(caDir, 'double.pem'), double.caPem);
    t = await createTestApp({
      SEFAZ_URL_OVERRIDE: double.url,
      SEFAZ_CA_DIR: caDir,
      SEFAZ_TIMEOUT_MS: '5000',
    });
    deps = t.deps;
    tk = await tokens(t);
    await preparaEmissao(t, tk.admin, { proximo: 1 });
    await enviaCertificado(t, tk.admin);
    await setSetting(t.db, systemActor, 'expedicao_exige_conferencia', false);
    produto = await produtoComRegra(t, tk.admin, { nome: 'Arroz tipo 1 5 kg' });
    cliente = await criaClienteNfe(t, { razaoSocial: 'Mercado Bom Preço Ltda' });
    deps.jobs = await startJobs({
      database: t.database,
      databaseUrl: (t.database as { url?: string }).url,
      logger,
    });
  }, 180_000);
  afterAll(async () => {
    await deps?.jobs?.stop();
    await double?.close();
    await t?.close();
  });

  it('sem a fila iniciada a rota responde 503; carga não conferida → 409', async () => {
    const { id } = await cargaConferida(1);
    await t.db.execute(sql`update cargas set status = 'em_separacao' where id = ${id}`);
    const r = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${id}/faturar`);
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('Só uma carga conferida pode ser faturada');
    const jobs = deps.jobs;
    deps.jobs = undefined;
    await t.db.execute(sql`update cargas set status = 'conferida' where id = ${id}`);
    const s = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${id}/faturar`);
    deps.jobs = jobs;
    expect(s.status).toBe(503);
    expect((await api(tk.estoque, 'POST', `/api/expedicao/cargas/${id}/faturar`)).status).toBe(403);
  }, 60_000);

  it(`${N} pedidos: uma rejeição e o reprocessamento → ${N} notas autorizadas, nenhuma em dobro; faturar de novo não enfileira nada; PDF do motorista`, async () => {
    const { id, pedidos } = await cargaConferida(N);
    const worker = await iniciaWorkerFaturamento(deps, { pollingIntervalSeconds: 0.5 });
    double.reinicia();
    const antes = double.autorizadas.size;
    double.cenario.proximaAutorizacao = {
      cStat: '225',
      xMotivo: 'Rejeição: Falha no Schema XML do lote de NFe',
    };
    const inicio = performance.now();
    const r = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${id}/faturar`);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toMatchObject({ enfileirados: N, pedidos: N });
    expect(r.body.progresso.total).toBe(N);
    const de = await api(tk.comercial, 'POST', `/api/expedicao/cargas/${id}/faturar`);
    expect(de.body.enfileirados).toBe(0);

    // progress seen while running
    const visto = await progresso(id);
    expect(visto.total).toBe(N);

    const p1 = await esperaFila(id);
    const ms = Math.round(performance.now() - inicio);
    console.log(`faturamento: ${N} pedidos (${t.database.kind}) em ${ms} ms`);
    expect(p1.autorizadas).toBe(N - 1);
    expect(p1.rejeitadas).toBe(1);
    const rejeitado = p1.pedidos.find((x: Json) => x.situacao === 'rejeitada');
    expect(rejeitado).toMatchObject({ c_stat: '225', pode_reprocessar: true });
    expect(rejeitado.mensagem).toContain('Falha no Schema');
    expect(p1.carga.status).toBe('conferida');

    // a second «Faturar carga» queues nothing (jobs keyed by pedido_id)
    expect((await api(tk.comercial, 'POST', `/api/expedicao/cargas/${id}/faturar`)).body.enfileirados).toBe(
      0,
    );
    // an authorised order is not queued again
    const ok = p1.pedidos.find((x: Json) => x.situacao === 'autorizada');
    expect(
      (await api(tk.comercial, 'POST', `/api/expedicao/cargas/${id}/faturamento/${ok.pedido_id}/reprocessar`))
        .status,
    ).toBe(409);

    const re = await api(
      tk.comercial,
      'POST',
      `/api/expedicao/cargas/${id}/faturamento/${rejeitado.pedido_id}/reprocessar`,
    );
    expect(re.status, JSON.stringify(re.body)).toBe(202);
    const p2 = await esperaFila(id);
    expect(p2).toMatchObject({ total: N, autorizadas: N, rejeitadas: 0, erros: 0 });
    expect(p2.carga.status).toBe('faturada');

    const notas = await notasPorPedido(pedidos);
    expect(notas).toHaveLength(N);
    for (const n of notas) expect(n).toMatchObject({ autorizadas: 1, total: 1 });
    expect(double.autorizadas.size - antes).toBe(N);
    const [h] = await q<{ n: number }>(
      sql`select count(*)::int as n from cargas_historico where carga_id = ${id} and para = 'faturada'`,
    );
    expect(h!.n).toBe(1);
    expect((await api(tk.comercial, 'POST', `/api/expedicao/cargas/${id}/faturar`)).status).toBe(409);

    const pdf = await t.app.request(`/api/expedicao/cargas/${id}/documentos.pdf`, {
      headers: { Authorization: `Bearer ${tk.comercial}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    if (temPoppler) {
      const paginas = paginasPdf(Buffer.from(await pdf.arrayBuffer()));
      expect(paginas.filter((x) => x.includes('DANFE')).length).toBeGreaterThanOrEqual(N);
      // every DANFE first, then the romaneio
      const romaneio = paginas.findIndex((x) => x.includes('Romaneio de carga'));
      expect(romaneio).toBeGreaterThanOrEqual(N);
      expect(paginas.slice(0, romaneio).every((x) => x.includes('DANFE'))).toBe(true);
    }
    await deps.jobs!.boss.offWork({ id: worker });
  }, 300_000);

  it('worker parado no meio da carga e iniciado de novo: termina sem duplicar', async () => {
    const M = 6;
    const { id, pedidos } = await cargaConferida(M);
    double.reinicia();
    double.cenario.atrasoAutorizacaoMs = 300;
    await iniciaWorkerFaturamento(deps, { pollingIntervalSeconds: 0.5, lote: 1 });
    expect((await api(tk.comercial, 'POST', `/api/expedicao/cargas/${id}/faturar`)).status).toBe(202);
    for (let i = 0; i < 300; i++) {
      if ((await progresso(id)).autorizadas >= 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await deps.jobs!.stop();
    const parcial = await progresso(id);
    expect(parcial.autorizadas).toBeGreaterThanOrEqual(1);
    expect(parcial.autorizadas).toBeLessThan(M);

    deps.jobs = await startJobs({
      database: t.database,
      databaseUrl: (t.database as { url?: string }).url,
      logger,
    });
    await iniciaWorkerFaturamento(deps, { pollingIntervalSeconds: 0.5 });
    const fim = await esperaFila(id);
    expect(fim).toMatchObject({ total: M, autorizadas: M });
    expect(fim.carga.status).toBe('faturada');
    const notas = await notasPorPedido(pedidos);
    expect(notas).toHaveLength(M);
    for (const n of notas) expect(n).toMatchObject({ autorizadas: 1, total: 1 });
  }, 180_000);
});
