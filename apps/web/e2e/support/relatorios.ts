import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// What the reports' browser tests share (issue 35): the screenshots at 1280 and 390 px (with the
// phone's no-overflow check) and a download read back.

/** With E2E_SCREENSHOTS set: the page at 1280 and 390 px (nothing wider than the phone), then back to 1366. */
export async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `relatorios-${nome}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(dir, `relatorios-${nome}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForTimeout(200);
}

/** Clicks the export button and answers the downloaded file's name and bytes. */
export async function baixa(page: Page, botao: string): Promise<{ nome: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: botao }).click(),
  ]);
  return { nome: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

/** A report table's data rows: not the skeleton rows the table shows while its first answer loads
 * (counting those let a test read the footer before the answer had come). */
export const LINHAS = 'table tbody tr:not([data-testid="linha-carregando"])';
