import type { Logger } from '../logger.ts';
import type { Jobs } from './jobs.ts';

/**
 * Runs `tarefa` now and every `intervaloMs` until the job queue stops: the servers' periodic sweeps
 * (the invoicing resume, the força de vendas log pruning). A run never overlaps the one before it (a
 * slow database skips a beat instead of piling up), and a failure is logged with `falha` and retried
 * at the next beat. Answers the first run, for a caller that must wait for it.
 */
export function agendaPeriodica(
  jobs: Jobs,
  logger: Logger,
  intervaloMs: number,
  falha: string,
  tarefa: () => Promise<void>,
): Promise<void> {
  let rodando = false;
  const roda = async () => {
    if (rodando) return;
    rodando = true;
    try {
      await tarefa();
    } catch (err) {
      logger.error({ err: (err as Error).message }, falha);
    } finally {
      rodando = false;
    }
  };
  const primeira = roda();
  const timer = setInterval(() => void roda(), intervaloMs);
  timer.unref();
  jobs.aoParar.push(() => clearInterval(timer));
  return primeira;
}
