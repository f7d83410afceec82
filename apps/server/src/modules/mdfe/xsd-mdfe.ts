import { compilaXsd, type ResultadoXsd, validaXsd } from '../nfe/xsd.ts';
import { MdfeSchemasIndisponiveis, mdfeXsdMessages } from './pacote-mdfe.ts';

// Validation against the official MDF-e 3.00 XSD package (Portal do MDF-e, PL_MDFe_300a), through the
// NF-e's validator (libxml2-wasm, xs:include from the folder). The package comes from MDFE_SCHEMAS_DIR
// or from a zip installed into DATA_DIR/schemas/mdfe — no npm package ships it, so without one of the
// two nothing is validated and every emission is refused with the message below (never skipped).
//
// Two documents carry a part their root schema does not check (xs:any processContents="skip"): the
// modal inside infModal (rodo, mdfeModalRodoviario_v3.00.xsd) and the event's detail inside detEvento
// (evCancMDFe, evEncMDFe, evIncCondutorMDFe, evIncDFeMDFe). Both are validated against their own schema
// too, as SEFAZ does.

/** The root schema of each MDF-e document and message, by its root element. */
export const ARQUIVOS_MDFE = {
  MDFe: 'mdfe_v3.00.xsd',
  mdfeProc: 'procMDFe_v3.00.xsd',
  retMDFe: 'retMDFe_v3.00.xsd',
  consSitMDFe: 'consSitMDFe_v3.00.xsd',
  retConsSitMDFe: 'retConsSitMDFe_v3.00.xsd',
  consStatServMDFe: 'consStatServMDFe_v3.00.xsd',
  retConsStatServMDFe: 'retConsStatServMDFe_v3.00.xsd',
  consMDFeNaoEnc: 'consMDFeNaoEnc_v3.00.xsd',
  retConsMDFeNaoEnc: 'retConsMDFeNaoEnc_v3.00.xsd',
  eventoMDFe: 'eventoMDFe_v3.00.xsd',
  retEventoMDFe: 'retEventoMDFe_v3.00.xsd',
  procEventoMDFe: 'procEventoMDFe_v3.00.xsd',
  // parts under xs:any
  rodo: 'mdfeModalRodoviario_v3.00.xsd',
  evCancMDFe: 'evCancMDFe_v3.00.xsd',
  evEncMDFe: 'evEncMDFe_v3.00.xsd',
  evIncCondutorMDFe: 'evIncCondutorMDFe_v3.00.xsd',
  evIncDFeMDFe: 'evInclusaoDFeMDFe_v3.00.xsd',
} as const;
export type MdfeSchema = keyof typeof ARQUIVOS_MDFE;

const NS = 'http://www.portalfiscal.inf.br/mdfe';
const PARTES = /<(rodo|evCancMDFe|evEncMDFe|evIncCondutorMDFe|evIncDFeMDFe)(?=[\s>])[\s\S]*?<\/\1>/g;

function validatorDe(dir: string | undefined, schema: MdfeSchema) {
  return compilaXsd(dir, ARQUIVOS_MDFE[schema], mdfeXsdMessages, MdfeSchemasIndisponiveis);
}

/** Throws MdfeSchemasIndisponiveis when the folder is not usable (for a clear refusal before any work). */
export function verificaPastaSchemasMdfe(dir: string | undefined): void {
  validatorDe(dir, 'MDFe');
  validatorDe(dir, 'rodo');
}

/**
 * Validates an MDF-e document or SEFAZ message by its root element (MDFe, mdfeProc, eventoMDFe,
 * consMDFeNaoEnc… and the ret*), and then the modal / event detail it carries under xs:any.
 * Errors name the element path; the inner part's are prefixed with its name.
 */
export function validaMdfeXsd(dir: string | undefined, xml: Uint8Array | string): ResultadoXsd {
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  const r = validaXsd(bytes, (raiz) => {
    if (!(raiz in ARQUIVOS_MDFE)) return validatorDe(dir, 'MDFe');
    return validatorDe(dir, raiz as MdfeSchema);
  });
  if (r.erros[0]?.startsWith('XML malformado')) return r;
  const texto = typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
  const erros = [...r.erros];
  // the signature and protocol elements hold none of these names, so a plain scan finds the parts
  for (const m of texto.matchAll(PARTES)) {
    const nome = m[1] as MdfeSchema;
    const parte = m[0].includes('xmlns=') ? m[0] : m[0].replace(`<${nome}`, `<${nome} xmlns="${NS}"`);
    const ri = validaXsd(Buffer.from(parte, 'utf8'), () => validatorDe(dir, nome));
    erros.push(...ri.erros.map((e) => `${nome}: ${e}`));
  }
  return { valido: erros.length === 0, erros: erros.slice(0, 20) };
}
