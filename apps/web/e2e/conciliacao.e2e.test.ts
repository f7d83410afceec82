import path from 'node:path';
import { businessToday } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Conciliação Bancária against the real server, as the financeiro role: an OFX with a credit equal
// to an open receivable and a bank fee is imported into a new account (through the API, the
// extrato's own screen is tested apart); on the screen the credit's suggestion is accepted, the fee
// is created from its unmatched line (classe Despesas bancárias), and the period shows Conciliado
// with no difference. With E2E_SCREENSHOTS=<dir> it saves the screen at 1280 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-5);
type Item = Record<string, string>;

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `conciliacao-${nome}.png`), fullPage: true });
}

async function apiAdmin(request: APIRequestContext) {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail('admin'), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    get: async (url: string) => (await (await request.get(url, { headers })).json()) as { items: Item[] },
    post: async (url: string, data: unknown) => {
      const r = await request.post(url, { headers, data });
      expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
      return (await r.json()) as Item & Item[];
    },
  };
}

const ofx = (dia: string, conta: string) => {
  const d = dia.replace(/-/g, '');
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>341<BRANCHID>1234<ACCTID>${conta}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>${d}<DTEND>${d}
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${d}120000[-3:BRT]<TRNAMT>1234.56<FITID>E2E${run}A<MEMO>PIX RECEBIDO CONCILIACAO ${run}</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${d}120000[-3:BRT]<TRNAMT>-15.90<FITID>E2E${run}B<MEMO>TARIFA PACOTE SERVICOS</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1218.66<DTASOF>${d}</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
};

describe('conciliação bancária', () => {
  it('import an OFX, accept a suggestion, create the fee, the period conciliado', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const api = await apiAdmin(context.request);
    const hoje = businessToday();
    const f = '/api/financeiro';
    const numeroConta = `9${run}`;
    const conta = await api.post(`${f}/contas-bancarias`, {
      nome: `Conciliação E2E ${run}`,
      tipo: 'corrente',
      banco_codigo: '341',
      agencia: '1234',
      conta: numeroConta,
      conta_digito: '0',
      saldo_inicial: '0,00',
      data_saldo_inicial: '2020-01-01',
    });
    let [classe] = (
      await api.get(`${f}/classes-financeiras?tipo=receita&analitica=true&ativo=true&pageSize=10`)
    ).items;
    classe ??= await api.post(`${f}/classes-financeiras`, {
      codigo: `9${run}`,
      nome: 'Receitas E2E',
      tipo: 'receita',
    });
    const [cliente] = (await api.get('/api/cadastros/clientes?pageSize=1&ativo=true&sort=razao_social'))
      .items;
    await api.post(`${f}/receber`, {
      tipo: 'receber',
      cliente_id: cliente!.id,
      descricao: `Venda conciliação ${run}`,
      classe_financeira_id: classe!.id,
      emissao: hoje,
      vencimento: hoje,
      valor: '1.234,56',
      conta_bancaria_id: conta.id,
    });
    await api.post(`${f}/extrato-bancario/importar`, {
      conta_bancaria_id: conta.id,
      nome: `e2e-${run}.ofx`,
      conteudo_base64: Buffer.from(ofx(hoje, numeroConta), 'latin1').toString('base64'),
    });

    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/conciliacao-bancaria');
    await page.getByRole('heading', { level: 1, name: 'Conciliação Bancária' }).waitFor();
    await page.getByLabel('Conta bancária').selectOption(conta.id!);
    const linhas = page.getByTestId('linha-extrato');
    await expect.poll(() => linhas.count()).toBe(2);
    await expect.poll(() => page.getByTestId('status-periodo').textContent()).toBe('Pendente');
    await foto(page, '1280');

    const credito = linhas.filter({ hasText: `PIX RECEBIDO CONCILIACAO ${run}` });
    await expect.poll(() => credito.textContent()).toContain('Valor igual ao saldo');
    await credito.getByRole('button', { name: 'Aceitar' }).first().click();
    await expect.poll(() => credito.textContent()).toContain('Conciliada');

    const tarifa = linhas.filter({ hasText: 'TARIFA PACOTE SERVICOS' });
    await tarifa.getByRole('button', { name: 'Criar tarifa' }).click();
    await expect.poll(() => tarifa.textContent()).toContain('Conciliada');

    await expect.poll(() => page.getByTestId('status-periodo').textContent()).toBe('Conciliado');
    expect((await page.getByTestId('diferenca').textContent())?.replace(/\s+/g, ' ')).toBe('R$ 0,00');
    await foto(page, 'conciliado-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await foto(page, 'conciliado-390');
    await context.close();
  });
});
