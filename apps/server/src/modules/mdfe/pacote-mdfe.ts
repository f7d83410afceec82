import type { Logger } from '../../lib/logger.ts';
import { type DefinicaoPacote, type PacoteSchemas, resolvePacoteSchemas } from '../../lib/pacote-schemas.ts';

// Which MDF-e XSD package is active: MDFE_SCHEMAS_DIR, else the official zip installed into the data
// folder (DATA_DIR/schemas/mdfe). No npm package ships the MDF-e schemas, so there is no third place.
// Kept free of libxml2 so the configuration can read it cheaply (the validator is xsd-mdfe.ts).

export const PACOTE_MDFE: DefinicaoPacote = {
  variavel: 'MDFE_SCHEMAS_DIR',
  pastaDados: 'schemas/mdfe',
  arquivoRaiz: 'mdfe_v3.00.xsd',
  npm: null,
};

export const mdfeXsdMessages = {
  semPasta:
    'Validação de MDF-e indisponível: configure MDFE_SCHEMAS_DIR com a pasta dos schemas XSD oficiais (pacote PL_MDFe_300a do Portal do MDF-e).',
  pastaInvalida: (dir: string, arquivo: string) =>
    `Validação de MDF-e indisponível: MDFE_SCHEMAS_DIR (${dir}) não contém ${arquivo}.`,
} as const;

export class MdfeSchemasIndisponiveis extends Error {}

export function resolvePacoteMdfe(opts: {
  dirVariavel: string | undefined;
  dataDir: string;
}): PacoteSchemas | null {
  return resolvePacoteSchemas(PACOTE_MDFE, opts);
}

/** The start-up log line naming the active MDF-e package, or saying there is none. */
export function logPacoteMdfe(logger: Logger, p: PacoteSchemas | null): void {
  if (p?.completo)
    logger.info({ nome: p.nome, origem: p.origem, dir: p.dir }, 'pacote de schemas XSD do MDF-e');
  // info, not a warning: the MDF-e is optional (a company without interstate trips may never issue one)
  else logger.info({ dir: p?.dir ?? null }, mdfeXsdMessages.semPasta);
}
