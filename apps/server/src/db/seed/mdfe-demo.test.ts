import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { validaMdfeXsd } from '../../modules/mdfe/xsd-mdfe.ts';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';
import { TEST_MDFE_SCHEMAS_DIR, TEST_NFE_SCHEMAS_DIR } from '../../test/test-app.ts';
import { rowsOf } from '../client.ts';
import { seedMdfeDemo } from './mdfe-demo.ts';

// The demo's MDF-e (issue 33): a load em rota with its manifesto autorizado, one finalizada whose
// manifesto was encerrado — built, signed and validated by the real builder (demo protocol).

const demo = demoDoArquivo();

describe.skipIf(!TEST_NFE_SCHEMAS_DIR || !TEST_MDFE_SCHEMAS_DIR)('demo MDF-e', () => {
  it('two loads of the fleet: em rota with its MDF-e autorizados, finalizada with its MDF-e encerrados; mdfeProc XSD-valid', async () => {
    const n = await writeTx(demo.database.db, systemActor, (tx) =>
      seedMdfeDemo(tx, TEST_NFE_SCHEMAS_DIR as string, TEST_MDFE_SCHEMAS_DIR as string, DEMO_TODAY),
    );
    const ms = rowsOf<{
      status: string;
      carga: string;
      q_nfe: number;
      xml_autorizado: string;
      protocolo: string;
    }>(
      await demo.database.db.execute(sql`select m.status, c.status as carga, m.q_nfe, m.xml_autorizado, m.protocolo
        from mdfes m join cargas c on c.id = m.carga_id order by m.numero`),
    );
    // the demo's customers are in several UFs: one MDF-e per UF de descarregamento of each load
    expect(n).toBe(4);
    expect(ms.map((m) => [m.status, m.carga, m.q_nfe])).toEqual([
      ['encerrado', 'finalizada', 1],
      ['encerrado', 'finalizada', 1],
      ['autorizado', 'em_rota', 1],
      ['autorizado', 'em_rota', 2],
    ]);
    for (const m of ms) {
      expect(m.protocolo).toMatch(/^999\d{12}$/);
      expect(validaMdfeXsd(TEST_MDFE_SCHEMAS_DIR, m.xml_autorizado)).toEqual({ valido: true, erros: [] });
    }
  }, 300_000);
});
