import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3001';

// Every screen is its own chunk (each module's routes.tsx loads its pages lazily); the libraries every
// first load needs anyway (React, the router, the auth client, TanStack Query) go in a chunk of their
// own, which stays cached across releases that change only our code. Libraries of a few screens
// (dnd-kit, the date picker…) stay out of it and land in those screens' chunks.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|@supabase\/auth-js|@tanstack\/query-core|@tanstack\/react-query)\//;

/**
 * A gzip copy beside each built script and stylesheet (`x.js.gz`): the server sends it to browsers
 * that accept gzip, about a third of the bytes, compressed once at build time instead of per request.
 */
function gzipAssets(): Plugin {
  return {
    name: 'erp:gzip-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = path.join(dir, name);
        const body = fs.readFileSync(file);
        if (body.length >= 1024) fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), gzipAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/auth/v1': apiTarget,
      '/health': apiTarget,
      '/ready': apiTarget,
    },
  },
});
