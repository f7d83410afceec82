import { describe, expect, it } from 'vitest';
import { cfopComSt, cfopDaDevolucao } from './cfop-devolucao.ts';

describe('cfopDaDevolucao — devolução de venda (our entrada)', () => {
  it.each([
    ['5102', false, '1202'],
    ['6102', false, '2202'],
    ['6108', false, '2202'],
    ['5.102', false, '1202'],
    ['5101', false, '1201'],
    ['6101', false, '2201'],
    ['5403', false, '1411'],
    ['5405', false, '1411'],
    ['6403', false, '2411'],
    ['6404', false, '2411'],
    ['5401', false, '1410'],
    ['6401', false, '2410'],
    ['5102', true, '1411'],
    ['6102', true, '2411'],
    ['5101', true, '1410'],
    ['7102', false, '3202'],
    ['7101', false, '3201'],
    ['7102', true, '3202'],
  ])('%s (ST %s) → %s', (original, st, esperado) => {
    expect(cfopDaDevolucao('venda', original, st)).toEqual({ ok: true, cfop: esperado });
  });

  it.each([
    ['1102', 'CFOP 1102 não é de uma venda: a devolução de venda parte de uma nota de saída (5, 6 ou 7).'],
    ['5910', 'CFOP 5910 não é de venda ou compra de mercadoria: informe o CFOP da devolução manualmente.'],
    ['51020', 'CFOP 51020 inválido: deve ter 4 dígitos.'],
  ])('refuses %s', (original, mensagem) => {
    expect(cfopDaDevolucao('venda', original)).toEqual({ ok: false, mensagem });
  });
});

describe('cfopDaDevolucao — devolução de compra (our saída)', () => {
  it.each([
    ['1102', false, '5202'],
    ['2102', false, '6202'],
    ['5102', false, '5202'],
    ['6102', false, '6202'],
    ['5101', false, '5202'],
    ['1403', false, '5411'],
    ['2403', false, '6411'],
    ['5405', false, '5411'],
    ['6403', false, '6411'],
    ['6404', false, '6411'],
    ['5102', true, '5411'],
    ['1101', false, '5201'],
    ['2401', false, '6410'],
    ['3102', false, '7202'],
    ['3101', false, '7201'],
  ])('%s (ST %s) → %s', (original, st, esperado) => {
    expect(cfopDaDevolucao('compra', original, st)).toEqual({ ok: true, cfop: esperado });
  });

  it.each(['7102', '1556', '1910', 'abcd'])('refuses %s', (original) => {
    expect(cfopDaDevolucao('compra', original)).toMatchObject({ ok: false });
  });
});

describe('cfopComSt', () => {
  it('reads the ST group of the CFOP table', () => {
    expect(['5403', '5405', '6403', '6404', '5401', '1403', '2401'].map(cfopComSt)).toEqual(
      Array(7).fill(true),
    );
    expect(['5102', '6108', '1102', '1405', '5910'].map(cfopComSt)).toEqual(Array(5).fill(false));
  });
});
