// npm run ncm:update -- <tabela-ncm.json>: regenerates data/ncm.json from the official table
// downloaded from the Portal Único Siscomex (JSON). See README.md, "NCM table".
import fs from 'node:fs';
import path from 'node:path';
import { businessToday } from '@erp/shared';
import { converteSiscomex, textoArquivoNcm } from './ncm-siscomex.ts';

const origem = process.argv[2];
if (!origem) {
  console.error('Uso: npm run ncm:update -- <arquivo JSON da tabela NCM do Siscomex>');
  process.exit(2);
}
try {
  // npm runs workspace scripts in the workspace folder: a relative path is the caller's
  const caminho = path.resolve(process.env.INIT_CWD ?? process.cwd(), origem);
  const arquivo = converteSiscomex(fs.readFileSync(caminho, 'utf8'), businessToday());
  const destino = new URL('./data/ncm.json', import.meta.url);
  fs.writeFileSync(destino, textoArquivoNcm(arquivo));
  const folhas = arquivo.nos.filter(([codigo]) => codigo.length === 8).length;
  console.log(
    `data/ncm.json: ${arquivo.nos.length} nós, ${folhas} códigos de 8 dígitos (publicação ${arquivo.publicacao}).`,
  );
} catch (err) {
  console.error(`Erro: ${(err as Error).message}`);
  process.exit(1);
}
