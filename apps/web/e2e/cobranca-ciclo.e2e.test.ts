import fs from 'node:fs';
import path from 'node:path';
import {
  businessToday,
  Decimal,
  type EventoRetorno,
  formatarLinhaDigitavel,
  formatBRL,
  gerarRetornoDeRemessa,
} from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginasPdf } from '../../server/src/test/pdf-texto.ts';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Cobrança registrada end to end (issue 31) against the real server, its demo data and the SEFAZ
// double. An NF-e's receivable names no account: its boleto comes by itself from the default
// carteira (the demo's Banco do Brasil; the Itaú carteira is active too). An order on the Boleto forma and a 28-day condição, conferido through the API, is
// invoiced from its screen and the NF-e transmitted → its receivable's boleto is «A registrar» in
// /financeiro/cobranca; its PDF (downloaded, pop-ups blocked) prints the linha digitável; «Gerar
// remessa» sends it («Enviado») and the CNAB 240 file is downloaded; the bank's retorno for that
// file (entrada confirmada + liquidação with juros, gerarRetornoDeRemessa) is imported on the
// Extrato Bancário screen → the boleto «Liquidado», the título «Pago» with saldo zero, the
// account's balance up by exactly valor + juros. The credit day is today: a baixa in the future is
// refused, and the NF-e's due date is never in the past, so the juros are paid on a boleto not yet
// due. With E2E_SCREENSHOTS=<dir> it saves /financeiro/cobranca at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-5);
type Json = Record<string, never>;

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `cobranca-ciclo-${nome}.png`), fullPage: true });
}
const espacos = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

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

const f = '/api/financeiro';

