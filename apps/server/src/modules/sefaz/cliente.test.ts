import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { dvChave } from '@erp/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import { idLoteTeste, type SefazDouble, startSefazDouble } from '../../test/sefaz-double.ts';
import { SHARED_DIR, TEST_NFE_SCHEMAS_DIR } from '../../test/test-app.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { validaNfeXsd } from '../nfe/xsd.ts';
import { type ClienteSefaz, criaClienteSefaz } from './cliente.ts';
import { idInutilizacao, montaConsStatServ } from './mensagens.ts';
import { postSoap, SefazIndisponivel, SefazTimeout } from './soap.ts';

// The SEFAZ client against the local double over real TLS with the client certificate required:
// every service, the rejection scenarios and the TLS refusals. The NF-e is the OCA fixture of
// ../shared (a real PR note) with its signature replaced by one of the test A1.

const OCA = path.join(
  SHARED_DIR,
  'fixtures/nfe/oca_41170706117473000150550010000463201612756527-procNFe.xml',
);
const disponivel = fs.existsSync(OCA) && TEST_NFE_SCHEMAS_DIR;
if (!disponivel)
  console.warn(
    `cliente.test: ../shared (fixtures/nfe e nfe/schemas) ausente em ${SHARED_DIR} — testes pulados`,
  );

const CNPJ = '06117473000150';
const ac = geraAcTeste();
const a1 = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'UNIMAKE TESTE', ac });
const assinante = { keyPem: a1.keyPem, certPem: a1.certPem };

/** The OCA NF-e, renumbered (nNF, cNF → a new chave with its DV), signed with the test A1. */
function nfe(opts: { nNF: number; cNF: string; tpEmis?: string }): { xml: string; chave: string } {
  const proc = fs.readFileSync(OCA, 'utf8');
  let xml = /<NFe\b[\s\S]*<\/NFe>/.exec(proc)?.[0] ?? '';
  xml = xml.replace(/<Signature\b[\s\S]*<\/Signature>/, '');
  const tpEmis = opts.tpEmis ?? '1';
  const serie = '001';
  const c43 = `41170706117473000150550${serie.slice(1)}${String(opts.nNF).padStart(9, '0')}${tpEmis}${opts.cNF}`;
  const chave = `${c43}${dvChave(c43)}`;
  xml = xml
    .replace(/Id="NFe\d{44}"/, `Id="NFe${chave}"`)
    .replace(/<nNF>\d+<\/nNF>/, `<nNF>${opts.nNF}</nNF>`)
    .replace(/<cNF>\d+<\/cNF>/, `<cNF>${opts.cNF}</cNF>`)
    .replace(/<cDV>\d<\/cDV>/, `<cDV>${chave.slice(-1)}</cDV>`)
    .replace(/<tpEmis>\d<\/tpEmis>/, `<tpEmis>${tpEmis}</tpEmis>`);
  if (tpEmis !== '1')
    xml = xml.replace(
      /<\/verProc>/,
      '</verProc><dhCont>2017-07-12T09:40:00-03:00</dhCont><xJust>SEFAZ DO PARANA FORA DO AR PARA TESTE</xJust>',
    );
  return { xml: assinaXml(xml, { tag: 'infNFe', ...assinante }), chave };
}

const nfeProc = (nfeXml: string, protXml: string) =>
  `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${nfeXml}${protXml}</nfeProc>`;

