import path from 'node:path';
import { conferenciaChave, Decimal, normalizaChave, validaChave } from '@erp/shared';
import { type ResultadoAssinatura, verificaAssinaturaNfe } from './assinatura.ts';
import { pacoteNfeMensagens, pacoteRecusouCnpjAlfanumerico } from './pacote-nfe.ts';
import { leNfe, NfeIlegivel, type NotaNfe } from './parser.ts';
import { decodificaXmlUtf8, XmlRecusado } from './xml-seguro.ts';
import { type ResultadoXsd, validaNfeXsd } from './xsd.ts';

// Everything checked when an NF-e XML is received: XSD, chave (DV and agreement with ide/emit),
// signature, and the document's own consistency. A document that cannot be an acceptable NF-e is
// refused (`recusa`); anything else worth a look becomes an alert shown with the receipt.

export type AnaliseNfe = {
  nota: NotaNfe;
  xsd: ResultadoXsd;
  assinatura: ResultadoAssinatura;
  alertas: string[];
};

export const leituraMensagens = {
  naoUtf8: 'O arquivo não é um XML em UTF-8.',
  chaveInvalida: (motivo: string) => `Chave de acesso inválida: ${motivo}`,
  modelo: (mod: string) => `Modelo ${mod} não é uma NF-e (modelo 55).`,
  cancelada: 'NF-e cancelada pelo emitente (evento de cancelamento registrado no XML).',
  protocoloChave: (ch: string) => `O protocolo de autorização é de outra chave (${ch}).`,
  semProtocolo: 'O XML não traz o protocolo de autorização (protNFe).',
  homologacao: 'NF-e emitida em homologação (sem valor fiscal).',
  somaItens: (itens: string, total: string) =>
    `A soma dos itens (R$ ${itens}) difere do total de produtos da nota (R$ ${total}).`,
  somaDuplicatas: (dups: string, total: string) =>
    `A soma das duplicatas (R$ ${dups}) difere do valor a pagar da nota (R$ ${total}).`,
  xsd: 'O XML não é válido pelo schema oficial (XSD).',
  itensDemais: (n: number) =>
    `A NF-e tem ${n.toLocaleString('pt-BR')} itens; o leiaute admite no máximo ${NFE_MAX_ITENS}. Arquivo recusado.`,
} as const;

/** det maxOccurs in the NF-e 4.00 layout: more items are not an NF-e, and only cost time to read. */
export const NFE_MAX_ITENS = 990;

export class NfeRecusada extends Error {}

const brl = (v: Decimal) => v.toFixed(2).replace('.', ',');

/** Reads and checks one XML. Throws NfeRecusada / NfeIlegivel (pt-BR) for what must be refused. */
export function analisaNfe(
  schemasDir: string | undefined,
  bytes: Uint8Array,
  agora = new Date(),
): AnaliseNfe {
  // Decoded once: the XSD validator, the parser and the signature check read the same document.
  let xml: { texto: string; bytes: Uint8Array };
  try {
    xml = decodificaXmlUtf8(bytes);
  } catch (e) {
    if (e instanceof XmlRecusado) throw new NfeRecusada(e.message);
    throw e;
  }
  const { texto } = xml;
  const itens = texto.match(/<(?:[\w.-]+:)?det[\s>]/g)?.length ?? 0;
  if (itens > NFE_MAX_ITENS) throw new NfeRecusada(leituraMensagens.itensDemais(itens));
  // XSD first: it also refuses when NFE_SCHEMAS_DIR is not set (never skipped).
  const xsd = validaNfeXsd(schemasDir, xml.bytes);
  const nota = leNfe(texto);
  if (nota.ide.mod !== '55') throw new NfeRecusada(leituraMensagens.modelo(nota.ide.mod));
  const chave = normalizaChave(nota.chave);
  const erroChave = validaChave(chave);
  if (erroChave) throw new NfeRecusada(leituraMensagens.chaveInvalida(erroChave));
  if (nota.eventos.some((e) => e.tpEvento === '110111' && (e.cStat === '135' || e.cStat === '155')))
    throw new NfeRecusada(leituraMensagens.cancelada);

  const alertas: string[] = [];
  if (!xsd.valido)
    alertas.push(
      pacoteRecusouCnpjAlfanumerico(schemasDir, xsd.erros)
        ? pacoteNfeMensagens.cnpjAlfanumericoNaEntrada(path.basename(schemasDir))
        : leituraMensagens.xsd,
    );
  alertas.push(
    ...conferenciaChave(chave, {
      cUF: nota.ide.cUF,
      dhEmi: nota.ide.dhEmi,
      mod: nota.ide.mod,
      serie: nota.ide.serie,
      nNF: nota.ide.nNF,
      tpEmis: nota.ide.tpEmis,
      cNF: nota.ide.cNF,
      cDV: nota.ide.cDV,
      emitDocumento: nota.emit.documento,
    }),
  );
  if (nota.protNFe?.chNFe && normalizaChave(nota.protNFe.chNFe) !== chave)
    alertas.push(leituraMensagens.protocoloChave(nota.protNFe.chNFe));
  if (!nota.protNFe) alertas.push(leituraMensagens.semProtocolo);
  if (nota.ide.tpAmb === '2') alertas.push(leituraMensagens.homologacao);
  const somaItens = Decimal.sum(nota.itens.map((i) => i.vProd));
  if (nota.total.vProd !== null && !somaItens.eq(nota.total.vProd))
    alertas.push(leituraMensagens.somaItens(brl(somaItens), brl(Decimal.of(nota.total.vProd))));
  if (nota.cobr.dup.length && nota.total.vNF !== null) {
    const somaDups = Decimal.sum(nota.cobr.dup.map((d) => d.vDup));
    if (!somaDups.eq(nota.total.vNF))
      alertas.push(leituraMensagens.somaDuplicatas(brl(somaDups), brl(Decimal.of(nota.total.vNF))));
  }
  const assinatura = verificaAssinaturaNfe(texto, agora);
  return { nota: { ...nota, chave }, xsd, assinatura, alertas };
}

export { NfeIlegivel };
