import fs from 'node:fs';
import path from 'node:path';
import { XmlDocument, type XmlElement, XmlError, XmlLibError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

// Validation against the official NF-e XSD package (Portal Nacional da NF-e, "Pacote de Liberação"
// PL_010). The schemas use xs:include, so they are read from their folder through libxml2's
// file-system input provider — the folder named by the setting NFE_SCHEMAS_DIR. There is no
// fallback: without the folder nothing is validated and the caller gets a clear refusal.

export const nfeXsdMessages = {
  semPasta:
    'Validação de NF-e indisponível: configure NFE_SCHEMAS_DIR com a pasta dos schemas XSD oficiais (pacote PL_010 do Portal Nacional da NF-e).',
  pastaInvalida: (dir: string, arquivo: string) =>
    `Validação de NF-e indisponível: NFE_SCHEMAS_DIR (${dir}) não contém ${arquivo}.`,
  xmlMalformado: (detalhe: string) => `XML malformado: ${detalhe}`,
} as const;

export class NfeSchemasIndisponiveis extends Error {}

/** The root schema of each document this project validates. */
export const ARQUIVOS = {
  procNFe: 'procNFe_v4.00.xsd',
  NFe: 'nfe_v4.00.xsd',
  // SEFAZ web-service messages (requests and answers)
  enviNFe: 'enviNFe_v4.00.xsd',
  retEnviNFe: 'retEnviNFe_v4.00.xsd',
  consReciNFe: 'consReciNFe_v4.00.xsd',
  retConsReciNFe: 'retConsReciNFe_v4.00.xsd',
  consSitNFe: 'consSitNFe_v4.00.xsd',
  retConsSitNFe: 'retConsSitNFe_v4.00.xsd',
  consStatServ: 'consStatServ_v4.00.xsd',
  retConsStatServ: 'retConsStatServ_v4.00.xsd',
  inutNFe: 'inutNFe_v4.00.xsd',
  retInutNFe: 'retInutNFe_v4.00.xsd',
  envEventoCancNFe: 'envEventoCancNFe_v1.00.xsd',
  retEnvEventoCancNFe: 'retEnvEventoCancNFe_v1.00.xsd',
  envCCe: 'envCCe_v1.00.xsd',
  retEnvCCe: 'retEnvCCe_v1.00.xsd',
} as const;
export type NfeSchema = keyof typeof ARQUIVOS;

/** The schema of a document by its root element (events by their tpEvento: 110111 cancel, 110110 CC-e). */
function schemaDaRaiz(raiz: string, xml: Uint8Array): NfeSchema {
  if (raiz === 'nfeProc') return 'procNFe';
  if (raiz === 'envEvento' || raiz === 'retEnvEvento') {
    const tp = /<(?:\w+:)?tpEvento>(\d+)</.exec(Buffer.from(xml).toString('utf8'))?.[1];
    const cce = tp === '110110';
    if (raiz === 'envEvento') return cce ? 'envCCe' : 'envEventoCancNFe';
    return cce ? 'retEnvCCe' : 'retEnvEventoCancNFe';
  }
  if (raiz in ARQUIVOS) return raiz as NfeSchema;
  return 'NFe';
}

let providersRegistered = false;
const validators = new Map<string, XsdValidator>();

/** Messages a schema package's validator refuses with (the NF-e's here, the MDF-e's in modules/mdfe). */
export type MensagensPacoteXsd = {
  semPasta: string;
  pastaInvalida: (dir: string, arquivo: string) => string;
};

/**
 * The compiled validator of one schema file of a package folder (compiled once per process: ~0.4 s).
 * Throws `erro` (NfeSchemasIndisponiveis by default) when the folder is not set or lacks the file.
 */
export function compilaXsd(
  dir: string | undefined,
  arquivo: string,
  mensagens: MensagensPacoteXsd = nfeXsdMessages,
  Erro: new (m: string) => Error = NfeSchemasIndisponiveis,
): XsdValidator {
  if (!dir) throw new Erro(mensagens.semPasta);
  const file = path.resolve(dir, arquivo);
  const cached = validators.get(file);
  if (cached) return cached;
  if (!fs.existsSync(file)) throw new Erro(mensagens.pastaInvalida(dir, arquivo));
  if (!providersRegistered) {
    xmlRegisterFsInputProviders();
    providersRegistered = true;
  }
  const doc = XmlDocument.fromBuffer(fs.readFileSync(file), { url: file });
  const validator = XsdValidator.fromDoc(doc);
  validators.set(file, validator);
  return validator;
}

function validatorOf(dir: string | undefined, schema: NfeSchema): XsdValidator {
  return compilaXsd(dir, ARQUIVOS[schema]);
}

/** Throws NfeSchemasIndisponiveis when the folder is not usable (for a clear 4xx/5xx before any work). */
export function verificaPastaSchemas(dir: string | undefined): void {
  validatorOf(dir, 'procNFe');
  validatorOf(dir, 'NFe');
}

export type ResultadoXsd = { valido: boolean; erros: string[] };

/** "/nfeProc/NFe/infNFe/det[3]/prod/qCom" from libxml2's positional XPath ("/*\/*[1]/*[1]/*[5]…"). */
function caminhoNomeado(doc: XmlDocument, xpath: string | undefined): string | null {
  if (!xpath) return null;
  const passos = xpath.split('/').slice(1);
  if (!passos.length || passos[0] !== '*') return xpath;
  try {
    let el: XmlElement = doc.root;
    const parts = [el.name];
    for (const passo of passos.slice(1)) {
      const m = /^\*(?:\[(\d+)\])?$/.exec(passo);
      if (!m) return xpath;
      const filhos = el.find('*') as XmlElement[];
      const i = Number(m[1] ?? 1) - 1;
      const filho = filhos[i];
      if (!filho) return xpath;
      const iguais = filhos.filter((f) => f.name === filho.name);
      const ordem = filhos.slice(0, i + 1).filter((f) => f.name === filho.name).length;
      parts.push(iguais.length > 1 ? `${filho.name}[${ordem}]` : filho.name);
      el = filho;
    }
    return `/${parts.join('/')}`;
  } catch {
    return xpath;
  }
}

/**
 * Validates an NF-e document (nfeProc, a bare NFe or a SEFAZ message — enviNFe, consSitNFe,
 * envEvento, inutNFe… and their ret* — by its root element, or `schema`) against the XSD of the
 * folder. Errors name the element path ("/nfeProc/retEvento: This element is not expected.").
 */
export function validaNfeXsd(dir: string | undefined, xml: Uint8Array, schema?: NfeSchema): ResultadoXsd {
  return validaXsd(xml, (raiz) => validatorOf(dir, schema ?? schemaDaRaiz(raiz, xml)));
}

/**
 * Parses `xml` and validates it with the validator `escolhe` picks by the root element's name
 * (shared by the NF-e and the MDF-e packages). Errors name the element path, at most 20.
 */
export function validaXsd(xml: Uint8Array, escolhe: (raiz: string) => XsdValidator): ResultadoXsd {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(xml);
  } catch (e) {
    const detalhe = e instanceof XmlError ? e.message.trim() : 'documento ilegível';
    return { valido: false, erros: [nfeXsdMessages.xmlMalformado(detalhe)] };
  }
  try {
    const validator = escolhe(doc.root.name);
    try {
      validator.validate(doc);
      return { valido: true, erros: [] };
    } catch (e) {
      if (!(e instanceof XmlLibError)) throw e;
      const erros = e.details.slice(0, 20).map((d) => {
        const onde = caminhoNomeado(doc, (d as { xpath?: string }).xpath);
        const msg = d.message.trim();
        return onde ? `${onde} (linha ${d.line}): ${msg}` : `linha ${d.line}: ${msg}`;
      });
      return { valido: false, erros: erros.length ? erros : [e.message.trim()] };
    }
  } finally {
    doc.dispose();
  }
}