describe('cobrança registrada', () => {
  it('invoice on boleto → PDF → Gerar remessa → retorno with juros: título pago, balance up', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const admin = await apiComo(context.request, 'admin');
    const comercial = await apiComo(context.request, 'comercial');

    // ——— registers (API): the demo's Boleto forma, a 28-day condição ———
    const contas = (await admin.get(`${f}/contas-bancarias?pageSize=50`)).items as unknown as {
      id: string;
      nome: string;
      saldo_atual: string;
    }[];
    const bb = contas.find((c) => c.nome === 'Banco do Brasil')!;
    expect(bb, 'the demo’s Banco do Brasil account').toBeTruthy();
    const forma = (
      (await admin.get(`${f}/formas-pagamento?q=Boleto&pageSize=20`)).items as unknown as {
        id: string;
        nome: string;
        tipo: string;
      }[]
    ).find((x) => x.nome === 'Boleto' && x.tipo === 'boleto')!;
    expect(forma, 'the demo’s Boleto forma').toBeTruthy();
    const condicao = (await admin.post(`${f}/condicoes-pagamento`, {
      nome: `Boleto 28 dias ${run}`,
      tipo: 'dias',
      dias: '28',
    })) as unknown as { id: string };

    // ——— the order (API): a released demo customer's product, boleto + 28 dias, conferido ———
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
      forma_pagamento_id: forma.id,
      observacoes_internas: `Cobrança E2E ${run}`,
      itens: [
        {
          produto_id: item.produto_id,
          embalagem: item.embalagem,
          quantidade: '1',
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

    // ——— the NF-e's receivable names no account: its boleto comes from the default carteira, the
    // demo's Banco do Brasil (the Itaú carteira stays active beside it) ———
    await signInAs(page, demoEmail('financeiro'));
    const carteiraBb = (await admin.get(`${f}/contas-bancarias/${bb.id}/cobranca`)) as unknown as {
      carteira: { padrao: boolean; ativa: boolean };
    };
    expect(carteiraBb.carteira).toMatchObject({ padrao: true, ativa: true });
    try {
      await ciclo();
    } finally {
      await context.close();
    }

    async function ciclo() {
      const saldoAntes = (
        (await admin.get(`${f}/contas-bancarias?pageSize=50`)).items as unknown as typeof contas
      ).find((c) => c.id === bb.id)!.saldo_atual;

      // ——— invoiced from the order's screen and transmitted (comercial) ———
      const vendas = await newPage(browser, { viewport: { width: 1366, height: 900 } });
      await signInAs(vendas.page, demoEmail('comercial'));
      await vendas.page.goto(`/comercial/pedidos/${novo.id}`);
      const faturar = vendas.page.getByRole('button', { name: 'Faturar (NF-e)' });
      await faturar.waitFor();
      await expect.poll(() => faturar.isEnabled()).toBe(true);
      await faturar.click();
      await vendas.page.waitForURL(/\/notasfiscais\/saida\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      const cabecalho = vendas.page.getByRole('heading', { level: 1, name: /^NF-e nº \d+ \/ série 1$/ });
      await cabecalho.waitFor();
      const nfe = /NF-e nº (\d+)/.exec((await cabecalho.textContent()) ?? '')![1]!;
      await vendas.page.getByRole('button', { name: 'Transmitir' }).click();
      await toast(vendas.page, /^NF-e autorizada: protocolo \d{15}\.$/);
      await vendas.context.close();

      // ——— the receivable got its boleto: «A registrar» in Cobrança ———
      const documento = `NF-e ${nfe}`;
      const [titulo] = (await admin.get(`${f}/receber?q=${encodeURIComponent(documento)}&pageSize=5`))
        .items as unknown as { id: string; documento: string; valor: string; data_vencimento: string }[];
      expect(titulo?.documento).toBe(documento);
      const [boleto] = (await admin.get(`${f}/cobranca/boletos?titulo_id=${titulo!.id}`))
        .items as unknown as {
        id: string;
        nosso_numero: string;
        nosso_numero_impresso: string;
        linha_digitavel: string;
        valor: string;
        vencimento: string;
        conta_nome: string;
      }[];
      expect(boleto, `the NF-e’s receivable (${documento}) got no boleto`).toBeTruthy();
      expect(boleto!.conta_nome).toBe('Banco do Brasil');
      expect(boleto!.valor).toBe(titulo!.valor);
      const valor = boleto!.valor;

      await page.goto(`/financeiro/cobranca?q=${boleto!.nosso_numero}`);
      await page.getByRole('heading', { level: 1, name: 'Cobrança' }).waitFor();
      const linhaBoleto = page.getByRole('row').filter({ hasText: boleto!.nosso_numero_impresso });
      await expect.poll(() => linhaBoleto.count()).toBe(1);
      const celulas = async () => (await linhaBoleto.getByRole('cell').allInnerTexts()).map(espacos);
      expect((await celulas()).slice(1, 8)).toEqual([
        boleto!.nosso_numero_impresso,
        expect.any(String),
        documento,
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        espacos(formatBRL(valor)),
        'Banco do Brasil',
        'A registrar',
      ]);

      // ——— its PDF: with pop-ups blocked the screen downloads it; pdftotext reads the linha ———
      await page.evaluate(() => {
        window.open = () => null;
      });
      const [pdf] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        linhaBoleto.getByRole('button', { name: /^PDF do boleto / }).click(),
      ]);
      expect(pdf.suggestedFilename()).toBe(`boleto-${boleto!.nosso_numero}.pdf`);
      const bytes = fs.readFileSync((await pdf.path())!);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const texto = paginasPdf(bytes).join('\n');
      expect(texto).toContain(formatarLinhaDigitavel(boleto!.linha_digitavel));
      expect(texto).toContain(Decimal.of(valor).toFixed(2).replace('.', ','));

      // screenshots of the list
      await page.goto('/financeiro/cobranca');
      await page.getByRole('row').nth(2).waitFor();
      await foto(page, 'boletos-1366');

      // ——— «Gerar remessa» for Banco do Brasil: the boleto «Enviado», the file downloaded ———
      await page.getByRole('tab', { name: /Remessas/ }).click();
      const cartao = page.getByTestId('carteira-card').filter({ hasText: 'Banco do Brasil' });
      await cartao.waitFor();
      await cartao.getByRole('button', { name: 'Gerar remessa' }).click();
      const gerada = page.getByRole('dialog', { name: 'Remessa gerada' });
      await gerada.waitFor();
      const [arquivo] = await Promise.all([
        page.waitForEvent('download'),
        gerada.getByRole('button', { name: 'Baixar arquivo' }).click(),
      ]);
      expect(arquivo.suggestedFilename()).toMatch(/^remessa-001-\d{6}-cnab240\.rem$/);
      const remessa = fs.readFileSync((await arquivo.path())!).toString('latin1');
      const linhas = remessa.split('\r\n');
      expect(linhas.pop()).toBe('');
      expect(linhas.every((l) => l.length === 240)).toBe(true);
      expect(remessa).toContain(boleto!.nosso_numero);
      await gerada.getByRole('button', { name: 'Fechar' }).first().click();
      await foto(page, 'remessas-1366');
      await page.getByRole('tab', { name: 'Boletos' }).click();
      await page.getByRole('searchbox').fill(boleto!.nosso_numero);
      await expect.poll(async () => (await celulas())[7]).toBe('Enviado');

      // ——— the bank's retorno: entrada confirmada, then liquidação with juros, credited today ———
      const hoje = businessToday();
      const juros = '4.56';
      const pago = Decimal.of(valor).plus(juros).toFixed(2);
      const eventos: EventoRetorno[] = [
        { documentoOuNossoNumero: boleto!.nosso_numero, ocorrencia: '02', dataOcorrencia: hoje },
        {
          documentoOuNossoNumero: boleto!.nosso_numero,
          ocorrencia: '06',
          dataOcorrencia: hoje,
          dataCredito: hoje,
          valorPago: pago,
          juros,
        },
      ];
      const retorno = gerarRetornoDeRemessa(remessa, eventos);
      const textoRetorno = typeof retorno === 'string' ? retorno : (retorno as { texto: string }).texto;
      await page.goto('/financeiro/extrato-bancario');
      await page.getByRole('heading', { level: 1, name: 'Extrato Bancário' }).waitFor();
      await page.getByLabel('Conta bancária', { exact: true }).selectOption(bb.id);
      await page.getByTestId('arquivo-extrato').setInputFiles({
        name: `retorno-${run}.ret`,
        mimeType: 'text/plain',
        buffer: Buffer.from(textoRetorno, 'latin1'),
      });
      await expect
        .poll(() => page.getByTestId('resultado-importacao').textContent())
        .toBe('Retorno CNAB: 2 registros, 1 título baixado.');

      // ——— the boleto «Liquidado», the título «Pago», the balance up by valor + juros ———
      await page.goto(`/financeiro/cobranca?q=${boleto!.nosso_numero}`);
      await expect.poll(async () => (await celulas())[7]).toBe('Liquidado');
      await page.goto(`/financeiro/receber?q=${encodeURIComponent(documento)}&status=pago`);
      await page.getByRole('heading', { level: 1, name: 'Contas a Receber' }).waitFor();
      const descricao = `NF-e ${nfe} série 1 — pedido ${novo.numero}`;
      const linhaTitulo = page.getByRole('row').filter({ hasText: descricao });
      await expect.poll(() => linhaTitulo.count()).toBe(1);
      const [, , , desc, valorCel, saldoCel, status] = (
        await linhaTitulo.getByRole('cell').allInnerTexts()
      ).map(espacos);
      expect([desc, valorCel, saldoCel, status]).toEqual([
        `${descricao} ${documento} · Parcela 1/1`,
        espacos(formatBRL(valor)),
        'R$ 0,00',
        'Pago',
      ]);
      await linhaTitulo.getByRole('cell').filter({ hasText: documento }).first().click();
      const historico = page.getByRole('dialog', { name: 'Histórico do título' });
      const painel = historico.getByTestId('boleto-panel');
      await painel.waitFor();
      await expect.poll(async () => espacos(await painel.textContent())).toContain('Liquidado');
      expect(espacos(await historico.textContent())).toContain(espacos(formatBRL(pago)));
      await page.keyboard.press('Escape');

      await page.goto('/financeiro/contas-bancarias?q=Banco%20do%20Brasil');
      const linhaConta = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'Banco do Brasil', exact: true }) });
      await expect.poll(() => linhaConta.count()).toBe(1);
      const saldoCelula = async () => {
        const textos = (await linhaConta.getByRole('cell').allInnerTexts()).map(espacos);
        return textos.find((t) => t.startsWith('R$')) ?? textos.join(' | ');
      };
      expect(espacos(formatBRL(saldoAntes))).not.toBe(
        espacos(formatBRL(Decimal.of(saldoAntes).plus(pago).toFixed(2))),
      );
      await expect.poll(saldoCelula).toBe(espacos(formatBRL(Decimal.of(saldoAntes).plus(pago).toFixed(2))));

      // ——— /financeiro/cobranca on a phone ———
      await page.goto('/financeiro/cobranca');
      await page.getByRole('row').nth(2).waitFor();
      await foto(page, 'boletos-liquidado-1366');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(400);
      // nothing wider than the phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await foto(page, 'boletos-390');
      await page.getByRole('tab', { name: /Remessas/ }).click();
      await page.getByTestId('remessa-linha').first().waitFor();
      await foto(page, 'remessas-390');
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  }, 300_000);
});
