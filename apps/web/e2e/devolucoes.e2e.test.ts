import fs from 'node:fs';
import path from 'node:path';
import { Decimal, formatBRL } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cenarioSefaz,
  DEMO_PASSWORD,
  demoEmail,
  launchBrowser,
  newPage,
  signInAs,
} from './support/browser.ts';

// Devolução de venda end to end (issue 32) against the real server, its demo data and the SEFAZ
// double. An order (a released demo customer, one product, a 28/56-day condição: two receivables)
// is conferido, invoiced and authorised through the API. A delivery refused in part at the door: as
// comercial, /comercial/devolucoes › «Nova devolução» finds the sale note by its number, one base
// unit of the item is returned with «Recusa na entrega» (by keyboard: quantity, Enter, Enter on
// «Salvar e emitir NF-e») → the return is «Autorizada» (our NF-e de devolução authorised by the
// double). Through the API: the product's stock is up by exactly the returned unit, and the note's
// last receivable is down by exactly the return's value. The list finds it. Then the rest of the
// item from the note's deep link (?nota_id, ?motivo=avaria → the avaria location): SEFAZ rejects
// it once, «Transmitir» authorises it, and «Cancelar devolução» (a justificativa SEFAZ accepts)
// gives the receivable back. An admin sees the customer's crédito on the demo's return that left
// one. With E2E_SCREENSHOTS=<dir> it saves the list, the search, the new-return flow, the return, a
// rejected one and one with crédito at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await cenarioSefaz(null);
  await browser?.close();
});

const run = String(Date.now()).slice(-5);
type Json = Record<string, never>;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `devolucoes-${nome}-1366.png`), fullPage: true });
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(dir, `devolucoes-${nome}-390.png`), fullPage: true });
  if (vp) await page.setViewportSize(vp);
  await page.waitForTimeout(200);
}

async function tokenDe(request: APIRequestContext, quem: 'admin' | 'comercial'): Promise<string> {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail(quem), password: DEMO_PASSWORD },
  });
  return (await login.json()).access_token;
}

async function apiComo(request: APIRequestContext, quem: 'admin' | 'comercial') {
  const headers = { Authorization: `Bearer ${await tokenDe(request, quem)}` };
  const send = async (method: 'get' | 'post', url: string, data?: unknown) => {
    const r = await request[method](url, { headers, data });
    expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true);
    return (await r.json()) as Json;
  };
  return {
    get: (url: string) => send('get', url),
    post: (url: string, data: unknown) => send('post', url, data),
  };
}

type Titulo = { id: string; documento: string; parcela: number; total_parcelas: number; saldo: string };
type Posicao = { produto_id: string; saldo: string };

async function titulosDaNota(admin: Awaited<ReturnType<typeof apiComo>>, numero: number) {
  const documento = `NF-e ${numero}`;
  const page = await admin.get(`/api/financeiro/receber?q=${encodeURIComponent(documento)}&pageSize=20`);
  return (page.items as unknown as Titulo[])
    .filter((t) => t.documento === documento)
    .sort((a, b) => a.parcela - b.parcela);
}

/** The sale of the first test, returned in part: the second returns the rest. */
let venda:
  | { notaId: string; notaNumero: number; codigo: string; nome: string; unidade: string; saldos: string[] }
  | undefined;

