import { validadeCertificado } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carregaCertificadoA1, infoCertificado } from '../../modules/fiscal/certificado.service.ts';
import { carregaConfiguracaoFiscal } from '../../modules/fiscal/configuracao-fiscal.service.ts';
import { emitenteDaEmpresa } from '../../modules/tributacao/emitente.service.ts';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';
import { rowsOf } from '../client.ts';

// The demo as NF-e emitente: homologação, série 1, and a generated A1 certificate stored encrypted.

const demo = demoDoArquivo();

describe('demo fiscal settings', () => {
  it('the demo company is the emitente, in homologação, série 1 from number 1', async () => {
    const cfg = await carregaConfiguracaoFiscal(demo.database.db);
    expect(cfg.emitente).toMatchObject({
      cnpj: '11222333000181',
      razao_social: 'DISTRIBUIDORA EXEMPLO LTDA',
      crt: '3',
      endereco: { codigo_municipio: '3550308', uf: 'SP' },
    });
    expect(cfg.ambiente).toBe('homologacao');
    expect(cfg.series.map((s) => [s.serie, s.proximo_numero, s.padrao, s.ativa])).toEqual([
      [1, 1, true, true],
    ]);
    expect(await emitenteDaEmpresa(demo.database.db)).toMatchObject({ uf: 'SP', crt: '3' });
  });

  it('a generated A1 certificate of the demo company, valid for a year, its key encrypted', async () => {
    const info = await infoCertificado(demo.database.db, new Date(`${DEMO_TODAY}T12:00:00-03:00`));
    expect(info).toMatchObject({
      titular: 'DISTRIBUIDORA EXEMPLO LTDA',
      cnpj: '11222333000181',
      cnpj_diferente_do_emitente: false,
      validade: { situacao: 'valido' },
    });
    expect(
      validadeCertificado(info!.valido_de, info!.valido_ate, new Date(`${DEMO_TODAY}T12:00:00-03:00`))
        .dias_para_vencer,
    ).toBe(365);
    const a1 = await carregaCertificadoA1(demo.database.db);
    expect(a1?.keyPem).toContain('PRIVATE KEY');
    const banco = JSON.stringify(
      rowsOf(await demo.database.db.execute(sql`select * from fiscal_segredos`)).concat(
        rowsOf(await demo.database.db.execute(sql`select * from certificados_a1`)),
      ),
    );
    expect(banco).not.toContain('PRIVATE KEY');
  });
});
