import { gunzipSync } from 'node:zlib';
import { dvChave } from '@erp/shared';
import { validaMdfeXsd } from '../modules/mdfe/xsd-mdfe.ts';
import { verificaAssinaturaElemento } from '../modules/nfe/assinatura.ts';
import { dataHoraNfe } from '../modules/notasfiscais/xml/ide.ts';
import { NS_MDFE } from '../modules/sefaz/mdfe-mensagens.ts';
import {
  namespaceServicoMdfe,
  OPERACAO_MDFE,
  SERVICOS_MDFE,
  type ServicoMdfe,
} from '../modules/sefaz/mdfe-webservices.ts';
import { conteudoSoap } from '../modules/sefaz/soap.ts';
import { type AtendenteSefaz, startSefazDouble } from './sefaz-double.ts';

// A local SVRS for the MDF-e 3.00 tests, served by the NF-e double's https server (same test CA, the
// client certificate required, same `/<autorizador>/<servico>` routes: SEFAZ_URL_OVERRIDE serves both
// documents) through its `extra` hook. Every payload is validated against its XSD (validaMdfeXsd:
// 215) and its signature verified with our verifier (297); MDFeRecepcaoSinc's payload is the MDFe in
// GZip + Base64 (244 when it does not unpack). It keeps what it authorised per chave and answers the
// real messages (retMDFe, retConsSitMDFe, retConsStatServMDFe, retEventoMDFe, retConsMDFeNaoEnc) with
// the codes of the MOC 3.00a (see the README's MDF-e section). Behaviour per test through `cenario`.

export type CenarioMdfe = {
  /** Status answer (default 107); 108/109 = paralysed. */
  status: '107' | '108' | '109';
  /** One-shot answer of the next request (of `servico`, or of any when absent) instead of processing it. */
  proxima: { servico?: ServicoMdfe; cStat: string; xMotivo: string } | null;
  /** Milliseconds before every answer (the request IS processed: after a client timeout it stands). */
  atrasoMs: number;
  /** Requests are never answered (the client times out; nothing is processed). */
  semResposta: boolean;
  /** The connection is dropped (SefazIndisponivel on the client; nothing is processed). */
  derruba: boolean;
  /** Shifts the double's clock (the 24 h cancel window). */
  deslocamentoRelogioMs: number;
};

const cenarioInicial = (): CenarioMdfe => ({
  status: '107',
  proxima: null,
  atrasoMs: 0,
  semResposta: false,
  derruba: false,
  deslocamentoRelogioMs: 0,
});

export type EventoRegistrado = {
  tpEvento: string;
  nSeq: number;
  nProt: string;
  dhRegEvento: string;
  /** procEventoMDFe (the evento as received + the retEventoMDFe sent). */
  procXml: string;
};

export type MdfeAutorizado = {
  chave: string;
  cnpj: string;
  tpEmit: string;
  serie: string;
  nMDF: string;
  placa: string | null;
  ufFim: string;
  nProt: string;
  protXml: string;
  autorizadoEm: Date;
  dhRecbto: string;
  situacao: 'autorizado' | 'cancelado' | 'encerrado';
  eventos: EventoRegistrado[];
};

export type RequisicaoMdfe = { servico: string; cStat: string; clienteCn: string };

const VER_APLIC = 'SVRS-DOUBLE-1.0';
const XEVENTO: Record<string, string> = {
  '110111': 'Cancelamento',
  '110112': 'Encerramento',
  '110114': 'Inclusao Condutor',
  '110115': 'Inclusao DF-e',
};

const tag = (xml: string, nome: string) =>
  new RegExp(`<(?:\\w+:)?${nome}\\b[^>]*>([^<]*)</(?:\\w+:)?${nome}>`).exec(xml)?.[1] ?? null;
const escapa = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The MDF-e part of the double: its state and the handler the NF-e double's server calls (pass it as
 * `extra` to startSefazDouble, or use startSefazDoubleMdfe).
 */
