import { describe, expect, it } from 'vitest';
import { loteNatural } from './lote-natural.ts';

/** A controllable executor: records each batch and answers when told to. */
function executor() {
  const lotes: number[][] = [];
  const pendentes: (() => void)[] = [];
  const executa = (itens: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      lotes.push(itens);
      pendentes.push(() =>
        itens.includes(-1) ? reject(new Error('falhou')) : resolve(itens.map((i) => `r${i}`)),
      );
    });
  const libera = async () => {
    pendentes.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { lotes, executa, libera };
}

describe('loteNatural (group commit)', () => {
  it('runs a lone call at once, alone; calls that wait go together in the next batch, in order', async () => {
    const ex = executor();
    const chama = loteNatural(ex.executa, { emVoo: 1, maximo: 3 });
    const r1 = chama(1);
    expect(ex.lotes).toEqual([[1]]);
    const outros = [chama(2), chama(3), chama(4), chama(5)];
    expect(ex.lotes).toEqual([[1]]); // they wait for the batch in flight
    await ex.libera();
    expect(await r1).toBe('r1');
    expect(ex.lotes).toEqual([[1], [2, 3, 4]]); // at most 3 a batch
    await ex.libera();
    expect(ex.lotes).toEqual([[1], [2, 3, 4], [5]]);
    await ex.libera();
    expect(await Promise.all(outros)).toEqual(['r2', 'r3', 'r4', 'r5']);
  });

  it('keeps up to emVoo batches in flight', async () => {
    const ex = executor();
    const chama = loteNatural(ex.executa, { emVoo: 2, maximo: 10 });
    const rs = [chama(1), chama(2), chama(3), chama(4)];
    expect(ex.lotes).toEqual([[1], [2]]);
    await ex.libera();
    expect(ex.lotes).toEqual([[1], [2], [3, 4]]);
    await ex.libera();
    await ex.libera();
    expect(await Promise.all(rs)).toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it('rejects every call of a batch that fails, and goes on with the next', async () => {
    const ex = executor();
    const chama = loteNatural(ex.executa, { emVoo: 1, maximo: 10 });
    const r1 = chama(1);
    const falhos = [chama(-1), chama(2)];
    const depois = chama(3);
    await ex.libera();
    expect(await r1).toBe('r1');
    expect(ex.lotes).toEqual([[1], [-1, 2, 3]]);
    const recusas = [...falhos, depois].map((f) => expect(f).rejects.toThrow('falhou'));
    await ex.libera();
    await Promise.all(recusas);
    const r4 = chama(4);
    expect(ex.lotes.at(-1)).toEqual([4]);
    await ex.libera();
    expect(await r4).toBe('r4');
  });
});
