import { describe, expect, it } from 'vitest';
import { linkDaFaixa } from './aging-link.ts';

describe('linkDaFaixa', () => {
  it.each([
    ['a_vencer', '/financeiro/receber?vencimento_de=2026-11-23'],
    ['1_30', '/financeiro/receber?vencimento_de=2026-10-24&vencimento_ate=2026-11-22'],
    ['31_60', '/financeiro/receber?vencimento_de=2026-09-24&vencimento_ate=2026-10-23'],
    ['61_90', '/financeiro/receber?vencimento_de=2026-08-25&vencimento_ate=2026-09-23'],
    ['mais_90', '/financeiro/receber?vencimento_ate=2026-08-24'],
  ] as const)('%s on 23/11/2026 → %s', (faixa, url) => {
    expect(linkDaFaixa('receber', faixa, '2026-11-23')).toBe(url);
  });
});
