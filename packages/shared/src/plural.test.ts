import { describe, expect, it } from 'vitest';
import { formaPlural, plural } from './plural.ts';

describe('plural', () => {
  it.each([
    [0, 'lançamento lido', 'lançamentos lidos', '0 lançamentos lidos'],
    [1, 'lançamento lido', 'lançamentos lidos', '1 lançamento lido'],
    [2, 'lançamento lido', 'lançamentos lidos', '2 lançamentos lidos'],
    [1, 'título baixado', 'títulos baixados', '1 título baixado'],
    [1, 'sessão', 'sessões', '1 sessão'],
    [5, 'sessão', 'sessões', '5 sessões'],
    [1, 'item', 'itens', '1 item'],
    [12, 'item', 'itens', '12 itens'],
    [1234, 'pedido', 'pedidos', '1.234 pedidos'],
    [1_000_000, 'registro', 'registros', '1.000.000 registros'],
    [-1, 'dia', 'dias', '-1 dia'],
  ])('%i %s/%s → %s', (n, um, varios, esperado) => {
    expect(plural(n, um, varios)).toBe(esperado);
  });

  it('formaPlural gives only the form', () => {
    expect(formaPlural(1, 'novo', 'novos')).toBe('novo');
    expect(formaPlural(0, 'novo', 'novos')).toBe('novos');
    expect(formaPlural(3, 'já importado', 'já importados')).toBe('já importados');
  });
});
