import path from 'node:path';
import { cpfWithCheckDigits, Decimal, formatBRL } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Sales orders against the real server, keyboard only: a customer of its own (a demo customer's
// address and seller, limite de crédito R$ 50,00, created through the API) picked by name, five
// demo products added by code with Enter, each line walked with Enter (quantity, price, discount;
// 3 % on the first, within the seller's maximum), confirmed with Ctrl+Enter — blocked by credit with the reason's exact
// figures —, released as Financeiro from "Pedidos Bloqueados" (their menu), and moved on the
// kanban with the keyboard sensor from Liberado to Em separação; a move the status table refuses
// (back to Liberado) snaps back with the reason as toast. The expected figures are worked out here
// from the price engine's answers (POST /api/precos/preco/pedido) with exact decimals.
// With E2E_SCREENSHOTS=<dir> it saves the screens at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-6);
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
const brl = (v: string) => formatBRL(v).replace(/\s+/g, ' ');
const texto = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().allInnerTexts())[0] ?? '').replace(/\s+/g, ' ').trim();
const focado = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `comercial-${nome}.png`), fullPage: true });
}

type Item = Record<string, string>;

/** dnd-kit's keyboard sensor: Space picks the card up, an arrow moves it over a column, Space drops. */
async function moveComTeclado(page: Page, alca: string, seta: 'ArrowLeft' | 'ArrowRight', sobre: string) {
  const botao = page.getByRole('button', { name: alca });
  const destacada = async () =>
    ((await page.locator(`[data-coluna="${sobre}"]`).getAttribute('class')) ?? '').includes('border-primary');
  // A re-render of the board while the card is held (a late reload after the previous move, on a
  // machine loaded by the whole suite) ends dnd-kit's keyboard drag and the arrow then moves nothing
  // (CI, 2026-12-01). The user would pick the card up again: so does the test, at most three times;
  // the column must still light up under the card before the drop.
  for (let tentativa = 1; ; tentativa++) {
    await botao.focus();
    await page.keyboard.press('Space');
    // a loaded machine may take more than vitest's default second to render
    await expect.poll(() => botao.getAttribute('aria-pressed'), { timeout: 5000 }).toBe('true');
    await page.keyboard.press(seta);
    const ok = await expect
      .poll(destacada, { timeout: 5000 })
      .toBe(true)
      .then(() => true)
      .catch((e: unknown) => {
        if (tentativa >= 3) throw e;
        return false;
      });
    if (ok) break;
    await page.keyboard.press('Escape');
    await expect.poll(() => botao.getAttribute('aria-pressed'), { timeout: 5000 }).not.toBe('true');
  }
  await page.keyboard.press('Space');
}

async function apiAdmin(request: APIRequestContext) {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail('admin'), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    get: async (url: string) => (await (await request.get(url, { headers })).json()) as { items: Item[] },
    post: async <T = Item>(url: string, data: unknown) => {
      const r = await request.post(url, { headers, data });
      expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
      return (await r.json()) as T;
    },
  };
}

const PRODUTOS = ['P00001', 'P00002', 'P00003', 'P00004', 'P00005'];
const QUANTIDADES = ['2', '1', '1', '1', '1'];

