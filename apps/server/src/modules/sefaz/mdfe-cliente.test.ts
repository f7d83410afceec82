import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import {
  comQrCode,
  eventoMdfeTeste,
  mdfeMinimoTeste,
  type SefazDoubleMdfe,
  startSefazDoubleMdfe,
} from '../../test/sefaz-double-mdfe.ts';
import { TEST_MDFE_SCHEMAS_DIR } from '../../test/test-app.ts';
import { montaAssinaValida } from '../mdfe/xml/assina-mdfe.ts';
import {
  assinaEventoMdfe,
  eventoCancelamentoMdfe,
  eventoEncerramentoMdfe,
  eventoInclusaoCondutorMdfe,
  eventoInclusaoDfeMdfe,
} from '../mdfe/xml/eventos-mdfe.ts';
import { chaveNfeExemplo, exemploDadosMdfe } from '../mdfe/xml/exemplo-mdfe.ts';
import { montaMdfeProc, montaProcEventoMdfe } from '../mdfe/xml/proc-mdfe.ts';
import { validaMdfeXsd } from '../mdfe/xsd-mdfe.ts';
import { assinaXml } from '../nfe/assinador.ts';
import { MensagemInvalida } from './cliente.ts';
import { type ClienteMdfe, criaClienteMdfe, elementosCom, SefazParalisada } from './mdfe-cliente.ts';
import { compactaMdfe, NS_MDFE } from './mdfe-mensagens.ts';
import { formaSoapMdfe, urlServicoMdfe } from './mdfe-webservices.ts';
import { SefazIndisponivel, SefazTimeout } from './soap.ts';

// The MDF-e client against the local SVRS double over real TLS (client certificate required): every
// service, the rejections the double knows (611, 631, 609, 220, 297, 204), the forced answers and the
// transport failures. The MDF-e are the double's minimal rodoviário documents signed with the test A1.

const dir = TEST_MDFE_SCHEMAS_DIR;
if (!dir)
  console.warn(
    'mdfe-cliente.test: ../shared/mdfe/schemas/PL_MDFe_300a ou MDFE_SCHEMAS_DIR ausente — testes pulados',
  );

const CNPJ = '12345678000195';
const ac = geraAcTeste();
const a1 = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'TRANSPORTES TESTE', ac });
const assinante = { keyPem: a1.keyPem, certPem: a1.certPem };

function mdfe(o: Parameters<typeof mdfeMinimoTeste>[0]) {
  const m = mdfeMinimoTeste(o);
  return { chave: m.chave, xml: comQrCode(assinaXml(m.xml, { tag: 'infMDFe', ...assinante }), m.chave) };
}
const evento = (o: Parameters<typeof eventoMdfeTeste>[0]) =>
  assinaXml(eventoMdfeTeste(o), { tag: 'infEvento', ...assinante });
const hoje = () => new Date().toISOString().slice(0, 10);
const valido = (xml: string) => validaMdfeXsd(dir, xml);

describe('endereços MDF-e (SVRS)', () => {
  it('production, homologação and the override; SOAP action, body and header', () => {
    expect(urlServicoMdfe({ ambiente: 'producao', servico: 'MDFeRecepcaoSinc' })).toBe(
      'https://mdfe.svrs.rs.gov.br/ws/MDFeRecepcaoSinc/MDFeRecepcaoSinc.asmx',
    );
    expect(urlServicoMdfe({ ambiente: 'homologacao', servico: 'MDFeConsNaoEnc' })).toBe(
      'https://mdfe-homologacao.svrs.rs.gov.br/ws/MDFeConsNaoEnc/MDFeConsNaoEnc.asmx',
    );
    expect(
      urlServicoMdfe({ ambiente: 'producao', servico: 'MDFeConsulta', override: 'https://127.0.0.1:9/' }),
    ).toBe('https://127.0.0.1:9/SVRS/MDFeConsulta');
    expect(formaSoapMdfe('MDFeStatusServico', '35')).toEqual({
      namespace: 'http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeStatusServico',
      acao: 'http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeStatusServico/mdfeStatusServicoMDF',
      dados: 'mdfeDadosMsg',
      resultado: 'mdfeStatusServicoMDFResult',
      cabecalho:
        '<mdfeCabecMsg xmlns="http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeStatusServico"><cUF>35</cUF><versaoDados>3.00</versaoDados></mdfeCabecMsg>',
    });
    expect(compactaMdfe('<?xml version="1.0"?><MDFe/>')).toBe(compactaMdfe('<MDFe/>'));
    expect(gunzipSync(Buffer.from(compactaMdfe('<MDFe/>'), 'base64')).toString()).toBe('<MDFe/>');
  });
});

