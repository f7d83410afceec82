import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { genericMessages } from '@erp/shared';
import { Hono, type HonoRequest } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Deps } from './lib/context.ts';
import { AppError, type ErrorBody, isTransientDbError } from './lib/errors.ts';
import { lazyChild } from './lib/logger.ts';
import { staticWeb } from './lib/static-web.ts';
import { auditoriaRoutes } from './modules/auditoria/auditoria.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cadastrosRoutes } from './modules/cadastros/cadastros.routes.ts';
import { comercialRoutes } from './modules/comercial/comercial.routes.ts';
import { comercialConsultasRoutes } from './modules/comercial/consultas.routes.ts';
import { comprasRoutes } from './modules/compras/compras.routes.ts';
import { sugestaoCompraRoutes } from './modules/compras/sugestao-compra.routes.ts';
import { configuracoesRoutes } from './modules/configuracoes/configuracoes.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { devolucoesRoutes } from './modules/devolucoes/devolucoes.routes.ts';
import { devolucoesCompraRoutes } from './modules/devolucoes/devolucoes-compra.routes.ts';
import { entradasRoutes, notasEntradaRoutes } from './modules/entradas/entradas.routes.ts';
import { estoqueRoutes } from './modules/estoque/estoque.routes.ts';
import { expedicaoRoutes } from './modules/expedicao/expedicao.routes.ts';
import { faturamentoRoutes } from './modules/expedicao/faturamento.routes.ts';
import { creditosRoutes } from './modules/financeiro/creditos.routes.ts';
import { financeiroRoutes } from './modules/financeiro/financeiro.routes.ts';
import { configuraCofre } from './modules/fiscal/certificado-cofre.ts';
import { fiscalRoutes } from './modules/fiscal/fiscal.routes.ts';
import { frotaRoutes } from './modules/frota/frota.routes.ts';
import { mdfeRoutes } from './modules/mdfe/mdfe.routes.ts';
import { notasSaidaRoutes } from './modules/notasfiscais/notasfiscais.routes.ts';
import { transmissaoRoutes } from './modules/notasfiscais/transmissao.routes.ts';
import { precosRoutes } from './modules/precos/precos.routes.ts';
import { relatoriosRoutes } from './modules/relatorios/relatorios.routes.ts';
import { configRoutes } from './modules/system/config.routes.ts';
import { shellRoutes } from './modules/system/shell.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { tributacaoRoutes } from './modules/tributacao/tributacao.routes.ts';
import { meRoutes } from './modules/usuarios/me.routes.ts';
import { usuariosRoutes } from './modules/usuarios/usuarios.routes.ts';
import { vendasRoutes } from './modules/vendas/vendas.routes.ts';

/** Routes that receive whole files (UPLOAD_LIMIT_BYTES instead of BODY_LIMIT_BYTES). */
const ROTAS_DE_ARQUIVO = new Set([
  '/api/estoque/entradas/importar',
  '/api/financeiro/extrato-bancario/importar',
  '/api/financeiro/extrato-bancario/cnab',
  '/api/fiscal/certificado',
]);

/**
 * Under the Node server, a JSON body with a Content-Length (its size already checked) is read from
 * the IncomingMessage itself when a route first asks for it: reading it through `c.req.raw` made
 * @hono/node-server build a whole WHATWG Request (Headers, AbortController, a web stream over the
 * socket) for every POST/PUT (issue 30). Hono reads `c.req.json()` through its body cache's
 * `text`, so the text is placed there, lazily (a route that never reads its body reads nothing).
 * Decoded as Request.text() does: UTF-8, a leading BOM dropped. Other bodies keep the web path.
 */
function corpoJsonDoNode(req: HonoRequest, incoming: IncomingMessage) {
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(incoming.headers['content-type'] ?? '')) return;
  if ('rawBody' in incoming) return;
  let lido: Promise<string> | undefined;
  const ler = () =>
    new Promise<string>((resolve, reject) => {
      const partes: Buffer[] = [];
      incoming.on('data', (parte: Buffer) => partes.push(parte));
      incoming.once('end', () => {
        const texto = Buffer.concat(partes).toString('utf8');
        resolve(texto.charCodeAt(0) === 0xfeff ? texto.slice(1) : texto);
      });
      incoming.once('error', reject);
      incoming.once('aborted', () => reject(new Error('request aborted')));
    });
  // a thenable: Hono only calls .then on its body cache's entries
  (req.bodyCache as { text?: PromiseLike<string> }).text = {
    // biome-ignore lint/suspicious/noThenProperty: a lazy promise, read on first use
    then: (ok, falha) => {
      lido ??= ler();
      return lido.then(ok, falha);
    },
  };
}

/**
 * The /api surface: one .route() line per module. Its type (ApiType) feeds the web's typed client.
 */
