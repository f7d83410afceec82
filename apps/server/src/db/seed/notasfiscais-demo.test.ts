import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { verificaAssinaturaNfe } from '../../modules/nfe/assinatura.ts';
import { validaNfeXsd } from '../../modules/nfe/xsd.ts';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';
import { TEST_NFE_SCHEMAS_DIR } from '../../test/test-app.ts';
import { rowsOf } from '../client.ts';
import { seedNotasDemo } from './notasfiscais-demo.ts';

// The demo's outgoing NF-e (loaded when the server knows the XSD folder): released demo orders
// invoiced through the emission service with the demo certificate, each conferido first through the
// real conferência (issue 21).

const demo = demoDoArquivo();

describe.skipIf(!TEST_NFE_SCHEMAS_DIR)('demo outgoing NF-e', () => {
  it('four released demo orders get signed, XSD-valid notes numbered 1 to 4 of série 1', async () => {
    const n = await writeTx(demo.database.db, systemActor, (tx) =>
      seedNotasDemo(tx, TEST_NFE_SCHEMAS_DIR as string, DEMO_TODAY),
    );
    expect(n).toBe(4);
    const notas = rowsOf<{
      numero: number;
      status: string;
      xml: string;
      pedido_status: string;
      conferencia: string | null;
    }>(
      await demo.database.db.execute(sql`select nf.numero, nf.status, nf.xml, o.status as pedido_status,
          (select c.status from conferencias c where c.pedido_id = o.id and c.status = 'conferida' limit 1) as conferencia
        from notas_fiscais nf join sales_orders o on o.id = nf.pedido_id order by nf.numero`),
    );
    expect(notas.map((x) => [x.numero, x.status])).toEqual([
      [1, 'assinada'],
      [2, 'assinada'],
      [3, 'assinada'],
      [4, 'assinada'],
    ]);
    for (const x of notas) {
      // issue 21: each order was conferido through the real conferência first
      expect(x.pedido_status).toBe('conferido');
      expect(x.conferencia).toBe('conferida');
      expect(validaNfeXsd(TEST_NFE_SCHEMAS_DIR, new TextEncoder().encode(x.xml)).erros).toEqual([]);
      expect(verificaAssinaturaNfe(x.xml).status).toBe('valida');
    }
  });
});
