/**
 * Natural batching (a "group commit"): a call that arrives while `emVoo` batches are already
 * running waits, and the next batch takes every waiting call at once (up to `maximo`). A call that
 * finds a free slot runs at once — alone when nothing else waits —, so there is no timer and no
 * added latency on a quiet server; under load the calls of one busy moment share one round trip
 * and one commit (issue 30: the stock postings and the session checks of concurrent requests).
 * Every call a batch takes arrived before the batch was sent, so it sees the database as of after
 * its own arrival, as a call of its own would.
 *
 * Why not `dataloader`: it batches the calls made within one tick of the event loop, and requests
 * reach the server in separate ticks — what piles up is the calls made while the database is busy.
 *
 * `executa` answers one output per input, in order; when it throws, every call of the batch
 * rejects with that error.
 */
export function loteNatural<I, O>(
  executa: (itens: I[]) => Promise<O[]>,
  opts: { emVoo: number; maximo: number },
): (item: I) => Promise<O> {
  const fila: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let ativos = 0;
  const dispara = () => {
    while (ativos < opts.emVoo && fila.length) {
      const lote = fila.splice(0, opts.maximo);
      ativos++;
      executa(lote.map((p) => p.item))
        .then(
          (saidas) => {
            for (const [i, p] of lote.entries()) p.resolve(saidas[i] as O);
          },
          (err: unknown) => {
            for (const p of lote) p.reject(err);
          },
        )
        .finally(() => {
          ativos--;
          dispara();
        });
    }
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      fila.push({ item, resolve, reject });
      dispara();
    });
}

/**
 * One batcher per key object (e.g. per database handle: tests build many apps in one process, each
 * on its own database), made on first use.
 */
export function lotePorChave<K extends object, I, O>(
  cria: (chave: K) => (item: I) => Promise<O>,
): (chave: K) => (item: I) => Promise<O> {
  const porChave = new WeakMap<K, (item: I) => Promise<O>>();
  return (chave) => {
    let f = porChave.get(chave);
    if (!f) {
      f = cria(chave);
      porChave.set(chave, f);
    }
    return f;
  };
}
