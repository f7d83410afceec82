import fs from 'node:fs';
import path from 'node:path';
import { instalaPacoteSchemas, type ManifestoPacote } from '../../lib/pacote-schemas.ts';
import { leZipDeSchemas, PacoteRecusado } from '../nfe/instala-schemas.ts';
import { compilaXsd } from '../nfe/xsd.ts';
import { MdfeSchemasIndisponiveis, mdfeXsdMessages, PACOTE_MDFE } from './pacote-mdfe.ts';
import { ARQUIVOS_MDFE } from './xsd-mdfe.ts';

// npm run mdfe:schemas -- <zip>: installs the official MDF-e XSD package (Portal do MDF-e →
// Documentos → Schemas XML, "PL_MDFe_300a…zip") into DATA_DIR/schemas/mdfe, where the server finds it
// from its next start (MDFE_SCHEMAS_DIR still overrides it). No npm package ships the MDF-e schemas,
// so on a fresh machine this (or MDFE_SCHEMAS_DIR) is what makes «Emitir MDF-e» work. Nothing changes
// unless every schema this project validates with is present and compiles.

export const instalaSchemasMdfeMensagens = {
  faltam: (arquivo: string, faltando: string[]) =>
    `${arquivo} não é um pacote de schemas do MDF-e 3.00: faltam ${faltando.join(', ')}.`,
  naoCompila: (arquivoXsd: string, detalhe: string) =>
    `O schema ${arquivoXsd} do pacote não compila: ${detalhe}`,
} as const;

/** Every schema of ARQUIVOS_MDFE is in the folder and compiles (libxml2, includes resolved). */
export function verificaPastaDeSchemasMdfe(arquivo: string, dir: string): void {
  const arquivos = [...new Set(Object.values(ARQUIVOS_MDFE))];
  const faltando = arquivos.filter((f) => !fs.existsSync(path.join(dir, f)));
  if (faltando.length) throw new PacoteRecusado(instalaSchemasMdfeMensagens.faltam(arquivo, faltando));
  for (const f of arquivos) {
    try {
      compilaXsd(dir, f, mdfeXsdMessages, MdfeSchemasIndisponiveis);
    } catch (e) {
      throw new PacoteRecusado(instalaSchemasMdfeMensagens.naoCompila(f, (e as Error).message.trim()));
    }
  }
}

export function instalaSchemasMdfe(
  dataDir: string,
  arquivo: string,
  bytes: Uint8Array,
  agora: Date = new Date(),
): { dir: string; manifesto: ManifestoPacote } {
  const { nome, arquivos } = leZipDeSchemas(arquivo, bytes);
  return instalaPacoteSchemas(
    PACOTE_MDFE,
    dataDir,
    { nome, arquivo: path.basename(arquivo), bytes, arquivos },
    (dir) => verificaPastaDeSchemasMdfe(path.basename(arquivo), dir),
    agora,
  );
}
