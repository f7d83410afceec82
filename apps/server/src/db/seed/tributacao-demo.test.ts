import { isValidInscricaoEstadual } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calcularImpostosPedido } from '../../modules/tributacao/impostos.service.ts';
import { demoDoArquivo } from '../../test/demo-db.ts';
import { regrasDemo } from './tributacao-demo.ts';

// The demo tabela de tributação: every rule saved, every NCM rule reaching demo products,
// contributors and non-contributors among the demo customers in the UFs the rules name, and an
// order of the demo taxed by the rules it should be.

const demo = demoDoArquivo();

const { query } = demo;

describe('demo tax rules', () => {
  it('saves every rule, active, for the regime normal', async () => {
    const rows = await query<{ descricao: string; crt: string; ativa: boolean }>(
      sql`select descricao, crt, ativa from regras_tributacao order by created_at, descricao`,
    );
    expect(rows).toHaveLength(regrasDemo.length);
    expect(rows.every((r) => r.crt === '3' && r.ativa)).toBe(true);
  });

  it('has demo products under every NCM rule', async () => {
    const semProduto = await query<{ ncm_prefixo: string }>(
      sql`select distinct r.ncm_prefixo from regras_tributacao r
          where r.ncm_prefixo is not null
            and not exists (select 1 from products p where p.ncm like r.ncm_prefixo || '%')`,
    );
    expect(semProduto).toEqual([]);
  });

  it('makes contributors, with a valid inscrição estadual, and keeps non-contributors in MG, RJ, PR and BA', async () => {
    const rows = await query<{ uf: string; indicador_ie: string; inscricao_estadual: string | null }>(
      sql`select uf, indicador_ie, inscricao_estadual from clientes where uf in ('SP', 'MG', 'RJ', 'PR', 'BA')`,
    );
    for (const uf of ['SP', 'MG', 'RJ', 'PR', 'BA']) {
      const daUf = rows.filter((r) => r.uf === uf);
      expect(
        daUf.some((r) => r.indicador_ie === '1'),
        uf,
      ).toBe(true);
      expect(
        daUf.some((r) => r.indicador_ie === '9'),
        uf,
      ).toBe(true);
    }
    const contribuintes = rows.filter((r) => r.indicador_ie === '1');
    expect(contribuintes.every((r) => isValidInscricaoEstadual(r.inscricao_estadual ?? '', r.uf))).toBe(true);
  });

  it('taxes a demo order to a contributor in MG: soft drinks with ST, rice at 12 %', async () => {
    const [cliente] = await query<{ id: string }>(
      sql`select id from clientes where uf = 'MG' and indicador_ie = '1' order by razao_social limit 1`,
    );
    const produtos = await query<{ id: string; ncm: string }>(
      sql`select distinct on (left(ncm, 4)) id, ncm from products where ncm in ('22021000', '10063021') order by left(ncm, 4), codigo`,
    );
    const pedido = await calcularImpostosPedido(demo.database.db, {
      clienteId: cliente!.id,
      operacao: 'venda',
      itens: produtos.map((p) => ({ produtoId: p.id, quantidade: '10', valorUnitario: '10.00' })),
    });
    const porNcm = new Map(
      pedido.itens.map((i) => [produtos.find((p) => p.id === i.produtoId)!.ncm, i] as const),
    );
    // rice: 100,00 × 12 % = 12,00
    expect(porNcm.get('10063021')!.regra.descricao).toBe('Venda interestadual');
    expect(porNcm.get('10063021')!.impostos.ICMS).toMatchObject({
      CST: '00',
      pICMS: '12.0000',
      vICMS: '12.00',
    });
    // soft drinks: 100,00 × 12 % = 12,00; MVA 40 % ajustada = 1,4 × 0,88 / 0,82 − 1 = 50,24 %;
    // vBCST 150,24 × 18 % = 27,0432 → 27,04 − 12,00 = 15,04; PIS/COFINS monofásico
    const refri = porNcm.get('22021000')!;
    expect(refri.regra.descricao).toBe('Refrigerantes com ST para contribuinte de MG');
    expect(refri.impostos.CFOP).toBe('6403');
    expect(refri.impostos.ICMS).toMatchObject({ pMVAST: '50.2400', vBCST: '150.24', vICMSST: '15.04' });
    expect(refri.impostos.PIS).toMatchObject({ CST: '04', vPIS: '0.00' });
    expect(pedido.totais.ICMSTot).toMatchObject({ vProd: '200.00', vST: '15.04', vNF: '215.04' });
  });
});
