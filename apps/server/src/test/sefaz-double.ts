import { generateKeyPairSync, randomInt } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { verificaAssinaturaElemento, verificaAssinaturaNfe } from '../modules/nfe/assinatura.ts';
import { validaNfeXsd } from '../modules/nfe/xsd.ts';
import { dataHoraNfe } from '../modules/notasfiscais/xml/ide.ts';
import { conteudoSoap } from '../modules/sefaz/soap.ts';
import {
  type Autorizador,
  namespaceServico,
  SERVICOS,
  type Servico,
  TP_EMIS_SVC,
} from '../modules/sefaz/webservices.ts';
import { geraAcTeste } from './pfx-teste.ts';

// A local SEFAZ for the tests: HTTPS with its own test CA, the client certificate REQUIRED (signed by
// the AC the test names), SOAP 1.2 at `/<autorizador>/<servico>` (what SEFAZ_URL_OVERRIDE points
// at). Every request is validated against its XSD and its signature verified with our verifier;
// answers are the real messages (retEnviNFe, retConsSitNFe, retConsStatServ, retEnvEvento,
// retInutNFe) with the real cStat codes. Behaviour per test through `cenario`.

export type CenarioSefaz = {
  /** Status service answer per authoriser (default 107); 108/109 = down. */
  status: Partial<Record<Autorizador, '107' | '108' | '109'>>;
  /** Authorisers that drop the connection (no answer at all). */
  fora: Autorizador[];
  /** Milliseconds before answering NFeAutorizacao4 (the note IS authorised: a timeout on the client side). */
  atrasoAutorizacaoMs: number;
  /** Authorisers that answer every service this late (an overloaded SEFAZ: repeated timeouts). */
  lentos: Partial<Record<Autorizador, number>>;
  /** One-shot answer of the next authorisation instead of 100 (e.g. 301 denegada, 225 rejeição). */
  proximaAutorizacao: { cStat: string; xMotivo: string } | null;
  /** Shifts the double's clock (cancel window tests). */
  deslocamentoRelogioMs: number;
};

type Autorizada = {
  chave: string;
  cnpj: string;
  serie: string;
  nNF: string;
  protXml: string;
  nProt: string;
  recebidaEm: Date;
  cancelada: boolean;
  cStat: string;
  eventos: { tpEvento: string; nSeq: number; nProt: string }[];
};

/** A handler of more services at `/<autorizador>/<servico>` (the MDF-e double). */
export type AtendenteSefaz = {
  servicos: readonly string[];
  atende(r: {
    servico: string;
    envelope: string;
    contentType: string;
    clienteCn: string;
  }): Promise<{ status: number; corpo: string } | 'derruba' | 'sem-resposta'>;
};

export type RequisicaoRecebida = { autorizador: string; servico: string; cStat: string; clienteCn: string };

const NS = 'http://www.portalfiscal.inf.br/nfe';
const VER_APLIC = 'SEFAZ-DOUBLE-1.0';

const chaveServidor = (() => {
  let k: forge.pki.rsa.PrivateKey | null = null;
  return () => {
    if (!k) {
      const { privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
      k = forge.pki.privateKeyFromPem(privateKey);
    }
    return k;
  };
})();

/** The double's TLS identity: its own CA and a server certificate for 127.0.0.1/localhost. */
function identidadeServidor() {
  const ac = geraAcTeste({ nome: 'AC TESTE SEFAZ DOUBLE' });
  const key = chaveServidor();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 86400000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86400000);
  cert.setSubject([
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'SEFAZ DOUBLE' },
    { shortName: 'CN', value: 'localhost' },
  ]);
  cert.setIssuer(ac.cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  cert.sign(ac.key, forge.md.sha256.create());
  return {
    caPem: ac.certPem,
    certPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(key),
  };
}

const tag = (xml: string, nome: string) =>
  new RegExp(`<(?:\\w+:)?${nome}\\b[^>]*>([^<]*)</(?:\\w+:)?${nome}>`).exec(xml)?.[1] ?? null;

/**
 * Starts the double. `acClientePem`: the AC(s) whose certificates it accepts as clients (the
 * AC of the test A1); without it (the browser tests, whose demo A1 is made at seed time) any
 * client certificate is taken — but one is still required. Answers `url` (for
 * SEFAZ_URL_OVERRIDE) and `caPem` (for SEFAZ_CA_DIR).
 */
