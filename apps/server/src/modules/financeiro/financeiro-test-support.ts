// Helpers for the financeiro tests (not a test file itself): requests as JSON and the registers a
// título needs, created through the API.
import type { TestContext } from '../../test/test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
export type Json = Record<string, any>;

/** A request as JSON, answering status and the parsed body (text when it is not JSON). */
export async function chama(
  t: TestContext,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await t.request(method, path, { token, body });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

/** POST of a register that must succeed; answers its row. */
export async function cria(t: TestContext, token: string, path: string, body: Json): Promise<Json> {
  const r = await chama(t, token, 'POST', `/api/financeiro/${path}`, body);
  if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
