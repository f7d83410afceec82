import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { TEST_MDFE_SCHEMAS_DIR } from '../../test/test-app.ts';
import { instalaSchemasMdfe } from './instala-schemas-mdfe.ts';
import { validaMdfeXsd } from './xsd-mdfe.ts';

// npm run mdfe:schemas: the official zip installed into DATA_DIR/schemas/mdfe is what the configuration
// picks without MDFE_SCHEMAS_DIR (no npm package ships the MDF-e schemas); an incomplete zip is refused.

const dir = TEST_MDFE_SCHEMAS_DIR;
if (!dir)
  console.warn('instala-schemas-mdfe.test: ../shared/mdfe/schemas/PL_MDFe_300a ausente — testes pulados');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mdfe-schemas-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function zipDe(pasta: string, nome: string, sem: string[] = []) {
  const arquivos: Record<string, Uint8Array> = {};
  for (const f of fs.readdirSync(pasta))
    if (!sem.includes(f)) arquivos[`${nome}/${f}`] = fs.readFileSync(path.join(pasta, f));
  return zipSync(arquivos);
}

describe.skipIf(!dir)('npm run mdfe:schemas', () => {
  it('installs the official zip; the configuration then finds it and the validator works from it', () => {
    const dataDir = path.join(tmp, 'data');
    const r = instalaSchemasMdfe(dataDir, 'PL_MDFe_300a_NT2025.zip', zipDe(dir!, 'PL_MDFe_300a'));
    expect(r.manifesto.nome).toBe('PL_MDFe_300a');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    expect(config.mdfeSchemas).toMatchObject({
      origem: 'pasta-de-dados',
      nome: 'PL_MDFe_300a',
      completo: true,
    });
    const ok = `<consStatServMDFe xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><tpAmb>2</tpAmb><xServ>STATUS</xServ></consStatServMDFe>`;
    expect(validaMdfeXsd(config.mdfeSchemasDir, ok).valido).toBe(true);
  });

  it('refuses a zip without the modal rodoviário schema, leaving the data folder as it was', () => {
    const dataDir = path.join(tmp, 'incompleto');
    expect(() =>
      instalaSchemasMdfe(dataDir, 'PL.zip', zipDe(dir!, 'PL', ['mdfeModalRodoviario_v3.00.xsd'])),
    ).toThrow('PL.zip não é um pacote de schemas do MDF-e 3.00: faltam mdfeModalRodoviario_v3.00.xsd.');
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }).mdfeSchemas,
    ).toBeNull();
  });
});
