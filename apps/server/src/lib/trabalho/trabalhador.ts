import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { tarefas } from './tarefas.ts';

// The message loop of a pool worker: one task at a time, its result or its error (by class name,
// so the caller can throw the same kind of error it would have thrown in the main thread).

// Below the event loop's priority: on Linux a nice value belongs to the thread that sets it, so only
// this worker yields — when the cores are busy, the HTTP thread answering other users goes first and
// the file takes longer. Elsewhere (or if refused) it simply stays at the normal priority.
try {
  os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {}

type Pedido = { id: number; tarefa: keyof typeof tarefas; args: unknown[] };

parentPort?.on('message', async ({ id, tarefa, args }: Pedido) => {
  try {
    const fn = tarefas[tarefa] as (...a: unknown[]) => unknown;
    const valor = await fn(...args);
    parentPort?.postMessage({ id, ok: true, valor });
  } catch (e) {
    const erro = e instanceof Error ? e : new Error(String(e));
    parentPort?.postMessage({ id, ok: false, nome: erro.constructor.name, mensagem: erro.message });
  }
});
