import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { staticWeb } from './static-web.ts';

// The built web app as the server sends it: hashed assets gzipped (the build's .gz copy) for
// browsers that accept gzip, as they are for the others, index.html never cached.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-static-'));
fs.mkdirSync(path.join(root, 'assets'));
const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
fs.writeFileSync(path.join(root, 'assets', 'app-abc.js'), js);
fs.writeFileSync(path.join(root, 'assets', 'app-abc.js.gz'), gzipSync(js));
fs.writeFileSync(path.join(root, 'assets', 'tiny-abc.js'), 'export{}');
fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const web = staticWeb(root);
const get = (url: string, acceptEncoding?: string) =>
  web.request(url, acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {});

describe('static web app', () => {
  it('sends the gzip copy of an asset to a browser that accepts gzip', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(gunzipSync(body).toString()).toBe(js);
  });

  it('sends the asset as it is without gzip in Accept-Encoding, or with gzip refused (q=0)', async () => {
    for (const accept of [undefined, 'br', 'gzip;q=0', 'gzip; q=0.0, br']) {
      const res = await get('/assets/app-abc.js', accept);
      expect(res.headers.get('Content-Encoding'), String(accept)).toBeNull();
      expect(res.headers.get('Vary'), String(accept)).toBe('Accept-Encoding');
      expect(await res.text(), String(accept)).toBe(js);
    }
    const weighted = await get('/assets/app-abc.js', 'br;q=1.0, gzip;q=0.5');
    expect(weighted.headers.get('Content-Encoding')).toBe('gzip');
  });

  it('sends an asset with no gzip copy (too small to compress) as it is', async () => {
    const res = await get('/assets/tiny-abc.js', 'gzip');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBeNull();
    expect(await res.text()).toBe('export{}');
  });

  it('index.html (also for client routes) is never cached nor gzipped', async () => {
    for (const url of ['/', '/index.html', '/notasfiscais/saida/123']) {
      const res = await get(url, 'gzip');
      expect(res.headers.get('Cache-Control'), url).toBe('no-cache');
      expect(res.headers.get('Content-Encoding'), url).toBeNull();
      expect(await res.text(), url).toBe('<!doctype html><div id="root"></div>');
    }
  });
});
