import { CODIGO_UF_IBGE, montaChaveMdfe } from '@erp/shared';
import { dataHoraNfe } from '../../notasfiscais/xml/ide.ts';
import {
  dec,
  dinheiro,
  documento,
  el,
  elOpc,
  elTexto,
  grupo,
  soDigitos,
  texto,
} from '../../notasfiscais/xml/xml-texto.ts';
import { urlQrCodeMdfe } from './qrcode-mdfe.ts';
import { rodoXml } from './rodo-mdfe.ts';
import type { DadosMdfe } from './tipos.ts';

// The unsigned MDF-e 3.00 (modal rodoviário) as text, elements in the order of mdfeTiposBasico
// (TMDFe): infMDFe (ide, emit, infModal, infDoc, seg, prodPred, tot, lacres, autXML, infAdic,
// infRespTec) and infMDFeSupl (qrCodMDFe). The Signature goes after infMDFeSupl (assina-mdfe.ts).
// Dates: São Paulo wall time with its offset, as the NF-e's.

export const NS_MDFE = 'http://www.portalfiscal.inf.br/mdfe';

export const montaMdfeMensagens = {
  lotacaoSemCep:
    'MDF-e de carga lotação (uma única nota): informe os CEPs de carregamento e descarregamento do produto predominante.',
  semCondutor: 'O MDF-e precisa de ao menos um condutor (no máximo 10).',
  semDescarga: 'O MDF-e precisa de ao menos um município de descarregamento com notas.',
} as const;

export class MontaMdfeErro extends Error {}

function cpfOuCnpj(doc: string): string {
  const d = documento(doc);
  return d.length === 11 ? el('CPF', d) : el('CNPJ', d.padStart(14, '0'));
}

function ide(d: DadosMdfe, cDV: string, dhEmi: string): string {
  return grupo('ide', [
    el('cUF', CODIGO_UF_IBGE[d.emitente.endereco.uf]),
    el('tpAmb', d.tpAmb),
    el('tpEmit', d.tpEmit),
    elOpc('tpTransp', d.tpTransp),
    el('mod', '58'),
    el('serie', String(d.serie)),
    el('nMDF', String(d.nMDF)),
    el('cMDF', d.cMDF),
    el('cDV', cDV),
    el('modal', '1'),
    el('dhEmi', dhEmi),
    el('tpEmis', d.tpEmis),
    el('procEmi', '0'),
    elTexto('verProc', d.verProc, 20),
    el('UFIni', d.ufIni),
    el('UFFim', d.ufFim),
    ...d.municipiosCarregamento.map((m) =>
      grupo('infMunCarrega', [el('cMunCarrega', m.codigo), elTexto('xMunCarrega', m.nome, 60)]),
    ),
    ...d.percurso.map((uf) => grupo('infPercurso', [el('UFPer', uf)])),
    d.dhIniViagem ? el('dhIniViagem', dataHoraNfe(d.dhIniViagem)) : '',
  ]);
}

function emit(d: DadosMdfe): string {
  const e = d.emitente;
  const a = e.endereco;
  return grupo('emit', [
    cpfOuCnpj(e.cnpj),
    elOpc('IE', soDigitos(e.ie)),
    elTexto('xNome', e.razaoSocial, 60),
    elTexto('xFant', e.fantasia, 60),
    grupo('enderEmit', [
      elTexto('xLgr', a.logradouro, 60),
      elTexto('nro', a.numero, 60),
      elTexto('xCpl', a.complemento, 60),
      elTexto('xBairro', a.bairro, 60),
      el('cMun', a.codigoMunicipio),
      elTexto('xMun', a.municipio, 60),
      elOpc('CEP', soDigitos(a.cep)),
      el('UF', a.uf),
      elOpc('fone', soDigitos(a.telefone)),
      elTexto('email', a.email, 60),
    ]),
  ]);
}

function infDoc(d: DadosMdfe): string {
  if (!d.descargas.length || d.descargas.some((x) => !x.chaves.length))
    throw new MontaMdfeErro(montaMdfeMensagens.semDescarga);
  // one string per group, joined once: a 200-note load is ~200 groups
  const partes: string[] = ['<infDoc>'];
  for (const m of d.descargas) {
    partes.push(
      '<infMunDescarga>',
      el('cMunDescarga', m.codigoMunicipio),
      elTexto('xMunDescarga', m.nomeMunicipio, 60),
    );
    for (const ch of m.chaves) partes.push('<infNFe><chNFe>', ch, '</chNFe></infNFe>');
    partes.push('</infMunDescarga>');
  }
  partes.push('</infDoc>');
  return partes.join('');
}