describe.skipIf(!disponivel)('cliente SEFAZ × double (TLS mútuo)', () => {
  let double: SefazDouble;
  let cliente: ClienteSefaz;
  let tls: { certPem: string; keyPem: string; chainPem: string[]; ca: string[] };
  const dir = TEST_NFE_SCHEMAS_DIR as string;

  beforeAll(async () => {
    double = await startSefazDouble({ acClientePem: ac.certPem, schemasDir: dir });
    tls = { certPem: a1.certPem, keyPem: a1.keyPem, chainPem: a1.chainPem, ca: [double.caPem] };
    cliente = criaClienteSefaz({
      uf: 'PR',
      ambiente: 'homologacao',
      tls,
      timeoutMs: 5000,
      override: double.url,
      schemasDir: dir,
    });
  });
  afterAll(async () => {
    await double?.close();
  });
  beforeEach(() => double.reinicia());

  it('status do serviço: 107 em operação; 108/109 quando parado; resposta válida no XSD', async () => {
    const ok = await cliente.statusServico();
    expect(ok.cStat).toBe('107');
    expect(validaNfeXsd(dir, Buffer.from(ok.xml)).valido).toBe(true);
    double.cenario.status.PR = '109';
    expect((await cliente.statusServico()).cStat).toBe('109');
    expect(double.requisicoes.at(-1)).toMatchObject({
      autorizador: 'PR',
      servico: 'NFeStatusServico4',
      clienteCn: `UNIMAKE TESTE:${CNPJ}`,
    });
  });

  it('autoriza: cStat 100, nProt de 15 dígitos, digVal = DigestValue; o nfeProc valida no procNFe_v4.00.xsd', async () => {
    const n = nfe({ nNF: 1001, cNF: '10000001' });
    const r = await cliente.autoriza(n.xml, idLoteTeste());
    expect(r.cStat).toBe('104');
    expect(validaNfeXsd(dir, Buffer.from(r.xml)).valido).toBe(true);
    expect(r.protocolo).toMatchObject({ cStat: '100', xMotivo: 'Autorizado o uso da NF-e', chNFe: n.chave });
    expect(r.protocolo?.nProt).toMatch(/^\d{15}$/);
    expect(r.protocolo?.digVal).toBe(/<DigestValue>([^<]+)</.exec(n.xml)?.[1]);
    const proc = nfeProc(n.xml, r.protocolo?.xml ?? '');
    expect(validaNfeXsd(dir, Buffer.from(proc))).toEqual({ valido: true, erros: [] });

    // the same note again: 204 duplicidade; the same number with another chave: 539
    const again = await cliente.autoriza(n.xml, idLoteTeste());
    expect(again.protocolo?.cStat).toBe('204');
    expect(again.protocolo?.xMotivo).toContain(r.protocolo?.nProt);
    const outra = await cliente.autoriza(nfe({ nNF: 1001, cNF: '10000002' }).xml, idLoteTeste());
    expect(outra.protocolo?.cStat).toBe('539');
    expect(outra.protocolo?.xMotivo).toContain(n.chave);

    // consulta: the same protNFe
    const c = await cliente.consultaProtocolo(n.chave);
    expect(c.cStat).toBe('100');
    expect(c.protocolo?.xml).toBe(r.protocolo?.xml);
    expect(validaNfeXsd(dir, Buffer.from(c.xml)).valido).toBe(true);
    expect((await cliente.consultaProtocolo(nfe({ nNF: 9999, cNF: '10000009' }).chave)).cStat).toBe('217');
    // NFeRetAutorizacao4: no asynchronous lot was ever sent
    const recibo = await cliente.consultaRecibo('411000000000001');
    expect([recibo.cStat, recibo.xMotivo]).toEqual(['106', 'Lote nao localizado']);
    expect(validaNfeXsd(dir, Buffer.from(recibo.xml)).valido).toBe(true);
  });

  it('denegada (301) traz protocolo; rejeição sem nProt', async () => {
    double.cenario.proximaAutorizacao = {
      cStat: '301',
      xMotivo: 'Uso Denegado: Irregularidade fiscal do emitente',
    };
    const d = await cliente.autoriza(nfe({ nNF: 1101, cNF: '11000001' }).xml, idLoteTeste());
    expect(d.protocolo?.cStat).toBe('301');
    expect(d.protocolo?.nProt).toMatch(/^\d{15}$/);
    double.cenario.proximaAutorizacao = { cStat: '225', xMotivo: 'Rejeicao: Falha no Schema XML da NFe' };
    const r = await cliente.autoriza(nfe({ nNF: 1102, cNF: '11000002' }).xml, idLoteTeste());
    expect(r.protocolo).toMatchObject({ cStat: '225', nProt: null });
  });

  it('timeout: o cliente desiste, a nota foi autorizada; a consulta devolve o protocolo', async () => {
    const lento = criaClienteSefaz({
      uf: 'PR',
      ambiente: 'homologacao',
      tls,
      timeoutMs: 300,
      override: double.url,
      schemasDir: dir,
    });
    double.cenario.atrasoAutorizacaoMs = 800;
    const n = nfe({ nNF: 1201, cNF: '12000001' });
    await expect(lento.autoriza(n.xml, idLoteTeste())).rejects.toBeInstanceOf(SefazTimeout);
    await new Promise((r) => setTimeout(r, 900));
    const c = await cliente.consultaProtocolo(n.chave);
    expect(c.protocolo).toMatchObject({ cStat: '100', chNFe: n.chave });
  });

  it('contingência: SVC-RS aceita tpEmis 7 e recusa tpEmis 1 (570); autorizador fora do ar = indisponível', async () => {
    const svc = criaClienteSefaz({
      uf: 'PR',
      ambiente: 'homologacao',
      contingencia: true,
      tls,
      timeoutMs: 5000,
      override: double.url,
      schemasDir: dir,
    });
    const normal = await svc.autoriza(nfe({ nNF: 1301, cNF: '13000001' }).xml, idLoteTeste());
    expect(normal.protocolo?.cStat).toBe('570');
    const cont = await svc.autoriza(nfe({ nNF: 1302, cNF: '13000002', tpEmis: '7' }).xml, idLoteTeste());
    expect(cont.protocolo?.cStat).toBe('100');
    expect(double.requisicoes.at(-1)?.autorizador).toBe('SVCRS');
    double.cenario.fora = ['PR'];
    await expect(cliente.statusServico()).rejects.toBeInstanceOf(SefazIndisponivel);
  });

  it('cancelamento (135) dentro de 24 h; fora do prazo 501; CC-e com sequência (135, 135, 573 repetida)', async () => {
    const n = nfe({ nNF: 1401, cNF: '14000001' });
    const a = await cliente.autoriza(n.xml, idLoteTeste());
    const nProt = a.protocolo?.nProt as string;
    const base = { cnpj: CNPJ, chNFe: n.chave, dhEvento: new Date(), idLote: idLoteTeste() };
    const cce1 = await cliente.cartaCorrecao(
      { ...base, nSeqEvento: 1, xCorrecao: 'Endereco de entrega: Rua das Flores, 100' },
      assinante,
    );
    expect(cce1.cStat).toBe('128');
    expect(cce1.evento).toMatchObject({ cStat: '135', nSeqEvento: '1' });
    expect(validaNfeXsd(dir, Buffer.from(cce1.xml)).valido).toBe(true);
    const cce2 = await cliente.cartaCorrecao(
      { ...base, nSeqEvento: 2, xCorrecao: 'Volumes: 3 caixas' },
      assinante,
    );
    expect(cce2.evento?.cStat).toBe('135');
    const rep = await cliente.cartaCorrecao(
      { ...base, nSeqEvento: 2, xCorrecao: 'Volumes: 4 caixas' },
      assinante,
    );
    expect(rep.evento?.cStat).toBe('573');

    const canc = await cliente.cancela(
      { ...base, nSeqEvento: 1, nProt, xJust: 'Pedido cancelado pelo cliente antes da saida' },
      assinante,
    );
    expect(canc.evento?.cStat).toBe('135');
    expect(canc.evento?.nProt).toMatch(/^\d{15}$/);
    expect(validaNfeXsd(dir, Buffer.from(canc.xml)).valido).toBe(true);
    expect((await cliente.consultaProtocolo(n.chave)).cStat).toBe('101');

    const m = nfe({ nNF: 1402, cNF: '14000002' });
    const a2 = await cliente.autoriza(m.xml, idLoteTeste());
    double.cenario.deslocamentoRelogioMs = 25 * 3600_000;
    const tarde = await cliente.cancela(
      {
        ...base,
        chNFe: m.chave,
        nSeqEvento: 1,
        nProt: a2.protocolo?.nProt as string,
        xJust: 'Pedido cancelado pelo cliente antes da saida',
      },
      assinante,
    );
    expect(tarde.evento?.cStat).toBe('501');
  });

  it('inutilização de faixa: 102 com protocolo; faixa com número usado 241; Id = ID+cUF+ano+CNPJ+mod+série+ini+fin', async () => {
    expect(idInutilizacao({ uf: 'PR', ano: '26', cnpj: CNPJ, serie: 1, nNFIni: 5, nNFFin: 7 })).toBe(
      `ID4126${CNPJ}55001000000005000000007`,
    );
    const r = await cliente.inutiliza(
      {
        ano: '26',
        cnpj: CNPJ,
        serie: 1,
        nNFIni: 1500,
        nNFFin: 1502,
        xJust: 'Falha no sistema pulou a numeracao',
      },
      assinante,
    );
    expect(r).toMatchObject({ cStat: '102', xMotivo: 'Inutilizacao de numero homologado' });
    expect(r.nProt).toMatch(/^\d{15}$/);
    expect(validaNfeXsd(dir, Buffer.from(r.xml)).valido).toBe(true);
    await cliente.autoriza(nfe({ nNF: 1601, cNF: '16000001' }).xml, idLoteTeste());
    const usada = await cliente.inutiliza(
      {
        ano: '26',
        cnpj: CNPJ,
        serie: 1,
        nNFIni: 1600,
        nNFFin: 1602,
        xJust: 'Falha no sistema pulou a numeracao',
      },
      assinante,
    );
    expect(usada.cStat).toBe('241');
  });

  it('o double valida o XSD (215) e a assinatura (297)', async () => {
    const invalida = await postSoap({
      url: `${double.url}/PR/NFeStatusServico4`,
      servico: 'NFeStatusServico4',
      mensagem: montaConsStatServ('2', 'PR').replace('<xServ>STATUS</xServ>', '<xServ>OUTRO</xServ>'),
      tls,
      timeoutMs: 5000,
    });
    expect(invalida).toContain('<cStat>215</cStat>');
    const n = nfe({ nNF: 1701, cNF: '17000001' });
    const adulterada = n.xml.replace('<vNF>84.90</vNF>', '<vNF>84.91</vNF>');
    const r = await cliente.autoriza(adulterada, idLoteTeste());
    expect(r.protocolo?.cStat).toBe('297');
  });

  it('TLS: sem certificado de cliente, ou com um de outra AC, a conexão é recusada', async () => {
    const semCert = new Promise<string>((resolve) => {
      const req = https.request(
        `${double.url}/PR/NFeStatusServico4`,
        { method: 'POST', ca: [double.caPem], agent: false },
        (res) => resolve(`HTTP ${res.statusCode}`),
      );
      req.on('error', (e) => resolve(`erro ${(e as NodeJS.ErrnoException).code ?? e.message}`));
      req.end('<x/>');
    });
    expect(await semCert).toMatch(/^erro /);
    const outraAc = geraAcTeste({ nome: 'AC ESTRANHA' });
    const estranho = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'INTRUSO', ac: outraAc });
    const intruso = criaClienteSefaz({
      uf: 'PR',
      ambiente: 'homologacao',
      tls: { certPem: estranho.certPem, keyPem: estranho.keyPem, ca: [double.caPem] },
      timeoutMs: 5000,
      override: double.url,
      schemasDir: dir,
    });
    await expect(intruso.statusServico()).rejects.toBeInstanceOf(SefazIndisponivel);
    // and the client refuses a server outside its trust store
    const desconfiado = criaClienteSefaz({
      uf: 'PR',
      ambiente: 'homologacao',
      tls: { ...tls, ca: [ac.certPem] },
      timeoutMs: 5000,
      override: double.url,
      schemasDir: dir,
    });
    await expect(desconfiado.statusServico()).rejects.toBeInstanceOf(SefazIndisponivel);
  });
});
