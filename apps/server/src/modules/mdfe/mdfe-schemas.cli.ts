// npm run mdfe:schemas -- <PL_MDFe_300a….zip>: installs the official MDF-e XSD package (Portal do MDF-e →
// Documentos → Schemas XML) into DATA_DIR/schemas/mdfe; the server uses it from its next start.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { PacoteRecusado } from '../nfe/instala-schemas.ts';
import { instalaSchemasMdfe } from './instala-schemas-mdfe.ts';

const origem = process.argv[2];
if (!origem) {
  console.error('Uso: npm run mdfe:schemas -- <arquivo .zip do pacote de schemas do MDF-e (PL_MDFe_300a…)>');
  process.exit(2);
}
// npm runs workspace scripts in the workspace folder: relative paths are the caller's, and DATA_DIR
// defaults to the repository's ./data as under `npm start`.
const chamador = process.env.INIT_CWD ?? process.cwd();
const raiz = path.resolve(import.meta.dirname, '../../../../..');
try {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.resolve(chamador, process.env.DATA_DIR || path.join(raiz, 'data')),
  });
  const caminho = path.resolve(chamador, origem);
  const { dir, manifesto } = instalaSchemasMdfe(config.dataDir, caminho, fs.readFileSync(caminho));
  console.log(`Pacote ${manifesto.nome} instalado em ${dir} (${manifesto.arquivos} schemas).`);
  if (config.mdfeSchemas?.origem === 'variavel')
    console.log(
      `Atenção: MDFE_SCHEMAS_DIR está definida e continua tendo precedência (${config.mdfeSchemas.dir}).`,
    );
  console.log('Reinicie o servidor para usar o novo pacote.');
} catch (err) {
  if (err instanceof ConfigError || err instanceof PacoteRecusado) console.error(`Erro: ${err.message}`);
  else console.error(`Erro: ${(err as Error).message}`);
  process.exit(1);
}
