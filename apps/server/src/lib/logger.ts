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
    'req.headers.authorization',
    'req.headers.cookie',
    'headers.authorization',
    'headers.apikey',
  ],
  censor: '[redacted]',
};

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, redact, base: { service: 'plataforma-erp' } });
}