function seg(d: DadosMdfe): string {
  return (d.seguros ?? [])
    .map((s) =>
      grupo('seg', [
        grupo('infResp', [
          el('respSeg', s.respSeg),
          s.responsavelDocumento ? cpfOuCnpj(s.responsavelDocumento) : '',
        ]),
        s.seguradora
          ? grupo('infSeg', [
              elTexto('xSeg', s.seguradora.nome, 30),
              el('CNPJ', documento(s.seguradora.cnpj)),
            ])
          : '',
        elTexto('nApol', s.nApol, 20),
        ...(s.nAver ?? []).map((n) => elTexto('nAver', n, 40)),
      ]),
    )
    .join('');
}

function prodPred(d: DadosMdfe): string {
  const p = d.produtoPredominante;
  const lotacao = d.totais.qNFe === 1;
  if (!p) return '';
  if (lotacao && !p.lotacao) throw new MontaMdfeErro(montaMdfeMensagens.lotacaoSemCep);
  return grupo('prodPred', [
    el('tpCarga', p.tpCarga),
    elTexto('xProd', p.xProd, 120),
    elOpc('cEAN', p.cEAN),
    elOpc('NCM', p.NCM),
    lotacao && p.lotacao
      ? grupo('infLotacao', [
          grupo('infLocalCarrega', [el('CEP', soDigitos(p.lotacao.cepCarregamento).padStart(8, '0'))]),
          grupo('infLocalDescarrega', [el('CEP', soDigitos(p.lotacao.cepDescarregamento).padStart(8, '0'))]),
        ])
      : '',
  ]);
}

function tot(d: DadosMdfe): string {
  return grupo('tot', [
    el('qNFe', String(d.totais.qNFe)),
    el('vCarga', dinheiro(d.totais.vCarga)),
    el('cUnid', '01'),
    el('qCarga', dec(d.totais.qCarga, 4)),
  ]);
}

function infRespTec(d: DadosMdfe): string {
  const r = d.responsavelTecnico;
  if (!r) return '';
  return grupo('infRespTec', [
    el('CNPJ', documento(r.cnpj)),
    elTexto('xContato', r.contato, 60),
    elTexto('email', r.email, 60),
    el('fone', soDigitos(r.fone)),
  ]);
}

export type OpcoesMontaMdfe = {
  /** The A1's private key: required in contingência (tpEmis 2), for the QR code's `sign`. */
  chavePrivadaPem?: string;
};

/** The unsigned MDFe document (no XML declaration) and its chave. */
export function montaMdfe(d: DadosMdfe, opcoes: OpcoesMontaMdfe = {}): { xml: string; chave: string } {
  if (!d.rodo.condutores.length || d.rodo.condutores.length > 10)
    throw new MontaMdfeErro(montaMdfeMensagens.semCondutor);
  const dhEmi = dataHoraNfe(d.dhEmi);
  const { chave, cDV } = montaChaveMdfe({
    cUF: CODIGO_UF_IBGE[d.emitente.endereco.uf],
    dhEmi,
    cnpj: d.emitente.cnpj,
    serie: d.serie,
    nMDF: d.nMDF,
    tpEmis: d.tpEmis,
    cMDF: d.cMDF,
  });
  const infAdic = d.infAdic
    ? grupo(
        'infAdic',
        [elTexto('infAdFisco', d.infAdic.infAdFisco, 2000), elTexto('infCpl', d.infAdic.infCpl, 5000)],
        true,
      )
    : '';
  const inf = [
    `<infMDFe versao="3.00" Id="MDFe${chave}">`,
    ide(d, cDV, dhEmi),
    emit(d),
    `<infModal versaoModal="3.00">${rodoXml(d.rodo)}</infModal>`,
    infDoc(d),
    seg(d),
    prodPred(d),
    tot(d),
    ...(d.lacres ?? []).map((l) => grupo('lacres', [elTexto('nLacre', l, 60)])),
    ...(d.autXML ?? []).slice(0, 10).map((doc) => grupo('autXML', [cpfOuCnpj(doc)])),
    infAdic,
    infRespTec(d),
    '</infMDFe>',
  ].join('');
  const qr = texto(urlQrCodeMdfe(chave, d.tpAmb, d.tpEmis, opcoes.chavePrivadaPem));
  const xml = `<MDFe xmlns="${NS_MDFE}">${inf}<infMDFeSupl><qrCodMDFe>${qr}</qrCodMDFe></infMDFeSupl></MDFe>`;
  return { xml, chave };
}