export function criaSefazMdfe(opts: { schemasDir: string }) {
  const cenario = cenarioInicial();
  const autorizados = new Map<string, MdfeAutorizado>();
  const requisicoes: RequisicaoMdfe[] = [];
  let seqProt = 0;
  const agora = () => new Date(Date.now() + cenario.deslocamentoRelogioMs);
  // nProt: tipo de autorizador (9 = SVRS, as real MDF-e protocols start) + cUF (2) + ano (2) + sequence (10)
  const novoProt = (cUF: string) =>
    `9${cUF.padStart(2, '0')}${String(agora().getFullYear()).slice(-2)}${String(++seqProt).padStart(10, '0')}`;
  const cab = (tpAmb: string, cStat: string, xMotivo: string) =>
    `<tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${escapa(xMotivo)}</xMotivo>`;

  function autorizacao(dados: string): [string, string] {
    const base = (cStat: string, xMotivo: string, extra: { cUF?: string; tpAmb?: string; prot?: string }) =>
      `<retMDFe xmlns="${NS_MDFE}" versao="3.00"><tpAmb>${extra.tpAmb ?? '2'}</tpAmb><cUF>${extra.cUF ?? '43'}</cUF><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${escapa(xMotivo)}</xMotivo>${extra.prot ?? ''}</retMDFe>`;
    let mdfe: string;
    try {
      mdfe = gunzipSync(Buffer.from(dados, 'base64')).toString('utf8');
      if (!mdfe.includes('<MDFe')) throw new Error('sem MDFe');
    } catch {
      return ['244', base('244', 'Rejeição: Falha na descompactação da área de dados', {})];
    }
    const cUF = tag(mdfe, 'cUF') ?? '43';
    const tpAmb = tag(mdfe, 'tpAmb') ?? '2';
    const chave = /<infMDFe\b[^>]*\bId="MDFe(\d{44})"/.exec(mdfe)?.[1] ?? '';
    const dhRecbto = dataHoraNfe(agora());
    const protMDFe = (cStat: string, xMotivo: string, extra: { nProt?: string; digVal?: string }) =>
      `<protMDFe versao="3.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><chMDFe>${chave}</chMDFe><dhRecbto>${dhRecbto}</dhRecbto>${extra.nProt ? `<nProt>${extra.nProt}</nProt>` : ''}${extra.digVal ? `<digVal>${extra.digVal}</digVal>` : ''}<cStat>${cStat}</cStat><xMotivo>${escapa(xMotivo)}</xMotivo></infProt></protMDFe>`;
    const rejeita = (cStat: string, xMotivo: string): [string, string] => [
      cStat,
      base(cStat, xMotivo, { cUF, tpAmb, prot: chave ? protMDFe(cStat, xMotivo, {}) : '' }),
    ];
    const xsd = validaMdfeXsd(opts.schemasDir, mdfe);
    if (!xsd.valido)
      return rejeita('215', `Rejeição: Falha no schema XML [${(xsd.erros[0] ?? '').slice(0, 200)}]`);
    if (!verificaAssinaturaElemento(mdfe, 'infMDFe', NS_MDFE).valida)
      return rejeita('297', 'Rejeição: Assinatura difere do calculado');
    const emit = /<emit>[\s\S]*?<\/emit>/.exec(mdfe)?.[0] ?? '';
    const cnpj = tag(emit, 'CNPJ') ?? tag(emit, 'CPF') ?? '';
    const serie = tag(mdfe, 'serie') ?? '';
    const nMDF = tag(mdfe, 'nMDF') ?? '';
    const tpEmit = tag(mdfe, 'tpEmit') ?? '';
    const ufFim = tag(mdfe, 'UFFim') ?? '';
    const placa = tag(/<veicTracao>[\s\S]*?<\/veicTracao>/.exec(mdfe)?.[0] ?? '', 'placa');
    const ja = autorizados.get(chave);
    if (ja)
      return rejeita('204', `Rejeição: Duplicidade de MDF-e [nProt:${ja.nProt}][dhAut: ${ja.dhRecbto}].`);
    const mesmoNumero = [...autorizados.values()].find(
      (a) => a.cnpj === cnpj && a.serie === serie && a.nMDF === nMDF,
    );
    if (mesmoNumero)
      return rejeita(
        '539',
        `Rejeição: Duplicidade de MDF-e, com diferença na Chave de Acesso [chMDFe: ${mesmoNumero.chave}][nProt:${mesmoNumero.nProt}] [dhAut: ${mesmoNumero.dhRecbto}].`,
      );
    // G078: an open MDF-e of the same CNPJ base, placa, tipo de emitente and UF de descarregamento —
    // the oldest one is named
    const aberto = placa
      ? [...autorizados.values()]
          .filter(
            (a) =>
              a.situacao === 'autorizado' &&
              a.cnpj.slice(0, 8) === cnpj.slice(0, 8) &&
              a.placa === placa &&
              a.tpEmit === tpEmit &&
              a.ufFim === ufFim,
          )
          .sort((x, y) => x.autorizadoEm.getTime() - y.autorizadoEm.getTime())[0]
      : undefined;
    if (aberto)
      return rejeita(
        '611',
        `Rejeição: Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento [chMDFe: ${aberto.chave}][nProt:${aberto.nProt}]`,
      );
    const nProt = novoProt(cUF);
    const digVal = /<(?:\w+:)?DigestValue>([^<]+)</.exec(mdfe)?.[1] ?? '';
    const prot = protMDFe('100', 'Autorizado o uso do MDF-e', { nProt, digVal });
    autorizados.set(chave, {
      chave,
      cnpj,
      tpEmit,
      serie,
      nMDF,
      placa,
      ufFim,
      nProt,
      protXml: prot,
      autorizadoEm: agora(),
      dhRecbto,
      situacao: 'autorizado',
      eventos: [],
    });
    return ['100', base('100', 'Autorizado o uso do MDF-e', { cUF, tpAmb, prot })];
  }

  function evento(msg: string): [string, string] {
    const tpEvento = tag(msg, 'tpEvento') ?? '';
    const ch = tag(msg, 'chMDFe') ?? '';
    const nSeq = Number(tag(msg, 'nSeqEvento') ?? '1');
    const cOrgao = tag(msg, 'cOrgao') ?? '';
    const tpAmb = tag(msg, 'tpAmb') ?? '2';
    const dhRegEvento = dataHoraNfe(agora());
    const retEvento = (cStat: string, xMotivo: string, nProt?: string) =>
      `<retEventoMDFe xmlns="${NS_MDFE}" versao="3.00"><infEvento${nProt ? ` Id="ID${nProt}"` : ''}>${cab(tpAmb, cStat, xMotivo).replace('<cStat>', `<cOrgao>${cOrgao}</cOrgao><cStat>`)}` +
      `<chMDFe>${ch}</chMDFe><tpEvento>${tpEvento}</tpEvento>${XEVENTO[tpEvento] ? `<xEvento>${XEVENTO[tpEvento]}</xEvento>` : ''}` +
      `<nSeqEvento>${nSeq}</nSeqEvento><dhRegEvento>${dhRegEvento}</dhRegEvento>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEventoMDFe>`;
    const rejeita = (cStat: string, xMotivo: string): [string, string] => [cStat, retEvento(cStat, xMotivo)];
    if (!verificaAssinaturaElemento(msg, 'infEvento', NS_MDFE).valida)
      return rejeita('297', 'Rejeição: Assinatura difere do calculado');
    const id = /<infEvento\b[^>]*\bId="([^"]+)"/.exec(msg)?.[1] ?? '';
    if (id !== `ID${tpEvento}${ch}${String(nSeq).padStart(2, '0')}`)
      return rejeita(
        '628',
        'Rejeição: Erro Atributo ID do evento não corresponde à concatenação dos campos (“ID” + tpEvento + chMDFe + nSeqEvento)',
      );
    if (!XEVENTO[tpEvento]) return rejeita('629', 'Rejeição: O tpEvento informado inválido');
    const a = autorizados.get(ch);
    if (!a) return rejeita('217', 'Rejeição: MDF-e não consta na base de dados da SEFAZ');
    const dup = a.eventos.find((e) => e.tpEvento === tpEvento && e.nSeq === nSeq);
    if (dup)
      return rejeita(
        '631',
        `Rejeição: Duplicidade de evento [nProt:${dup.nProt}][dhRegEvento: ${dup.dhRegEvento}]`,
      );
    const cancelamento = a.eventos.find((e) => e.tpEvento === '110111');
    if (a.situacao === 'cancelado' && cancelamento)
      return rejeita(
        '218',
        `Rejeição: MDF-e já está cancelado na base de dados da SEFAZ [nProt:${cancelamento.nProt}][dhCanc: ${cancelamento.dhRegEvento}].`,
      );
    const encerramento = a.eventos.find((e) => e.tpEvento === '110112');
    if (a.situacao === 'encerrado' && encerramento)
      return rejeita(
        '609',
        `Rejeição: MDF-e já está encerrado na base de dados da SEFAZ [nProt:${encerramento.nProt}][dhEnc: ${encerramento.dhRegEvento}].`,
      );
    if (tpEvento === '110111' || tpEvento === '110112') {
      if (tag(msg, 'nProt') !== a.nProt)
        return rejeita('222', 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado');
    }
    if (tpEvento === '110111' && agora().getTime() - a.autorizadoEm.getTime() > 24 * 3600_000)
      return rejeita('220', 'Rejeição: MDF-e autorizado há mais de 24 horas');
    if (tpEvento === '110112' && (tag(msg, 'dtEnc') ?? '') < a.dhRecbto.slice(0, 10))
      return rejeita('615', 'Rejeição: Data de encerramento anterior à data de autorização do MDF-e');
    const nProt = novoProt(cOrgao);
    const ret = retEvento('135', 'Evento registrado e vinculado a MDF-e', nProt);
    const eventoRecebido = /<(?:\w+:)?eventoMDFe\b[\s\S]*<\/(?:\w+:)?eventoMDFe>/.exec(msg)?.[0] ?? msg;
    a.eventos.push({
      tpEvento,
      nSeq,
      nProt,
      dhRegEvento,
      procXml: `<procEventoMDFe xmlns="${NS_MDFE}" versao="3.00">${eventoRecebido}${ret}</procEventoMDFe>`,
    });
    if (tpEvento === '110111') a.situacao = 'cancelado';
    if (tpEvento === '110112') a.situacao = 'encerrado';
    return ['135', ret];
  }

  function consulta(msg: string): [string, string] {
    const ch = tag(msg, 'chMDFe') ?? '';
    const tpAmb = tag(msg, 'tpAmb') ?? '2';
    const corpo = (cStat: string, xMotivo: string, resto = '') =>
      `<retConsSitMDFe xmlns="${NS_MDFE}" versao="3.00">${cab(tpAmb, cStat, xMotivo)}<cUF>${ch.slice(0, 2)}</cUF>${resto}</retConsSitMDFe>`;
    const a = autorizados.get(ch);
    if (!a) return ['217', corpo('217', 'Rejeição: MDF-e não consta na base de dados da SEFAZ')];
    // procEventoMDFe of the schema is a wrapper holding one element "of the event's version": the
    // procEventoMDFe itself
    const eventos = a.eventos
      .map((e) => `<procEventoMDFe versao="3.00">${e.procXml}</procEventoMDFe>`)
      .join('');
    const [cStat, xMotivo] =
      a.situacao === 'cancelado'
        ? ['101', 'Cancelamento de MDF-e homologado']
        : a.situacao === 'encerrado'
          ? ['132', 'Encerramento de MDF-e homologado']
          : ['100', 'Autorizado o uso do MDF-e'];
    return [cStat, corpo(cStat, xMotivo, `${a.protXml}${eventos}`)];
  }

  function status(msg: string, cUF: string): [string, string] {
    const c = cenario.status;
    const x = {
      '107': 'Serviço em Operação',
      '108': 'Serviço Paralisado Momentaneamente (curto prazo)',
      '109': 'Serviço Paralisado sem Previsão',
    }[c];
    return [
      c,
      `<retConsStatServMDFe xmlns="${NS_MDFE}" versao="3.00">${cab(tag(msg, 'tpAmb') ?? '2', c, x)}<cUF>${cUF}</cUF><dhRecbto>${dataHoraNfe(agora())}</dhRecbto>${c === '107' ? '<tMed>1</tMed>' : ''}</retConsStatServMDFe>`,
    ];
  }

  function naoEncerrados(msg: string, cUF: string): [string, string] {
    const doc = tag(msg, 'CNPJ') ?? tag(msg, 'CPF') ?? '';
    const abertos = [...autorizados.values()].filter((a) => a.situacao === 'autorizado' && a.cnpj === doc);
    const [cStat, xMotivo] = abertos.length
      ? ['111', 'Consulta não encerrados localizou MDF-e nessa situação']
      : ['112', 'Consulta não encerrados não localizou MDF-e nessa situação'];
    const lista = abertos.map(
      (a) => `<infMDFe><chMDFe>${a.chave}</chMDFe><nProt>${a.nProt}</nProt></infMDFe>`,
    );
    return [
      cStat,
      `<retConsMDFeNaoEnc xmlns="${NS_MDFE}" versao="3.00">${cab(tag(msg, 'tpAmb') ?? '2', cStat, xMotivo)}<cUF>${cUF}</cUF>${lista.join('')}</retConsMDFeNaoEnc>`,
    ];
  }

  /** A forced answer in the shape of the service's ret message. */
  function forcada(servico: ServicoMdfe, msg: string, cUF: string, cStat: string, xMotivo: string): string {
    const tpAmb = tag(msg, 'tpAmb') ?? '2';
    const c = cab(tpAmb, cStat, xMotivo);
    switch (servico) {
      case 'MDFeRecepcaoSinc':
        return `<retMDFe xmlns="${NS_MDFE}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><cUF>${cUF}</cUF><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${escapa(xMotivo)}</xMotivo></retMDFe>`;
      case 'MDFeConsulta':
        return `<retConsSitMDFe xmlns="${NS_MDFE}" versao="3.00">${c}<cUF>${cUF}</cUF></retConsSitMDFe>`;
      case 'MDFeStatusServico':
        return `<retConsStatServMDFe xmlns="${NS_MDFE}" versao="3.00">${c}<cUF>${cUF}</cUF><dhRecbto>${dataHoraNfe(agora())}</dhRecbto></retConsStatServMDFe>`;
      case 'MDFeConsNaoEnc':
        return `<retConsMDFeNaoEnc xmlns="${NS_MDFE}" versao="3.00">${c}<cUF>${cUF}</cUF></retConsMDFeNaoEnc>`;
      case 'MDFeRecepcaoEvento':
        return `<retEventoMDFe xmlns="${NS_MDFE}" versao="3.00"><infEvento>${c.replace('<cStat>', `<cOrgao>${tag(msg, 'cOrgao') ?? cUF}</cOrgao><cStat>`)}<chMDFe>${tag(msg, 'chMDFe') ?? ''}</chMDFe></infEvento></retEventoMDFe>`;
    }
  }

  const envelope = (servico: ServicoMdfe, corpo: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><${OPERACAO_MDFE[servico]}Result xmlns="${namespaceServicoMdfe(servico)}">${corpo}</${OPERACAO_MDFE[servico]}Result></soap:Body></soap:Envelope>`;
  const fault = (motivo: string) => ({
    status: 500,
    corpo: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt">${motivo}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`,
  });

  const atendente: AtendenteSefaz = {
    servicos: SERVICOS_MDFE,
    async atende({ servico: s, envelope: env, contentType, clienteCn }) {
      const servico = s as ServicoMdfe;
      if (cenario.derruba) return 'derruba';
      if (cenario.semResposta) return 'sem-resposta';
      if (
        !contentType.startsWith('application/soap+xml') ||
        !contentType.includes(`${namespaceServicoMdfe(servico)}/${OPERACAO_MDFE[servico]}`)
      )
        return fault('Content-Type/action SOAP 1.2 invalido');
      const msg = conteudoSoap(env, 'mdfeDadosMsg');
      if (!msg) return fault('mdfeDadosMsg ausente');
      const cUF = tag(conteudoSoap(env, 'mdfeCabecMsg') ?? '', 'cUF') ?? '43';
      if (cenario.atrasoMs) await new Promise((r) => setTimeout(r, cenario.atrasoMs));
      let resposta: [string, string];
      const p = cenario.proxima;
      if (p && (!p.servico || p.servico === servico)) {
        cenario.proxima = null;
        resposta = [p.cStat, forcada(servico, msg, cUF, p.cStat, p.xMotivo)];
      } else if (servico === 'MDFeRecepcaoSinc') resposta = autorizacao(msg);
      else {
        const xsd = validaMdfeXsd(opts.schemasDir, msg);
        if (!xsd.valido) {
          const motivo = `Rejeição: Falha no schema XML [${(xsd.erros[0] ?? '').slice(0, 200)}]`;
          resposta = ['215', forcada(servico, msg, cUF, '215', motivo)];
        } else if (servico === 'MDFeConsulta') resposta = consulta(msg);
        else if (servico === 'MDFeStatusServico') resposta = status(msg, cUF);
        else if (servico === 'MDFeRecepcaoEvento') resposta = evento(msg);
        else resposta = naoEncerrados(msg, cUF);
      }
      requisicoes.push({ servico, cStat: resposta[0], clienteCn });
      return { status: 200, corpo: envelope(servico, resposta[1]) };
    },
  };

  return {
    atendente,
    cenario,
    autorizados,
    requisicoes,
    /** Back to normal operation (between tests); what was authorised stays. */
    reinicia() {
      Object.assign(cenario, cenarioInicial());
    },
  };
}