export function createApiRoutes() {
  return (
    new Hono<AppEnv>()
      .route('/config', configRoutes)
      .route('/shell', shellRoutes)
      .route('/cadastros', cadastrosRoutes)
      .route('/comercial/devolucoes', devolucoesRoutes)
      .route('/comercial', comercialRoutes)
      .route('/comercial', comercialConsultasRoutes)
      .route('/compras', comprasRoutes)
      .route('/compras', sugestaoCompraRoutes)
      .route('/dashboard', dashboardRoutes)
      .route('/estoque/entradas', entradasRoutes)
      .route('/estoque/devolucoes-compra', devolucoesCompraRoutes)
      .route('/estoque', estoqueRoutes)
      .route('/financeiro/creditos', creditosRoutes)
      .route('/financeiro', financeiroRoutes)
      .route('/frota', frotaRoutes)
      .route('/expedicao', expedicaoRoutes)
      .route('/expedicao', faturamentoRoutes)
      .route('/expedicao', mdfeRoutes)
      .route('/tributacao', tributacaoRoutes)
      .route('/precos', precosRoutes)
      .route('/relatorios', relatoriosRoutes)
      .route('/me', meRoutes)
      .route('/usuarios', usuariosRoutes)
      .route('/vendas', vendasRoutes)
      .route('/auditoria', auditoriaRoutes)
      .route('/configuracoes', configuracoesRoutes)
      .route('/notasfiscais/entrada', notasEntradaRoutes)
      // before the notes' own routes: /inutilizacao(-oes) must not be read as an :id
      .route('/notasfiscais/saida', transmissaoRoutes)
      .route('/notasfiscais/saida', notasSaidaRoutes)
      .route('/fiscal', fiscalRoutes)
  );
}

export type ApiType = ReturnType<typeof createApiRoutes>;

export function createApp(deps: Deps) {
  // the A1 certificate's encryption key, from the configuration (a clear message when it is generated)
  configuraCofre(deps.config, deps.logger);
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', lazyChild(deps.logger, { requestId }));
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    // the level is checked first: the request's child logger is only made when a line is written
    if (
      deps.logger.isLevelEnabled('info') &&
      !c.req.path.startsWith('/assets/') &&
      c.req.path !== '/health'
    ) {
      c.var.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
    }
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes/elements are used by toasts and transitions; no inline scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      // a header a route set itself wins (GET /auth/v1/verify answers Referrer-Policy: no-referrer)
      overwrite: false,
    }),
  );

  // API answers (data of signed-in users, tokens) are never kept by browsers or proxies.
  app.use('/api/*', async (c, next) => {
    await next();
    // on the answer's own headers, as secureHeaders does: c.header() after the handler rebuilt the
    // whole Response (under the Node server, a WHATWG Response built from its body) on every request
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // File imports (NF-e XML/.zip, OFX, CNAB as base64 JSON) carry whole files: their own, larger limit.
  const limite = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError('payload_too_large', genericMessages.payloadTooLarge);
      },
    });
  const limiteComum = limite(deps.config.bodyLimitBytes);
  const limiteArquivos = limite(deps.config.uploadLimitBytes);
  app.use('*', (c, next) => {
    const arquivos = ROTAS_DE_ARQUIVO.has(c.req.path);
    // Under the Node server, what bodyLimit decides from the headers is decided here from Node's
    // own request: bodyLimit reads `c.req.raw.body`, which makes @hono/node-server build a whole
    // WHATWG Request (Headers, AbortController, a web stream over the socket) for every request,
    // GETs included — a large share of the server's CPU per request (issue 30).
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming) {
      const method = incoming.method;
      // a web Request of these methods has no body: bodyLimit lets them through
      if (method === 'GET' || method === 'HEAD') return next();
      const tamanho = incoming.headers['content-length'];
      if (tamanho !== undefined && incoming.headers['transfer-encoding'] === undefined) {
        // bodyLimit's rule for a declared length (the HTTP parser stops at it)
        const max = arquivos ? deps.config.uploadLimitBytes : deps.config.bodyLimitBytes;
        if (Number.parseInt(tamanho || '0', 10) > max)
          throw new AppError('payload_too_large', genericMessages.payloadTooLarge);
        corpoJsonDoNode(c.req, incoming);
        return next();
      }
    }
    // chunked bodies (and app.request in tests): bodyLimit counts their bytes on the web stream
    return (arquivos ? limiteArquivos : limiteComum)(c, next);
  });

  app.route('/', systemRoutes);
  app.route('/auth/v1', authRoutes);
  app.route('/api', createApiRoutes());

  app.all('/api/*', () => {
    throw new AppError('not_found', genericMessages.notFound);
  });

  app.route('/', staticWeb(deps.config.webDistDir));

  app.notFound((c) => c.json<ErrorBody>({ code: 'not_found', message: genericMessages.notFound }, 404));

  app.onError((err, c) => {
    const requestId = c.var.requestId;
    if (err instanceof AppError) {
      if (typeof err.details?.retryAfterSeconds === 'number') {
        c.header('Retry-After', String(err.details.retryAfterSeconds));
      }
      return c.json<ErrorBody>(
        { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}), requestId },
        err.status,
      );
    }
    if (err instanceof HTTPException) {
      // Hono's own 4xx (e.g. malformed JSON in a validator)
      const status = err.status;
      const message =
        status === 400
          ? genericMessages.malformedJson
          : status === 413
            ? genericMessages.payloadTooLarge
            : err.message;
      const code = status === 400 ? 'bad_request' : status === 413 ? 'payload_too_large' : 'error';
      return c.json<ErrorBody>({ code, message, requestId }, status);
    }
    if (isTransientDbError(err)) {
      c.var.log.warn({ err }, 'transient database failure');
      c.header('Retry-After', '1');
      return c.json<ErrorBody>({ code: 'unavailable', message: genericMessages.unavailable, requestId }, 503);
    }
    c.var.log.error({ err }, 'unhandled error');
    return c.json<ErrorBody>({ code: 'internal', message: genericMessages.internal, requestId }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
