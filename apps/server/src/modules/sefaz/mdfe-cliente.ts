import { XMLParser } from 'fast-xml-parser';
import { validaMdfeXsd } from '../mdfe/xsd-mdfe.ts';
import { MensagemInvalida, trechoXml } from './cliente.ts';
import {
  compactaMdfe,
  montaConsMDFeNaoEnc,
  montaConsSitMDFe,
  montaConsStatServMDFe,
} from './mdfe-mensagens.ts';
import { formaSoapMdfe, type ServicoMdfe, urlServicoMdfe } from './mdfe-webservices.ts';
import { postSoap, SefazIndisponivel, semDeclaracao, type TlsCliente } from './soap.ts';
import { type Ambiente, tpAmbDe } from './webservices.ts';

// The MDF-e client (SVRS, MDF-e 3.00): one function per service, shaped like the NF-e client. Every
// request is validated against its XSD before it leaves (the MDFe itself before it is compressed);
// answers are read with fast-xml-parser and the protMDFe / retEventoMDFe / procEventoMDFe are also kept
// as the exact bytes received (the mdfeProc and procEventoMDFe store them byte for byte).
// Transport failures are soap.ts's SefazTimeout / SefazIndisponivel / SefazErroHttp; an answer 108/109
// (service paralysed) from any service but the status one is thrown as SefazParalisada, a
// SefazIndisponivel — nothing was processed.

export class SefazParalisada extends SefazIndisponivel {
  constructor(
    readonly cStat: string,
    readonly xMotivo: string,
  ) {
    super(`SEFAZ indisponível (${cStat}): ${xMotivo}`);
  }
}

export const mdfeClienteMensagens = {
  invalida: (servico: string, erro: string) => `Mensagem ${servico} inválida: ${erro}`,
} as const;

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

export type RespostaAutorizacaoMdfe = {
  /** The protocol's cStat (100 authorised, or the rejection); retMDFe's when no protMDFe came. */
  cStat: string;
  xMotivo: string;
  chMDFe: string | null;
  nProt: string | null;
  dhRecbto: string | null;
  digVal: string | null;
  /** The protMDFe element exactly as SEFAZ sent it (mdfeProc = the MDFe as signed + this). */
  protMDFe: string | null;
  /** The whole retMDFe as received. */
  xml: string;
};

export type EventoConsultado = {
  tpEvento: string;
  nSeqEvento: string;
  cStat: string;
  nProt: string | null;
  dhRegEvento: string | null;
  /** One procEventoMDFe (eventoMDFe + retEventoMDFe) exactly as received. */
  xml: string;
};

export type RespostaConsultaMdfe = {
  /** 100 autorizado, 101 cancelado, 132 encerrado, 217 not found… */
  cStat: string;
  xMotivo: string;
  protMDFe: string | null;
  eventos: EventoConsultado[];
  xml: string;
};

export type RespostaStatusMdfe = {
  cStat: string;
  xMotivo: string;
  tMed: string | null;
  dhRecbto: string | null;
  xml: string;
};

export type RespostaEventoMdfe = {
  /** The event's cStat (135 registered, or the rejection). */
  cStat: string;
  xMotivo: string;
  tpEvento: string | null;
  nSeqEvento: string | null;
  nProt: string | null;
  dhRegEvento: string | null;
  /** The signed eventoMDFe as sent and the retEventoMDFe as received (procEventoMDFe = both). */
  eventoXml: string;
  retEventoMDFe: string | null;
  xml: string;
};

export type RespostaNaoEncerrados = {
  /** 111 found, 112 none. */
  cStat: string;
  xMotivo: string;
  mdfes: { chMDFe: string; nProt: string }[];
  xml: string;
};

export type ClienteMdfeOpcoes = {
  ambiente: Ambiente;
  tls: TlsCliente;
  timeoutMs: number;
  /** SEFAZ_URL_OVERRIDE: every service at `${override}/SVRS/${servico}`. */
  override?: string;
  schemasDir: string | undefined;
};

/**
 * Every `<tag>` element whose first child is `<filho>`, as received. retConsSitMDFe's schema wraps the
 * protMDFe / procEventoMDFe in an element of the same name holding "the one of the corresponding
 * version", so the wrapper is skipped whichever way SEFAZ nests them.
 */
export function elementosCom(xml: string, tag: string, filho: string): string[] {
  const r: string[] = [];
  const abre = new RegExp(`<(?:[\\w.-]+:)?${tag}\\b[^>]*>\\s*(?=<(?:[\\w.-]+:)?${filho}\\b)`, 'g');
  for (let m = abre.exec(xml); m; m = abre.exec(xml)) {
    const fim = new RegExp(`</(?:[\\w.-]+:)?${tag}>`, 'g');
    fim.lastIndex = m.index;
    const f = fim.exec(xml);
    if (f) r.push(xml.slice(m.index, f.index + f[0].length));
  }
  return r;
}

const cUFDe = (xml: string) => /<(?:[\w.-]+:)?cUF>(\d{2})</.exec(xml)?.[1];

