import path from 'node:path';
import { formatBRL } from '@erp/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Força de vendas offline (issue 36) against the real server and its production build: the demo
// comercial user (a seller with a carteira) syncs at /vendas, the network is cut (Chromium offline
// emulation), the page reloads from the service worker, an order is taken on the device; meanwhile
// the server's price of that product changes; back online the order goes by itself, arrives once
// with the server's figures and the seller reads "Preço de … mudou de … para …". The price and the
// order are put back at the end (other e2e tests read the demo's prices, orders and stock).
// With E2E_SCREENSHOTS=<dir> it saves the screens at 1366 and 390 px.

// biome-ignore lint/suspicious/noExplicitAny: loose JSON in a test
type Json = Record<string, any>;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function token(who: 'admin' | 'comercial') {
  const r = await fetch(`${baseURL()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoEmail(who), password: DEMO_PASSWORD }),
  });
  return ((await r.json()) as Json).access_token as string;
}
async function chama(tk: string, method: string, url: string, body?: unknown): Promise<Json> {
  const r = await fetch(`${baseURL()}${url}`, {
    method,
    headers: { authorization: `Bearer ${tk}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await r.json()) as Json;
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}
async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `vendas-${nome}.png`), fullPage: true });
}

describe('força de vendas offline', () => {
  it('syncs, reloads offline from the service worker, takes an order, sends it once back online and shows the server price change', async () => {
    const admin = await token('admin');
    const comercial = await token('comercial');
    // the carteira as the API gives it: a customer with credit to spare and nothing overdue, a product
    // in stock whose price comes from a table item (the one the test moves)
    const sync = await chama(comercial, 'GET', '/api/vendas/sync');
    const cliente = (sync.clientes as Json[]).find(
      (c) =>
        !c.situacao?.bloqueia_vendas &&
        c.credito.vencidos.quantidade === 0 &&
        Number(c.credito.disponivel) > 2000,
    )!;
    expect(cliente).toBeTruthy();
    const candidatos = (sync.produtos as Json[]).filter((p) => Number(p.disponivel) >= 20).slice(0, 200);
    const precos = await chama(admin, 'POST', '/api/precos/preco/pedido', {
      cliente_id: cliente.id,
      itens: candidatos.map((p) => ({ produto_id: p.id, quantidade: '2' })),
    });
    const i = (precos.itens as Json[]).findIndex((x) => x.origem.tipo === 'tabela' && !x.origem.faixa);
    expect(i).toBeGreaterThanOrEqual(0);
    const produto = candidatos[i]!;
    const { tabelaId } = precos.itens[i].origem;
    const itemUrl = `/api/precos/tabelas/${tabelaId}/itens/${produto.id}`;
    const original = await chama(admin, 'GET', itemUrl);

    const { page, context } = await newPage(browser);
    let pedidoId: string | null = null;
    try {
      await signInAs(page, demoEmail('comercial'));
      await page.goto('/vendas');
      await page.getByRole('heading', { name: 'Força de vendas' }).waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.getByRole('button', { name: 'Sincronizar' }).click();
      await page.getByRole('status').filter({ hasText: 'Dados sincronizados.' }).waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByTestId('idade-dados').textContent()).toMatch(/^Dados de .*\(/);
      // the worker keeps what the page loaded (its message), then the network goes
      await page.waitForTimeout(1000);
      await foto(page, '1-sincronizado');

      await context.setOffline(true);
      const inicio = Date.now();
      await page.reload();
      await page.getByRole('heading', { name: 'Força de vendas' }).waitFor();
      const abertura = Date.now() - inicio;
      await page.getByText('Sem conexão').waitFor();
      await expect.poll(() => page.getByTestId('idade-dados').textContent()).toMatch(/^Dados de /);

      // the order, offline
      await page.getByLabel('Buscar cliente').fill(cliente.razao_social);
      await page
        .getByRole('button', {
          name: new RegExp(cliente.razao_social.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        })
        .first()
        .click();
      await page
        .getByRole('region', { name: 'Crédito do cliente' })
        .or(page.getByLabel('Crédito do cliente'))
        .first()
        .waitFor();
      await page.getByLabel('Buscar produto').fill(produto.codigo);
      await page.getByRole('button', { name: 'Adicionar' }).first().click();
      await page.getByLabel(`Quantidade de ${produto.nome}`).fill('2');
      await page.getByTestId('total-pedido').waitFor();
      // condição and forma de pagamento from the synced lists (the demo's first active ones)
      const condicao = (sync.condicoes as Json[])[0]!;
      const forma = (sync.formas as Json[])[0]!;
      await page.getByLabel('Condição de pagamento').selectOption(condicao.id);
      await page.getByLabel('Forma de pagamento').selectOption(forma.id);
      await foto(page, '2-pedido-offline');
      await page.getByRole('button', { name: 'Salvar pedido (pendente de envio)' }).click();
      await page.locator('[data-pendente="pendente"]').waitFor();

      // meanwhile, on the server, the table price of that product goes up by R$ 1,00
      const antes = precos.itens[i].preco as string;
      const novo = (Number(antes) + 1).toFixed(2);
      await chama(admin, 'PUT', itemUrl, {
        regra: 'preco_fixo',
        valor: novo.replace('.', ','),
        preco_minimo: null,
      });

      await context.setOffline(false);
      const enviado = page.locator('[data-pendente="enviado"]');
      await enviado.waitFor({ timeout: 60_000 });
      const brl = (v: string) => formatBRL(v).replace(/\s+/g, ' ');
      await expect
        .poll(async () =>
          (await page.getByTestId('diferenca').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')),
        )
        .toContain(`Preço de ${produto.nome} mudou de ${brl(antes)} para ${brl(novo)}`);
      await foto(page, '3-enviado');
      await page.setViewportSize({ width: 390, height: 844 });
      await foto(page, '4-celular');

      // once, with the server's figures
      const texto = (await enviado.textContent()) ?? '';
      const numero = Number(/nº (\d+)/.exec(texto)?.[1]);
      const lista = await chama(admin, 'GET', `/api/comercial/pedidos?cliente_id=${cliente.id}&pageSize=100`);
      const doAparelho = (lista.items as Json[]).filter((p) => p.numero === numero);
      expect(doAparelho).toHaveLength(1);
      pedidoId = doAparelho[0]!.id;
      const pedido = await chama(admin, 'GET', `/api/comercial/pedidos/${pedidoId}`);
      expect(pedido.itens.map((x: Json) => [x.produto_id, x.preco])).toEqual([[produto.id, novo]]);
      expect([pedido.condicao_pagamento_id, pedido.forma_pagamento_id]).toEqual([condicao.id, forma.id]);
      expect(abertura).toBeLessThan(5000);
    } finally {
      await chama(admin, 'PUT', itemUrl, {
        regra: original.regra,
        valor: String(original.valor).replace('.', ','),
        preco_minimo: original.preco_minimo === null ? null : String(original.preco_minimo).replace('.', ','),
        faixas: original.faixas ?? [],
      }).catch(() => undefined);
      if (pedidoId) {
        const p = await chama(admin, 'GET', `/api/comercial/pedidos/${pedidoId}`);
        await chama(admin, 'POST', `/api/comercial/pedidos/${pedidoId}/cancelar`, {
          motivo: 'Pedido do teste da força de vendas',
          versao: p.versao,
        });
      }
      await context.close();
    }
  });

  it('a user not linked to a seller reads on /vendas what to ask for, not an error', async () => {
    // the demo admin is no seller: the menu's Comercial › Força de Vendas opens the explanation
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await signInAs(page, demoEmail('admin'));
      await page.goto('/vendas');
      await page.getByRole('heading', { name: 'Força de vendas' }).waitFor();
      const aviso = page.getByRole('alert', { name: 'Usuário sem vendedor' });
      await aviso
        .getByText(
          'Seu usuário não está vinculado a um vendedor. Peça ao administrador para vinculá-lo em Cadastros › Vendedores.',
        )
        .waitFor();
      expect(await page.getByRole('button', { name: 'Sincronizar' }).count()).toBe(0);
      await foto(page, '5-sem-vendedor');
    } finally {
      await context.close();
    }
  });
});