export type SefazMdfe = ReturnType<typeof criaSefazMdfe>;

/**
 * Starts the NF-e double with the MDF-e services on it (one server, one CA, one SEFAZ_URL_OVERRIDE).
 * `nfeSchemasDir` only matters when NF-e requests come too.
 */
export async function startSefazDoubleMdfe(opts: {
  acClientePem?: string | string[];
  schemasDir: string;
  nfeSchemasDir?: string;
}) {
  const mdfe = criaSefazMdfe({ schemasDir: opts.schemasDir });
  const nfe = await startSefazDouble({
    acClientePem: opts.acClientePem,
    schemasDir: opts.nfeSchemasDir ?? '',
    extra: mdfe.atendente,
  });
  return {
    url: nfe.url,
    caPem: nfe.caPem,
    cenario: mdfe.cenario,
    autorizados: mdfe.autorizados,
    requisicoes: mdfe.requisicoes,
    reinicia: mdfe.reinicia,
    nfe,
    close: () => nfe.close(),
  };
}

export type SefazDoubleMdfe = Awaited<ReturnType<typeof startSefazDoubleMdfe>>;

// ---- minimal test documents (the real ones come from modules/mdfe/xml) ----

/** A minimal rodoviário MDFe (unsigned, no infMDFeSupl) valid against mdfe_v3.00.xsd, and its chave. */
export function mdfeMinimoTeste(o: {
  cnpj: string;
  nMDF: number;
  cMDF?: string;
  placa?: string;
  uf?: string;
  ufFim?: string;
  dhEmi?: string;
  tpAmb?: string;
}): { xml: string; chave: string } {
  const cUF = '35';
  const dhEmi = o.dhEmi ?? dataHoraNfe(new Date());
  const aamm = `${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}`;
  const cMDF = o.cMDF ?? String(10000000 + o.nMDF).slice(-8);
  const c43 = `${cUF}${aamm}${o.cnpj}58001${String(o.nMDF).padStart(9, '0')}1${cMDF}`;
  const chave = `${c43}${dvChave(c43)}`;
  const tpAmb = o.tpAmb ?? '2';
  const xml =
    `<MDFe xmlns="${NS_MDFE}"><infMDFe versao="3.00" Id="MDFe${chave}"><ide><cUF>${cUF}</cUF><tpAmb>${tpAmb}</tpAmb>` +
    `<tpEmit>2</tpEmit><mod>58</mod><serie>1</serie><nMDF>${o.nMDF}</nMDF><cMDF>${cMDF}</cMDF><cDV>${chave.slice(-1)}</cDV>` +
    `<modal>1</modal><dhEmi>${dhEmi}</dhEmi><tpEmis>1</tpEmis><procEmi>0</procEmi><verProc>ERP TESTE</verProc>` +
    `<UFIni>SP</UFIni><UFFim>${o.ufFim ?? 'RJ'}</UFFim><infMunCarrega><cMunCarrega>3550308</cMunCarrega><xMunCarrega>SAO PAULO</xMunCarrega></infMunCarrega></ide>` +
    `<emit><CNPJ>${o.cnpj}</CNPJ><IE>111111111111</IE><xNome>EMPRESA TESTE</xNome><enderEmit><xLgr>RUA A</xLgr><nro>1</nro>` +
    `<xBairro>CENTRO</xBairro><cMun>3550308</cMun><xMun>SAO PAULO</xMun><UF>SP</UF></enderEmit></emit>` +
    `<infModal versaoModal="3.00"><rodo><veicTracao><placa>${o.placa ?? 'ABC1D23'}</placa><tara>5000</tara>` +
    `<condutor><xNome>JOSE DA SILVA</xNome><CPF>12345678909</CPF></condutor><tpRod>02</tpRod><tpCar>02</tpCar><UF>SP</UF></veicTracao></rodo></infModal>` +
    `<infDoc><infMunDescarga><cMunDescarga>3304557</cMunDescarga><xMunDescarga>RIO DE JANEIRO</xMunDescarga>` +
    `<infNFe><chNFe>35251112345678000195550010000000011000000010</chNFe></infNFe></infMunDescarga></infDoc>` +
    `<tot><qNFe>1</qNFe><vCarga>100.00</vCarga><cUnid>01</cUnid><qCarga>10.0000</qCarga></tot></infMDFe></MDFe>`;
  return { xml, chave };
}

