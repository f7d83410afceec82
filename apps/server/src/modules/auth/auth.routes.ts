import {
  genericMessages,
  goTrueLogoutQuery,
  goTruePasswordGrantBody,
  goTrueRecoverBody,
  goTrueRedirectQuery,
  goTrueRefreshGrantBody,
  goTrueSignupBody,
  goTrueUpdateUserBody,
  goTrueVerifyQuery,
} from '@erp/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bearerToken, resolveUser } from '../../lib/auth.ts';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, type ErrorCode, isTransientDbError } from '../../lib/errors.ts';
import { jsonBody, parseOrThrow, queryParams } from '../../lib/validate.ts';
import { recordAuthEvent } from '../auditoria/auth-events.service.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import {
  getCurrentUser,
  signInWithPassword,
  signUp,
  updateCurrentUser,
  verifyEmailLink,
} from './account.service.ts';
import { sendRecoveryEmail } from './account-mail.service.ts';
import { authLimits, enforceRateLimit, rateLimitKey } from './rate-limit.service.ts';
import { refreshSession, signOutSessions } from './session.service.ts';
import { verifyAccessToken } from './tokens.ts';

/** The GoTrue API version whose error format we speak: errors carry `code` as a string. */
const API_VERSION = '2024-01-01';

const defaultAuthCode: Record<ErrorCode, string> = {
  bad_request: 'bad_request',
  validation_failed: 'validation_failed',
  unauthorized: 'no_authorization',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  payload_too_large: 'request_too_large',
  unprocessable: 'unprocessable_entity',
  rate_limited: 'over_request_rate_limit',
  internal: 'unexpected_failure',
  unavailable: 'service_unavailable',
};

type GoTrueErrorBody = {
  code: string;
  error_code: string;
  msg: string;
  message: string;
  weak_password?: unknown;
};

function goTrueError(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra = {},
) {
  return c.json<GoTrueErrorBody>({ code, error_code: code, msg: message, message, ...extra }, status);
}

const meta = (c: Context<AppEnv>) => ({
  ip: clientIp(c, c.var.deps.config.trustProxy),
  userAgent: c.req.header('user-agent') ?? null,
});

/** Bearer access token → c.var.user: valid JWT, live session, active user; otherwise 401. */
const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) {
    throw new AppError('unauthorized', genericMessages.unauthorized, { authCode: 'no_authorization' });
  }
  if (!(await verifyAccessToken(c.var.deps.jwtSecret, token))) {
    throw new AppError('unauthorized', genericMessages.unauthorized, { authCode: 'bad_jwt' });
  }
  const user = await resolveUser(c.var.deps, token);
  // Session ended (sign-out, password change elsewhere, deactivation): auth-js drops its copy.
  if (!user)
    throw new AppError('unauthorized', genericMessages.unauthorized, { authCode: 'session_not_found' });
  c.set('user', user);
  c.set('log', c.var.log.child({ userId: user.id }));
  await next();
});

/**
 * The Supabase Auth (GoTrue) HTTP API subset that @supabase/auth-js uses, mounted at /auth/v1.
 * Request and response JSON, query parameters and error JSON follow GoTrue's wire contract.
 */
export const authRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('X-Supabase-Api-Version', API_VERSION);
    c.header('Cache-Control', 'no-store');
  })
  .get('/settings', async (c) => {
    const allowed = await getSetting(c.var.deps.db, 'permitir_novos_cadastros');
    return c.json({
      external: { email: true, phone: false },
      disable_signup: !allowed,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  })
  .post('/signup', queryParams(goTrueRedirectQuery), jsonBody(goTrueSignupBody), async (c) =>
    c.json(await signUp(c.var.deps, c.req.valid('json'), c.req.valid('query').redirect_to, meta(c))),
  )
  .post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await c.req.json().catch(() => {
      throw new AppError('bad_request', genericMessages.malformedJson, { authCode: 'bad_json' });
    });
    if (grant === 'password') {
      return c.json(
        await signInWithPassword(c.var.deps, parseOrThrow(goTruePasswordGrantBody, body), meta(c)),
      );
    }
    if (grant === 'refresh_token') {
      const { refresh_token } = parseOrThrow(goTrueRefreshGrantBody, body);
      return c.json(await refreshSession(c.var.deps, refresh_token, meta(c)));
    }
    throw new AppError('bad_request', 'Tipo de concessão não suportado.', {
      authCode: 'unsupported_grant_type',
    });
  })
  .get('/verify', queryParams(goTrueVerifyQuery), async (c) => {
    const target = await verifyEmailLink(c.var.deps, c.req.valid('query'), meta(c));
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(target, 303);
  })
  .post('/recover', queryParams(goTrueRedirectQuery), jsonBody(goTrueRecoverBody), async (c) => {
    const m = meta(c);
    if (m.ip) await enforceRateLimit(c.var.deps.db, rateLimitKey.recoverIp(m.ip), authLimits.recoverPerIp);
    await sendRecoveryEmail(c.var.deps.db, c.var.deps, c.req.valid('json').email, {
      redirectTo: c.req.valid('query').redirect_to,
      meta: m,
    });
    return c.json({});
  })
  .get('/user', signedIn, async (c) => c.json(await getCurrentUser(c.var.deps.db, c.var.user.id)))
  .put('/user', signedIn, jsonBody(goTrueUpdateUserBody), async (c) =>
    c.json(await updateCurrentUser(c.var.deps, c.var.user, c.req.valid('json'), meta(c))),
  )
  .post('/logout', signedIn, queryParams(goTrueLogoutQuery), async (c) => {
    const { scope } = c.req.valid('query');
    const ended = await signOutSessions(c.var.deps.db, c.var.user, scope);
    const m = meta(c);
    await recordAuthEvent(c.var.deps.db, {
      acao: 'saida',
      userId: c.var.user.id,
      email: c.var.user.email,
      ip: m.ip,
      userAgent: m.userAgent,
      depois: { escopo: scope, sessoes_encerradas: ended },
    });
    return c.body(null, 204);
  })
  .onError((err, c) => {
    c.header('X-Supabase-Api-Version', API_VERSION);
    c.header('Cache-Control', 'no-store');
    if (err instanceof AppError) {
      const details = err.details ?? {};
      const code = typeof details.authCode === 'string' ? details.authCode : defaultAuthCode[err.code];
      const fieldMessages = Object.values(details.fields ?? {}).flat();
      const message = err.code === 'validation_failed' && fieldMessages[0] ? fieldMessages[0] : err.message;
      if (typeof details.retryAfterSeconds === 'number')
        c.header('Retry-After', String(details.retryAfterSeconds));
      const extra = details.weak_password ? { weak_password: details.weak_password } : {};
      return goTrueError(c, err.status, code, message, extra);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return goTrueError(c, err.status as ContentfulStatusCode, 'bad_json', genericMessages.malformedJson);
    }
    if (isTransientDbError(err)) {
      // auth-js retries 502/503/504; a 500 would look like a bug
      c.var.log.warn({ err }, 'transient database failure');
      c.header('Retry-After', '1');
      return goTrueError(c, 503, 'service_unavailable', genericMessages.unavailable);
    }
    c.var.log.error({ err }, 'unhandled error');
    return goTrueError(c, 500, 'unexpected_failure', genericMessages.internal);
  });