describe('devoluções de venda', () => {
  it('a delivery refused in part: return note authorised, stock back, last receivable reduced', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const admin = await apiComo(context.request, 'admin');
    const comercial = await apiComo(context.request, 'comercial');

    // ——— the sale (API): two instalments, one product, conferido, invoiced and authorised ———
    const condicao = (await admin.post('/api/financeiro/condicoes-pagamento', {
      nome: `Devolução 28/56 ${run}`,
      tipo: 'dias',
      dias: '28/56',
    })) as unknown as { id: string };
    const liberados = (await comercial.get('/api/comercial/pedidos?status=liberado&pageSize=50'))
      .items as unknown as { id: string; cliente_id: string; bloqueios: string[] }[];
    const modelo = liberados.find((p) => !p.bloqueios.length)!;
    expect(modelo, 'a released demo order without blockers').toBeTruthy();
    const det = (await comercial.get(`/api/comercial/pedidos/${modelo.id}`)) as unknown as {
      itens: { produto_id: string; embalagem: string; preco: string }[];
    };
    const item = det.itens[0]!;
    const novo = (await comercial.post('/api/comercial/pedidos', {
      cliente_id: modelo.cliente_id,
      condicao_pagamento_id: condicao.id,
      observacoes_internas: `Devolução E2E ${run}`,
      itens: [
        {
          produto_id: item.produto_id,
          embalagem: item.embalagem,
          quantidade: '2',
          preco: Decimal.of(item.preco).toFixed(2).replace('.', ','),
        },
      ],
    })) as unknown as { id: string; numero: number; versao: number };
    let pedido = (await comercial.post(`/api/comercial/pedidos/${novo.id}/confirmar`, {
      versao: novo.versao,
    })) as unknown as {
      versao: number;
      status: string;
      itens: { produto_codigo: string; quantidade_base: string }[];
    };
    expect(pedido.status).toBe('liberado');
    pedido = (await comercial.post(`/api/comercial/pedidos/${novo.id}/transicao`, {
      para: 'em_separacao',
      versao: pedido.versao,
    })) as unknown as typeof pedido;
    const conf = (await comercial.post('/api/expedicao/conferencias', {
      pedido_id: novo.id,
    })) as unknown as { id: string };
    for (const it of pedido.itens)
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

    // ——— before the return: the product's stock and the note's receivables ———
    const origem = (await comercial.get(`/api/comercial/devolucoes/nota/${nota.id}`)) as unknown as {
      itens: { codigo: string; nome: string; valor_unitario: string; unidade: string }[];
    };
    const { codigo, nome } = origem.itens[0]!;
    const estoque = async () =>
      (
        (await admin.get(`/api/estoque/posicao?q=${encodeURIComponent(codigo)}&pageSize=20`))
          .items as unknown as Posicao[]
      ).find((p) => p.produto_id === item.produto_id)!.saldo;
    const titulos = () => titulosDaNota(admin, nota.numero);
    const estoqueAntes = await estoque();
    const titulosAntes = await titulos();
    expect(titulosAntes.map((t) => `${t.parcela}/${t.total_parcelas}`)).toEqual(['1/2', '2/2']);

    // ——— the screens (comercial): Devoluções › Nova devolução by the note's number ———
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/comercial/devolucoes');
    await page.getByRole('heading', { level: 1, name: 'Devoluções' }).waitFor();
    await page.getByRole('link', { name: 'Nova devolução' }).click();
    await page.waitForURL(/\/comercial\/devolucoes\/nova$/);
    await page.getByRole('heading', { level: 1, name: 'Nova devolução' }).waitFor();
    await foto(page, 'busca');
    // the customer's own NF-e de devolução is imported from its XML: the server reads it (a file
    // that is not an NF-e is refused with its reason, on the form)
    const importar = page.getByRole('form', { name: 'Importar a NF-e de devolução do cliente' });
    await importar.getByLabel('XML da NF-e do cliente').setInputFiles({
      name: 'devolucao.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from('<?xml version="1.0"?><nada/>'),
    });
    await importar.getByRole('button', { name: 'Importar XML' }).click();
    await expect
      .poll(async () => ((await importar.getByRole('alert').textContent()) ?? '').length)
      .toBeGreaterThan(10);
    expect(page.url()).toMatch(/\/comercial\/devolucoes\/nova$/);
    const busca = page.getByRole('textbox', { name: 'Chave de acesso, nº da NF-e ou do pedido' });
    await busca.fill(String(nota.numero));
    await busca.press('Enter');
    await page
      .getByRole('heading', { name: `NF-e nº ${nota.numero} / série 1 · Pedido nº ${novo.numero}` })
      .waitFor();
    await page.waitForURL((u) => u.searchParams.get('nota_id') === nota.id);

    // one base unit of the item back, refused at the door; by keyboard: the reason, the quantity,
    // Enter to «Salvar e emitir NF-e» (the last item), Enter
    const linha = page.getByRole('listitem', { name: `${codigo} — ${nome}` });
    await linha
      .getByRole('combobox', { name: `Motivo de ${nome}` })
      .selectOption({ label: 'Recusa na entrega' });
    expect(await linha.getByRole('combobox', { name: `Destino de ${nome}` }).inputValue()).toBe('normal');
    const quantidade = linha.getByRole('textbox', { name: `Quantidade a devolver de ${nome}` });
    await quantidade.fill('1');
    // the estimate: the note's unit value × 1
    const estimado = formatBRL(Decimal.of(origem.itens[0]!.valor_unitario).toFixed(2));
    await expect.poll(() => page.getByText('Total estimado:').textContent()).toContain(estimado);
    await foto(page, 'nova');
    await quantidade.press('Enter');
    const emitir = page.getByRole('button', { name: 'Salvar e emitir NF-e' });
    await expect.poll(() => emitir.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/comercial\/devolucoes\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await toast(page, /NF-e de devolução autorizada/);
    const id = page.url().split('/').pop()!;
    const heading = page.getByRole('heading', { level: 1, name: /^Devolução nº \d+$/ });
    await heading.waitFor();
    const numero = /nº (\d+)/.exec((await heading.textContent()) ?? '')![1]!;
    await expect.poll(() => page.getByText('Autorizada', { exact: true }).first().isVisible()).toBe(true);
    const itens = page.getByRole('region', { name: 'Itens devolvidos' });
    expect(await itens.getByRole('cell', { name: 'Recusa na entrega' }).isVisible()).toBe(true);

    // ——— the effects, through the API ———
    const dev = (await comercial.get(`/api/comercial/devolucoes/${id}`)) as unknown as {
      status: string;
      valor_total: string;
      valor_abatido: string;
      valor_credito: string;
      nota_devolucao_status: string;
      nota_devolucao_id: string;
      nota_devolucao_numero: number;
      itens: { quantidade: string; motivo: string; destino: string }[];
      abatimentos: { titulo_id: string; valor: string }[];
    };
    expect(dev).toMatchObject({
      status: 'autorizada',
      nota_devolucao_status: 'autorizada',
      valor_abatido: dev.valor_total,
      valor_credito: '0.00',
    });
    expect(dev.itens).toMatchObject([{ quantidade: '1.000', motivo: 'recusa_entrega', destino: 'normal' }]);
    expect(Decimal.of(dev.valor_total).isPositive()).toBe(true);
    // stock: up by exactly the returned base unit
    expect(
      Decimal.of(await estoque())
        .minus(estoqueAntes)
        .toFixed(3),
    ).toBe('1.000');
    // money: the last instalment down by exactly the return's value, the first untouched
    const ultimo = titulosAntes[1]!;
    // (a commission-only row, valor 0, may follow: the reversal's cent the last título could not take)
    expect(dev.abatimentos.filter((a) => Decimal.of(a.valor).isPositive())).toEqual([
      expect.objectContaining({ titulo_id: ultimo.id, valor: dev.valor_total }),
    ]);
    const titulosDepois = await titulos();
    expect(titulosDepois.map((t) => t.saldo)).toEqual([
      titulosAntes[0]!.saldo,
      Decimal.of(ultimo.saldo).minus(dev.valor_total).toFixed(2),
    ]);
    const dinheiro = page.getByRole('region', { name: 'Valores' });
    expect(await dinheiro.textContent()).toContain(`Abatido nos títulos${formatBRL(dev.valor_total)}`);
    await foto(page, 'detalhe');
    // the return note: its DANFE, and its page among the company's notes
    const danfe = await context.request.get(`/api/notasfiscais/saida/${dev.nota_devolucao_id}/danfe`, {
      headers: { Authorization: `Bearer ${await tokenDe(context.request, 'comercial')}` },
    });
    expect(danfe.status()).toBe(200);
    expect((await danfe.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page
      .getByRole('region', { name: 'Documentos' })
      .getByRole('link', { name: `NF-e nº ${dev.nota_devolucao_numero}` })
      .click();
    await page
      .getByRole('heading', { level: 1, name: `NF-e nº ${dev.nota_devolucao_numero} / série 1` })
      .waitFor();

    // ——— the list finds it by its number, with its reason and status ———
    await page.goto(`/comercial/devolucoes?q=${numero}`);
    const linhaLista = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: numero, exact: true }) })
      .filter({ has: page.getByRole('link', { name: String(nota.numero), exact: true }) });
    await expect.poll(() => linhaLista.count()).toBe(1);
    const cells = await linhaLista.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 10).map((c) => c.replace(/\s+/g, ' ').trim())).toEqual([
      numero,
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      expect.any(String),
      String(nota.numero),
      String(novo.numero),
      'Recusa na entrega',
      formatBRL(dev.valor_total).replace(/\s+/g, ' '),
      formatBRL(dev.valor_total).replace(/\s+/g, ' '),
      formatBRL('0').replace(/\s+/g, ' '),
      'Autorizada',
    ]);
    await page.goto('/comercial/devolucoes');
    await page.getByRole('row').nth(1).waitFor();
    await foto(page, 'lista');
    venda = {
      notaId: nota.id,
      notaNumero: nota.numero,
      codigo,
      nome,
      unidade: origem.itens[0]!.unidade,
      saldos: titulosDepois.map((t) => t.saldo),
    };
    await context.close();
  }, 180_000);

  it('the rest as avaria from the note’s link, rejected once then «Transmitir», then cancelled', async () => {
    expect(venda, 'the first test’s sale').toBeTruthy();
    const v = venda!;
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const admin = await apiComo(context.request, 'admin');
    const comercial = await apiComo(context.request, 'comercial');
    await signInAs(page, demoEmail('comercial'));

    // the deep link of the note's page, with the reason of the link
    await page.goto(`/comercial/devolucoes/nova?nota_id=${v.notaId}&motivo=avaria`);
    await page.getByRole('heading', { name: new RegExp(`^NF-e nº ${v.notaNumero} / série 1`) }).waitFor();
    expect(await page.getByText('Parcialmente devolvida', { exact: true }).isVisible()).toBe(true);
    const linha = page.getByRole('listitem', { name: `${v.codigo} — ${v.nome}` });
    expect(await linha.getByText(`Saldo 1 ${v.unidade}`).isVisible()).toBe(true);
    expect(await linha.getByRole('combobox', { name: `Motivo de ${v.nome}` }).inputValue()).toBe('avaria');
    expect(await linha.getByRole('combobox', { name: `Destino de ${v.nome}` }).inputValue()).toBe('avaria');
    // more than is left: the server's own message, at once
    const quantidade = linha.getByRole('textbox', { name: `Quantidade a devolver de ${v.nome}` });
    await quantidade.fill('2');
    await linha
      .getByRole('alert')
      .filter({ hasText: `Item «${v.nome}»: a devolver 2 ${v.unidade}, disponível 1 ${v.unidade}.` })
      .waitFor();
    await page.getByRole('button', { name: 'Devolver tudo' }).click();
    expect(await quantidade.inputValue()).toBe('1');
    expect(await linha.getByRole('alert').count()).toBe(0);

    // SEFAZ rejects the next authorisation once: the return stays «Emitida» with «Transmitir»
    await cenarioSefaz({ proximaAutorizacao: { cStat: '999', xMotivo: 'Rejeicao: Erro nao catalogado' } });
    await page.getByRole('button', { name: 'Salvar e emitir NF-e' }).click();
    await page.waitForURL(/\/comercial\/devolucoes\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await toast(page, 'NF-e de devolução rejeitada: 999 – Rejeicao: Erro nao catalogado');
    const id = page.url().split('/').pop()!;
    await page.getByText('Emitida', { exact: true }).waitFor();
    expect(await page.getByText('Rejeitada', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Emitir NF-e' }).count()).toBe(0);
    await foto(page, 'rejeitada');
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await toast(page, /NF-e de devolução autorizada \(protocolo \d{15}\)\./);
    await expect.poll(() => page.getByText('Autorizada', { exact: true }).count()).toBe(2);
    const dev = (await comercial.get(`/api/comercial/devolucoes/${id}`)) as unknown as {
      status: string;
      valor_total: string;
      itens: { destino: string; local_nome: string; quantidade: string }[];
    };
    expect(dev.status).toBe('autorizada');
    expect(dev.itens).toMatchObject([{ destino: 'avaria', local_nome: 'Avaria', quantidade: '1.000' }]);
    // the last instalment was paid off by the first return: this one comes off the first
    const saldos = (await titulosDaNota(admin, v.notaNumero)).map((t) => t.saldo);
    expect(saldos).toEqual([Decimal.of(v.saldos[0]!).minus(dev.valor_total).toFixed(2), v.saldos[1]]);

    // «Cancelar devolução»: the note is cancelled at SEFAZ, whose justificativa takes 15 characters
    await page.getByRole('button', { name: 'Cancelar devolução' }).click();
    const dialogo = page.getByRole('dialog', { name: /^Cancelar a devolução nº \d+$/ });
    const motivo = dialogo.getByRole('textbox', { name: 'Motivo do cancelamento' });
    await motivo.fill('Cliente errou');
    await dialogo.getByRole('button', { name: 'Cancelar devolução' }).click();
    await dialogo
      .getByRole('alert')
      .filter({
        hasText: 'O motivo vai à SEFAZ como justificativa do cancelamento da NF-e: de 15 a 255 caracteres.',
      })
      .waitFor();
    await motivo.fill('Cliente ficou com a mercadoria avariada');
    await dialogo.getByRole('button', { name: 'Cancelar devolução' }).click();
    await toast(page, /^Devolução nº \d+ cancelada\.$/);
    await expect.poll(() => page.getByText('Cancelada', { exact: true }).count()).toBe(2);
    // the note's cancellation names it in the return's reason
    expect(
      await page
        .getByText(
          /^Motivo do cancelamento: Cancelamento da NF-e \d+: Cliente ficou com a mercadoria avariada$/,
        )
        .isVisible(),
    ).toBe(true);
    // the receivable is back as it was after the first return
    expect((await titulosDaNota(admin, v.notaNumero)).map((t) => t.saldo)).toEqual(v.saldos);
    await context.close();
  }, 180_000);

  it('shows an admin the customer’s crédito on a return that left one (demo)', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const admin = await apiComo(context.request, 'admin');
    const lista = (await admin.get('/api/comercial/devolucoes?status=autorizada&pageSize=100'))
      .items as unknown as { id: string; cliente_id: string; valor_credito: string }[];
    const comCredito = lista.find((d) => Decimal.of(d.valor_credito).isPositive());
    expect(comCredito, 'the demo’s return that left crédito do cliente').toBeTruthy();
    const credito = (await admin.get(
      `/api/financeiro/creditos/clientes/${comCredito!.cliente_id}`,
    )) as unknown as {
      saldo: string;
    };
    await signInAs(page, demoEmail('admin'));
    await page.goto(`/comercial/devolucoes/${comCredito!.id}`);
    const painel = page.getByRole('region', { name: 'Crédito do cliente' });
    await painel.getByTestId('saldo-credito').waitFor();
    expect(await painel.getByTestId('saldo-credito').textContent()).toBe(formatBRL(credito.saldo));
    expect(await page.getByRole('region', { name: 'Valores' }).textContent()).toContain(
      `Crédito do cliente${formatBRL(comCredito!.valor_credito)}`,
    );
    await foto(page, 'credito');
    await context.close();
  }, 60_000);
});
