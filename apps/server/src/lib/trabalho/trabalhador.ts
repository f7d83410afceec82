import { parentPort } from 'node:worker_threads';
import { tarefas } from './tarefas.ts';

// The message loop of a pool worker: one task at a time, its result or its error (by class name,
// so the caller can throw the same kind of error it would have thrown in the main thread).

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
