import { describe, expect, it } from 'vitest';
import { cidades, generateDemoData } from './demo-data.ts';

const TODAY = '2026-11-21';
const data = generateDemoData({ today: TODAY });

const cents = (decimal: string) => {
  const [int, frac = ''] = decimal.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
};
const openTotal = (tipo: 'receber' | 'pagar') =>
  data.accounts
    .filter((a) => a.tipo === tipo && a.status === 'em_aberto')
    .reduce((sum, a) => sum + cents(a.valor), 0);

describe('demo data', () => {
  it('is deterministic: the same day gives the same distributor', () => {
    expect(generateDemoData({ today: TODAY })).toEqual(data);
  });

  it('open payables and receivables are of the same order of magnitude', () => {
    const receber = openTotal('receber');
    const pagar = openTotal('pagar');
    expect(receber).toBeGreaterThan(50_000_00);
    expect(pagar).toBeGreaterThan(50_000_00);
    expect(Math.max(receber, pagar) / Math.min(receber, pagar)).toBeLessThan(2);
    // and some of each are overdue, for the dashboard's "Contas Vencidas"
    for (const tipo of ['receber', 'pagar'] as const) {
      expect(
        data.accounts.filter((a) => a.tipo === tipo && a.status === 'em_aberto' && a.dataVencimento < TODAY)
          .length,
        tipo,
      ).toBeGreaterThan(0);
    }
  });

  it('phone area codes (DDD) match the city of customers and suppliers', () => {
    const ddd = new Map(cidades.map((c) => [c.codigo, String(c.ddd)]));
    for (const p of [...data.clientes, ...data.fornecedores]) {
      expect(p.telefone.slice(0, 2), `${p.razaoSocial} (${p.municipio}/${p.uf})`).toBe(
        ddd.get(p.codigoMunicipio),
      );
    }
  });

  it('no doubled surnames ("Silva Silva")', () => {
    const names = [...data.clientes.map((c) => c.razaoSocial), ...data.vendedores.map((v) => v.nome)];
    expect(names.filter((n) => /\b(\p{L}+) \1\b/u.test(n))).toEqual([]);
  });
});
