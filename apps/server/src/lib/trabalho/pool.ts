import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ERROS_DAS_TAREFAS, type Tarefas } from './tarefas.ts';

// A small, bounded pool of worker threads for the CPU-heavy reading of uploaded files (NF-e XML:
// XSD + parse + signature; OFX and CNAB parsing). Without it one 8 MB NF-e held the event loop for
// 10 s and every other user's request waited. Written here on node:worker_threads rather than taken
// from npm (piscina 5 was considered: Node ≥ 20, well kept): the tasks are a handful of pure functions
// called with a Uint8Array, one at a time per worker; what piscina adds (task queues per worker,
// histograms, abort signals, atomics wake-ups) is not needed, and its worker file would still have to
// load TypeScript through tsx (trabalhador.mjs) — so ~100 lines and no dependency.
//
// Size: the machine's cores minus one for the event loop, at least 1, at most 4 — a file waits in the
// queue rather than take the core the HTTP server needs. Workers start on first use, are kept for
// the next file and do not hold the process open (unref); they run below the event loop's priority
// (trabalhador.ts). A task that runs away (too long or too much memory) ends its worker and fails
// with a pt-BR message; the next task gets a fresh worker.

export const TAMANHO_POOL = Math.max(1, Math.min(4, os.availableParallelism() - 1));
const TEMPO_MAXIMO_MS = 120_000;
const MEMORIA_MAXIMA_MB = 1024;

export const poolMensagens = {
  tempo: 'A leitura do arquivo demorou demais e foi interrompida. Divida o arquivo e tente novamente.',
  memoria: 'O arquivo é grande demais para ser lido. Divida o arquivo e tente novamente.',
  falha: 'A leitura do arquivo falhou.',
} as const;

/** Errors the tasks throw on purpose are thrown again here as the same class (matched by name). */
const classes = new Map<string, new (mensagem: string) => Error>(ERROS_DAS_TAREFAS.map((c) => [c.name, c]));

export class TarefaInterrompida extends Error {}

type Pedido = {
  id: number;
  tarefa: string;
  args: unknown[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
};
type Resposta =
  | { id: number; ok: true; valor: unknown }
  | { id: number; ok: false; nome: string; mensagem: string };
type Trabalhador = { worker: Worker; atual: Pedido | null; timer: NodeJS.Timeout | null };

const trabalhadores: Trabalhador[] = [];
const fila: Pedido[] = [];
let proximoId = 1;
let executadas = 0;

function termina(t: Trabalhador, erro: Error | null, resposta?: Resposta) {
  const p = t.atual;
  t.atual = null;
  if (t.timer) clearTimeout(t.timer);
  t.timer = null;
  if (p) {
    if (erro) p.reject(erro);
    else if (resposta?.ok) p.resolve(resposta.valor);
    else if (resposta) {
      const C = classes.get(resposta.nome);
      p.reject(C ? new C(resposta.mensagem) : new Error(resposta.mensagem));
    }
  }
}

function descarta(t: Trabalhador, erro: Error) {
  const i = trabalhadores.indexOf(t);
  if (i >= 0) trabalhadores.splice(i, 1);
  termina(t, erro);
  t.worker.terminate().catch(() => {});
  despacha();
}

function novoTrabalhador(): Trabalhador {
  // Under `npm start` this module is in the server's bundle and the URL names the bundled worker
  // beside it (apps/server/dist/trabalhador.mjs, built from trabalhador.ts by scripts/build-server.mjs).
  const worker = new Worker(new URL('./trabalhador.mjs', import.meta.url), {
    // the worker registers tsx itself; the parent's flags (tsx's loader, Vitest's) are not inherited
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: MEMORIA_MAXIMA_MB },
  });
  worker.unref();
  const t: Trabalhador = { worker, atual: null, timer: null };
  worker.on('message', (r: Resposta) => {
    termina(t, null, r);
    despacha();
  });
  worker.on('error', (e: Error & { code?: string }) =>
    descarta(
      t,
      new TarefaInterrompida(
        e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? poolMensagens.memoria : poolMensagens.falha,
      ),
    ),
  );
  worker.on('exit', () => {
    if (trabalhadores.includes(t)) descarta(t, new TarefaInterrompida(poolMensagens.falha));
  });
  trabalhadores.push(t);
  return t;
}

function despacha() {
  while (fila.length) {
    const t =
      trabalhadores.find((x) => !x.atual) ?? (trabalhadores.length < TAMANHO_POOL ? novoTrabalhador() : null);
    if (!t) return;
    const p = fila.shift() as Pedido;
    t.atual = p;
    t.timer = setTimeout(() => descarta(t, new TarefaInterrompida(poolMensagens.tempo)), TEMPO_MAXIMO_MS);
    t.timer.unref();
    executadas++;
    t.worker.postMessage({ id: p.id, tarefa: p.tarefa, args: p.args });
  }
}

/** Runs one task of tarefas.ts on a worker thread; the caller's event loop stays free meanwhile. */
export function executa<K extends keyof Tarefas>(
  tarefa: K,
  ...args: Parameters<Tarefas[K]>
): Promise<Awaited<ReturnType<Tarefas[K]>>> {
  return new Promise((resolve, reject) => {
    fila.push({ id: proximoId++, tarefa, args, resolve: resolve as (v: unknown) => void, reject });
    despacha();
  });
}

/** Tasks handed to a worker since start, and the live workers (tests, diagnostics). */
export function estatisticasPool(): { executadas: number; trabalhadores: number } {
  return { executadas, trabalhadores: trabalhadores.length };
}

/** Ends the workers (graceful shutdown, tests). */
export async function encerraPool(): Promise<void> {
  const ts = trabalhadores.splice(0);
  for (const t of ts) termina(t, new TarefaInterrompida(poolMensagens.falha));
  await Promise.all(ts.map((t) => t.worker.terminate()));
}
