import fs from 'node:fs';
import path from 'node:path';
import { addDays, arredondaParaCima, businessToday, Decimal, formatBRL } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { montaNfeXml } from '../../server/src/modules/entradas/nfe-exemplo.ts';
import {
  DEMO_PASSWORD,
  demoEmail,
  launchBrowser,
  newPage,
  signInAs,
  waitForMail,
} from './support/browser.ts';

// Compras end to end (issue 34) against the real server and its demo data. As the buyer (estoque):
// Pedidos de Compra › «Novo pedido» for a demo supplier, one product typed by keyboard (code, Enter,
// quantity, Enter, price) with freight — the totals live —; the order of R$ 6.040,00 is above the
// company's approval limit (R$ 5.000,00), so the buyer's «Aprovar» shows the server's 403 reason;
// the admin approves it on its page; the buyer's «Enviar ao fornecedor» confirms the supplier's
// e-mail, the e-mail with the PDF reaches the SMTP capture, and the order is «Enviado ao
// fornecedor». Then the purchase suggestion of a supplier: two lines edited (the first rounded up
// to its purchase packaging on leaving the cell), the total follows, «Gerar pedido de compra»
// opens the new draft with the edited quantities; it is approved (by the admin when above the limit),
// sent (the e-mail with the PDF captured), and its NF-e — built from the order like the fixture notes
// (nfe-exemplo.ts: the packagings' GTIN, a lot for each perishable) — dropped on Entradas, confirmed,
// checked against the order and posted: the order is «Recebido» and each product's stock went up by
// what was ordered. With E2E_SCREENSHOTS=<dir> it saves the list, the form, the order, the suggestion
// and the receipt at 1280 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Json = Record<string, unknown>;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `compras-${nome}-1280.png`), fullPage: true });
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(dir, `compras-${nome}-390.png`), fullPage: true });
  if (vp) await page.setViewportSize(vp);
  await page.waitForTimeout(200);
}

async function apiComo(request: APIRequestContext, quem: 'admin' | 'estoque') {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail(quem), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    get: async (url: string) => {
      const r = await request.get(url, { headers });
      return { status: r.status(), body: (await r.json().catch(() => ({}))) as Json };
    },
    put: async (url: string, data: unknown) => {
      const r = await request.put(url, { headers, data });
      return { status: r.status(), body: (await r.json().catch(() => ({}))) as Json };
    },
  };
}

type Opcao = { id: string; nome: string };
type Produto = { id: string; codigo: string; nome: string; unidade: string };
type Sugerido = {
  produtoId: string;
  codigo: string;
  nome: string;
  unidade: string;
  quantidadeSugerida: string;
  custoUnitario: string;
  embalagem: { unidade: string; fator: string };
};
type Pedido = {
  id: string;
  numero: number;
  status: string;
  valor_total: string;
  fornecedor_email: string;
  exige_aprovacao: boolean;
  itens: {
    produto_id: string;
    codigo: string;
    nome: string;
    quantidade: string;
    unidade: string;
    quantidade_informada: string;
    preco_informado: string;
  }[];
};
type ProdutoDetalhe = {
  estoque_atual: string;
  gtin: string | null;
  controla_lote: boolean;
  embalagens: { unidade: string; gtin: string | null }[];
};

const run = String(Date.now()).slice(-6);
const hoje = businessToday();

