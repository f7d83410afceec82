import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { createLogger } from '../logger.ts';
import { garanteFila, type Jobs, startJobs } from './jobs.ts';

// pg-boss on the test database (PGlite through the executeSql adapter, or PostgreSQL with its own
// pool): a job keyed by a business id is queued once, worked, and a job cut by a stop is resumed.

let database: Database & { url?: string };
let jobs: Jobs;
const logger = createLogger('silent');

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await startJobs({ database, databaseUrl: database.url, logger });
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

describe('fila de jobs (pg-boss)', () => {
  it('mesmo id enviado duas vezes → um job; o worker o executa', async () => {
    await garanteFila(jobs, 'teste');
    const id = crypto.randomUUID();
    expect(await jobs.boss.send('teste', { n: 1 }, { id })).toBe(id);
    expect(await jobs.boss.send('teste', { n: 2 }, { id })).toBeNull();
    const feitos: unknown[] = [];
    await jobs.boss.work<{ n: number }>('teste', { pollingIntervalSeconds: 0.5 }, async ([j]) => {
      feitos.push(j!.data);
      return { ok: true };
    });
    for (let i = 0; i < 100 && !feitos.length; i++) await new Promise((r) => setTimeout(r, 100));
    await jobs.boss.offWork('teste');
    expect(feitos).toEqual([{ n: 1 }]);
    for (let i = 0; i < 50; i++) {
      if ((await jobs.boss.getJobById('teste', id))?.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await jobs.boss.getJobById('teste', id))?.state).toBe('completed');
  }, 30_000);

  it('parada e novo início: o job pendente é executado pela nova instância', async () => {
    await garanteFila(jobs, 'teste2');
    const id = crypto.randomUUID();
    await jobs.boss.send('teste2', { x: 1 }, { id });
    await jobs.stop();
    jobs = await startJobs({ database, databaseUrl: database.url, logger });
    const feitos: string[] = [];
    await jobs.boss.work('teste2', { pollingIntervalSeconds: 0.5 }, async ([j]) => {
      feitos.push(j!.id);
    });
    for (let i = 0; i < 100 && !feitos.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(feitos).toEqual([id]);
  }, 60_000);

  // PostgreSQL only: PGlite admits one process, so one server
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'filas criadas ao mesmo tempo por dois servidores: cada uma uma vez, sem deadlock',
    async () => {
      // a second server's pg-boss on the same database, as when two servers start together
      const outro = await startJobs({ database, databaseUrl: database.url, logger });
      try {
        const nomes = Array.from({ length: 6 }, (_, i) => `paralela-${i}`);
        // every queue asked for by both servers at once (pg-boss alone deadlocks here)
        await Promise.all(nomes.flatMap((n) => [garanteFila(jobs, n), garanteFila(outro, n)]));
        for (const n of nomes) expect(await jobs.boss.getQueue(n)).toMatchObject({ name: n });
      } finally {
        await outro.stop();
      }
    },
    60_000,
  );
});
