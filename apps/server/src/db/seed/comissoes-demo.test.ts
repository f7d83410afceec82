import { comissoesQuerySchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { relatorioComissoes } from '../../modules/relatorios/comissoes-relatorio.service.ts';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';

// The demo's commissions (comissoes-demo.ts): the Comissões report over the last three months shows
// several sellers, with commissions paid and to pay; each one written as the service writes it.

const demo = demoDoArquivo();

const { query } = demo;

describe('demo commissions', () => {
  it('the Comissões report shows several sellers with paid and to-pay commissions', async () => {
    const q = comissoesQuerySchema.parse({ de: '2026-09-01', ate: DEMO_TODAY, pageSize: 100 });
    const r = await relatorioComissoes(demo.database.db, q, null, DEMO_TODAY);
    const pagos = r.items.filter((l) => Number(l.paga) > 0);
    const aPagar = r.items.filter((l) => Number(l.a_pagar) > 0);
    expect(r.items.length).toBeGreaterThanOrEqual(5);
    expect(pagos.length).toBeGreaterThanOrEqual(5);
    expect(aPagar.length).toBeGreaterThanOrEqual(5);
    expect(Number(r.totais.paga)).toBeGreaterThan(0);
    expect(Number(r.totais.a_pagar)).toBeGreaterThan(0);
  });

  it('each commission: its baixa points at a payable to the título’s seller of the same value', async () => {
    const errados = await query(sql`select b.id from baixas b
      join financial_accounts t on t.id = b.titulo_id
      join financial_accounts p on p.id = b.comissao_titulo_id
      where p.origem <> 'comissao' or p.origem_id <> b.id or p.vendedor_id is distinct from t.vendedor_id
        or p.valor <> b.comissao or p.tipo <> 'pagar'`);
    expect(errados).toEqual([]);
    const [n] = await query<{ n: number }>(
      sql`select count(*)::int as n from financial_accounts where origem = 'comissao'`,
    );
    expect(n!.n).toBeGreaterThan(50);
  });
});