export async function startSefazDouble(opts: {
  acClientePem?: string | string[];
  schemasDir: string;
  /** Other services on the same server and routes (the MDF-e double, sefaz-double-mdfe.ts). */
  extra?: AtendenteSefaz;
}) {
  const id = identidadeServidor();
  const cenario: CenarioSefaz = {
    status: {},
    fora: [],
    atrasoAutorizacaoMs: 0,
    lentos: {},
    proximaAutorizacao: null,
    deslocamentoRelogioMs: 0,
  };
  const autorizadas = new Map<string, Autorizada>();
  const inutilizadas: { cnpj: string; serie: string; ini: number; fin: number; nProt: string }[] = [];
  const requisicoes: RequisicaoRecebida[] = [];
  let seqProt = 0;
  const agora = () => new Date(Date.now() + cenario.deslocamentoRelogioMs);
  // nProt: tipo de autorizador (1) + cUF (2) + ano (2) + sequence (10) = 15 digits
  const novoProt = (cUF: string) =>
    `1${cUF.padStart(2, '0')}${String(agora().getFullYear()).slice(-2)}${String(++seqProt).padStart(10, '0')}`;

  function cab(cStat: string, xMotivo: string) {
    return `<tpAmb>2</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo>`;
  }

  function autorizacao(aut: string, msg: string): [string, string] {
    const nfe = /<NFe\b[\s\S]*<\/NFe>/.exec(msg)?.[0] ?? '';
    const idNfe = /<infNFe\b[^>]*\bId="NFe([0-9A-Z]{44})"/.exec(nfe)?.[1] ?? '';
    const cUF = tag(nfe, 'cUF') ?? '35';
    const base = (cStat: string, xMotivo: string, prot = '') =>
      `<retEnviNFe xmlns="${NS}" versao="4.00">${cab(cStat, xMotivo)}<cUF>${cUF}</cUF><dhRecbto>${dataHoraNfe(agora())}</dhRecbto>${prot}</retEnviNFe>`;
    const protNFe = (cStat: string, xMotivo: string, extra: { nProt?: string; digVal?: string }) =>
      `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>${VER_APLIC}</verAplic><chNFe>${idNfe}</chNFe><dhRecbto>${dataHoraNfe(agora())}</dhRecbto>${extra.nProt ? `<nProt>${extra.nProt}</nProt>` : ''}${extra.digVal ? `<digVal>${extra.digVal}</digVal>` : ''}<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo></infProt></protNFe>`;
    const assinatura = verificaAssinaturaNfe(nfe);
    if (assinatura.status !== 'valida')
      return [
        '297',
        base('104', 'Lote processado', protNFe('297', 'Rejeicao: Assinatura difere do calculado', {})),
      ];
    const tpEmis = tag(nfe, 'tpEmis') ?? '1';
    if ((aut === 'SVCAN' || aut === 'SVCRS') && tpEmis !== TP_EMIS_SVC[aut])
      return [
        '570',
        base(
          '104',
          'Lote processado',
          protNFe('570', 'Rejeicao: Tipo de Emissao incompativel com o autorizador', {}),
        ),
      ];
    const cnpj = tag(/<emit>[\s\S]*?<\/emit>/.exec(nfe)?.[0] ?? '', 'CNPJ') ?? '';
    const serie = tag(nfe, 'serie') ?? '';
    const nNF = tag(nfe, 'nNF') ?? '';
    const ja = autorizadas.get(idNfe);
    if (ja)
      return [
        '204',
        base(
          '104',
          'Lote processado',
          protNFe('204', `Rejeicao: Duplicidade de NF-e [nProt:${ja.nProt}]`, {}),
        ),
      ];
    const mesmoNumero = [...autorizadas.values()].find(
      (a) => a.cnpj === cnpj && a.serie === serie && a.nNF === nNF,
    );
    if (mesmoNumero)
      return [
        '539',
        base(
          '104',
          'Lote processado',
          protNFe(
            '539',
            `Rejeicao: Duplicidade de NF-e com diferenca na Chave de Acesso [chNFe:${mesmoNumero.chave}][nProt:${mesmoNumero.nProt}]`,
            {},
          ),
        ),
      ];
    const digVal = /<(?:\w+:)?DigestValue>([^<]+)</.exec(nfe)?.[1] ?? '';
    const forcado = cenario.proximaAutorizacao;
    cenario.proximaAutorizacao = null;
    if (forcado && !['110', '301', '302', '303'].includes(forcado.cStat))
      return [forcado.cStat, base('104', 'Lote processado', protNFe(forcado.cStat, forcado.xMotivo, {}))];
    const nProt = novoProt(cUF);
    const cStat = forcado?.cStat ?? '100';
    const prot = protNFe(cStat, forcado?.xMotivo ?? 'Autorizado o uso da NF-e', { nProt, digVal });
    autorizadas.set(idNfe, {
      chave: idNfe,
      cnpj,
      serie,
      nNF,
      protXml: prot,
      nProt,
      recebidaEm: agora(),
      cancelada: false,
      cStat,
      eventos: [],
    });
    return [cStat, base('104', 'Lote processado', prot)];
  }

  function consulta(msg: string): [string, string] {
    const ch = tag(msg, 'chNFe') ?? '';
    const a = autorizadas.get(ch);
    const corpo = (cStat: string, xMotivo: string, prot = '') =>
      `<retConsSitNFe xmlns="${NS}" versao="4.00">${cab(cStat, xMotivo)}<cUF>${ch.slice(0, 2)}</cUF><dhRecbto>${dataHoraNfe(agora())}</dhRecbto><chNFe>${ch}</chNFe>${prot}</retConsSitNFe>`;
    if (!a) return ['217', corpo('217', 'Rejeicao: NF-e nao consta na base de dados da SEFAZ')];
    if (a.cancelada) return ['101', corpo('101', 'Cancelamento de NF-e homologado', a.protXml)];
    return [
      a.cStat,
      corpo(a.cStat, a.cStat === '100' ? 'Autorizado o uso da NF-e' : 'Uso Denegado', a.protXml),
    ];
  }

  function status(aut: Autorizador, msg: string): [string, string] {
    const c = cenario.status[aut] ?? '107';
    const x = {
      '107': 'Servico em Operacao',
      '108': 'Servico Paralisado Momentaneamente (curto prazo)',
      '109': 'Servico Paralisado sem Previsao',
    }[c];
    return [
      c,
      `<retConsStatServ xmlns="${NS}" versao="4.00">${cab(c, x)}<cUF>${tag(msg, 'cUF')}</cUF><dhRecbto>${dataHoraNfe(agora())}</dhRecbto>${c === '107' ? '<tMed>1</tMed>' : ''}</retConsStatServ>`,
    ];
  }

  function evento(msg: string): [string, string] {
    const tpEvento = tag(msg, 'tpEvento') ?? '';
    const ch = tag(msg, 'chNFe') ?? '';
    const nSeq = Number(tag(msg, 'nSeqEvento') ?? '1');
    const cOrgao = tag(msg, 'cOrgao') ?? '';
    const ret = (cStat: string, xMotivo: string, nProt?: string) => {
      const inf =
        `<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${cOrgao}</cOrgao>` +
        `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><chNFe>${ch}</chNFe><tpEvento>${tpEvento}</tpEvento>` +
        `<xEvento>${tpEvento === '110111' ? 'Cancelamento' : 'Carta de Correcao'}</xEvento><nSeqEvento>${nSeq}</nSeqEvento>` +
        `<dhRegEvento>${dataHoraNfe(agora())}</dhRegEvento>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEvento>`;
      return [
        cStat,
        `<retEnvEvento xmlns="${NS}" versao="1.00"><idLote>${tag(msg, 'idLote')}</idLote>${cab('128', 'Lote de Evento Processado').replace('<cStat>', `<cOrgao>${cOrgao}</cOrgao><cStat>`)}${inf}</retEnvEvento>`,
      ] as [string, string];
    };
    const assinatura = verificaAssinaturaElemento(msg, 'infEvento');
    if (!assinatura.valida) return ret('297', 'Rejeicao: Assinatura difere do calculado');
    const a = autorizadas.get(ch);
    if (!a) return ret('217', 'Rejeicao: NF-e nao consta na base de dados da SEFAZ');
    if (a.cancelada) return ret('218', 'Rejeicao: NF-e ja esta cancelada na base de dados da SEFAZ');
    if (a.eventos.some((e) => e.tpEvento === tpEvento && e.nSeq === nSeq))
      return ret('573', 'Rejeicao: Duplicidade de Evento');
    if (tpEvento === '110111') {
      if (tag(msg, 'nProt') !== a.nProt)
        return ret('222', 'Rejeicao: Protocolo de Autorizacao de Uso difere do cadastrado');
      if (agora().getTime() - a.recebidaEm.getTime() > 24 * 3600_000)
        return ret('501', 'Rejeicao: Prazo de cancelamento superior ao previsto na Legislacao');
    }
    const nProt = novoProt(ch.slice(0, 2));
    a.eventos.push({ tpEvento, nSeq, nProt });
    if (tpEvento === '110111') a.cancelada = true;
    return ret('135', 'Evento registrado e vinculado a NF-e', nProt);
  }

  function inutilizacao(msg: string): [string, string] {
    const cnpj = tag(msg, 'CNPJ') ?? '';
    const serie = tag(msg, 'serie') ?? '';
    const ini = Number(tag(msg, 'nNFIni'));
    const fin = Number(tag(msg, 'nNFFin'));
    const cUF = tag(msg, 'cUF') ?? '';
    const corpo = (cStat: string, xMotivo: string, nProt?: string) => [
      cStat,
      `<retInutNFe xmlns="${NS}" versao="4.00"><infInut>${cab(cStat, xMotivo)}<cUF>${cUF}</cUF><ano>${tag(msg, 'ano')}</ano><CNPJ>${cnpj}</CNPJ><mod>55</mod><serie>${serie}</serie><nNFIni>${ini}</nNFIni><nNFFin>${fin}</nNFFin><dhRecbto>${dataHoraNfe(agora())}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infInut></retInutNFe>`,
    ];
    const assinatura = verificaAssinaturaElemento(msg, 'infInut');
    if (!assinatura.valida)
      return corpo('297', 'Rejeicao: Assinatura difere do calculado') as [string, string];
    const usada = [...autorizadas.values()].find(
      (a) => a.cnpj === cnpj && a.serie === serie && Number(a.nNF) >= ini && Number(a.nNF) <= fin,
    );
    if (usada) return corpo('241', 'Rejeicao: Um numero da faixa ja foi utilizado') as [string, string];
    if (inutilizadas.some((i) => i.cnpj === cnpj && i.serie === serie && i.ini <= fin && ini <= i.fin))
      return corpo('256', 'Rejeicao: Uma NF-e da faixa ja esta inutilizada na Base de dados da SEFAZ') as [
        string,
        string,
      ];
    const nProt = novoProt(cUF);
    inutilizadas.push({ cnpj, serie, ini, fin, nProt });
    return corpo('102', 'Inutilizacao de numero homologado', nProt) as [string, string];
  }

  const server = https.createServer(
    {
      key: id.keyPem,
      cert: id.certPem,
      ...(opts.acClientePem
        ? { ca: Array.isArray(opts.acClientePem) ? opts.acClientePem : [opts.acClientePem] }
        : {}),
      requestCert: true,
      rejectUnauthorized: Boolean(opts.acClientePem),
    },
    (req, res) => {
      const peer = (req.socket as unknown as { getPeerCertificate(): { raw?: Buffer } }).getPeerCertificate();
      if (!peer?.raw) {
        // no client certificate: SEFAZ refuses the connection
        req.socket.destroy();
        return;
      }
      const partes: Buffer[] = [];
      req.on('data', (c: Buffer) => partes.push(c));
      req.on('end', () => {
        void (async () => {
          const [, autorizador = '', servico = ''] = (req.url ?? '').split('/');
          const aut = autorizador as Autorizador;
          const clienteCn =
            (
              req.socket as unknown as { getPeerCertificate(): { subject?: { CN?: string } } }
            ).getPeerCertificate()?.subject?.CN ?? '';
          if (opts.extra?.servicos.includes(servico)) {
            const r = await opts.extra.atende({
              servico,
              envelope: Buffer.concat(partes).toString('utf8'),
              contentType: req.headers['content-type'] ?? '',
              clienteCn,
            });
            if (r === 'sem-resposta') return; // hangs until the client gives up
            if (r === 'derruba' || res.destroyed) {
              req.socket.destroy();
              return;
            }
            res.writeHead(r.status, { 'Content-Type': 'application/soap+xml; charset=utf-8' });
            res.end(r.corpo);
            return;
          }
          if (cenario.fora.includes(aut)) {
            req.socket.destroy();
            return;
          }
          const responde = (http: number, corpo: string) => {
            res.writeHead(http, { 'Content-Type': 'application/soap+xml; charset=utf-8' });
            res.end(corpo);
          };
          const fault = (motivo: string) =>
            responde(
              500,
              `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt">${motivo}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`,
            );
          if (!(SERVICOS as readonly string[]).includes(servico)) return fault('Servico inexistente');
          const envelope = Buffer.concat(partes).toString('utf8');
          const tipo = req.headers['content-type'] ?? '';
          if (
            !tipo.startsWith('application/soap+xml') ||
            !tipo.includes(namespaceServico(servico as Servico))
          )
            return fault('Content-Type/action SOAP 1.2 invalido');
          const msg = conteudoSoap(envelope, 'nfeDadosMsg');
          if (!msg) return fault('nfeDadosMsg ausente');
          const xsd = validaNfeXsd(opts.schemasDir, Buffer.from(msg, 'utf8'));
          let resposta: [string, string];
          const lento = cenario.lentos[aut];
          if (lento) await new Promise((r) => setTimeout(r, lento));
          if (!xsd.valido) {
            resposta = [
              '215',
              `<retConsStatServ xmlns="${NS}" versao="4.00">${cab('215', `Rejeicao: Falha no schema XML [${xsd.erros[0]?.slice(0, 200).replace(/[<>&]/g, ' ')}]`)}<cUF>35</cUF><dhRecbto>${dataHoraNfe(agora())}</dhRecbto></retConsStatServ>`,
            ];
          } else if (servico === 'NFeAutorizacao4') {
            if (cenario.atrasoAutorizacaoMs)
              await new Promise((r) => setTimeout(r, cenario.atrasoAutorizacaoMs));
            resposta = autorizacao(aut, msg);
          } else if (servico === 'NFeConsultaProtocolo4') resposta = consulta(msg);
          else if (servico === 'NFeStatusServico4') resposta = status(aut, msg);
          else if (servico === 'NFeRecepcaoEvento4') resposta = evento(msg);
          else if (servico === 'NFeInutilizacao4') resposta = inutilizacao(msg);
          else {
            // NFeRetAutorizacao4: every lot here is synchronous (indSinc 1), no receipt is ever issued
            const cUF = tag(msg, 'nRec')?.slice(0, 2) ?? '35';
            resposta = [
              '106',
              `<retConsReciNFe xmlns="${NS}" versao="4.00"><tpAmb>2</tpAmb><verAplic>${VER_APLIC}</verAplic><nRec>${tag(msg, 'nRec')}</nRec><cStat>106</cStat><xMotivo>Lote nao localizado</xMotivo><cUF>${cUF}</cUF><dhRecbto>${dataHoraNfe(agora())}</dhRecbto></retConsReciNFe>`,
            ];
          }
          requisicoes.push({ autorizador, servico, cStat: resposta[0], clienteCn });
          if (res.destroyed) return;
          responde(
            200,
            `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><nfeResultMsg xmlns="${namespaceServico(servico as Servico)}">${resposta[1]}</nfeResultMsg></soap:Body></soap:Envelope>`,
          );
        })();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    caPem: id.caPem,
    cenario,
    autorizadas,
    inutilizadas,
    requisicoes,
    /** Back to normal operation (between tests). */
    reinicia() {
      Object.assign(cenario, {
        status: {},
        fora: [],
        atrasoAutorizacaoMs: 0,
        lentos: {},
        proximaAutorizacao: null,
        deslocamentoRelogioMs: 0,
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SefazDouble = Awaited<ReturnType<typeof startSefazDouble>>;

/** A random idLote (15 digits max). */
export const idLoteTeste = () => String(randomInt(1, 2 ** 47));
