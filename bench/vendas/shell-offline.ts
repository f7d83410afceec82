// The app shell offline (issue 36: "the app shell loads offline in < 1 s"), part of `npm run bench:vendas`.
// Chromium (playwright-core, the system's /usr/bin/chromium) on the real server serving a production
// build of apps/web: the seller signs in through /auth, opens /vendas, the service worker installs and
// «Sincronizar» fills IndexedDB with the whole carteira and catalogue; then the network is cut
// (context.setOffline) and /vendas is reloaded `runs` times. Each reload is timed from navigation start
// to the seller's home usable: the customers list rendered from IndexedDB (the page's user-timing mark
// `vendas-carteira`, set when the list is on screen), beside the wall time of page.reload() until the
// list is visible as Playwright sees it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `vite build` of apps/web into a temporary folder (the server serves it with WEB_DIST_DIR). */
export function buildWeb(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-vendas-web-'));
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  return dir;
}

export type ShellOffline = {
  runs: number;
  /** navigation start → the customers list rendered (the page's mark), ms */
  marca: number[];
  /** page.reload() called → the list visible to Playwright, ms */
  parede: number[];
  clientes: string;
  /** IndexedDB usage as the browser estimates it, bytes */
  armazenado: number | null;
};

export async function medeShellOffline(
  url: string,
  login: { email: string; senha: string },
  runs: number,
): Promise<ShellOffline> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      baseURL: url,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(login.email);
    await page.getByLabel('Senha', { exact: true }).fill(login.senha);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/vendas');
    await page.getByRole('heading', { name: 'Força de vendas' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    await page.getByRole('status').filter({ hasText: 'Dados sincronizados.' }).waitFor();
    // the worker keeps what the page loaded (the page's message) before the network goes
    await page.waitForTimeout(1500);
    const clientes = ((await page.locator('[data-testid="carteira"] + p').textContent()) ?? '').replace(
      /\s+/g,
      ' ',
    );
    const armazenado = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? null);
    await context.setOffline(true);
    const marca: number[] = [];
    const parede: number[] = [];
    // one untimed reload first: the first start without a network warms Chromium's own caches
    for (let i = 0; i <= runs; i++) {
      const t = performance.now();
      await page.reload();
      await page.locator('[data-testid="carteira"] li').first().waitFor();
      const ms = performance.now() - t;
      const m = await page.evaluate(
        () => performance.getEntriesByName('vendas-carteira')[0]?.startTime ?? Number.NaN,
      );
      if (!(await page.getByText('Sem conexão').isVisible())) throw new Error('the page is not offline');
      if (i > 0) {
        marca.push(m);
        parede.push(ms);
      }
    }
    await context.close();
    return { runs, marca, parede, clientes, armazenado };
  } finally {
    await browser.close();
  }
}
