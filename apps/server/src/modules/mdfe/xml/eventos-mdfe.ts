import { CODIGO_UF_IBGE, type Uf } from '@erp/shared';
import { assinaXml } from '../../nfe/assinador.ts';
import { dataHoraNfe } from '../../notasfiscais/xml/ide.ts';
import { el, elTexto, grupo, soDigitos } from '../../notasfiscais/xml/xml-texto.ts';
import type { CertificadoMdfe } from './assina-mdfe.ts';
import { NS_MDFE } from './monta-mdfe.ts';

// The MDF-e events sent to MDFeRecepcaoEvento (eventoMDFe_v3.00.xsd; the detail under detEvento is
// checked against its own schema by xsd-mdfe.ts): cancelamento 110111, encerramento 110112, inclusão
// de condutor 110114, inclusão de DF-e 110115. Signed over infEvento like the NF-e's events (the
// Signature right after infEvento, inside eventoMDFe — TEvento's order).
//
// Id = "ID" + tpEvento + chave + nSeqEvento. The schema accepts nSeqEvento in 2 or 3 digits
// (ID…[0-9]{28}|…[0-9]{29}); it is written with 2 (3 from 100 on), as the MOC's examples and the
// established emitters (ACBr "%.2d") do, which SEFAZ has been accepting for years.

export const TP_EVENTO_MDFE = {
  cancelamento: '110111',
  encerramento: '110112',
  inclusaoCondutor: '110114',
  inclusaoDfe: '110115',
} as const;
export type TipoEventoMdfe = keyof typeof TP_EVENTO_MDFE;

export type CabecalhoEventoMdfe = {
  chave: string;
  tpAmb: '1' | '2';
  /** Emitter CNPJ (the chave's). */
  cnpj: string;
  dhEvento: Date;
  /** 1 for the first event of its type; the inclusões count up. */
  nSeqEvento: number;
};

export function idEventoMdfe(tpEvento: string, chave: string, nSeqEvento: number): string {
  return `ID${tpEvento}${chave}${String(nSeqEvento).padStart(2, '0')}`;
}

function evento(c: CabecalhoEventoMdfe, tpEvento: string, detalhe: string): string {
  return [
    `<eventoMDFe xmlns="${NS_MDFE}" versao="3.00">`,
    `<infEvento Id="${idEventoMdfe(tpEvento, c.chave, c.nSeqEvento)}">`,
    // the event goes to the emitter's UF (SVRS answers for all): the chave's cUF
    el('cOrgao', c.chave.slice(0, 2)),
    el('tpAmb', c.tpAmb),
    el(
      'CNPJ',
      c.cnpj
        .toUpperCase()
        .replace(/[^0-9A-Z]/g, '')
        .padStart(14, '0'),
    ),
    el('chMDFe', c.chave),
    el('dhEvento', dataHoraNfe(c.dhEvento)),
    el('tpEvento', tpEvento),
    el('nSeqEvento', String(c.nSeqEvento)),
    `<detEvento versaoEvento="3.00">${detalhe}</detEvento>`,
    '</infEvento></eventoMDFe>',
  ].join('');
}

export function eventoCancelamentoMdfe(c: CabecalhoEventoMdfe, d: { nProt: string; xJust: string }): string {
  return evento(
    c,
    TP_EVENTO_MDFE.cancelamento,
    grupo('evCancMDFe', [
      el('descEvento', 'Cancelamento'),
      el('nProt', d.nProt),
      elTexto('xJust', d.xJust, 255),
    ]),
  );
}

export function eventoEncerramentoMdfe(
  c: CabecalhoEventoMdfe,
  d: { nProt: string /** YYYY-MM-DD */; dtEnc: string; uf: Uf; codigoMunicipio: string },
): string {
  return evento(
    c,
    TP_EVENTO_MDFE.encerramento,
    grupo('evEncMDFe', [
      el('descEvento', 'Encerramento'),
      el('nProt', d.nProt),
      el('dtEnc', d.dtEnc),
      el('cUF', CODIGO_UF_IBGE[d.uf]),
      el('cMun', d.codigoMunicipio),
    ]),
  );
}

export function eventoInclusaoCondutorMdfe(
  c: CabecalhoEventoMdfe,
  d: { xNome: string; cpf: string },
): string {
  return evento(
    c,
    TP_EVENTO_MDFE.inclusaoCondutor,
    grupo('evIncCondutorMDFe', [
      el('descEvento', 'Inclusao Condutor'),
      grupo('condutor', [elTexto('xNome', d.xNome, 60), el('CPF', soDigitos(d.cpf))]),
    ]),
  );
}

export function eventoInclusaoDfeMdfe(
  c: CabecalhoEventoMdfe,
  d: {
    nProt: string;
    municipioCarregamento: { codigo: string; nome: string };
    documentos: readonly { codigoMunicipioDescarga: string; nomeMunicipioDescarga: string; chNFe: string }[];
  },
): string {
  return evento(
    c,
    TP_EVENTO_MDFE.inclusaoDfe,
    grupo('evIncDFeMDFe', [
      el('descEvento', 'Inclusao DF-e'),
      el('nProt', d.nProt),
      el('cMunCarrega', d.municipioCarregamento.codigo),
      elTexto('xMunCarrega', d.municipioCarregamento.nome, 60),
      ...d.documentos.map((x) =>
        grupo('infDoc', [
          el('cMunDescarga', x.codigoMunicipioDescarga),
          elTexto('xMunDescarga', x.nomeMunicipioDescarga, 60),
          el('chNFe', x.chNFe),
        ]),
      ),
    ]),
  );
}

/** An event document signed over infEvento. */
export function assinaEventoMdfe(xml: string, cert: CertificadoMdfe): string {
  return assinaXml(xml, { tag: 'infEvento', ...cert });
}
