import { describe, expect, it } from 'vitest';
import { emVooCompartilhado } from './em-voo.ts';

/** A computation that answers when told to, counting how many were started. */
function calculo() {
  const pendentes: { resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  let iniciados = 0;
  const calcula = () =>
    new Promise<string>((resolve, reject) => {
      iniciados++;
      pendentes.push({ resolve, reject });
    });
  return { calcula, pendentes, iniciados: () => iniciados };
}

describe('emVooCompartilhado (single flight)', () => {
  it('shares one running computation among the calls with the same owner and key, and keeps nothing after it', async () => {
    const compartilha = emVooCompartilhado<object, string>();
    const c = calculo();
    const dono = {};
    const a = compartilha(dono, '2026-01-01|2027-01-01', c.calcula);
    const b = compartilha(dono, '2026-01-01|2027-01-01', c.calcula);
    expect(c.iniciados()).toBe(1);
    c.pendentes[0]!.resolve('ano');
    expect(await Promise.all([a, b])).toEqual(['ano', 'ano']);
    // settled: the next call computes afresh (nothing cached)
    const depois = compartilha(dono, '2026-01-01|2027-01-01', c.calcula);
    expect(c.iniciados()).toBe(2);
    c.pendentes[1]!.resolve('de novo');
    expect(await depois).toBe('de novo');
  });

  it('keeps other keys and other owners apart', async () => {
    const compartilha = emVooCompartilhado<object, string>();
    const c = calculo();
    const [dono1, dono2] = [{}, {}];
    const rs = [
      compartilha(dono1, 'a', c.calcula),
      compartilha(dono1, 'b', c.calcula),
      compartilha(dono2, 'a', c.calcula),
    ];
    expect(c.iniciados()).toBe(3);
    c.pendentes.forEach((p, i) => {
      p.resolve(`r${i}`);
    });
    expect(await Promise.all(rs)).toEqual(['r0', 'r1', 'r2']);
  });

  it('rejects every call that joined a failed computation, and the next call starts a new one', async () => {
    const compartilha = emVooCompartilhado<object, string>();
    const c = calculo();
    const dono = {};
    const a = compartilha(dono, 'k', c.calcula);
    const b = compartilha(dono, 'k', c.calcula);
    c.pendentes[0]!.reject(new Error('falhou'));
    await expect(a).rejects.toThrow('falhou');
    await expect(b).rejects.toThrow('falhou');
    const depois = compartilha(dono, 'k', c.calcula);
    expect(c.iniciados()).toBe(2);
    c.pendentes[1]!.resolve('ok');
    expect(await depois).toBe('ok');
  });
});
