import { describe, expect, it } from 'vitest';
import { acctidDaConta } from './extrato.schema.ts';

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
