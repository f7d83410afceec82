import { type Role, routePermissions } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { areaAccess, guardAreas } from './perfis-areas.ts';

const byLabel = () => Object.fromEntries(guardAreas().map((a) => [a.label, a]));

describe('Perfis de Acesso areas', () => {
  it('lists every area of the route guard table, Expedição and Frota included', () => {
    expect(guardAreas().map((a) => a.label)).toEqual([
      'Comercial',
      // issue 36: the seller's offline app, /vendas (outside the shell)
      'Força de Vendas',
      'Cadastros',
      'Notas Fiscais',
      'Expedição',
      'Estoque',
      'Compras',
      'Financeiro',
      'Frota',
      'Configurações',
      'Usuários',
      'Auditoria',
      'Relatórios',
    ]);
  });

  it('puts every guarded route in exactly one area (a new route cannot be left out)', () => {
    const guarded = Object.entries(routePermissions)
      .filter(([, p]) => p !== 'public' && p !== 'authenticated')
      .map(([path]) => path)
      .sort();
    expect(
      guardAreas()
        .flatMap((a) => a.paths)
        .sort(),
    ).toEqual(guarded);
    for (const area of guardAreas()) expect(area.label, area.prefix).not.toMatch(/^\//);
  });

  it('says how much of each area a role opens', () => {
    const areas = byLabel();
    const row = (roles: Role[]) =>
      Object.fromEntries(Object.entries(areas).map(([label, a]) => [label, areaAccess(roles, a)]));
    expect(row(['comercial'])).toEqual({
      Comercial: 'total',
      'Força de Vendas': 'total',
      Cadastros: 'total',
      'Notas Fiscais': 'total',
      Expedição: 'total',
      Estoque: 'nenhum',
      Compras: 'nenhum',
      Financeiro: 'nenhum',
      Frota: 'nenhum',
      Configurações: 'nenhum',
      Usuários: 'nenhum',
      Auditoria: 'nenhum',
      // issue 35: the commercial reports, not stock's (Giro) nor finance's (Posição financeira)
      Relatórios: 'parcial',
    });
    expect(row(['estoque'])).toMatchObject({
      Relatórios: 'parcial',
      Cadastros: 'parcial',
      Estoque: 'parcial',
      // issue 34: purchasing is the buyers'
      Compras: 'total',
      Expedição: 'nenhum',
      'Força de Vendas': 'nenhum',
      // issue 14: the blocked orders, where stock blockers are released
      Comercial: 'parcial',
    });
    expect(row(['financeiro'])).toMatchObject({
      Relatórios: 'parcial',
      Financeiro: 'total',
      Frota: 'total',
      Expedição: 'nenhum',
      Compras: 'nenhum',
      Comercial: 'parcial',
    });
    expect(new Set(Object.values(row(['admin'])))).toEqual(new Set(['total']));
    expect(new Set(Object.values(row([])))).toEqual(new Set(['nenhum']));
  });
});