export function criaClienteMdfe(o: ClienteMdfeOpcoes) {
  const tpAmb = tpAmbDe(o.ambiente);

  /** Validates `validar` (the message, or the MDFe before compression), posts `mensagem`. */
  async function envia(
    servico: ServicoMdfe,
    validar: string,
    mensagem: string,
    cUF: string | undefined,
  ): Promise<{ xml: string; raiz: No }> {
    const v = validaMdfeXsd(o.schemasDir, validar);
    if (!v.valido)
      throw new MensagemInvalida(mdfeClienteMensagens.invalida(servico, v.erros[0] ?? ''), v.erros);
    const url = urlServicoMdfe({ ambiente: o.ambiente, servico, override: o.override });
    const xml = await postSoap({
      url,
      servico: formaSoapMdfe(servico, cUF),
      mensagem,
      tls: o.tls,
      timeoutMs: o.timeoutMs,
    });
    const doc = no(parser.parse(xml));
    const chave = Object.keys(doc).find((k) => !k.startsWith('?'));
    return { xml, raiz: no(chave ? doc[chave] : null) };
  }

  function paralisada(cStat: string, xMotivo: string) {
    if (cStat === '108' || cStat === '109') throw new SefazParalisada(cStat, xMotivo);
  }

  return {
    /** MDFeRecepcaoSinc: one signed MDFe, answered at once with its protocol. */
    async autoriza(mdfeAssinado: string): Promise<RespostaAutorizacaoMdfe> {
      const { xml, raiz } = await envia(
        'MDFeRecepcaoSinc',
        mdfeAssinado,
        compactaMdfe(mdfeAssinado),
        cUFDe(mdfeAssinado),
      );
      const inf = no(no(raiz.protMDFe).infProt);
      const protMDFe = elementosCom(xml, 'protMDFe', 'infProt')[0] ?? null;
      const cStat = txt(inf.cStat) ?? txt(raiz.cStat) ?? '';
      const xMotivo = txt(inf.xMotivo) ?? txt(raiz.xMotivo) ?? '';
      paralisada(cStat, xMotivo);
      return {
        cStat,
        xMotivo,
        chMDFe: txt(inf.chMDFe),
        nProt: txt(inf.nProt),
        dhRecbto: txt(inf.dhRecbto),
        digVal: txt(inf.digVal),
        protMDFe: inf.cStat ? protMDFe : null,
        xml,
      };
    },

    /** MDFeConsulta: the situation of a chave with its protocol and events. */
    async consulta(chMDFe: string): Promise<RespostaConsultaMdfe> {
      const msg = montaConsSitMDFe(tpAmb, chMDFe);
      const { xml, raiz } = await envia('MDFeConsulta', msg, msg, chMDFe.slice(0, 2));
      const cStat = txt(raiz.cStat) ?? '';
      const xMotivo = txt(raiz.xMotivo) ?? '';
      paralisada(cStat, xMotivo);
      const eventos = elementosCom(xml, 'procEventoMDFe', 'eventoMDFe').map((p) => {
        const inf = no(no(no(parser.parse(p)).procEventoMDFe).retEventoMDFe).infEvento;
        const i = no(inf);
        return {
          tpEvento: txt(i.tpEvento) ?? '',
          nSeqEvento: txt(i.nSeqEvento) ?? '',
          cStat: txt(i.cStat) ?? '',
          nProt: txt(i.nProt),
          dhRegEvento: txt(i.dhRegEvento),
          xml: p,
        };
      });
      return {
        cStat,
        xMotivo,
        protMDFe: elementosCom(xml, 'protMDFe', 'infProt')[0] ?? null,
        eventos,
        xml,
      };
    },

    /** MDFeStatusServico for a UF (IBGE code): 107 in operation, 108/109 paralysed (returned, not thrown). */
    async status(cUF: string): Promise<RespostaStatusMdfe> {
      const msg = montaConsStatServMDFe(tpAmb);
      const { xml, raiz } = await envia('MDFeStatusServico', msg, msg, cUF);
      return {
        cStat: txt(raiz.cStat) ?? '',
        xMotivo: txt(raiz.xMotivo) ?? '',
        tMed: txt(raiz.tMed),
        dhRecbto: txt(raiz.dhRecbto),
        xml,
      };
    },

    /** MDFeRecepcaoEvento: one signed eventoMDFe (cancelamento, encerramento, inclusão de condutor / DF-e). */
    async evento(eventoAssinado: string): Promise<RespostaEventoMdfe> {
      const msg = semDeclaracao(eventoAssinado);
      const cOrgao = /<(?:[\w.-]+:)?cOrgao>(\d{2})</.exec(msg)?.[1];
      const { xml, raiz } = await envia('MDFeRecepcaoEvento', msg, msg, cOrgao);
      const inf = no(lista(raiz.infEvento)[0]);
      const cStat = txt(inf.cStat) ?? '';
      const xMotivo = txt(inf.xMotivo) ?? '';
      paralisada(cStat, xMotivo);
      return {
        cStat,
        xMotivo,
        tpEvento: txt(inf.tpEvento),
        nSeqEvento: txt(inf.nSeqEvento),
        nProt: txt(inf.nProt),
        dhRegEvento: txt(inf.dhRegEvento),
        eventoXml: msg,
        retEventoMDFe: trechoXml(xml, 'retEventoMDFe'),
        xml,
      };
    },

    /** MDFeConsNaoEnc: the emitente's authorised MDF-e not yet closed (CNPJ, or CPF with 11 digits). */
    async naoEncerrados(cnpjCpf: string, cUF?: string): Promise<RespostaNaoEncerrados> {
      const msg = montaConsMDFeNaoEnc(tpAmb, cnpjCpf);
      const { xml, raiz } = await envia('MDFeConsNaoEnc', msg, msg, cUF);
      const cStat = txt(raiz.cStat) ?? '';
      const xMotivo = txt(raiz.xMotivo) ?? '';
      paralisada(cStat, xMotivo);
      return {
        cStat,
        xMotivo,
        mdfes: lista(raiz.infMDFe).map((m) => ({ chMDFe: txt(m.chMDFe) ?? '', nProt: txt(m.nProt) ?? '' })),
        xml,
      };
    },
  };
}

export type ClienteMdfe = ReturnType<typeof criaClienteMdfe>;
