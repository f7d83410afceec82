import fs from 'node:fs';
import path from 'node:path';
import { cpfWithCheckDigits } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Order entry as the Comercial role (comercial@demo.erp.br), against the real server: the
// products are found through the sales product search (GET /api/comercial/produtos?q=, the stock
// register is closed to this role) by name (picked in the list), by code and by a packaging's GTIN
// (Enter adds it in that packaging); the order is confirmed and blocked on credit, a blocker the
// Comercial role may not release: no "Liberar" on the screen, and the release API answers 403.
// Screens at 1366 and 390 px go to E2E_SCREENSHOTS (or /tmp/shots/estoque-comercial).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-6);
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
const focado = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const shots = process.env.E2E_SCREENSHOTS ?? '/tmp/shots/estoque-comercial';

async function foto(page: Page, nome: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `comercial-busca-${nome}.png`), fullPage: true });
}

type Item = Record<string, unknown>;
type Produto = {
  id: string;
  codigo: string;
  nome: string;
  gtin: string | null;
  embalagens: { unidade: string; fator: string; gtin: string | null }[];
};

async function apiComo(request: APIRequestContext, quem: 'admin' | 'comercial') {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail(quem), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    get: async <T = { items: Item[] }>(url: string) =>
      (await (await request.get(url, { headers })).json()) as T,
    post: (url: string, data: unknown) => request.post(url, { headers, data }),
  };
}