describe('compras', () => {
  it('a purchase order above the limit: the buyer is refused «Aprovar», the admin approves, the buyer sends it (e-mail captured)', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const admin = await apiComo(context.request, 'admin');
    const fornecedores = (await admin.get('/api/cadastros/fornecedores/opcoes')).body as unknown as Opcao[];
    const fornecedor = fornecedores.find((f) => /Bebidas do Vale/.test(f.nome)) ?? fornecedores[0]!;
    const produtos = (await admin.get('/api/estoque/produtos?pageSize=5&ativo=true&sort=nome&dir=asc')).body
      .items as Produto[];
    const produto = produtos[0]!;

    // ——— the buyer: Pedidos de Compra › Novo pedido ———
    await signInAs(page, demoEmail('estoque'));
    await page.goto('/compras/pedidos');
    await page.getByRole('heading', { level: 1, name: 'Pedidos de Compra' }).waitFor();
    await foto(page, 'lista');
    await page.getByRole('link', { name: 'Novo pedido' }).click();
    await page.waitForURL(/\/compras\/pedidos\/novo$/);
    await page.getByRole('heading', { level: 1, name: 'Novo pedido de compra' }).waitFor();
    // nothing typed: the form says what is missing, on the fields
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Escolha o fornecedor.').waitFor();
    await page.getByText('Inclua ao menos um item no pedido de compra.').waitFor();

    await page.getByRole('combobox', { name: /^Fornecedor/ }).selectOption(fornecedor.id);
    const busca = page.getByRole('combobox', { name: 'Adicionar produto' });
    await busca.fill(produto.codigo);
    await page
      .getByRole('option', { name: new RegExp(produto.codigo) })
      .first()
      .waitFor();
    await busca.press('Enter');
    const quantidade = page.getByRole('textbox', { name: `Quantidade de ${produto.nome}` });
    await expect.poll(() => quantidade.evaluate((el) => el === document.activeElement)).toBe(true);
    await quantidade.fill('100');
    await quantidade.press('Enter');
    const preco = page.getByRole('textbox', { name: `Preço de ${produto.nome}` });
    await expect.poll(() => preco.evaluate((el) => el === document.activeElement)).toBe(true);
    await preco.fill('60,00');
    await preco.press('Enter');
    // Enter on the price goes back to «Adicionar produto» for the next line
    await expect.poll(() => busca.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('textbox', { name: 'Frete' }).fill('40');
    await expect.poll(() => page.getByTestId('total-pedido').textContent()).toBe(formatBRL('6040.00'));
    expect(await page.getByTestId('total-produtos').textContent()).toBe(formatBRL('6000.00'));
    await page.getByText('Acima do limite de aprovação (R$ 5.000,00)', { exact: false }).waitFor();
    await foto(page, 'form');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.waitForURL(/\/compras\/pedidos\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const salvo = (await admin.get(`/api/compras/pedidos/${id}`)).body as unknown as Pedido;
    expect(salvo.status).toBe('rascunho');
    expect(salvo.valor_total).toBe('6040.00');
    await page.getByRole('heading', { level: 1, name: `Pedido de compra nº ${salvo.numero}` }).waitFor();
    await page.getByText('Rascunho', { exact: true }).waitFor();

    // ——— above the limit, the buyer may not approve: the server's reason on the page ———
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText:
          'Pedido de R$ 6.040,00 acima do limite de aprovação (R$ 5.000,00): só um administrador ou um papel que aprova compras pode aprová-lo.',
      })
      .waitFor();

    // ——— the admin approves it on its page ———
    const adm = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInAs(adm.page, demoEmail('admin'));
    await adm.page.goto(`/compras/pedidos/${id}`);
    await adm.page.getByRole('button', { name: 'Aprovar' }).click();
    await toast(adm.page, `Pedido de compra nº ${salvo.numero} aprovado.`);
    await adm.page.getByText('Aprovado', { exact: true }).waitFor();
    await adm.context.close();

    // ——— the buyer sends it: the supplier's e-mail confirmed, the PDF e-mailed ———
    await page.reload();
    await page.getByText('Aprovado', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Enviar ao fornecedor' }).click();
    const dialogo = page.getByRole('dialog', { name: `Enviar o pedido de compra nº ${salvo.numero}` });
    await dialogo.getByText(salvo.fornecedor_email, { exact: false }).waitFor();
    await dialogo.getByRole('button', { name: 'Enviar', exact: true }).click();
    await toast(page, `Pedido de compra nº ${salvo.numero} enviado para ${salvo.fornecedor_email}.`);
    await page.getByText('Enviado ao fornecedor', { exact: true }).waitFor();
    const mail = await waitForMail(salvo.fornecedor_email, new RegExp(`Pedido de compra nº ${salvo.numero}`));
    expect(mail.attachments.map((a) => a.contentType)).toContain('application/pdf');
    await foto(page, 'pedido');

    // the list finds it by its number, with its status
    await page.goto(`/compras/pedidos?q=${salvo.numero}`);
    await page
      .getByRole('row')
      .filter({ hasText: fornecedor.nome })
      .filter({ hasText: 'Enviado ao fornecedor' })
      .first()
      .waitFor();
    await context.close();
  });

  it('suggestion of a demo supplier → two lines edited → purchase order → approved → sent (e-mail captured) → its NF-e received → recebido, stock up', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const admin = await apiComo(context.request, 'admin');
    const fornecedores = (await admin.get('/api/cadastros/fornecedores/opcoes')).body as unknown as Opcao[];
    let escolha: { fornecedor: Opcao; produtos: Sugerido[] } | null = null;
    for (const f of fornecedores) {
      const r = await admin.get(`/api/compras/sugestao?fornecedor_id=${f.id}&janela_dias=90`);
      if (r.status === 404) {
        console.warn('GET /api/compras/sugestao ainda não existe: o teste da sugestão foi pulado.');
        return;
      }
      const produtos = (r.body.produtos ?? []) as Sugerido[];
      if (produtos.length >= 2) {
        escolha = { fornecedor: f, produtos };
        break;
      }
    }
    expect(escolha, 'a demo supplier with at least two products').not.toBeNull();
    const { fornecedor, produtos } = escolha!;

    await signInAs(page, demoEmail('estoque'));
    await page.goto('/compras/sugestao');
    await page.getByRole('heading', { level: 1, name: 'Sugestão de Compra' }).waitFor();
    await page.getByRole('combobox', { name: 'Fornecedor' }).selectOption(fornecedor.id);
    const [a, b] = [produtos[0]!, produtos[1]!];
    const celula = (p: Sugerido) => page.getByRole('textbox', { name: `Quantidade sugerida de ${p.nome}` });
    await celula(a).waitFor();

    // the first line: 5 base units, rounded up to the purchase packaging on leaving the cell
    await celula(a).click();
    await celula(a).fill('5');
    await celula(a).press('Enter');
    await expect.poll(() => celula(b).evaluate((el) => el === document.activeElement)).toBe(true);
    const qa = arredondaParaCima('5', a.embalagem.fator);
    await expect.poll(() => celula(a).inputValue()).toBe(qa.toFixed(0));
    if (!qa.eq(5))
      await page
        .getByText(
          `Arredondado para ${qa.dividedBy(a.embalagem.fator, 0).toFixed(0)} ${a.embalagem.unidade}`,
          {
            exact: false,
          },
        )
        .waitFor();
    // the second: the packaging's factor times 3 (already a whole number of packagings)
    const qb = Decimal.of(b.embalagem.fator).times(3);
    await celula(b).fill(qb.toFixed(0));
    await celula(b).press('Tab');
    await expect.poll(() => celula(b).inputValue()).toBe(qb.toFixed(0));

    const quantidades = new Map(produtos.map((p) => [p.produtoId, Decimal.of(p.quantidadeSugerida)]));
    quantidades.set(a.produtoId, qa);
    quantidades.set(b.produtoId, qb);
    const total = Decimal.sum(
      produtos.map((p) => quantidades.get(p.produtoId)!.times(p.custoUnitario).toFixed(2)),
    ).toFixed(2);
    await expect.poll(() => page.getByTestId('total-sugestao').textContent()).toBe(formatBRL(total));
    await foto(page, 'sugestao');

    await page.getByRole('button', { name: 'Gerar pedido de compra' }).click();
    await page.waitForURL(/\/compras\/pedidos\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const pedido = (await admin.get(`/api/compras/pedidos/${id}`)).body as unknown as Pedido;
    await page.getByRole('heading', { level: 1, name: `Pedido de compra nº ${pedido.numero}` }).waitFor();
    expect(pedido.status).toBe('rascunho');
    const base = new Map(pedido.itens.map((i) => [i.produto_id, i.quantidade]));
    expect(base.get(a.produtoId)).toBe(qa.toFixed(3));
    expect(base.get(b.produtoId)).toBe(qb.toFixed(3));
    const comprados = [...quantidades].filter(([, q]) => q.isPositive()).map(([pid]) => pid);
    expect([...base.keys()].sort()).toEqual(comprados.sort());

    // ——— approved: by the buyer within the limit, by the admin above it ———
    if (pedido.exige_aprovacao) {
      const adm = await newPage(browser, { viewport: { width: 1280, height: 900 } });
      await signInAs(adm.page, demoEmail('admin'));
      await adm.page.goto(`/compras/pedidos/${id}`);
      await adm.page.getByRole('button', { name: 'Aprovar' }).click();
      await toast(adm.page, `Pedido de compra nº ${pedido.numero} aprovado.`);
      await adm.context.close();
      await page.reload();
    } else {
      await page.getByRole('button', { name: 'Aprovar' }).click();
      await toast(page, `Pedido de compra nº ${pedido.numero} aprovado.`);
    }
    await page.getByText('Aprovado', { exact: true }).waitFor();

    // ——— sent to the supplier: the e-mail with the PDF captured ———
    await page.getByRole('button', { name: 'Enviar ao fornecedor' }).click();
    const dialogo = page.getByRole('dialog', { name: `Enviar o pedido de compra nº ${pedido.numero}` });
    await dialogo.getByRole('button', { name: 'Enviar', exact: true }).click();
    await toast(page, `Pedido de compra nº ${pedido.numero} enviado para ${pedido.fornecedor_email}.`);
    await page.getByText('Enviado ao fornecedor', { exact: true }).waitFor();
    const mail = await waitForMail(
      pedido.fornecedor_email,
      new RegExp(`Pedido de compra nº ${pedido.numero}`),
    );
    expect(mail.attachments.map((a) => a.contentType)).toContain('application/pdf');

    // ——— its NF-e arrives (built from the order like the fixture notes) and is received against it ———
    const estoqueAntes = new Map<string, Decimal>();
    const itensNota = [];
    for (const item of pedido.itens) {
      const prod = (await admin.get(`/api/estoque/produtos/${item.produto_id}`))
        .body as unknown as ProdutoDetalhe;
      estoqueAntes.set(item.produto_id, Decimal.of(prod.estoque_atual));
      const emb = prod.embalagens.find((e) => e.unidade === item.unidade);
      itensNota.push({
        cProd: `F-${item.codigo}`,
        xProd: item.nome.toUpperCase(),
        cEAN: emb?.gtin ?? prod.gtin ?? undefined,
        uCom: item.unidade,
        qCom: Decimal.of(item.quantidade_informada).toFixed(4),
        vUnCom: Decimal.of(item.preco_informado).toFixed(10),
        rastro: prod.controla_lote
          ? [
              {
                nLote: `E2E${run}${item.codigo}`,
                qLote: item.quantidade,
                dFab: hoje,
                dVal: addDays(hoje, 365),
              },
            ]
          : undefined,
      });
    }
    const forn = (await admin.get(`/api/cadastros/fornecedores/${fornecedor.id}`)).body as unknown as {
      documento: string;
      razao_social: string;
    };
    const xml = montaNfeXml({
      cnpjEmitente: forn.documento,
      nomeEmitente: forn.razao_social,
      numero: Number(run),
      dhEmi: `${hoje}T10:00:00-03:00`,
      itens: itensNota,
      dups: [{ nDup: '001', dVenc: addDays(hoje, 28), vDup: Decimal.of(pedido.valor_total).toFixed(2) }],
    });
    await page.goto('/estoque/entradas');
    await page.getByRole('heading', { name: 'Entrada de Mercadorias' }).waitFor();
    const dt = await page.evaluateHandle(
      ({ conteudo, nome }) => {
        const d = new DataTransfer();
        d.items.add(new File([conteudo], nome, { type: 'application/xml' }));
        return d;
      },
      { conteudo: xml, nome: `nfe-compra-${run}.xml` },
    );
    await page.dispatchEvent('[data-testid="area-upload"]', 'drop', { dataTransfer: dt });
    const resultado = page.getByRole('list', { name: 'Resultado da importação' });
    await resultado.getByRole('link').first().waitFor();
    await resultado.getByRole('link').first().click();
    await page.waitForURL(/\/estoque\/entradas\/[0-9a-f-]{36}$/);
    const entradaId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Confirmar recebimento' }).click();
    await page.getByRole('button', { name: 'Confirmo que conferi a nota' }).click();
    await page.getByRole('button', { name: 'Confirmar recebimento' }).waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    const local = page.getByLabel('Local de entrada');
    // the select appears with the confirmed receipt and fills its locais from their own query: under
    // load that can land after networkidle, and an option list of «Selecione» alone left nothing to pick
    await expect.poll(() => local.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    if (!(await local.inputValue())) {
      const opcoes = await local.locator('option').allTextContents();
      const salvo = page.waitForResponse(
        (r) =>
          r.request().method() === 'PUT' &&
          new URL(r.url()).pathname === `/api/estoque/entradas/${entradaId}`,
      );
      await local.selectOption({ label: opcoes.find((o) => o && o !== 'Selecione' && !/avaria/i.test(o))! });
      expect((await salvo).status()).toBe(200);
      await toast(page, 'Local padrão salvo.');
    }
    // the supplier's open order proposed; chosen, every line is received whole
    const bloco = page.getByRole('region', { name: 'Pedido de compra' });
    await bloco.getByRole('button', { name: `Conferir contra o pedido nº ${pedido.numero}` }).click();
    await bloco.getByRole('table', { name: `Conferência com o pedido nº ${pedido.numero}` }).waitFor();
    await expect
      .poll(() => bloco.textContent())
      .toContain('Ao lançar esta entrada, o pedido ficará Recebido.');
    await foto(page, 'recebimento');
    const lancar = page.getByRole('button', { name: 'Lançar', exact: true });
    await expect.poll(() => lancar.isDisabled(), { timeout: 15_000 }).toBe(false);
    await lancar.click();
    const confirma = page.getByRole('dialog');
    expect(await confirma.textContent()).toContain(`O pedido de compra nº ${pedido.numero} fica Recebido.`);
    await confirma.getByRole('button', { name: 'Lançar' }).click();
    await expect
      .poll(async () => ((await admin.get(`/api/estoque/entradas/${entradaId}`)).body as Json).status, {
        timeout: 20_000,
      })
      .toBe('lancada');

    // ——— the order is «Recebido» and the stock went up by what was ordered ———
    const recebido = (await admin.get(`/api/compras/pedidos/${id}`)).body as unknown as Pedido;
    expect(recebido.status).toBe('recebido');
    for (const item of recebido.itens) {
      const prod = (await admin.get(`/api/estoque/produtos/${item.produto_id}`))
        .body as unknown as ProdutoDetalhe;
      expect(prod.estoque_atual, item.codigo).toBe(
        estoqueAntes.get(item.produto_id)!.plus(item.quantidade).toFixed(3),
      );
    }
    await page.goto(`/compras/pedidos/${id}`);
    // the status badge (the items table has a «Recebido» column too)
    await page
      .locator('span', { hasText: /^Recebido$/ })
      .first()
      .waitFor();
    await context.close();
  });

  it('Configurações › Compras (admin): the suggestion defaults changed and used by the suggestion', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const admin = await apiComo(context.request, 'admin');
    const antes = (await admin.get('/api/compras/configuracao')).body;
    try {
      await signInAs(page, demoEmail('admin'));
      // from the menu's Configurações group
      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      const grupo = menu.getByRole('button', { name: 'Configurações' });
      if ((await grupo.getAttribute('aria-expanded')) !== 'true') await grupo.click();
      await menu.getByRole('link', { name: 'Compras', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Configurações de Compras' }).waitFor();
      const cobertura = page.getByRole('textbox', { name: /^Dias de cobertura/ });
      const seguranca = page.getByRole('textbox', { name: /^Dias de segurança/ });
      expect(await cobertura.inputValue()).toBe(String(antes.dias_cobertura));
      // a value out of range: the shared schema's pt-BR message by the field, nothing saved
      await cobertura.fill('400');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await page.getByText('Dias de cobertura: informe um número inteiro de dias, de 0 a 365.').waitFor();
      await cobertura.fill('45');
      await seguranca.fill('2');
      await foto(page, 'configuracoes');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await toast(page, 'Configurações de compras salvas.');
      expect((await admin.get('/api/compras/configuracao')).body).toMatchObject({
        dias_cobertura: 45,
        dias_seguranca: 2,
        limite_aprovacao: antes.limite_aprovacao,
      });
      // the suggestion now covers 45 days with 2 of safety
      const fornecedores = (await admin.get('/api/cadastros/fornecedores/opcoes')).body as unknown as Opcao[];
      await page.goto('/compras/sugestao');
      await page.getByRole('combobox', { name: 'Fornecedor' }).selectOption(fornecedores[0]!.id);
      await page.getByText('cobertura de 45 dias · segurança de 2 dias', { exact: false }).waitFor();
    } finally {
      await admin.put('/api/compras/configuracao', antes);
      await context.close();
    }
  });
});
