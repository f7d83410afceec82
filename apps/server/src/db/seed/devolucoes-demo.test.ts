import { Decimal } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';
import { TEST_NFE_SCHEMAS_DIR } from '../../test/test-app.ts';
import { rowsOf } from '../client.ts';
import { seedDevolucoesDemo } from './devolucoes-demo.ts';

// The demo's returns (issue 32): through the real services, one of each kind — a return to the
// avaria location that abated the last instalment, one of a paid note that left crédito do
// cliente, one draft refused at the door.

const demo = demoDoArquivo();

describe.skipIf(!TEST_NFE_SCHEMAS_DIR)('demo devoluções', () => {
  it('four returns: autorizada with abatimento (avaria), autorizada with crédito, rascunho; one to a supplier', async () => {
    const n = await writeTx(demo.database.db, systemActor, (tx) =>
      seedDevolucoesDemo(tx, TEST_NFE_SCHEMAS_DIR as string, DEMO_TODAY),
    );
    expect(n).toBe(4);
    const ds = rowsOf<{
      status: string;
      valor_total: string;
      valor_abatido: string;
      valor_credito: string;
      nota: string | null;
    }>(
      await demo.database.db.execute(sql`select d.status, d.valor_total::text, d.valor_abatido::text, d.valor_credito::text,
          nf.status as nota
        from devolucoes d left join notas_fiscais nf on nf.id = d.nota_devolucao_id where d.tipo = 'venda'
        order by d.numero`),
    );
    expect(ds.map((d) => [d.status, d.nota])).toEqual([
      ['autorizada', 'autorizada'],
      ['autorizada', 'autorizada'],
      ['rascunho', null],
    ]);
    // 1: abated the note's receivables, no crédito; 2: all crédito (the note was paid)
    expect(ds[0]!.valor_abatido).toBe(ds[0]!.valor_total);
    expect(ds[0]!.valor_credito).toBe('0.00');
    expect(ds[1]!.valor_credito).toBe(ds[1]!.valor_total);
    const [credito] = rowsOf<{ saldo: string }>(
      await demo.database.db.execute(
        sql`select coalesce(sum(valor), 0)::text as saldo from creditos_movimentos where cliente_id is not null`,
      ),
    );
    expect(credito!.saldo).toBe(ds[1]!.valor_credito);
    // the return to a supplier: our NF-e (tpNF 1) authorised, the receipt's payables abated
    const [compra] = rowsOf<{
      status: string;
      tp_nf: string;
      valor_total: string;
      valor_abatido: string;
      valor_credito: string;
    }>(
      await demo.database.db.execute(sql`select d.status, nf.tp_nf, d.valor_total::text, d.valor_abatido::text,
          d.valor_credito::text
        from devolucoes d join notas_fiscais nf on nf.id = d.nota_devolucao_id where d.tipo = 'compra'`),
    );
    expect(compra).toMatchObject({ status: 'autorizada', tp_nf: '1' });
    expect(Decimal.of(compra!.valor_abatido).plus(compra!.valor_credito).toFixed(2)).toBe(
      compra!.valor_total,
    );
    // the damaged goods went to the avaria location
    const [avaria] = rowsOf<{ n: number }>(
      await demo.database.db.execute(sql`select count(*)::int as n from estoque_movimentos m
        join locais_estoque l on l.id = m.local_id where m.origem = 'devolucao' and l.tipo = 'avaria'`),
    );
    expect(avaria!.n).toBeGreaterThanOrEqual(2);
  });
});
