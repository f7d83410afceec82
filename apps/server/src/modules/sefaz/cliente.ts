import { XMLParser } from 'fast-xml-parser';
import { validaNfeXsd } from '../nfe/xsd.ts';
import {
  type Assinante,
  type EventoBase,
  type Inutilizacao,
  montaCancelamento,
  montaCartaCorrecao,
  montaConsReciNFe,
  montaConsSitNFe,
  montaConsStatServ,
  montaEnviNFe,
  montaInutNFe,
} from './mensagens.ts';
import { postSoap, type TlsCliente } from './soap.ts';
import { type Ambiente, type Servico, tpAmbDe, urlServico } from './webservices.ts';

// The SEFAZ client: one function per service. Every request is validated against its XSD before
// it leaves (an invalid message is a bug here, never something to send); answers are read with
// fast-xml-parser, and the protNFe / retEvento are also kept as the exact bytes received, because
// the nfeProc stores them byte for byte.

export class MensagemInvalida extends Error {
  constructor(
    message: string,
    readonly erros: string[],
  ) {
    super(message);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

type No = Record<string, unknown>;
const no = (v: unknown): No => (v && typeof v === 'object' && !Array.isArray(v) ? (v as No) : {});
const lista = (v: unknown): No[] => (Array.isArray(v) ? v.map(no) : v ? [no(v)] : []);
const txt = (v: unknown): string | null => (typeof v === 'string' ? v : v == null ? null : String(v));

/** The first `<tag …>…</tag>` of a document, as received. */
export function trechoXml(xml: string, tag: string): string | null {
  return new RegExp(`<(?:[\\w.-]+:)?${tag}\\b[\\s\\S]*?</(?:[\\w.-]+:)?${tag}>`).exec(xml)?.[0] ?? null;
}

export type Protocolo = {
  cStat: string;
  xMotivo: string;
  chNFe: string | null;
  nProt: string | null;
  dhRecbto: string | null;
  digVal: string | null;
  /** The protNFe element exactly as SEFAZ sent it. */
  xml: string;
};

function leProtocolo(xml: string, raiz: No): Protocolo | null {
  const prot = no(raiz.protNFe);
  const inf = no(prot.infProt);
  const trecho = trechoXml(xml, 'protNFe');
  if (!trecho || !inf.cStat) return null;
  return {
    cStat: txt(inf.cStat) ?? '',
    xMotivo: txt(inf.xMotivo) ?? '',
    chNFe: txt(inf.chNFe),
    nProt: txt(inf.nProt),
    dhRecbto: txt(inf.dhRecbto),
    digVal: txt(inf.digVal),
    xml: trecho,
  };
}

export type RespostaAutorizacao = {
  cStat: string;
  xMotivo: string;
  nRec: string | null;
  protocolo: Protocolo | null;
  xml: string;
};
export type RespostaConsulta = {
  cStat: string;
  xMotivo: string;
  protocolo: Protocolo | null;
  xml: string;
};
export type RespostaStatus = { cStat: string; xMotivo: string; tMed: string | null; xml: string };
export type RespostaEvento = {
  /** cStat of the lot (128 lote processado) */
  cStat: string;
  xMotivo: string;
  evento: {
    cStat: string;
    xMotivo: string;
    nProt: string | null;
    dhRegEvento: string | null;
    nSeqEvento: string | null;
  } | null;
  /** The signed evento as sent and the retEvento as received (procEventoNFe = both). */
  eventoXml: string;
  retEventoXml: string | null;
  xml: string;
};
export type RespostaInutilizacao = {
  cStat: string;
  xMotivo: string;
  nProt: string | null;
  /** The signed inutNFe as sent (procInutNFe = it + retInutNFe). */
  inutXml: string;
  xml: string;
};

export type ClienteSefazOpcoes = {
  uf: string;
  ambiente: Ambiente;
  /** Talk to the UF's SVC (SVC-AN / SVC-RS) instead of its normal authoriser. */
  contingencia?: boolean;
  tls: TlsCliente;
  timeoutMs: number;
  override?: string;
  schemasDir: string | undefined;
};

export function criaClienteSefaz(o: ClienteSefazOpcoes) {
  const tpAmb = tpAmbDe(o.ambiente);

  async function envia(servico: Servico, mensagem: string): Promise<{ xml: string; raiz: No }> {
    const v = validaNfeXsd(o.schemasDir, Buffer.from(mensagem, 'utf8'));
    if (!v.valido) throw new MensagemInvalida(`Mensagem ${servico} inválida: ${v.erros[0]}`, v.erros);
    const { url } = urlServico({
      uf: o.uf,
      ambiente: o.ambiente,
      servico,
      contingencia: o.contingencia,
      override: o.override,
    });
    const xml = await postSoap({ url, servico, mensagem, tls: o.tls, timeoutMs: o.timeoutMs });
    const doc = no(parser.parse(xml));
    const chave = Object.keys(doc).find((k) => !k.startsWith('?'));
    return { xml, raiz: no(chave ? doc[chave] : null) };
  }

  return {
    /** NFeAutorizacao4, synchronous (indSinc=1), one NF-e. */
    async autoriza(nfeAssinada: string, idLote: string): Promise<RespostaAutorizacao> {
      const { xml, raiz } = await envia('NFeAutorizacao4', montaEnviNFe(nfeAssinada, idLote));
      return {
        cStat: txt(raiz.cStat) ?? '',
        xMotivo: txt(raiz.xMotivo) ?? '',
        nRec: txt(no(raiz.infRec).nRec),
        protocolo: leProtocolo(xml, raiz),
        xml,
      };
    },
    /** NFeRetAutorizacao4: the result of an asynchronous lot. */
    async consultaRecibo(nRec: string): Promise<RespostaConsulta> {
      const { xml, raiz } = await envia('NFeRetAutorizacao4', montaConsReciNFe(tpAmb, nRec));
      return {
        cStat: txt(raiz.cStat) ?? '',
        xMotivo: txt(raiz.xMotivo) ?? '',
        protocolo: leProtocolo(xml, raiz),
        xml,
      };
    },
    /** NFeConsultaProtocolo4: the situation of a chave (with its protocol when authorised). */
    async consultaProtocolo(chNFe: string): Promise<RespostaConsulta> {
      const { xml, raiz } = await envia('NFeConsultaProtocolo4', montaConsSitNFe(tpAmb, chNFe));
      return {
        cStat: txt(raiz.cStat) ?? '',
        xMotivo: txt(raiz.xMotivo) ?? '',
        protocolo: leProtocolo(xml, raiz),
        xml,
      };
    },
    async statusServico(): Promise<RespostaStatus> {
      const { xml, raiz } = await envia('NFeStatusServico4', montaConsStatServ(tpAmb, o.uf));
      return { cStat: txt(raiz.cStat) ?? '', xMotivo: txt(raiz.xMotivo) ?? '', tMed: txt(raiz.tMed), xml };
    },
    async cancela(
      e: Omit<EventoBase, 'tpAmb' | 'uf'> & { nProt: string; xJust: string },
      assinante: Assinante,
    ): Promise<RespostaEvento> {
      return evento(montaCancelamento({ ...e, tpAmb, uf: o.uf }, assinante));
    },
    async cartaCorrecao(
      e: Omit<EventoBase, 'tpAmb' | 'uf'> & { xCorrecao: string },
      assinante: Assinante,
    ): Promise<RespostaEvento> {
      return evento(montaCartaCorrecao({ ...e, tpAmb, uf: o.uf }, assinante));
    },
    async inutiliza(
      i: Omit<Inutilizacao, 'tpAmb' | 'uf'>,
      assinante: Assinante,
    ): Promise<RespostaInutilizacao> {
      const mensagem = montaInutNFe({ ...i, tpAmb, uf: o.uf }, assinante);
      const { xml, raiz } = await envia('NFeInutilizacao4', mensagem);
      const inf = no(raiz.infInut);
      return {
        cStat: txt(inf.cStat) ?? '',
        xMotivo: txt(inf.xMotivo) ?? '',
        nProt: txt(inf.nProt),
        inutXml: mensagem,
        xml,
      };
    },
  };

  async function evento(mensagem: string): Promise<RespostaEvento> {
    const { xml, raiz } = await envia('NFeRecepcaoEvento4', mensagem);
    const ret = lista(raiz.retEvento)[0];
    const inf = ret ? no(ret.infEvento) : null;
    return {
      cStat: txt(raiz.cStat) ?? '',
      xMotivo: txt(raiz.xMotivo) ?? '',
      evento: inf
        ? {
            cStat: txt(inf.cStat) ?? '',
            xMotivo: txt(inf.xMotivo) ?? '',
            nProt: txt(inf.nProt),
            dhRegEvento: txt(inf.dhRegEvento),
            nSeqEvento: txt(inf.nSeqEvento),
          }
        : null,
      eventoXml: trechoXml(mensagem, 'evento') ?? '',
      retEventoXml: trechoXml(xml, 'retEvento'),
      xml,
    };
  }
}

export type ClienteSefaz = ReturnType<typeof criaClienteSefaz>;
