import { describe, expect, it } from 'vitest';
import { acctidDaConta, confereContaDoExtrato } from './extrato.schema.ts';

describe('acctidDaConta', () => {
  it.each([
    ['655000-2 ', '655000', '2', true],
    ['6550002', '655000', '2', true],
    ['655000', '655000', '2', true],
    ['0012345', '12345', null, true],
    ['455000-5', '655000', '2', false],
    ['', '655000', '2', false],
    [null, '655000', '2', false],
    ['655000-2', null, null, false],
    ['65500-02', '655000', '2', true], // digits only: the separator's place does not matter
  ])('%s vs conta %s-%s → %s', (acctid, conta, digito, esperado) => {
    expect(acctidDaConta(acctid, conta, digito)).toBe(esperado);
  });
});

describe('acctidDaConta with the agência (written before the conta by some banks)', () => {
  it.each([
    ['1234 00012345-6', '12345', '6', '1234', null, true],
    ['1234-5/12345-6', '12345', '6', '1234', '5', true],
    ['0123000456', '456', null, '123', null, true],
    ['12340000456', '456', null, '1234', null, true],
    ['9999 12345-6', '12345', '6', '1234', null, false],
    ['112345-6', '12345', '6', null, null, false],
  ])('%s vs ag %s conta %s-%s → %s', (acctid, conta, dv, ag, agDv, esperado) => {
    expect(acctidDaConta(acctid, conta, dv, ag, agDv)).toBe(esperado);
  });
});

describe('confereContaDoExtrato (BANKID / BRANCHID / ACCTID against the chosen account)', () => {
  const conta = {
    banco_codigo: '001',
    agencia: '1234',
    agencia_digito: '5',
    conta: '655000',
    conta_digito: '2',
  };
  it.each([
    [{ banco: '001', agencia: null, conta: '655000-2 ' }, 'confere'],
    [{ banco: '1', agencia: '01234', conta: '6550002' }, 'confere'],
    [{ banco: '0001', agencia: '1234-5', conta: '1234 655000-2' }, 'confere'],
    [{ banco: null, agencia: null, conta: '0000655000' }, 'confere'],
    // the conta number decides over the BANKID (real files carry odd bank codes)
    [{ banco: '034', agencia: null, conta: '655000-2' }, 'confere'],
    [{ banco: '341', agencia: null, conta: null }, 'diverge'],
    [{ banco: '001', agencia: '4321', conta: null }, 'diverge'],
    [{ banco: '001', agencia: '1234', conta: null }, 'confere'],
    [{ banco: '001', agencia: '4321', conta: '655000-2' }, 'diverge'],
    [{ banco: '001', agencia: null, conta: '455000-5' }, 'diverge'],
    [{ banco: null, agencia: null, conta: null }, 'sem_dados'],
  ] as const)('%o → %s', (arquivo, esperado) => {
    expect(confereContaDoExtrato(arquivo, conta)).toBe(esperado);
  });
  it('an account without bank data (cash) compares nothing', () => {
    const caixa = {
      banco_codigo: null,
      agencia: null,
      agencia_digito: null,
      conta: null,
      conta_digito: null,
    };
    expect(confereContaDoExtrato({ banco: '341', agencia: '1', conta: '99' }, caixa)).toBe('sem_dados');
  });
});
