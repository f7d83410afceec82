/**
 * One running computation shared by the calls that ask for the same thing while it runs (a "single
 * flight"): the first call starts it, the calls with the same owner and key that arrive before it
 * settles get the same promise, and it is forgotten as soon as it settles — nothing is cached, so a
 * call made after it settled computes afresh. Issue 35: the dashboard's page sends `/comercial` and
 * `/comercial/vendas-por-produto` at once, and for a range of months both need every product sold in
 * it (~200,000 rows at 1 M orders); they read them once.
 *
 * A call that joins sees the database as of when the computation started, a few milliseconds before
 * its own arrival — as if its request had been a little earlier.
 *
 * Per owner (a database handle: tests build many apps in one process, each on its own database).
 */
export function emVooCompartilhado<D extends object, R>(): (
  dono: D,
  chave: string,
  calcula: () => Promise<R>,
) => Promise<R> {
  const porDono = new WeakMap<D, Map<string, Promise<R>>>();
  return (dono, chave, calcula) => {
    let emVoo = porDono.get(dono);
    if (!emVoo) {
      emVoo = new Map();
      porDono.set(dono, emVoo);
    }
    const existente = emVoo.get(chave);
    if (existente) return existente;
    const mapa = emVoo;
    const p = calcula().finally(() => mapa.delete(chave));
    mapa.set(chave, p);
    return p;
  };
}