/** infMDFeSupl goes between infMDFe and the Signature, outside what is signed. */
export function comQrCode(mdfeAssinado: string, chave: string, tpAmb = '2'): string {
  return mdfeAssinado.replace(
    /<Signature\b/,
    `<infMDFeSupl><qrCodMDFe>https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${chave}&amp;tpAmb=${tpAmb}</qrCodMDFe></infMDFeSupl><Signature`,
  );
}

/** A minimal eventoMDFe (unsigned): cancelamento, encerramento, inclusão de condutor or of DF-e. */
export function eventoMdfeTeste(o: {
  cnpj: string;
  chave: string;
  tpEvento: '110111' | '110112' | '110114' | '110115';
  nSeqEvento?: number;
  nProt: string;
  dhEvento?: string;
  dtEnc?: string;
  tpAmb?: string;
}): string {
  const nSeq = o.nSeqEvento ?? 1;
  const det = {
    '110111': `<evCancMDFe><descEvento>Cancelamento</descEvento><nProt>${o.nProt}</nProt><xJust>Erro na digitacao dos dados do manifesto</xJust></evCancMDFe>`,
    '110112': `<evEncMDFe><descEvento>Encerramento</descEvento><nProt>${o.nProt}</nProt><dtEnc>${o.dtEnc ?? dataHoraNfe(new Date()).slice(0, 10)}</dtEnc><cUF>33</cUF><cMun>3304557</cMun></evEncMDFe>`,
    '110114': `<evIncCondutorMDFe><descEvento>Inclusao Condutor</descEvento><condutor><xNome>MARIA SOUZA</xNome><CPF>98765432100</CPF></condutor></evIncCondutorMDFe>`,
    '110115': `<evIncDFeMDFe><descEvento>Inclusao DF-e</descEvento><nProt>${o.nProt}</nProt><cMunCarrega>3550308</cMunCarrega><xMunCarrega>SAO PAULO</xMunCarrega><infDoc><cMunDescarga>3304557</cMunDescarga><xMunDescarga>RIO DE JANEIRO</xMunDescarga><chNFe>35251112345678000195550010000000021000000025</chNFe></infDoc></evIncDFeMDFe>`,
  }[o.tpEvento];
  return (
    `<eventoMDFe xmlns="${NS_MDFE}" versao="3.00"><infEvento Id="ID${o.tpEvento}${o.chave}${String(nSeq).padStart(2, '0')}">` +
    `<cOrgao>${o.chave.slice(0, 2)}</cOrgao><tpAmb>${o.tpAmb ?? '2'}</tpAmb><CNPJ>${o.cnpj}</CNPJ><chMDFe>${o.chave}</chMDFe>` +
    `<dhEvento>${o.dhEvento ?? dataHoraNfe(new Date())}</dhEvento><tpEvento>${o.tpEvento}</tpEvento><nSeqEvento>${nSeq}</nSeqEvento>` +
    `<detEvento versaoEvento="3.00">${det}</detEvento></infEvento></eventoMDFe>`
  );
}
