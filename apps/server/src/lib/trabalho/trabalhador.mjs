// Entry of a worker thread of the pool (pool.ts). A plain .mjs file so it loads the same way under
// `npm start` (node --import tsx), `npm run dev` (tsx watch) and Vitest (whose TypeScript transform
// does not reach worker threads): it registers tsx itself, then loads the TypeScript message loop.
import { register } from 'tsx/esm/api';

register();
await import('./trabalhador.ts');
