import { describe, expect, it } from 'vitest';
import {
  confereLinhaDevolucao,
  type ItemDevolvivel,
  quantidadeDevolvida,
  saldoADevolver,
} from './saldo-devolucao.ts';

// 48 UN sold (4 CX of 12); a previous return of 12 UN and a cancelled one of 24 UN:
// saldo = 48 − 12 = 36 UN = 3 CX.
const item = (campos: Partial<ItemDevolvivel> = {}): ItemDevolvivel => ({
  descricao: 'Refrigerante cola 2 L',
  quantidade: '48.000',
  unidadeBase: { sigla: 'UN', casas_decimais: 0 },
  embalagens: [
    { sigla: 'CX', casas_decimais: 0, fator: '12' },
    { sigla: 'FD', casas_decimais: 1, fator: '6' },
  ],
  anteriores: [
    { quantidade: '12.000', cancelada: false },
    { quantidade: '24.000', cancelada: true },
  ],
  ...campos,
});

describe('saldoADevolver', () => {
  it('is the sold quantity less the returns not cancelled', () => {
    expect(quantidadeDevolvida(item().anteriores)).toBe('12.000');
    expect(saldoADevolver(item())).toBe('36.000');
    expect(saldoADevolver(item({ anteriores: [] }))).toBe('48.000');
    expect(saldoADevolver(item({ anteriores: [{ quantidade: '50', cancelada: false }] }))).toBe('0.000');
  });
});

describe('confereLinhaDevolucao', () => {
  it('converts a packaging to the base unit exactly (2 CX = 24 UN; 1,5 FD = 9 UN)', () => {
    expect(confereLinhaDevolucao(item(), '2', 'CX')).toEqual({
      ok: true,
      quantidadeBase: '24.000',
      saldoAntes: '36.000',
      saldoDepois: '12.000',
      devolveTudo: false,
    });
    const fd = confereLinhaDevolucao(item(), '1.5', 'FD');
    expect(fd.ok && fd.quantidadeBase).toBe('9.000');
  });

  it('takes the base unit and says when the line returns everything left', () => {
    expect(confereLinhaDevolucao(item(), '36', 'UN')).toMatchObject({ ok: true, devolveTudo: true });
    expect(confereLinhaDevolucao(item(), '3', 'CX')).toMatchObject({
      ok: true,
      quantidadeBase: '36.000',
      devolveTudo: true,
    });
  });

  it.each([
    ['4', 'CX', 'Item «Refrigerante cola 2 L»: a devolver 4 CX (48 UN), disponível 3 CX (36 UN).'],
    ['37', 'UN', 'Item «Refrigerante cola 2 L»: a devolver 37 UN, disponível 36 UN.'],
    ['0', 'UN', 'Item «Refrigerante cola 2 L»: a quantidade a devolver deve ser maior que zero.'],
    ['-1', 'CX', 'Item «Refrigerante cola 2 L»: a quantidade a devolver deve ser maior que zero.'],
    ['1.5', 'CX', 'Item «Refrigerante cola 2 L»: Quantidade em CX não aceita casas decimais.'],
    ['2.5', 'UN', 'Item «Refrigerante cola 2 L»: Quantidade em UN não aceita casas decimais.'],
    ['1.25', 'FD', 'Item «Refrigerante cola 2 L»: Quantidade em FD aceita no máximo 1 casa decimal.'],
    ['1', 'PCT', 'Item «Refrigerante cola 2 L»: a unidade PCT não é a unidade nem uma embalagem do produto.'],
  ])('refuses %s %s', (q, u, mensagem) => {
    expect(confereLinhaDevolucao(item(), q, u)).toMatchObject({ ok: false, mensagem });
  });

  it('shows the saldo in the base unit when it is not a whole number of the typed packaging', () => {
    // saldo 30 UN = 2,5 CX: shown as 30 UN
    const r = confereLinhaDevolucao(
      item({ anteriores: [{ quantidade: '18', cancelada: false }] }),
      '3',
      'CX',
    );
    expect(r).toMatchObject({
      ok: false,
      mensagem: 'Item «Refrigerante cola 2 L»: a devolver 3 CX (36 UN), disponível 30 UN.',
    });
  });

  it('refuses a packaging fraction that is a fraction of the base unit (0,1 FD = 0,6 UN)', () => {
    expect(confereLinhaDevolucao(item(), '0.1', 'FD')).toMatchObject({
      ok: false,
      mensagem: 'Item «Refrigerante cola 2 L»: Quantidade em UN não aceita casas decimais.',
    });
  });

  it('says when the item was already returned in full', () => {
    const r = confereLinhaDevolucao(
      item({ anteriores: [{ quantidade: '48', cancelada: false }] }),
      '1',
      'UN',
    );
    expect(r).toMatchObject({ ok: false, mensagem: 'Item «Refrigerante cola 2 L»: já foi todo devolvido.' });
  });

  it('works with decimal units (KG with 3 decimals: 2,5 kg of 10,250 kg, 1,250 returned)', () => {
    const kg = item({
      quantidade: '10.250',
      unidadeBase: { sigla: 'KG', casas_decimais: 3 },
      embalagens: [],
      anteriores: [{ quantidade: '1.250', cancelada: false }],
    });
    expect(confereLinhaDevolucao(kg, '2.5', 'KG')).toMatchObject({ ok: true, saldoDepois: '6.500' });
    expect(confereLinhaDevolucao(kg, '9.001', 'KG')).toMatchObject({
      ok: false,
      mensagem: 'Item «Refrigerante cola 2 L»: a devolver 9,001 KG, disponível 9 KG.',
    });
  });
});
