import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/config', () => {
  it('answers the environment badge without sign-in, "Produção" by default', async () => {
    const res = await t.request('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ environmentLabel: 'Produção' });
  });

  it('uses ENVIRONMENT_LABEL when configured', async () => {
    const app = createApp({ ...t.deps, config: { ...t.config, environmentLabel: 'Homologação' } });
    const res = await app.request('/api/config');
    expect(await res.json()).toEqual({ environmentLabel: 'Homologação' });
  });
});
