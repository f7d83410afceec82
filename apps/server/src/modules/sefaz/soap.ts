import https from 'node:https';
import { namespaceServico, OPERACAO, type Servico } from './webservices.ts';

// SOAP 1.2 over HTTPS with mutual TLS, as the NF-e 4.00 web services speak it: the message goes in
// <nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/<Servico>">, the Content-Type carries
// the action, the answer comes in <nfeResultMsg>. The MDF-e services differ only in those names and a
// header (FormaSoap). The client certificate is the emitente's A1 (PEM);
// the server is checked against the trust store only (never Node's default CAs).

const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

export const soapMensagens = {
  timeout: (s: number) => `A SEFAZ não respondeu em ${s} s.`,
  indisponivel: (d: string) => `Não foi possível falar com a SEFAZ: ${d}`,
  http: (status: number, d: string) => `A SEFAZ respondeu HTTP ${status}${d ? `: ${d}` : ''}.`,
  semResultado: 'A resposta da SEFAZ não tem nfeResultMsg.',
  semElemento: (e: string) => `A resposta da SEFAZ não tem ${e}.`,
} as const;

/** No answer within the timeout: the message may or may not have been processed (query first). */
export class SefazTimeout extends Error {}
/**
 * Error codes of a failure on this server's side of the network — the name does not resolve, no
 * route: SEFAZ was never reached, so nothing says it is down (and its contingency authoriser, reached
 * over the same network, would not be reached either).
 */
const CODIGOS_SEM_REDE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
]);

/** No connection (refused, TLS, DNS): the message was not processed. */
export class SefazIndisponivel extends Error {
  constructor(
    message: string,
    /** The socket's error code (ECONNREFUSED, ENOTFOUND…), when there is one. */
    readonly codigo: string | null = null,
  ) {
    super(message);
  }

  /** No internet or no DNS on this server (ENOTFOUND, EAI_AGAIN, ENETUNREACH…), not SEFAZ being down. */
  get semRede(): boolean {
    return this.codigo !== null && CODIGOS_SEM_REDE.has(this.codigo);
  }
}
/** An HTTP/SOAP-level refusal (fault). */
export class SefazErroHttp extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A message without its XML declaration (it goes inside the envelope). */
export const semDeclaracao = (xml: string) => xml.replace(/^\s*<\?xml[^?]*\?>\s*/, '');

/**
 * How one service speaks SOAP: the wsdl namespace, the action of the Content-Type, the body element
 * of the request and of the answer, and an optional header. NF-e 4.00: nfeDadosMsg / nfeResultMsg;
 * MDF-e 3.00 (mdfe-webservices.ts): mdfeDadosMsg / `<operação>Result` with an mdfeCabecMsg header.
 */
export type FormaSoap = {
  namespace: string;
  acao: string;
  dados: string;
  resultado: string;
  /** Inner XML of the SOAP header (already in its namespace), when the service takes one. */
  cabecalho?: string;
};

/** The NF-e 4.00 form of a service. */
export const formaSoapNfe = (servico: Servico): FormaSoap => ({
  namespace: namespaceServico(servico),
  acao: `${namespaceServico(servico)}/${OPERACAO[servico]}`,
  dados: 'nfeDadosMsg',
  resultado: 'nfeResultMsg',
});

const formaDe = (s: Servico | FormaSoap) => (typeof s === 'string' ? formaSoapNfe(s) : s);

export function envelopeSoap(servico: Servico | FormaSoap, mensagem: string): string {
  const f = formaDe(servico);
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap12:Envelope xmlns:soap12="${SOAP12}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    (f.cabecalho ? `<soap12:Header>${f.cabecalho}</soap12:Header>` : '') +
    `<soap12:Body><${f.dados} xmlns="${f.namespace}">${semDeclaracao(mensagem)}</${f.dados}></soap12:Body>` +
    `</soap12:Envelope>`
  );
}

export const contentTypeSoap = (servico: Servico | FormaSoap) =>
  `application/soap+xml; charset=utf-8; action="${formaDe(servico).acao}"`;

/** The inner XML of a SOAP element (nfeDadosMsg / nfeResultMsg / mdfeDadosMsg…), byte for byte as received. */
export function conteudoSoap(envelope: string, elemento: string): string | null {
  const re = new RegExp(`<(?:[\\w.-]+:)?${elemento}\\b[^>]*>([\\s\\S]*)</(?:[\\w.-]+:)?${elemento}\\s*>`);
  return re.exec(envelope)?.[1]?.trim() ?? null;
}

export type TlsCliente = {
  certPem: string;
  keyPem: string;
  /** Intermediate certificates of the A1 sent with it. */
  chainPem?: string[];
  ca: string[];
};

/** Posts one message and returns the service's answer (the content of nfeResultMsg / its `resultado`). */
export async function postSoap(opts: {
  url: string;
  servico: Servico | FormaSoap;
  mensagem: string;
  tls: TlsCliente;
  timeoutMs: number;
}): Promise<string> {
  const corpo = Buffer.from(envelopeSoap(opts.servico, opts.mensagem), 'utf8');
  const u = new URL(opts.url);
  const resposta = await new Promise<{ status: number; texto: string }>((resolve, reject) => {
    const req = https.request(
      {
        protocol: u.protocol,
        hostname: u.hostname,
        port: u.port || 443,
        path: `${u.pathname}${u.search}`,
        method: 'POST',
        headers: { 'Content-Type': contentTypeSoap(opts.servico), 'Content-Length': corpo.length },
        cert: [opts.tls.certPem, ...(opts.tls.chainPem ?? [])].join('\n'),
        key: opts.tls.keyPem,
        ca: opts.tls.ca,
        rejectUnauthorized: true,
        minVersion: 'TLSv1.2',
        agent: false,
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (c: Buffer) => partes.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, texto: Buffer.concat(partes).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(opts.timeoutMs, () =>
      req.destroy(new SefazTimeout(soapMensagens.timeout(Math.round(opts.timeoutMs / 1000)))),
    );
    req.on('error', (e) => {
      if (e instanceof SefazTimeout) return reject(e);
      const codigo = (e as NodeJS.ErrnoException).code ?? null;
      reject(new SefazIndisponivel(soapMensagens.indisponivel(codigo ?? e.message), codigo));
    });
    req.end(corpo);
  });
  const resultado = conteudoSoap(resposta.texto, formaDe(opts.servico).resultado);
  if (resposta.status !== 200 || !resultado) {
    const motivo = /<(?:\w+:)?Text[^>]*>([^<]*)</.exec(resposta.texto)?.[1] ?? '';
    if (resposta.status !== 200)
      throw new SefazErroHttp(soapMensagens.http(resposta.status, motivo.slice(0, 200)), resposta.status);
    const esperado = formaDe(opts.servico).resultado;
    throw new SefazErroHttp(
      esperado === 'nfeResultMsg' ? soapMensagens.semResultado : soapMensagens.semElemento(esperado),
      resposta.status,
    );
  }
  return resultado;
}
