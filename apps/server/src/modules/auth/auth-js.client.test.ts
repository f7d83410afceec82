import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import {
  AuthApiError,
  type AuthChangeEvent,
  AuthClient,
  AuthWeakPasswordError,
  isAuthRetryableFetchError,
} from '@supabase/auth-js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { openDatabase, rowsOf } from '../../db/client.ts';
import { type Jobs, startJobs } from '../../lib/jobs/jobs.ts';
import { startMailWorker } from '../../lib/mail/mail-queue.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { authEvents } from './auth-test-support.ts';

// The official client, unchanged, against the real server over HTTP, with mail through real SMTP.
let t: TestContext;
let server: ServerType;
let site: string;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let worker: ReturnType<typeof startMailWorker>;
let jobs: Jobs;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  let fetchApp: (req: Request) => Response | Promise<Response> = () =>
    new Response('cedo demais', { status: 503 });
  server = serve({ fetch: (req) => fetchApp(req), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ SITE_URL: site, SMTP_URL: smtp.url });
  fetchApp = t.app.fetch;
  // mail goes out through the job queue, as in the server (decision record 0005)
  jobs = await startJobs({
    database: t.database,
    databaseUrl: (t.database as { url?: string }).url,
    logger: t.deps.logger,
  });
  worker = startMailWorker(
    { db: t.db, config: t.config, logger: t.deps.logger, jobs },
    { pollingIntervalSeconds: 0.5 },
  );
  await worker.ready;
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await jobs?.stop();
  await new Promise((r) => server?.close(r));
  await t?.close();
  await smtp?.close();
});

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

function newClient() {
  const client = new AuthClient({
    url: `${site}/auth/v1`,
    storage: memoryStorage(),
    storageKey: 'plataforma-erp-auth',
    flowType: 'implicit',
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const events: AuthChangeEvent[] = [];
  client.onAuthStateChange((event) => {
    events.push(event);
  });
  return { client, events };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('@supabase/auth-js against /auth/v1', () => {
  it('sign-up → confirmation e-mail link → sign-in → refresh → password change → sign-out', async () => {
    const email = `authjs-${Date.now()}@teste.com.br`;
    const { client, events } = newClient();

    const up = await client.signUp({
      email,
      password: 'senha-inicial-1',
      options: { emailRedirectTo: `${site}/`, data: { name: 'Joana Cliente' } },
    });
    expect(up.error).toBeNull();
    expect(up.data.session).toBeNull();
    expect(up.data.user).toMatchObject({
      email,
      user_metadata: { name: 'Joana Cliente' },
      email_confirmed_at: null,
    });

    const unconfirmed = await client.signInWithPassword({ email, password: 'senha-inicial-1' });
    expect(unconfirmed.error).toBeInstanceOf(AuthApiError);
    expect(unconfirmed.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    // the confirmation e-mail, delivered over SMTP by the queue worker
    const mail = await smtp.waitFor(email, /Confirme seu cadastro/);
    expect(mail.subject).toBe('Confirme seu cadastro na Plataforma ERP');
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0];
    expect(link.startsWith(`${site}/auth/v1/verify?`)).toBe(true);
    const landed = await fetch(link, { redirect: 'manual' });
    expect(landed.status).toBe(303);
    const location = new URL(landed.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${site}/`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    const viaLink = await client.getUser(fragment.get('access_token')!);
    expect(viaLink.data.user?.email_confirmed_at).toBeTruthy();

    const wrong = await client.signInWithPassword({ email, password: 'senha-errada-1' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });

    const signIn = await client.signInWithPassword({
      email: email.toUpperCase(),
      password: 'senha-inicial-1',
    });
    expect(signIn.error).toBeNull();
    const first = signIn.data.session!;
    expect(first).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    expect((await client.getSession()).data.session?.access_token).toBe(first.access_token);

    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token);

    // another device of the same person, signed out by the password change
    const other = newClient();
    expect((await other.client.signInWithPassword({ email, password: 'senha-inicial-1' })).error).toBeNull();

    const same = await client.updateUser({ password: 'senha-inicial-1' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.updateUser({ password: 'curta' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    const changed = await client.updateUser({ password: 'senha-nova-22' });
    expect(changed.error).toBeNull();
    expect((await client.getUser()).data.user?.email).toBe(email);

    const otherUser = await other.client.getUser();
    expect(otherUser.data.user).toBeNull();
    expect(otherUser.error?.name).toBe('AuthSessionMissingError');
    await settle();
    expect(other.events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
    expect((await other.client.getSession()).data.session).toBeNull();

    expect((await client.signOut({ scope: 'local' })).error).toBeNull();
    expect((await client.getSession()).data.session).toBeNull();
    await settle();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']);

    // the server forgot the session
    const stale = await fetch(`${site}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${refreshed.data.session!.access_token}` },
    });
    expect(stale.status).toBe(401);

    expect((await client.signInWithPassword({ email, password: 'senha-inicial-1' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client.signInWithPassword({ email, password: 'senha-nova-22' })).error).toBeNull();

    const [row] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from users where email = ${email}`),
    );
    const acoes = (await authEvents(t.db, row!.id)).map((e) => e.acao);
    expect(acoes).toEqual([
      'cadastro',
      'falha_login',
      'confirmacao_email',
      'entrada',
      'falha_login',
      'entrada',
      'entrada',
      'troca_senha',
      'saida',
      'falha_login',
      'entrada',
    ]);
  });

  it('error classes: existing e-mail, weak password, rate limit, server down', async () => {
    const { client } = newClient();
    const email = `authjs-erros-${Date.now()}@teste.com.br`;
    expect((await client.signUp({ email, password: 'senha-forte-1' })).error).toBeNull();
    const dup = await client.signUp({ email, password: 'senha-forte-1' });
    expect(dup.error).toBeInstanceOf(AuthApiError);
    expect(dup.error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
    const weak = await client.signUp({ email: `x-${email}`, password: '123' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error?.message).toBe('A senha deve ter no mínimo 8 caracteres');
    const rec = await client.resetPasswordForEmail(email, { redirectTo: `${site}/reset-password` });
    expect(rec.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(rec.error?.message).toMatch(
      /^Por segurança, aguarde \d+ segundos? antes de pedir outro e-mail\.$/,
    );

    // the same app with its database unreachable answers 503, which the client treats as retryable
    const unreachable = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/indisponivel',
      poolSize: 1,
    });
    const broken = serve({
      fetch: createApp({ ...t.deps, database: unreachable, db: unreachable.db }).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise<void>((resolve) => broken.once('listening', () => resolve()));
    const down = new AuthClient({
      url: `http://127.0.0.1:${(broken.address() as AddressInfo).port}/auth/v1`,
      storage: memoryStorage(),
      autoRefreshToken: false,
    });
    const r = await down.signInWithPassword({ email, password: 'senha-forte-1' });
    expect(isAuthRetryableFetchError(r.error)).toBe(true);
    expect(r.error?.status).toBe(503);
    await new Promise((resolve) => broken.close(resolve));
    await unreachable.close();
  });
});
