import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { authLimits, hitRateLimit, peekRateLimit } from './rate-limit.service.ts';

let t: TestContext;
beforeAll(async () => {
  // X-Forwarded-For is trusted here so each test can be its own client address
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let n = 0;
const ip = () => `10.0.${Math.floor(++n / 250)}.${n % 250}`;
const email = (p = 'rl') => `${p}-${++n}@teste.com.br`;

async function post(path: string, body: unknown, fromIp: string) {
  const res = await t.request('POST', path, { body, headers: { 'X-Forwarded-For': fromIp } });
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
  return { res, status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('failed sign-ins', () => {
  const signIn = (who: string, password: string, from: string) =>
    post('/auth/v1/token?grant_type=password', { email: who, password }, from);

  it('per e-mail and IP: the 11th attempt from one address within 15 min is refused, even with the right password', async () => {
    const { email: who } = await t.signIn([], { password: 'senha-certa-1' });
    const from = ip();
    for (let i = 0; i < authLimits.loginFailuresPerEmailIp.max; i++) {
      expect((await signIn(who, 'errada-123', from)).body.code).toBe('invalid_credentials');
    }
    const blocked = await signIn(who, 'senha-certa-1', from);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'over_request_rate_limit',
      message: 'Muitas tentativas de login. Tente novamente em 15 minutos.',
    });
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    // the owner elsewhere is not held back by that address's failures
    expect((await signIn(who, 'senha-certa-1', ip())).status).toBe(200);
    // the window over, the right password works from that address too and clears its counter
    const key = `login_email_ip:${who}|${from}`;
    await t.db.execute(
      sql`update auth_rate_limits set janela_inicio = now() - interval '16 minutes' where chave = ${key}`,
    );
    expect((await signIn(who, 'senha-certa-1', from)).status).toBe(200);
    expect((await peekRateLimit(t.db, key, authLimits.loginFailuresPerEmailIp)).count).toBe(0);
  });

  it('an attacker elsewhere cannot lock the owner out: the per-e-mail ceiling spares an address the account signed in from', async () => {
    const { email: who, userId } = await t.signIn([], { password: 'senha-certa-1' });
    const home = ip();
    expect((await signIn(who, 'senha-certa-1', home)).status).toBe(200);
    // guesses spread over many addresses, a few from each: no address reaches its own limit
    for (let i = 0; i < authLimits.loginFailuresPerEmail.max; i++) {
      expect((await signIn(who, `chute-${i}-xyz`, ip())).status).toBe(400);
    }
    // the ceiling holds every new address, with the right password too (brute force stays bounded)
    const stranger = await signIn(who, 'senha-certa-1', ip());
    expect(stranger.status).toBe(429);
    expect(stranger.body.code).toBe('over_request_rate_limit');
    // the owner, from where they signed in before, still gets in
    expect((await signIn(who, 'senha-certa-1', home)).status).toBe(200);
    // and the ceiling keeps counting: an owner's success does not hand the guesser a fresh allowance
    expect((await peekRateLimit(t.db, `login_email:${who}`, authLimits.loginFailuresPerEmail)).count).toBe(
      authLimits.loginFailuresPerEmail.max,
    );
    const [refused] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from audit_log
        where registro_id = ${userId} and acao = 'falha_login' and depois->>'motivo' = 'limite_tentativas'`),
    );
    expect(refused!.n).toBe(1);
  });

  it('sign-ins refused by the limit are audited (falha_login, motivo limite_tentativas), unknown e-mails too', async () => {
    const unknown = email('ninguem');
    const from = ip();
    for (let i = 0; i < authLimits.loginFailuresPerEmailIp.max; i++)
      await signIn(unknown, 'errada-123', from);
    expect((await signIn(unknown, 'errada-123', from)).status).toBe(429);
    expect((await signIn(unknown, 'errada-123', from)).status).toBe(429);
    const rows = rowsOf<{ user_email: string; ip: string; depois: unknown }>(
      await t.db.execute(sql`select user_email, host(ip) as ip, depois from audit_log
        where acao = 'falha_login' and user_email = ${unknown} and depois->>'motivo' = 'limite_tentativas'`),
    );
    expect(rows).toEqual([
      { user_email: unknown, ip: from, depois: { motivo: 'limite_tentativas' } },
      { user_email: unknown, ip: from, depois: { motivo: 'limite_tentativas' } },
    ]);
  });

  it('per IP: after 30 failures (any e-mails) the address waits', async () => {
    const from = ip();
    for (let i = 0; i < authLimits.loginFailuresPerIp.max; i++) {
      const r = await post(
        '/auth/v1/token?grant_type=password',
        { email: email(), password: 'errada-123' },
        from,
      );
      expect(r.status).toBe(400);
    }
    const blocked = await post(
      '/auth/v1/token?grant_type=password',
      { email: email(), password: 'errada-123' },
      from,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('over_request_rate_limit');
    // another address is not affected
    expect(
      (await post('/auth/v1/token?grant_type=password', { email: email(), password: 'errada-123' }, ip()))
        .status,
    ).toBe(400);
  });
});

describe('sign-up and recovery per IP', () => {
  it('sign-up: 10 per hour from one address', async () => {
    const from = ip();
    for (let i = 0; i < authLimits.signupPerIp.max; i++) {
      expect(
        (await post('/auth/v1/signup', { email: email('cad'), password: 'senha-forte-1' }, from)).status,
      ).toBe(200);
    }
    const blocked = await post('/auth/v1/signup', { email: email('cad'), password: 'senha-forte-1' }, from);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'over_request_rate_limit',
      message: 'Muitas tentativas. Tente novamente em 60 minutos.',
    });
    expect(blocked.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('recovery: 10 per hour from one address', async () => {
    const from = ip();
    for (let i = 0; i < authLimits.recoverPerIp.max; i++) {
      expect((await post('/auth/v1/recover', { email: email('rec') }, from)).status).toBe(200);
    }
    const blocked = await post('/auth/v1/recover', { email: email('rec') }, from);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('over_request_rate_limit');
  });
});

describe('one e-mail per address per 60 s', () => {
  it('a second recovery e-mail within a minute → 429 over_email_send_rate_limit, for unknown addresses too', async () => {
    const { email: who } = await t.signIn([]);
    const unknown = email('ninguem');
    for (const address of [who, unknown]) {
      expect((await post('/auth/v1/recover', { email: address }, ip())).status).toBe(200);
      const again = await post('/auth/v1/recover', { email: address.toUpperCase() }, ip());
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ code: 'over_email_send_rate_limit' });
      expect(again.body.message).toMatch(
        /^Por segurança, aguarde \d+ segundos? antes de pedir outro e-mail\.$/,
      );
      expect(Number(again.res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    const [count] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from mail_outbox where lower(para) = ${who.toLowerCase()}`,
      ),
    );
    expect(count!.n).toBe(1);
  });

  it('right after sign-up the confirmation counts: a recovery e-mail must wait', async () => {
    const address = email('cad');
    expect((await post('/auth/v1/signup', { email: address, password: 'senha-forte-1' }, ip())).status).toBe(
      200,
    );
    expect((await post('/auth/v1/recover', { email: address }, ip())).status).toBe(429);
  });
});

describe('counters are shared through the database', () => {
  it('two app instances on one database count against the same window', async () => {
    const { createApp } = await import('../../app.ts');
    const other = createApp(t.deps);
    const { email: who } = await t.signIn([]);
    expect((await post('/auth/v1/recover', { email: who }, ip())).status).toBe(200);
    const res = await other.request('/auth/v1/recover', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip() },
      body: JSON.stringify({ email: who }),
    });
    expect(res.status).toBe(429);
  });

  it('concurrent hits are all counted (atomic upsert)', async () => {
    const key = `teste:${email()}`;
    const limit = { max: 100, windowSeconds: 60 };
    const counts = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(t.db, key, limit)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