describe('retConsSitMDFe: protMDFe / procEventoMDFe flat or wrapped once more', () => {
  it('takes the element holding infProt / eventoMDFe, as received', () => {
    const prot = '<protMDFe versao="3.00"><infProt><cStat>100</cStat></infProt></protMDFe>';
    const proc =
      '<procEventoMDFe xmlns="x" versao="3.00"><eventoMDFe versao="3.00"/><retEventoMDFe versao="3.00"/></procEventoMDFe>';
    const plano = `<retConsSitMDFe>${prot}${proc}</retConsSitMDFe>`;
    const envolto = `<retConsSitMDFe><protMDFe versao="3.00">${prot.replace('versao', 'xmlns="x" versao')}</protMDFe><procEventoMDFe versao="3.00">${proc}</procEventoMDFe><procEventoMDFe versao="3.00">${proc}</procEventoMDFe></retConsSitMDFe>`;
    expect(elementosCom(plano, 'protMDFe', 'infProt')).toEqual([prot]);
    expect(elementosCom(plano, 'procEventoMDFe', 'eventoMDFe')).toEqual([proc]);
    expect(elementosCom(envolto, 'protMDFe', 'infProt')).toEqual([
      prot.replace('versao', 'xmlns="x" versao'),
    ]);
    expect(elementosCom(envolto, 'procEventoMDFe', 'eventoMDFe')).toEqual([proc, proc]);
  });
});

