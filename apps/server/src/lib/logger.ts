import pino from 'pino';

// Never log secrets: these paths are censored wherever they appear in a log object.
const redact = {
  paths: [
    'password',
    '*.password',
    'access_token',
    '*.access_token',
    'refresh_token',
    '*.refresh_token',
    'token',
    '*.token',
    'params',
    '*.params',
    'req.headers.authorization',
    'req.headers.cookie',
    'headers.authorization',
    'headers.apikey',
  ],
  censor: '[redacted]',
};

type ErrorFields = Error & Record<string, unknown>;

/**
 * A copy of an error (and of its causes) without the values of the failed SQL: drizzle's
 * "Failed query" error carries the query's parameters in `params`, its message and its stack
 * (passwords' hashes, personal data), and PostgreSQL's `detail` may hold a whole row ("Failing row
 * contains ..."). The SQL text itself, the SQLSTATE and the stack stay.
 */
export function scrubError(err: Error, depth = 0): Error {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(err)), err) as ErrorFields;
  let message = err.message;
  let stack = err.stack;
  const cut = message.indexOf('\nparams: ');
  if (cut >= 0) {
    const clean = message.slice(0, cut);
    const header = `${err.name}: ${message}`;
    stack = stack?.startsWith(header) ? `${err.name}: ${clean}${stack.slice(header.length)}` : undefined;
    message = clean;
  }
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  Object.defineProperty(copy, 'stack', { value: stack, enumerable: false, writable: true });
  delete copy.params;
  delete copy.detail;
  if (err.cause instanceof Error && depth < 5) copy.cause = scrubError(err.cause, depth + 1);
  return copy;
}

const serializers = {
  err: (err: unknown) => pino.stdSerializers.err(err instanceof Error ? scrubError(err) : (err as Error)),
};

export type Logger = pino.Logger;

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact, serializers, base: { service: 'plataforma-erp' } }, destination);
}

/**
 * `parent.child(bindings)` made on first use: every request gets its own logger (request id, then
 * user id), but most requests write no line at the configured level, and pino's child() cost tens
 * of µs of the server's one thread per request (issue 30). Same behaviour once used.
 */
export function lazyChild(parent: Logger, bindings: Record<string, unknown>): Logger {
  let real: Logger | undefined;
  const get = () => {
    real ??= parent.child(bindings);
    return real;
  };
  return new Proxy({} as Logger, {
    get(_t, prop) {
      const r = get();
      const v = Reflect.get(r, prop, r);
      return typeof v === 'function' ? v.bind(r) : v;
    },
    set(_t, prop, value) {
      return Reflect.set(get(), prop, value);
    },
    has(_t, prop) {
      return Reflect.has(get(), prop);
    },
  });
}
