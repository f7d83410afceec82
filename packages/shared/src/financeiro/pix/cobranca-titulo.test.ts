import { describe, expect, it } from 'vitest';
import { pixCobrancaMensagens as m, motivoSemPix, txidDoTitulo } from './cobranca-titulo.ts';

describe('txidDoTitulo', () => {
  it.each([
    ['0b7c2a9e-5d4f-4e3a-9c1b-2f8d7e6a5b4c', 'T0B7C2A9E5D4F4E3A9C1B2F8D'],
    ['00000000-0000-4000-8000-000000000000', 'T000000000000400080000000'],
  ])('%s → %s (25 letters/digits)', (id, txid) => {
    expect(txidDoTitulo(id)).toBe(txid);
    expect(txid).toMatch(/^[A-Z0-9]{25}$/);
  });
  it('refuses what is not a UUID', () => {
    expect(() => txidDoTitulo('abc')).toThrow('Identificador de título inválido');
  });
});

describe('motivoSemPix', () => {
  it.each([
    [{ tipo: 'receber', status: 'em_aberto', saldo: '10.00' }, null],
    [{ tipo: 'receber', status: 'parcial', saldo: '0.01' }, null],
    [{ tipo: 'pagar', status: 'em_aberto', saldo: '10.00' }, m.tituloPagar],
    [{ tipo: 'receber', status: 'pago', saldo: '0.00' }, m.tituloPago],
    [{ tipo: 'receber', status: 'cancelado', saldo: '10.00' }, m.tituloCancelado],
    [{ tipo: 'receber', status: 'em_aberto', saldo: '0.00' }, m.semSaldo],
    [{ tipo: 'receber', status: 'em_aberto', saldo: null }, m.semSaldo],
  ])('%o → %s', (t, motivo) => {
    expect(motivoSemPix(t)).toBe(motivo);
  });
});
