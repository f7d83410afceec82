import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * A migrated database of its own for one test file: a clone of the run's template, on PGlite by
 * default or on PostgreSQL when TEST_DATABASE_URL is set. The same tests pass on both.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `erp_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.exec(`create database ${name} template ${inject('pgTemplate')}`);
        break;
      } catch (err) {
        // another file cloning the template at the same instant
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.close();
    const url = withDatabase(serverUrl, name);
    const db = await openDatabase({ databaseUrl: url, poolSize: 5 });
    return { ...db, url };
  }
  const tar = fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([tar]) });
}
