import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { instalaPacoteSchemas, type ManifestoPacote } from '../../lib/pacote-schemas.ts';
import { PACOTE_NFE } from './pacote-nfe.ts';
import { ARQUIVOS, type NfeSchema, validaNfeXsd } from './xsd.ts';

// npm run nfe:schemas -- <zip>: installs an official NF-e XSD package ("Pacote de Liberação" zip of
// the Portal Nacional da NF-e) into DATA_DIR/schemas/nfe, where it takes precedence over the npm
// default (NFE_SCHEMAS_DIR still overrides both). Nothing changes unless every schema this project
// validates with is present and compiles.

export const instalaSchemasMensagens = {
  zipInvalido: (arquivo: string) => `${arquivo} não é um arquivo .zip legível.`,
  semXsd: (arquivo: string) => `${arquivo} não contém schemas XSD (.xsd).`,
  grandeDemais: (arquivo: string) =>
    `${arquivo} é grande demais para um pacote de schemas (máximo 50 MB descompactado).`,
  faltam: (arquivo: string, faltando: string[]) =>
    `${arquivo} não é um pacote de schemas da NF-e 4.00: faltam ${faltando.join(', ')}.`,
  repetido: (arquivo: string, xsd: string) =>
    `${arquivo} contém mais de um ${xsd}: envie o zip de um único pacote de schemas.`,
  naoCompila: (arquivoXsd: string, detalhe: string) =>
    `O schema ${arquivoXsd} do pacote não compila: ${detalhe}`,
} as const;

export class PacoteRecusado extends Error {}

const LIMITE_BYTES = 50 * 1024 * 1024;
const LIMITE_ARQUIVOS = 2000;
/** A schema file name as the official packages use them (one has a space: "e112120_v1.00 .xsd"). */
const NOME_XSD = /^[\w. -]+\.xsd$/i;

/** The .xsd files of a zip, by their base name (folders inside the zip are flattened), and the package's name. */
export function leZipDeSchemas(
  arquivo: string,
  bytes: Uint8Array,
): { nome: string; arquivos: Map<string, Uint8Array> } {
  let total = 0;
  let contagem = 0;
  const pastas = new Set<string>();
  let conteudo: Record<string, Uint8Array>;
  try {
    conteudo = unzipSync(bytes, {
      filter: (f) => {
        if (!NOME_XSD.test(path.posix.basename(f.name))) return false;
        total += f.originalSize;
        contagem += 1;
        if (total > LIMITE_BYTES || contagem > LIMITE_ARQUIVOS)
          throw new PacoteRecusado(instalaSchemasMensagens.grandeDemais(arquivo));
        return true;
      },
    });
  } catch (e) {
    if (e instanceof PacoteRecusado) throw e;
    throw new PacoteRecusado(instalaSchemasMensagens.zipInvalido(arquivo));
  }
  const arquivos = new Map<string, Uint8Array>();
  for (const [nomeNoZip, dados] of Object.entries(conteudo)) {
    const base = path.posix.basename(nomeNoZip);
    if (arquivos.has(base)) throw new PacoteRecusado(instalaSchemasMensagens.repetido(arquivo, base));
    arquivos.set(base, dados);
    pastas.add(path.posix.dirname(nomeNoZip));
  }
  if (!arquivos.size) throw new PacoteRecusado(instalaSchemasMensagens.semXsd(arquivo));
  // The package's name: its one folder inside the zip ("PL_010_V1.30/…"), else the zip's name.
  const unica = pastas.size === 1 ? [...pastas][0]! : '.';
  const nome = (unica !== '.' ? path.posix.basename(unica) : path.basename(arquivo).replace(/\.zip$/i, ''))
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 80);
  return { nome: nome || 'pacote', arquivos };
}

/** Every root schema this project validates with is present and compiles (libxml2, includes resolved). */
export function verificaPastaDeSchemas(arquivo: string, dir: string): void {
  const raizes = Object.entries(ARQUIVOS) as [NfeSchema, string][];
  const faltando = raizes.map(([, f]) => f).filter((f) => !fs.existsSync(path.join(dir, f)));
  if (faltando.length) throw new PacoteRecusado(instalaSchemasMensagens.faltam(arquivo, faltando));
  const vazio = new TextEncoder().encode('<x/>');
  for (const [schema, f] of raizes) {
    try {
      // compiles the schema (the empty document itself is refused, which is expected)
      validaNfeXsd(dir, vazio, schema);
    } catch (e) {
      throw new PacoteRecusado(instalaSchemasMensagens.naoCompila(f, (e as Error).message.trim()));
    }
  }
}

export function instalaSchemasNfe(
  dataDir: string,
  arquivo: string,
  bytes: Uint8Array,
  agora: Date = new Date(),
): { dir: string; manifesto: ManifestoPacote } {
  const { nome, arquivos } = leZipDeSchemas(arquivo, bytes);
  return instalaPacoteSchemas(
    PACOTE_NFE,
    dataDir,
    { nome, arquivo: path.basename(arquivo), bytes, arquivos },
    (dir) => verificaPastaDeSchemas(path.basename(arquivo), dir),
    agora,
  );
}
