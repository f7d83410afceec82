import fs from 'node:fs';
import path from 'node:path';
import { businessToday, Decimal } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// The load's MDF-e on the screens (issue 33) against the real server, its demo data and the SEFAZ
// double (MDF-e services on the same double as the NF-e's). Through the API: a truck of our own
// without RENAVAM, a released order of a demo customer in a new load with it, conferido, its NF-e
// authorised, the load faturada; the company's MDF-e settings require it inside the state too. On the
// load page (comercial): «Saiu para entrega» is refused for the missing MDF-e, with «Emitir MDF-e»
// next to the message; the emission lists the pendência (the truck's RENAVAM) with the link to the
// vehicle; with the RENAVAM filled in (API) the MDF-e is «Autorizado» on the load and in
// /expedicao/mdfe (found by the plate); its page shows the município with the note; the DAMDFE opens
// (application/pdf); the load leaves; «Encerrar» on the manifesto's page (today, the last unloading
// município proposed) → «Encerrado». With E2E_SCREENSHOTS=<dir> it saves the list, the manifesto,
// the load's block and the dialog with the pendência at 1280 and 390 px.

const temMdfe = inject('mdfeSchemas');
if (!temMdfe)
  console.warn('mdfe.e2e: pacote de schemas do MDF-e ausente (MDFE_SCHEMAS_DIR ou ../shared/mdfe) — pulado');

let browser: Browser;
/** The company's MDF-e settings before the test (put back at the end, whatever happened). */
let mdfeOriginal: Record<string, unknown> | null = null;
beforeAll(async () => {
  browser = await launchBrowser();
  if (!temMdfe) return;
  const ctx = await browser.newContext({ baseURL: baseURL() });
  mdfeOriginal = (await (await apiComo(ctx.request, 'admin')).get('/api/fiscal/mdfe')) as unknown as Record<
    string,
    unknown
  >;
  await ctx.close();
});
afterAll(async () => {
  if (browser && mdfeOriginal) {
    // both tests change the company's MDF-e settings: back to the demo's
    const ctx = await browser.newContext({ baseURL: baseURL() });
    await (await apiComo(ctx.request, 'admin')).put('/api/fiscal/mdfe', mdfeOriginal);
    await ctx.close();
  }
  if (temMdfe) await cenarioMdfe(null);
  await browser?.close();
});

const run = String(Date.now()).slice(-5);