describe.skipIf(!dir)('cliente MDF-e × double SVRS (TLS mútuo)', () => {
  let double: SefazDoubleMdfe;
  let cliente: ClienteMdfe;
  let tls: { certPem: string; keyPem: string; chainPem: string[]; ca: string[] };
  const cria = (timeoutMs = 5000) =>
    criaClienteMdfe({ ambiente: 'homologacao', tls, timeoutMs, override: double.url, schemasDir: dir });

  beforeAll(async () => {
    double = await startSefazDoubleMdfe({ acClientePem: ac.certPem, schemasDir: dir as string });
    tls = { certPem: a1.certPem, keyPem: a1.keyPem, chainPem: a1.chainPem, ca: [double.caPem] };
    cliente = cria();
  });
  afterAll(async () => {
    await double?.close();
  });
  beforeEach(() => double.reinicia());

  it('status: 107 for the UF of the header, 109 when paralysed (returned, not thrown)', async () => {
    const r = await cliente.status('35');
    expect(r).toMatchObject({ cStat: '107', xMotivo: 'Serviço em Operação', tMed: '1' });
    expect(r.xml).toContain('<cUF>35</cUF>');
    expect(valido(r.xml)).toEqual({ valido: true, erros: [] });
    expect(double.requisicoes.at(-1)).toEqual({
      servico: 'MDFeStatusServico',
      cStat: '107',
      clienteCn: `TRANSPORTES TESTE:${CNPJ}`,
    });
    double.cenario.status = '109';
    expect((await cliente.status('35')).cStat).toBe('109');
  });

  it('autoriza: 100, nProt of 15 digits, digVal = DigestValue, protMDFe byte for byte; mdfeProc valid; 204 again; consulta', async () => {
    const m = mdfe({ cnpj: CNPJ, nMDF: 1, placa: 'AUT1A11' });
    expect(valido(m.xml)).toEqual({ valido: true, erros: [] });
    const r = await cliente.autoriza(m.xml);
    expect(r).toMatchObject({ cStat: '100', xMotivo: 'Autorizado o uso do MDF-e', chMDFe: m.chave });
    expect(r.nProt).toMatch(/^\d{15}$/);
    expect(r.digVal).toBe(/<DigestValue>([^<]+)</.exec(m.xml)?.[1]);
    expect(r.dhRecbto).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(valido(r.xml)).toEqual({ valido: true, erros: [] });
    // byte for byte: what the double sent inside retMDFe
    expect(r.protMDFe).toBe(double.autorizados.get(m.chave)?.protXml);
    expect(r.xml).toContain(r.protMDFe as string);
    const proc = `<mdfeProc xmlns="${NS_MDFE}" versao="3.00">${m.xml}${r.protMDFe}</mdfeProc>`;
    expect(valido(proc)).toEqual({ valido: true, erros: [] });

    const again = await cliente.autoriza(m.xml);
    expect(again.cStat).toBe('204');
    expect(again.xMotivo).toContain(`[nProt:${r.nProt}]`);
    expect(again.nProt).toBeNull();

    const c = await cliente.consulta(m.chave);
    expect(c).toMatchObject({ cStat: '100', xMotivo: 'Autorizado o uso do MDF-e', eventos: [] });
    expect(c.protMDFe).toBe(r.protMDFe);
    expect(valido(c.xml)).toEqual({ valido: true, erros: [] });
    const nenhum = await cliente.consulta(mdfeMinimoTeste({ cnpj: CNPJ, nMDF: 999 }).chave);
    expect(nenhum).toMatchObject({ cStat: '217', protMDFe: null, eventos: [] });
  });

  it('events: inclusão de condutor and de DF-e, encerramento → 135 with a valid retEventoMDFe; 631 repeated; 609 after; consulta 132 with the events', async () => {
    const m = mdfe({ cnpj: CNPJ, nMDF: 2, placa: 'EVT2B22' });
    const a = await cliente.autoriza(m.xml);
    const nProt = a.nProt as string;
    const base = { cnpj: CNPJ, chave: m.chave, nProt };

    const cond = await cliente.evento(evento({ ...base, tpEvento: '110114' }));
    expect(cond).toMatchObject({
      cStat: '135',
      xMotivo: 'Evento registrado e vinculado a MDF-e',
      tpEvento: '110114',
      nSeqEvento: '1',
    });
    expect(cond.nProt).toMatch(/^\d{15}$/);
    expect(valido(cond.retEventoMDFe as string)).toEqual({ valido: true, erros: [] });
    const proc = `<procEventoMDFe xmlns="${NS_MDFE}" versao="3.00">${cond.eventoXml}${cond.retEventoMDFe}</procEventoMDFe>`;
    expect(valido(proc)).toEqual({ valido: true, erros: [] });

    const repetido = await cliente.evento(evento({ ...base, tpEvento: '110114' }));
    expect(repetido.cStat).toBe('631');
    expect(repetido.xMotivo).toBe(
      `Rejeição: Duplicidade de evento [nProt:${cond.nProt}][dhRegEvento: ${cond.dhRegEvento}]`,
    );
    expect(valido(repetido.retEventoMDFe as string)).toEqual({ valido: true, erros: [] });

    const dfe = await cliente.evento(evento({ ...base, tpEvento: '110115' }));
    expect(dfe.cStat).toBe('135');
    expect(valido(dfe.retEventoMDFe as string)).toEqual({ valido: true, erros: [] });

    const enc = await cliente.evento(evento({ ...base, tpEvento: '110112', dtEnc: hoje() }));
    expect(enc.cStat).toBe('135');
    expect(valido(enc.retEventoMDFe as string)).toEqual({ valido: true, erros: [] });

    const cancela = await cliente.evento(evento({ ...base, tpEvento: '110111' }));
    expect(cancela.cStat).toBe('609');
    expect(cancela.xMotivo).toBe(
      `Rejeição: MDF-e já está encerrado na base de dados da SEFAZ [nProt:${enc.nProt}][dhEnc: ${enc.dhRegEvento}].`,
    );

    const c = await cliente.consulta(m.chave);
    expect(c).toMatchObject({ cStat: '132', xMotivo: 'Encerramento de MDF-e homologado' });
    expect(valido(c.xml)).toEqual({ valido: true, erros: [] });
    expect(c.eventos.map((e) => [e.tpEvento, e.cStat, e.nProt])).toEqual([
      ['110114', '135', cond.nProt],
      ['110115', '135', dfe.nProt],
      ['110112', '135', enc.nProt],
    ]);
    expect(c.eventos.map((e) => e.xml)).toEqual(
      double.autorizados.get(m.chave)?.eventos.map((e) => e.procXml),
    );
    expect(valido(c.eventos[2]?.xml as string)).toEqual({ valido: true, erros: [] });
  });

  it('cancelamento: 222 with another nProt, 220 after 24 h, 135 within; consulta 101; 218 after', async () => {
    const m = mdfe({ cnpj: CNPJ, nMDF: 3, placa: 'CAN3C33' });
    const nProt = (await cliente.autoriza(m.xml)).nProt as string;
    const base = { cnpj: CNPJ, chave: m.chave };
    const outro = await cliente.evento(evento({ ...base, nProt: '935250000000001', tpEvento: '110111' }));
    expect(outro).toMatchObject({
      cStat: '222',
      xMotivo: 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado',
      nProt: null,
    });
    double.cenario.deslocamentoRelogioMs = 24 * 3600_000 + 60_000;
    const tarde = await cliente.evento(evento({ ...base, nProt, tpEvento: '110111' }));
    expect(tarde).toMatchObject({ cStat: '220', xMotivo: 'Rejeição: MDF-e autorizado há mais de 24 horas' });
    expect(valido(tarde.retEventoMDFe as string)).toEqual({ valido: true, erros: [] });
    double.cenario.deslocamentoRelogioMs = 0;
    const ok = await cliente.evento(evento({ ...base, nProt, tpEvento: '110111' }));
    expect(ok.cStat).toBe('135');
    expect(valido(ok.retEventoMDFe as string)).toEqual({ valido: true, erros: [] });
    const c = await cliente.consulta(m.chave);
    expect(c.cStat).toBe('101');
    expect(c.eventos.map((e) => e.tpEvento)).toEqual(['110111']);
    const enc = await cliente.evento(evento({ ...base, nProt, tpEvento: '110112', dtEnc: hoje() }));
    expect(enc.cStat).toBe('218');
    expect(enc.xMotivo).toContain(`[nProt:${ok.nProt}]`);
  });

  it('611: a second MDF-e of the same placa and UF de descarregamento while the first is open; other UF passes; unblocked by the encerramento', async () => {
    const primeiro = mdfe({ cnpj: CNPJ, nMDF: 10, placa: 'PLA1A10', ufFim: 'RJ' });
    const p = await cliente.autoriza(primeiro.xml);
    expect(p.cStat).toBe('100');
    const segundo = mdfe({ cnpj: CNPJ, nMDF: 11, placa: 'PLA1A10', ufFim: 'RJ' });
    const bloqueado = await cliente.autoriza(segundo.xml);
    expect(bloqueado.cStat).toBe('611');
    expect(bloqueado.xMotivo).toBe(
      `Rejeição: Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento [chMDFe: ${primeiro.chave}][nProt:${p.nProt}]`,
    );
    expect(bloqueado.nProt).toBeNull();
    expect(valido(bloqueado.xml)).toEqual({ valido: true, erros: [] });
    expect(double.autorizados.has(segundo.chave)).toBe(false);

    const outraUf = await cliente.autoriza(mdfe({ cnpj: CNPJ, nMDF: 12, placa: 'PLA1A10', ufFim: 'MG' }).xml);
    expect(outraUf.cStat).toBe('100');

    const enc = await cliente.evento(
      evento({
        cnpj: CNPJ,
        chave: primeiro.chave,
        nProt: p.nProt as string,
        tpEvento: '110112',
        dtEnc: hoje(),
      }),
    );
    expect(enc.cStat).toBe('135');
    expect((await cliente.autoriza(segundo.xml)).cStat).toBe('100');
  });

  it('não encerrados: 111 with the open ones (chave, nProt), 112 once all are closed', async () => {
    const cnpj = '98765432000198';
    const vazio = await cliente.naoEncerrados(cnpj, '35');
    expect(vazio).toMatchObject({ cStat: '112', mdfes: [] });
    expect(valido(vazio.xml)).toEqual({ valido: true, erros: [] });
    const a = mdfe({ cnpj, nMDF: 1, placa: 'NEN1A01' });
    const b = mdfe({ cnpj, nMDF: 2, placa: 'NEN1A02' });
    const pa = await cliente.autoriza(a.xml);
    const pb = await cliente.autoriza(b.xml);
    const abertos = await cliente.naoEncerrados(cnpj, '35');
    expect(abertos).toMatchObject({
      cStat: '111',
      xMotivo: 'Consulta não encerrados localizou MDF-e nessa situação',
      mdfes: [
        { chMDFe: a.chave, nProt: pa.nProt },
        { chMDFe: b.chave, nProt: pb.nProt },
      ],
    });
    expect(valido(abertos.xml)).toEqual({ valido: true, erros: [] });
    for (const [m, prot] of [
      [a, pa],
      [b, pb],
    ] as const)
      expect(
        (
          await cliente.evento(
            evento({ cnpj, chave: m.chave, nProt: prot.nProt as string, tpEvento: '110112', dtEnc: hoje() }),
          )
        ).cStat,
      ).toBe('135');
    const fechados = await cliente.naoEncerrados(cnpj);
    expect(fechados).toMatchObject({
      cStat: '112',
      xMotivo: 'Consulta não encerrados não localizou MDF-e nessa situação',
      mdfes: [],
    });
  });

  it('forced answers: a rejection as sent; 108 → SefazIndisponivel (SefazParalisada); the latency is waited', async () => {
    double.cenario.proxima = {
      servico: 'MDFeRecepcaoSinc',
      cStat: '462',
      xMotivo:
        'Rejeição: Existe MDF-e não encerrado há mais de 5 dias para placa com até 2 UF de percurso informadas',
    };
    const m = mdfe({ cnpj: CNPJ, nMDF: 20, placa: 'FOR2A20' });
    const r = await cliente.autoriza(m.xml);
    expect(r).toMatchObject({ cStat: '462', protMDFe: null, nProt: null });
    expect(r.xMotivo).toContain('há mais de 5 dias');
    expect(double.autorizados.has(m.chave)).toBe(false);

    double.cenario.proxima = { cStat: '108', xMotivo: 'Serviço Paralisado Momentaneamente (curto prazo)' };
    const e = await cliente.autoriza(m.xml).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SefazIndisponivel);
    expect(e).toBeInstanceOf(SefazParalisada);
    expect((e as SefazParalisada).cStat).toBe('108');
    expect(double.autorizados.has(m.chave)).toBe(false);

    double.cenario.atrasoMs = 150;
    const t0 = performance.now();
    expect((await cliente.autoriza(m.xml)).cStat).toBe('100');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(150);
  });

  it('timeout → SefazTimeout; a dropped connection → SefazIndisponivel; nothing processed', async () => {
    const m = mdfe({ cnpj: CNPJ, nMDF: 30, placa: 'TMO3A30' });
    const antes = double.requisicoes.length;
    double.cenario.semResposta = true;
    await expect(cria(300).autoriza(m.xml)).rejects.toBeInstanceOf(SefazTimeout);
    double.cenario.semResposta = false;
    double.cenario.derruba = true;
    await expect(cliente.status('35')).rejects.toBeInstanceOf(SefazIndisponivel);
    expect(double.requisicoes.length).toBe(antes);
    expect(double.autorizados.has(m.chave)).toBe(false);
  });

  it('the MDF-e builder: a 50-note MDF-e authorised through 150 ms of latency in < 1 s; mdfeProc and each procEventoMDFe valid; cancel after encerramento 609', async () => {
    const cnpj = '11444777000161';
    const { xml, chave } = montaAssinaValida(
      exemploDadosMdfe({ notas: 50, nMDF: 7, cnpj, dhEmi: new Date() }),
      assinante,
      dir,
    );
    double.cenario.atrasoMs = 150;
    const t0 = performance.now();
    const r = await cliente.autoriza(xml);
    expect(performance.now() - t0).toBeLessThan(1000);
    double.cenario.atrasoMs = 0;
    expect(r.cStat).toBe('100');
    expect(validaMdfeXsd(dir, montaMdfeProc(xml, r.protMDFe as string))).toEqual({ valido: true, erros: [] });
    const nProt = r.nProt as string;
    const cab = (nSeqEvento = 1) => ({ chave, tpAmb: '2' as const, cnpj, dhEvento: new Date(), nSeqEvento });
    const eventos = [
      eventoInclusaoCondutorMdfe(cab(), { xNome: 'Maria Souza', cpf: '52998224725' }),
      eventoInclusaoDfeMdfe(cab(), {
        nProt,
        municipioCarregamento: { codigo: '3550308', nome: 'São Paulo' },
        documentos: [
          {
            codigoMunicipioDescarga: '3509502',
            nomeMunicipioDescarga: 'Campinas',
            chNFe: chaveNfeExemplo(51, cnpj),
          },
        ],
      }),
      eventoEncerramentoMdfe(cab(), { nProt, dtEnc: hoje(), uf: 'SP', codigoMunicipio: '3509502' }),
    ].map((e) => assinaEventoMdfe(e, assinante));
    for (const ev of eventos) {
      const e = await cliente.evento(ev);
      expect(e.cStat).toBe('135');
      expect(e.eventoXml).toBe(ev);
      expect(validaMdfeXsd(dir, montaProcEventoMdfe(ev, e.retEventoMDFe as string))).toEqual({
        valido: true,
        erros: [],
      });
    }
    const cancela = await cliente.evento(
      assinaEventoMdfe(
        eventoCancelamentoMdfe(cab(), { nProt, xJust: 'Carga desistida pelo cliente' }),
        assinante,
      ),
    );
    expect(cancela.cStat).toBe('609');
    const c = await cliente.consulta(chave);
    expect(c.cStat).toBe('132');
    expect(c.eventos.map((e) => e.tpEvento)).toEqual(['110114', '110115', '110112']);
  });

  it('a request invalid against its XSD never leaves; a signature altered after signing is refused (297)', async () => {
    const antes = double.requisicoes.length;
    const m = mdfe({ cnpj: CNPJ, nMDF: 40, placa: 'INV4A40' });
    const semAssinatura = mdfeMinimoTeste({ cnpj: CNPJ, nMDF: 41 }).xml;
    const e = await cliente.autoriza(semAssinatura).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MensagemInvalida);
    expect((e as MensagemInvalida).message).toMatch(/^Mensagem MDFeRecepcaoSinc inválida: .*Signature/);
    await expect(cliente.consulta(m.chave.slice(1))).rejects.toBeInstanceOf(MensagemInvalida);
    await expect(cliente.naoEncerrados('123')).rejects.toBeInstanceOf(MensagemInvalida);
    await expect(
      cliente.evento(evento({ cnpj: CNPJ, chave: m.chave, nProt: '1', tpEvento: '110111' })),
    ).rejects.toBeInstanceOf(MensagemInvalida);
    expect(double.requisicoes.length).toBe(antes);

    const alterado = m.xml.replace('<vCarga>100.00</vCarga>', '<vCarga>999.00</vCarga>');
    const r = await cliente.autoriza(alterado);
    expect(r).toMatchObject({
      cStat: '297',
      xMotivo: 'Rejeição: Assinatura difere do calculado',
      nProt: null,
    });
    expect(double.autorizados.has(m.chave)).toBe(false);
  });
});
