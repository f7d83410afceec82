import { podeDirigir, situacaoCnh, situacaoLicenciamento, type TipoVeiculo } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';

// The demo fleet: what the screens and dispatch show on a fresh install.

const TODAY = DEMO_TODAY;
const demo = demoDoArquivo();

const { query } = demo;

describe('demo fleet', () => {
  it('twelve employees; among the drivers an expired CNH and one expiring within 30 days', async () => {
    const rows = await query<{ nome: string; funcao: string; cnh_validade: string | null }>(
      sql`select nome, funcao, cnh_validade::text from funcionarios order by nome`,
    );
    expect(rows).toHaveLength(12);
    const badges = rows.map((r) => situacaoCnh(r.cnh_validade, TODAY).label).filter(Boolean);
    expect(badges).toContain('CNH vencida');
    expect(badges).toContain('CNH vence em 18 dias');
  });

  it('eight vehicles: an old plate, a third-party carreta with RNTRC, an expired licenciamento', async () => {
    const rows = await query<{
      placa: string;
      placa_mercosul: string;
      proprio: boolean;
      rntrc: string | null;
      licenciamento_vencimento: string;
    }>(
      sql`select placa, placa_mercosul, proprio, rntrc, licenciamento_vencimento::text from veiculos order by placa`,
    );
    expect(rows).toHaveLength(8);
    expect(rows.find((r) => r.placa === 'FKM4521')?.placa_mercosul).toBe('FKM4F21');
    expect(rows.filter((r) => !r.proprio)).toEqual([
      expect.objectContaining({ placa: 'QTS8G12', rntrc: '04567123' }),
    ]);
    expect(
      rows.some((r) => situacaoLicenciamento(r.licenciamento_vencimento, TODAY).tipo === 'vencido'),
    ).toBe(true);
  });

  it('what the MDF-e asks: tipo de rodado and carroceria of each, the third party with its whole owner', async () => {
    const rows = await query<Record<string, string | null>>(
      sql`select placa, tipo_rodado, tipo_carroceria, proprietario_nome, proprietario_documento, proprietario_tipo,
        proprietario_ie, proprietario_uf, rntrc from veiculos order by placa`,
    );
    expect(rows.map((r) => [r.placa, r.tipo_rodado, r.tipo_carroceria])).toEqual([
      ['FKM4521', '06', '02'],
      ['FRT1A23', '05', '02'],
      ['FRT2B34', '06', '02'],
      ['FRT3C45', '02', '01'],
      ['FRT4D56', '01', '05'],
      ['FRT5E67', '03', '05'],
      ['FRT6F78', '05', '02'],
      ['QTS8G12', '03', '02'],
    ]);
    expect(rows.find((r) => r.placa === 'QTS8G12')).toMatchObject({
      proprietario_nome: 'Transportes Serra Azul Ltda',
      proprietario_documento: '48736219000180',
      proprietario_tipo: '2',
      proprietario_ie: '110042490114',
      proprietario_uf: 'SP',
      rntrc: '04567123',
    });
    expect(rows.filter((r) => r.proprietario_documento !== null)).toHaveLength(1);
  });

  it('dispatch would refuse the expired driver his toco and the B driver a truck', async () => {
    const pares = await query<{
      nome: string;
      ativo: boolean;
      cnh_numero: string;
      cnh_categoria: 'C';
      cnh_validade: string;
      tipo: TipoVeiculo;
      tara: number;
      capacidade: number;
    }>(sql`select f.nome, f.ativo, f.cnh_numero, f.cnh_categoria, f.cnh_validade::text, v.tipo, v.tara, v.capacidade
      from veiculos v join funcionarios f on f.id = v.motorista_padrao_id order by v.placa`);
    const recusados = pares
      .map((p) => ({ nome: p.nome, r: podeDirigir(p, p, TODAY) }))
      .filter((x) => !x.r.pode)
      .map((x) => x.nome);
    // every demo default driver fits the vehicle, except Paulo (expired CNH)
    expect(recusados).toEqual(['Paulo Henrique Souza']);
  });
});
