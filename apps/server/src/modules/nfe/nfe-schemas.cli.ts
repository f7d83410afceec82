// npm run nfe:schemas -- <PL_….zip>: installs the official NF-e XSD package (Portal Nacional da NF-e →
// Documentos → Esquemas XML) into DATA_DIR/schemas/nfe; the server uses it from its next start.
// See docs/decisions/0006-pacote-xsd-nfe.md.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { instalaSchemasNfe, PacoteRecusado } from './instala-schemas.ts';
import { aceitaCnpjAlfanumerico, descricaoPacoteNfe } from './pacote-nfe.ts';

const origem = process.argv[2];
if (!origem) {
  console.error('Uso: npm run nfe:schemas -- <arquivo .zip do pacote de schemas da NF-e (PL_…)>');
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
  const { dir, manifesto } = instalaSchemasNfe(config.dataDir, caminho, fs.readFileSync(caminho));
  console.log(
    `Pacote ${manifesto.nome} instalado em ${dir} (${manifesto.arquivos} schemas, CNPJ alfanumérico: ${aceitaCnpjAlfanumerico(dir) ? 'sim' : 'não'}).`,
  );
  if (config.nfeSchemas?.origem === 'variavel')
    console.log(
      `Atenção: NFE_SCHEMAS_DIR está definida e continua tendo precedência (${descricaoPacoteNfe(config.nfeSchemas)}).`,
    );
  console.log('Reinicie o servidor para usar o novo pacote.');
} catch (err) {
  if (err instanceof ConfigError || err instanceof PacoteRecusado) console.error(`Erro: ${err.message}`);
  else console.error(`Erro: ${(err as Error).message}`);
  process.exit(1);
}
