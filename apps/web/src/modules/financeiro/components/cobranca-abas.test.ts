import { describe, expect, it } from 'vitest';
import { abasSituacao } from './cobranca-abas.ts';

describe('abasSituacao', () => {
  it('lists the situações in the life order, then Todos with the sum', () => {
    const abas = abasSituacao({ a_registrar: 3, registrado: 2, rejeitado: 1 });
    expect(abas.map((a) => [a.value, a.label, a.count])).toEqual([
      ['a_registrar', 'A registrar', 3],
      ['enviado', 'Enviado', 0],
      ['registrado', 'Registrado', 2],
      ['rejeitado', 'Rejeitado', 1],
      ['liquidado', 'Liquidado', 0],
      ['baixado', 'Baixado', 0],
      ['', 'Todos', 6],
    ]);
  });

  it('shows no count before the list loaded', () => {
    expect(abasSituacao(undefined).every((a) => a.count === null)).toBe(true);
  });
});