describe('pedidos de venda: teclado, bloqueio de crédito, liberação e kanban', () => {
  it('enters a 5-item order by keyboard, blocks it on credit, releases it as Financeiro and moves it on the kanban', async () => {
    const { page, context } = await newPage(browser);
    const api = await apiAdmin(context.request);

    // --- a customer of its own: R$ 100,00 of credit, a demo customer's address and seller
    const modelo = (
      await api.get('/api/cadastros/clientes?pageSize=50&ativo=true&uf=SP&sort=razao_social')
    ).items.find(
      (c) => c.situacao_bloqueia_vendas === (false as never) && c.vendedor_id && c.codigo_municipio,
    )!;
    const campos = ['cep', 'logradouro', 'numero', 'bairro', 'municipio', 'codigo_municipio', 'uf'] as const;
    const nome = `Cliente Pedido E2E ${run}`;
    const cliente = await api.post('/api/cadastros/clientes', {
      ...Object.fromEntries(campos.map((k) => [k, modelo[k]])),
      tipo_pessoa: 'F',
      documento: cpfWithCheckDigits(`7${run}12`.slice(0, 9)),
      razao_social: nome,
      vendedor_id: modelo.vendedor_id,
      regiao_id: modelo.regiao_id,
      segmento_id: modelo.segmento_id,
      situacao_id: modelo.situacao_id,
      limite_credito: '50,00',
    });

    // --- what the order must come to, from the engine's prices: 3 % off the first line
    const produtos = await Promise.all(
      PRODUTOS.map(
        async (codigo) =>
          (await api.get(`/api/estoque/produtos?q=${codigo}&pageSize=5`)).items.find(
            (p) => p.codigo === codigo,
          )!,
      ),
    );
    const precos = await api.post<{ itens: { preco: string }[] }>('/api/precos/preco/pedido', {
      cliente_id: cliente.id,
      itens: produtos.map((p, i) => ({ produto_id: p.id, quantidade: QUANTIDADES[i] })),
    });
    const preco = precos.itens.map((x) => Decimal.of(x.preco).toFixed(2));
    const vProd = preco.map((p, i) => Decimal.of(p).times(QUANTIDADES[i]!).round(2));
    const desconto1 = vProd[0]!.times('0.03').round(2);
    const produtosTotal = Decimal.sum(vProd).toFixed(2);
    const total = Decimal.sum(vProd).minus(desconto1).toFixed(2);
    expect(Decimal.of(total).gt('50')).toBe(true);

    // --- keyboard only: customer, five products, Enter through each line, Ctrl+Enter
    await signInAs(page, demoEmail('admin'));
    await page.goto('/comercial/pedidos/novo');
    await page.getByRole('heading', { level: 1, name: 'Novo pedido' }).waitFor();
    await page.keyboard.type(nome);
    // the search answers for the name typed: ours is the first option
    const primeira = page.getByRole('listbox', { name: 'Clientes' }).getByRole('option').first();
    await expect
      .poll(async () => ((await primeira.count()) ? ((await primeira.allInnerTexts())[0] ?? '') : ''))
      .toContain(nome);
    await page.keyboard.press('Enter');
    // the credit panel: limite and disponível R$ 50,00, nothing open
    await expect
      .poll(() => texto(page, 'dl[aria-label="Posição de crédito"]'))
      .toBe(
        'Limite de crédito R$ 50,00 Títulos em aberto R$ 0,00 Vencidos Nenhum Liberados não faturados R$ 0,00 Disponível R$ 50,00',
      );
    await expect.poll(() => focado(page)).toBe('Adicionar produto');
    for (const [i, codigo] of PRODUTOS.entries()) {
      const n = i + 1;
      await page.keyboard.type(codigo);
      await page.keyboard.press('Enter');
      await expect.poll(() => focado(page)).toBe(`Quantidade do item ${n}`);
      await page.keyboard.type(QUANTIDADES[i]!);
      await page.keyboard.press('Enter');
      await expect.poll(() => focado(page)).toBe(`Preço do item ${n}`);
      // the engine's price arrives in the line
      await expect
        .poll(() => page.getByLabel(`Preço do item ${n}`).inputValue())
        .toBe(brl(preco[i]!).replace('R$ ', ''));
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await expect.poll(() => focado(page)).toBe(`Desconto do item ${n}`);
      if (n === 1) await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      await expect.poll(() => focado(page)).toBe('Adicionar produto');
    }
    await expect.poll(() => texto(page, '[data-total="Total do pedido"]')).toBe(brl(total));
    expect(await texto(page, '[data-total="Produtos"]')).toBe(brl(produtosTotal));
    expect(await texto(page, '[data-total="Descontos"]')).toBe(`− ${brl(desconto1.toFixed(2))}`);
    expect(await texto(page, '[data-total="ICMS-ST"]')).toBe('R$ 0,00');
    expect(await texto(page, '[data-total="IPI"]')).toBe('R$ 0,00');
    await foto(page, 'entrada-1366');

    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/\/comercial\/pedidos\/[0-9a-f-]{36}$/);
    await toast(page, 'confirmado e bloqueado: 1 bloqueio a liberar.');
    const titulo = page.getByRole('heading', { level: 1, name: /^Pedido nº \d+$/ });
    await titulo.waitFor();
    const numero = /Pedido nº (\d+)/.exec((await titulo.allInnerTexts())[0] ?? '')![1]!;
    const motivo = `Limite de crédito excedido: disponível R$ 50,00, pedido ${brl(total)}`;
    const bloqueio = page.locator('[data-bloqueio="credito"]');
    await bloqueio.getByText(motivo).waitFor();
    expect(await bloqueio.getByText('Libera: Financeiro ou Administrador').count()).toBe(1);
    expect(await page.locator('[data-bloqueio]').count()).toBe(1);
    await foto(page, 'bloqueado-1366');
    await context.close();

    // --- Financeiro reaches "Pedidos Bloqueados" from the menu and releases the credit blocker
    const fin = await newPage(browser);
    await signInAs(fin.page, demoEmail('financeiro'));
    const grupo = fin.page.locator('aside').getByRole('button', { name: 'Financeiro' });
    if ((await grupo.getAttribute('aria-expanded')) === 'false') await grupo.click();
    await fin.page.locator('aside').getByRole('link', { name: 'Pedidos Bloqueados' }).click();
    await fin.page.waitForURL((u) => u.pathname === '/comercial/bloqueados');
    await fin.page.getByRole('heading', { level: 1, name: 'Pedidos Bloqueados' }).waitFor();
    const card = fin.page.getByRole('listitem', { name: `Pedido nº ${numero}` });
    await card.getByText(motivo).waitFor();
    await card.getByRole('button', { name: `Liberar o bloqueio de crédito do pedido nº ${numero}` }).click();
    const dialog = fin.page.getByRole('dialog', {
      name: `Liberar bloqueio de crédito — pedido nº ${numero}`,
    });
    await fin.page.keyboard.type('curto');
    await fin.page.keyboard.press('Control+Enter');
    await dialog.getByText('Justificativa deve ter ao menos 10 caracteres').waitFor();
    await fin.page.keyboard.type(' — cliente novo, pagamento antecipado combinado');
    await fin.page.keyboard.press('Control+Enter');
    await toast(fin.page, 'Bloqueio de crédito liberado.');
    await expect.poll(() => card.count()).toBe(0);
    await fin.context.close();

    // --- the kanban: Liberado → Em separação with the keyboard; back is refused and snaps back
    const adm = await newPage(browser);
    await signInAs(adm.page, demoEmail('admin'));
    await adm.page.goto('/comercial/kanban');
    const coluna = (status: string) => adm.page.locator(`[data-coluna="${status}"]`);
    const cartao = (status: string) => coluna(status).locator(`[data-cartao="${numero}"]`);
    await cartao('liberado').waitFor();
    expect(((await cartao('liberado').textContent()) ?? '').replace(/\s+/g, ' ')).toContain(brl(total));
    await foto(adm.page, 'kanban-1366');
    await moveComTeclado(adm.page, `Mover o pedido nº ${numero} (Liberado)`, 'ArrowRight', 'em_separacao');
    await toast(adm.page, `Pedido nº ${numero}: Liberado → Em separação.`);
    await cartao('em_separacao').waitFor();
    // the board reloads after a move: pick the card up again once that reload has re-rendered it
    await adm.page.waitForLoadState('networkidle');

    await moveComTeclado(adm.page, `Mover o pedido nº ${numero} (Em separação)`, 'ArrowLeft', 'liberado');
    await toast(
      adm.page,
      'Um pedido em «Em separação» não pode ir para «Liberado»: os próximos passos são «Conferido» ou «Cancelado».',
    );
    await cartao('em_separacao').waitFor();
    expect(await cartao('liberado').count()).toBe(0);

    // the server agrees: in separation, its history liberado → em_separacao
    const api2 = await apiAdmin(adm.context.request);
    const [row] = (await api2.get(`/api/comercial/pedidos?q=${numero}&pageSize=5`)).items.filter(
      (p) => String(p.numero) === numero,
    );
    expect(row).toMatchObject({ status: 'em_separacao', valor_total: total, cliente_nome: nome });
    await adm.context.close();
  });
});