describe('pedido digitado pelo Comercial: busca de produtos e bloqueio que só o Financeiro libera', () => {
  it('finds products by name, code and GTIN through /api/comercial/produtos, confirms, and cannot release the credit blocker', async () => {
    const { page, context } = await newPage(browser);
    const admin = await apiComo(context.request, 'admin');

    // --- a customer of its own with R$ 1,00 of credit: any order blocks on credit
    const modelo = (
      await admin.get<{ items: Record<string, string>[] }>(
        '/api/cadastros/clientes?pageSize=50&ativo=true&uf=SP&sort=razao_social',
      )
    ).items.find(
      (c) => c.situacao_bloqueia_vendas === (false as never) && c.vendedor_id && c.codigo_municipio,
    )!;
    const campos = ['cep', 'logradouro', 'numero', 'bairro', 'municipio', 'codigo_municipio', 'uf'] as const;
    const nome = `Cliente Busca E2E ${run}`;
    const criado = await admin.post('/api/cadastros/clientes', {
      ...Object.fromEntries(campos.map((k) => [k, modelo[k]])),
      tipo_pessoa: 'F',
      documento: cpfWithCheckDigits(`8${run}34`.slice(0, 9)),
      razao_social: nome,
      vendedor_id: modelo.vendedor_id,
      regiao_id: modelo.regiao_id,
      segmento_id: modelo.segmento_id,
      situacao_id: modelo.situacao_id,
      limite_credito: '1,00',
    });
    expect(criado.ok(), await criado.text()).toBe(true);

    // --- three demo products: one found by name, one by code, one by a packaging's GTIN
    const comercial = await apiComo(context.request, 'comercial');
    const demo = (await comercial.get<{ items: Produto[] }>('/api/comercial/produtos?q=P0000')).items;
    const porGtin = demo.find((p) => p.embalagens.some((e) => e.gtin && e.unidade !== 'UN'))!;
    const embalagem = porGtin.embalagens.find((e) => e.gtin && e.unidade !== 'UN')!;
    const [porNome, porCodigo] = demo.filter((p) => p.id !== porGtin.id);
    expect(porNome && porCodigo, 'demo products P0000x').toBeTruthy();

    // --- the screen, as Comercial: every product lookup goes to the sales search
    const buscas: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (/\/api\/(comercial|estoque)\/produtos$/.test(u.pathname))
        buscas.push(`${u.pathname}?q=${u.searchParams.get('q') ?? ''}`);
    });
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/comercial/pedidos/novo');
    await page.getByRole('heading', { level: 1, name: 'Novo pedido' }).waitFor();
    await page.keyboard.type(nome);
    const primeira = page.getByRole('listbox', { name: 'Clientes' }).getByRole('option').first();
    await expect
      .poll(async () => ((await primeira.count()) ? ((await primeira.allInnerTexts())[0] ?? '') : ''))
      .toContain(nome);
    await page.keyboard.press('Enter');
    await expect.poll(() => focado(page)).toBe('Adicionar produto');

    const linha = (n: number) => page.locator(`[data-linha="${n - 1}"]`).first();
    // 1. by name: the words typed list it; picked in the list
    await page.keyboard.type(porNome!.nome);
    await page
      .getByRole('listbox', { name: 'Produtos' })
      .getByRole('option')
      .filter({ hasText: porNome!.codigo })
      .first()
      .click();
    await expect.poll(() => focado(page)).toBe('Quantidade do item 1');
    await expect.poll(() => linha(1).textContent()).toContain(porNome!.codigo);

    // 2. by code, Enter adds it
    await page.getByLabel('Adicionar produto').focus();
    await page.keyboard.type(porCodigo!.codigo);
    await page.keyboard.press('Enter');
    await expect.poll(() => focado(page)).toBe('Quantidade do item 2');
    await expect.poll(() => linha(2).textContent()).toContain(porCodigo!.codigo);

    // 3. by a packaging's GTIN (a scanner): the line starts in that packaging
    await page.getByLabel('Adicionar produto').focus();
    await page.keyboard.type(embalagem.gtin!);
    await page.keyboard.press('Enter');
    await expect.poll(() => focado(page)).toBe('Quantidade do item 3');
    await expect.poll(() => linha(3).textContent()).toContain(porGtin.codigo);
    expect(await page.getByLabel('Embalagem do item 3').inputValue()).toBe(embalagem.unidade);

    // every line gets its price from the engine before confirming
    for (const n of [1, 2, 3])
      await expect.poll(() => page.getByLabel(`Preço do item ${n}`).inputValue()).toMatch(/\d,\d{2}$/);
    await foto(page, 'entrada-1366');

    expect(buscas.filter((b) => b.startsWith('/api/estoque/'))).toEqual([]);
    const consultas = buscas.map((b) => decodeURIComponent(b.split('?q=')[1]!));
    expect(consultas).toContain(porCodigo!.codigo);
    expect(consultas).toContain(embalagem.gtin);
    expect(consultas.some((q) => porNome!.nome.startsWith(q) && q.length >= 3)).toBe(true);

    // --- confirm: blocked on credit, which only Financeiro or Administrador release
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/\/comercial\/pedidos\/[0-9a-f-]{36}$/);
    await toast(page, 'confirmado e bloqueado');
    const bloqueio = page.locator('[data-bloqueio="credito"]');
    await bloqueio.getByText('Libera: Financeiro ou Administrador').waitFor();
    expect(await page.getByRole('button', { name: /^Liberar o bloqueio/ }).count()).toBe(0);
    await foto(page, 'bloqueado-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await bloqueio.waitFor();
    await foto(page, 'bloqueado-390');

    // the API refuses the release to Comercial, whatever the screen shows
    const id = /\/comercial\/pedidos\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const pedido = await comercial.get<{ bloqueios: { tipo: string; impressao: string }[] }>(
      `/api/comercial/pedidos/${id}`,
    );
    const credito = pedido.bloqueios.find((b) => b.tipo === 'credito')!;
    const r = await comercial.post(`/api/comercial/pedidos/${id}/bloqueios/credito/liberar`, {
      impressao: credito.impressao,
      justificativa: 'Cliente conhecido, vou liberar eu mesmo',
    });
    expect(r.status()).toBe(403);
    expect(JSON.stringify(await r.json())).toContain('Você não tem permissão para esta ação.');
    const depois = await comercial.get<{ status: string }>(`/api/comercial/pedidos/${id}`);
    expect(depois.status).toBe('bloqueado');
    await context.close();
  });
});
