import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';

export const badPathMessage = 'Endereço inválido.';

/** "gzip" in Accept-Encoding, unless refused with q=0. */
const ACCEPTS_GZIP = /\bgzip\b(?!\s*;\s*q=0(\.0*)?\s*(,|$))/i;

const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built web app. Hashed files under /assets are cached for a year (gzipped for browsers
 * that accept it, when the build left a .gz beside them); index.html never is.
 * Any other GET that is not an API or auth path falls back to index.html (client-side routes).
 */
export function staticWeb(root: string) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(root, 'index.html');

  const send = (file: string, cache: string, acceptsGzip = false) => {
    const headers: Record<string, string> = {
      'Content-Type': mime[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cache,
    };
    // the build writes a gzip copy of each script and stylesheet (apps/web/vite.config.ts)
    const gz = `${file}.gz`;
    if (fs.existsSync(gz)) {
      headers.Vary = 'Accept-Encoding';
      if (acceptsGzip) {
        headers['Content-Encoding'] = 'gzip';
        return new Response(fs.readFileSync(gz), { headers });
      }
    }
    return new Response(fs.readFileSync(file), { headers });
  };

  app.get('*', async (c, next) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(c.req.path);
    } catch {
      // a malformed percent-encoding (GET /%, /matriz/%zz) names no file and no client route
      throw new AppError('bad_request', badPathMessage);
    }
    if (urlPath.includes('\u0000')) throw new AppError('bad_request', badPathMessage);
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/auth/v1/')) return next();
    const file = path.normalize(path.join(root, urlPath));
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = urlPath.startsWith('/assets/');
      if (!immutable) return send(file, 'no-cache');
      const acceptsGzip = ACCEPTS_GZIP.test(c.req.header('Accept-Encoding') ?? '');
      return send(file, 'public, max-age=31536000, immutable', acceptsGzip);
    }
    if (urlPath.startsWith('/assets/') || path.extname(urlPath)) return next();
    if (!fs.existsSync(indexPath)) {
      return c.text('A aplicação web não foi compilada. Rode "npm run build" (ou "npm start").', 503);
    }
    return send(indexPath, 'no-cache');
  });
  return app;
}