/** The MDF-e services' scenario on the double (support/global-setup.ts); `null` resets it. */
async function cenarioMdfe(cenario: Record<string, unknown> | null) {
  const url = `${inject('sefazControle')}/mdfe/${cenario ? 'cenario' : 'reinicia'}`;
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(cenario ?? {}) });
  if (!res.ok) throw new Error(`cenário do MDF-e: ${res.status}`);
}
type Json = Record<string, never>;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, `mdfe-${nome}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(dir, `mdfe-${nome}-390.png`), fullPage: true });
  if (vp) await page.setViewportSize(vp);
  await page.waitForTimeout(200);
}

async function apiComo(request: APIRequestContext, quem: 'admin' | 'comercial') {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail(quem), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  const send = async (method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
    const r = await request[method](url, { headers, data });
    expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true);
    return (await r.json()) as Json;
  };
  return {
    get: (url: string) => send('get', url),
    post: (url: string, data: unknown) => send('post', url, data),
    put: (url: string, data: unknown) => send('put', url, data),
  };
}

type Api = Awaited<ReturnType<typeof apiComo>>;

/** A faturada load with one order of a demo customer, on a demo van whose RENAVAM was taken off. */
async function cargaFaturada(admin: Api, comercial: Api) {
  const opcoes = (await comercial.get('/api/expedicao/opcoes')) as unknown as {
    motoristas: { id: string; nome: string; ativo: boolean; cnh_validade: string | null }[];
  };
  const hoje = businessToday();
  const motorista = opcoes.motoristas.find((m) => m.ativo && (m.cnh_validade ?? '') > hoje)!;
  expect(motorista, 'a demo driver with a valid CNH').toBeTruthy();
  // a demo van with its RENAVAM taken off for the test (restored below): a vehicle of its own would
  // change the register other browser tests count
  const placa = 'FRT6F78';
  const achados = (await admin.get(`/api/frota/veiculos?q=${placa}`)).items as unknown as { id: string }[];
  const original = (await admin.get(`/api/frota/veiculos/${achados[0]!.id}`)) as unknown as Json & {
    id: string;
    versao: number;
  };
  const semRenavam = (await admin.put(`/api/frota/veiculos/${original.id}`, {
    ...original,
    renavam: '',
  })) as unknown as { versao: number };
  const veiculo = { id: original.id, versao: semRenavam.versao, original };

  const liberados = (await comercial.get('/api/comercial/pedidos?status=liberado&pageSize=50'))
    .items as unknown as { id: string; cliente_id: string; bloqueios: string[] }[];
  const modelo = liberados.find((p) => !p.bloqueios.length)!;
  expect(modelo, 'a released demo order without blockers').toBeTruthy();
  const det = (await comercial.get(`/api/comercial/pedidos/${modelo.id}`)) as unknown as {
    condicao_pagamento_id: string | null;
    itens: { produto_id: string; embalagem: string; preco: string }[];
  };
  const item = det.itens[0]!;
  const novo = (await comercial.post('/api/comercial/pedidos', {
    cliente_id: modelo.cliente_id,
    condicao_pagamento_id: det.condicao_pagamento_id,
    observacoes_internas: `MDF-e E2E ${run}`,
    itens: [
      {
        produto_id: item.produto_id,
        embalagem: item.embalagem,
        quantidade: '2',
        preco: Decimal.of(item.preco).toFixed(2).replace('.', ','),
      },
    ],
  })) as unknown as { id: string; versao: number };
  const pedido = (await comercial.post(`/api/comercial/pedidos/${novo.id}/confirmar`, {
    versao: novo.versao,
  })) as unknown as { status: string };
  expect(pedido.status).toBe('liberado');

  let carga = (await comercial.post('/api/expedicao/cargas', {
    data_saida_prevista: hoje,
    veiculo_id: veiculo.id,
    motorista_id: motorista.id,
    ajudantes: [],
    regioes: [],
    observacoes: `MDF-e E2E ${run}`,
  })) as unknown as { id: string; numero: number; versao: number; status: string };
  carga = (await comercial.post(`/api/expedicao/cargas/${carga.id}/pedidos`, {
    pedido_ids: [novo.id],
    versao: carga.versao,
  })) as unknown as typeof carga;
  carga = (await comercial.post(`/api/expedicao/cargas/${carga.id}/transicao`, {
    para: 'em_separacao',
    versao: carga.versao,
  })) as unknown as typeof carga;
  const separado = (await comercial.get(`/api/comercial/pedidos/${novo.id}`)) as unknown as {
    itens: { produto_codigo: string; quantidade_base: string }[];
  };
  const conf = (await comercial.post('/api/expedicao/conferencias', { pedido_id: novo.id })) as unknown as {
    id: string;
  };
  for (const it of separado.itens)
    await comercial.post(`/api/expedicao/conferencias/${conf.id}/leituras`, {
      codigo: it.produto_codigo,
      quantidade: it.quantidade_base,
    });
  await comercial.post(`/api/expedicao/conferencias/${conf.id}/finalizar`, {});
  const nota = (await comercial.post('/api/notasfiscais/saida', { pedido_id: novo.id })) as unknown as {
    id: string;
    numero: number;
  };
  const sefaz = (await comercial.post(`/api/notasfiscais/saida/${nota.id}/transmitir`, {})) as unknown as {
    status: string;
  };
  expect(sefaz.status).toBe('autorizada');
  carga = (await comercial.get(`/api/expedicao/cargas/${carga.id}`)) as unknown as typeof carga;
  carga = (await comercial.post(`/api/expedicao/cargas/${carga.id}/transicao`, {
    para: 'faturada',
    versao: carga.versao,
  })) as unknown as typeof carga;
  expect(carga.status).toBe('faturada');
  return { carga, veiculo, placa, nota };
}

describe.skipIf(!temMdfe)('MDF-e da carga', () => {
  it('emits the load’s MDF-e after its pendência, opens the DAMDFE, the load leaves, Encerrar closes it', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const admin = await apiComo(context.request, 'admin');
    const comercial = await apiComo(context.request, 'comercial');
    // the company requires the MDF-e inside the state too (restored at the end)
    await admin.put('/api/fiscal/mdfe', { ...mdfeOriginal, exigir_intraestadual: true });
    const { carga, veiculo, placa, nota } = await cargaFaturada(admin, comercial);

    await signInAs(page, demoEmail('comercial'));
    await page.goto(`/expedicao/cargas/${carga.id}`);
    await page.getByRole('heading', { level: 1, name: `Carga nº ${carga.numero}` }).waitFor();
    const bloco = page.getByRole('region', { name: 'MDF-e' });
    await bloco.getByText('A carga ainda não tem MDF-e.').waitFor();

    // the load cannot leave without its MDF-e: the refusal, with the button to emit it
    await bloco.getByRole('button', { name: 'Saiu para entrega' }).click();
    const recusa = bloco.getByRole('alert').filter({ hasText: 'não pode sair sem MDF-e autorizado' });
    await recusa.waitFor();
    await recusa.getByRole('button', { name: 'Emitir MDF-e' }).click();

    // the pendência: the new truck has no RENAVAM → its sentence and the link to the vehicle
    const dialogo = page.getByRole('dialog', { name: `Emitir MDF-e da carga nº ${carga.numero}` });
    await dialogo.waitFor();
    await dialogo.getByRole('button', { name: 'Emitir MDF-e' }).click();
    const pendencias = dialogo.getByRole('list', { name: 'Pendências do MDF-e' });
    await pendencias.waitFor();
    const pendencia = pendencias
      .getByRole('listitem')
      .filter({ hasText: `O veículo ${placa} não tem RENAVAM` });
    expect(await pendencia.getByRole('link', { name: 'Abrir o veículo' }).getAttribute('href')).toBe(
      `/frota/placas?editar=${veiculo.id}`,
    );
    await foto(page, 'carga-pendencias');

    // fixed in the register (API), emitted again: autorizado on the load
    const v = (await admin.get(`/api/frota/veiculos/${veiculo.id}`)) as unknown as { versao: number };
    await admin.put(`/api/frota/veiculos/${veiculo.id}`, { ...veiculo.original, versao: v.versao });
    // SEFAZ rejects it once: the truck has an open manifesto (611 naming the demo's one on the road)
    const aberto = (
      (await comercial.get('/api/expedicao/mdfe?status=autorizado&pageSize=50')).items as unknown as {
        id: string;
        numero: number;
        chave: string;
        carga_status: string;
      }[]
    ).find((m) => m.carga_status === 'em_rota')!;
    expect(aberto, 'the demo load on the road has its MDF-e').toBeTruthy();
    await cenarioMdfe({
      proxima: {
        servico: 'MDFeRecepcaoSinc',
        cStat: '611',
        xMotivo: `Rejeição: Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento [chMDFe: ${aberto.chave}][nProt:935260000000999]`,
      },
    });
    await dialogo.getByRole('button', { name: 'Emitir MDF-e' }).click();
    await toast(page, /MDF-e nº \d+ rejeitado: 611 – Rejeição: Existe MDF-e não encerrado/);
    const linha = bloco.getByRole('list', { name: 'MDF-e da carga' }).getByRole('listitem').first();
    await linha.getByText('Rejeitado', { exact: true }).waitFor();
    const numero = /MDF-e nº (\d+)/.exec((await linha.getByRole('link').textContent()) ?? '')![1]!;
    // its page: SEFAZ's message and the open manifesto, linked, with «Encerrar» there
    await linha.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: `MDF-e nº ${numero}` }).waitFor();
    const rejeicao = page.getByRole('alert').filter({ hasText: 'Rejeição da SEFAZ: 611' });
    await rejeicao.getByText(`O veículo tem o MDF-e nº ${aberto.numero} aberto`).waitFor();
    expect(
      await rejeicao.getByRole('link', { name: `Abrir o MDF-e nº ${aberto.numero}` }).getAttribute('href'),
    ).toBe(`/expedicao/mdfe/${aberto.id}`);
    expect(await rejeicao.getByRole('button', { name: 'Encerrar' }).isVisible()).toBe(true);
    await foto(page, 'rejeitado');
    // sent again: authorised (the rejection was SEFAZ's once)
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await toast(page, `MDF-e nº ${numero} autorizado`);
    await page.goto(`/expedicao/cargas/${carga.id}`);
    await linha.getByText('Autorizado', { exact: true }).waitFor();
    await foto(page, 'carga');

    // the list finds it by the plate
    await page.goto('/expedicao/mdfe');
    await page.getByRole('heading', { level: 1, name: 'Manifestos (MDF-e)' }).waitFor();
    await page.getByRole('searchbox').first().fill(placa);
    const tabela = page.getByRole('table', { name: 'Manifestos (MDF-e)' });
    await expect.poll(() => tabela.getByRole('row').count()).toBe(2);
    const row = tabela.getByRole('row').nth(1);
    expect(await row.getByText('Autorizado', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('link', { name: `nº ${carga.numero}` }).isVisible()).toBe(true);
    await foto(page, 'lista');

    // its page: the município with the note, the DAMDFE
    await row.getByRole('link', { name: new RegExp(`^${numero} / `) }).click();
    await page.getByRole('heading', { level: 1, name: `MDF-e nº ${numero}` }).waitFor();
    const notas = page.getByRole('region', { name: 'Notas por município de descarregamento' });
    expect(await notas.getByRole('link', { name: `NF-e nº ${nota.numero}` }).getAttribute('href')).toBe(
      `/notasfiscais/saida/${nota.id}`,
    );
    expect(await notas.getByRole('heading', { level: 3 }).count()).toBe(1);
    const [popup, resposta] = await Promise.all([
      page.waitForEvent('popup'),
      page.waitForResponse((r) => r.url().endsWith('/damdfe.pdf')),
      page.getByRole('button', { name: 'DAMDFE (PDF)' }).click(),
    ]);
    expect(resposta.status()).toBe(200);
    expect(resposta.headers()['content-type']).toBe('application/pdf');
    await popup.close();
    const mdfeUrl = page.url();
    await foto(page, 'detalhe');

    // the load leaves now
    await page.goto(`/expedicao/cargas/${carga.id}`);
    await bloco.getByRole('button', { name: 'Saiu para entrega' }).click();
    await toast(page, `Carga nº ${carga.numero} saiu para entrega.`);
    await expect.poll(() => page.getByText('Em rota', { exact: true }).first().isVisible()).toBe(true);

    // Encerrar on the manifesto's page: today, the last município proposed
    await page.goto(mdfeUrl);
    await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
    const encerrar = page.getByRole('dialog', { name: `Encerrar o MDF-e nº ${numero}` });
    await encerrar.waitFor();
    await encerrar.getByRole('button', { name: 'Encerrar MDF-e' }).click();
    await toast(page, `MDF-e nº ${numero} encerrado.`);
    await page.getByText('Encerrado', { exact: true }).first().waitFor();
    const final = (await comercial.get(`/api/expedicao/cargas/${carga.id}/mdfe`)) as unknown as {
      items: { status: string }[];
    };
    expect(final.items.map((m) => m.status)).toEqual(['encerrado']);
    await context.close();
  }, 240_000);

  it('the company’s MDF-e settings: a transport provider needs its RNTRC, next to the field', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInAs(page, demoEmail('admin'));
    await page.goto('/configuracoes/fiscais');
    const form = page.getByRole('form', { name: 'Configurações do MDF-e' });
    await form.waitFor();
    await form.getByRole('combobox', { name: /^Tipo de emitente/ }).selectOption('1');
    await form.getByRole('textbox', { name: /^RNTRC/ }).fill('');
    await form.getByRole('button', { name: 'Salvar MDF-e' }).click();
    await form
      .getByText('Para emitente prestador de serviço de transporte, informe o RNTRC da empresa.')
      .waitFor();
    await form.getByRole('textbox', { name: /^RNTRC/ }).fill('12345678');
    await form.getByRole('button', { name: 'Salvar MDF-e' }).click();
    await toast(page, 'Configurações do MDF-e salvas.');
    const salvo = (await (await apiComo(context.request, 'admin')).get('/api/fiscal/mdfe')) as unknown as {
      tp_emit: string;
      rntrc: string | null;
    };
    expect({ tp_emit: salvo.tp_emit, rntrc: salvo.rntrc }).toEqual({ tp_emit: '1', rntrc: '12345678' });
    await form.scrollIntoViewIfNeeded();
    await foto(page, 'configuracao');
    await context.close();
  }, 120_000);
});
