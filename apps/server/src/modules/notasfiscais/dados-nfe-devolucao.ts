import {
  CODIGO_UF_IBGE,
  type ConfiguracaoFiscal,
  Decimal,
  type ImpostosItem,
  impostosDaDevolucao,
  normalizaChave,
  paraNotaDeDevolucao,
  type SentidoDevolucao,
  totalizeDevolucao,
  tpAmbPorAmbiente,
  type Uf,
  type ValoresDevolucao,
  validaChave,
} from '@erp/shared';
import { emitenteDaNota, VERSAO_PROCESSO } from './dados-nfe.service.ts';
import { geraCnf } from './xml/chave.ts';
import type { DadosNfe, ItemNfe, VolumeNfe } from './xml/tipos.ts';

// What our own NF-e de devolução says (issue 32) — pure: the caller (the devoluções service) has
// read the original note / goods receipt, locked the saldo, computed each item's valores
// (valoresDaDevolucao) and CFOP (cfopDaDevolucao), and built the destinatário. Nothing here reads
// the database or computes a tax.
//
// - devolução de venda (the customer's goods come back, the customer does not issue its own
//   note): our NF-e de ENTRADA, tpNF 0, natOp «Devolução de venda»;
//   devolução de compra (we return goods to the supplier): our saída, tpNF 1, «Devolução de compra»;
// - finNFe 4, NFref = the original chave(s) (rejeição 321 without one), indPres 9, indFinal as
//   the original operation, idDest from the emitente's UF vs the destinatário's;
// - items: the original item's tax groups with the returned values (impostosDaDevolucao), the IPI
//   in det/impostoDevol with pDevol (paraNotaDeDevolucao; no IPI group), totals by totalize plus
//   vIPIDevol (totalizeDevolucao) — vNF = Σ vItem, the value of the return;
// - transp modFrete 9 (sem frete), volumes only when given; no cobr; pag one detPag tPag 90
//   «Sem pagamento» with vPag 0.00 (a return note settles nothing: finNFe 3/4 take tPag 90);
// - infCpl: «Devolução referente à NF-e chave …», the IPI returned (RIPI/2010 art. 416, XIV: the
//   tax of the original in informações complementares — the DANFE has no vIPIDevol box), and the
//   caller's text; infRespTec / CSRT from the settings as dadosNfeDoPedido.

export type ItemDevolucaoNfe = {
  cProd: string;
  cEAN?: string | null;
  xProd: string;
  NCM: string;
  CEST?: string | null;
  /** The original note's commercial unit. */
  uCom: string;
  /** The quantity returned, in uCom (= valores.qDev). */
  qCom: string;
  /** The original item's taxes (the note's / goods receipt's ImpostosItem). */
  impostosOriginais: ImpostosItem;
  /** The original item's quantity, in uCom. */
  qComOriginal: string;
  /** valoresDaDevolucao(…) of this item. */
  valores: ValoresDevolucao;
  /** The return's CFOP, 4 digits (cfopDaDevolucao). */
  cfop: string;
  infAdProd?: string | null;
};

export type EntradaNfeDevolucao = {
  sentido: SentidoDevolucao;
  config: ConfiguracaoFiscal;
  /** The customer (venda) or the supplier (compra) as destinatário, built by the caller. */
  dest: DadosNfe['dest'];
  /** indFinal of the original operation. */
  indFinal: '0' | '1';
  /** The original note(s)' chave(s): NFref. At least one. */
  chavesReferenciadas: string[];
  numeracao: { serie: number; nNF: number; dhEmi: Date };
  itens: ItemDevolucaoNfe[];
  /** Volumes carried, when the caller knows them (none by default). */
  vol?: VolumeNfe[];
  /** Extra text for infCpl (the clerk's observação, the reason). */
  infCpl?: string | null;
};

export const NATUREZA_DEVOLUCAO: Record<SentidoDevolucao, string> = {
  venda: 'Devolução de venda',
  compra: 'Devolução de compra',
};

const brl = (v: Decimal) => v.toFixed(2).replace('.', ',');

function chavesValidas(chaves: readonly string[]): string[] {
  if (chaves.length === 0) throw new Error('NF-e de devolução sem chave referenciada');
  return chaves.map((c) => {
    const chave = normalizaChave(c);
    const erro = validaChave(chave);
    if (erro) throw new Error(`chave referenciada inválida (${c}): ${erro}`);
    return chave;
  });
}

function itemDaNota(i: ItemDevolucaoNfe): ItemNfe {
  const q = Decimal.of(i.qCom);
  if (!q.eq(i.valores.qDev))
    throw new Error(`Item ${i.cProd}: quantidade ${i.qCom} difere da dos valores ${i.valores.qDev}`);
  if (q.gt(i.qComOriginal))
    throw new Error(`Item ${i.cProd}: devolve ${i.qCom}, a nota original tem ${i.qComOriginal}`);
  const nota = paraNotaDeDevolucao(
    impostosDaDevolucao(i.impostosOriginais, i.valores, i.cfop),
    i.valores.pDevol,
  );
  return {
    cProd: i.cProd,
    cEAN: i.cEAN,
    xProd: i.xProd,
    NCM: i.NCM,
    CEST: i.CEST,
    uCom: i.uCom,
    qCom: i.qCom,
    vUnCom: i.valores.vUnCom,
    impostos: nota.impostos,
    impostoDevol: nota.impostoDevol,
    infAdProd: i.infAdProd,
  };
}

export function dadosNfeDevolucao(e: EntradaNfeDevolucao): DadosNfe {
  if (e.itens.length === 0) throw new Error('NF-e de devolução sem itens');
  const chaves = chavesValidas(e.chavesReferenciadas);
  const emit = e.config.emitente;
  const uf = emit.endereco.uf as Uf;
  const itens = e.itens.map(itemDaNota);
  const totais = totalizeDevolucao(
    itens.map((i) => ({ impostos: i.impostos, impostoDevol: i.impostoDevol ?? null })),
  );
  const vIPIDevol = Decimal.of(totais.ICMSTot.vIPIDevol);
  const infCpl = [
    chaves.length === 1
      ? `Devolução referente à NF-e chave ${chaves[0]}.`
      : `Devolução referente às NF-e chaves ${chaves.join(', ')}.`,
    vIPIDevol.gt(0) ? `Valor do IPI devolvido: R$ ${brl(vIPIDevol)}.` : null,
    e.infCpl,
  ]
    .filter((x): x is string => !!x?.trim())
    .join(' ');
  const resp = e.config.responsavel_tecnico;
  const destUf = e.dest.ender.UF;
  return {
    ide: {
      cUF: CODIGO_UF_IBGE[uf],
      cNF: geraCnf(e.numeracao.nNF),
      natOp: NATUREZA_DEVOLUCAO[e.sentido],
      serie: e.numeracao.serie,
      nNF: e.numeracao.nNF,
      dhEmi: e.numeracao.dhEmi,
      tpNF: e.sentido === 'venda' ? '0' : '1',
      idDest: destUf === 'EX' ? '3' : destUf === uf ? '1' : '2',
      cMunFG: emit.endereco.codigo_municipio,
      tpImp: '1',
      tpEmis: '1',
      tpAmb: tpAmbPorAmbiente[e.config.ambiente],
      finNFe: '4',
      indFinal: e.indFinal,
      indPres: '9',
      verProc: VERSAO_PROCESSO,
      NFref: chaves.map((refNFe) => ({ refNFe })),
    },
    emit: emitenteDaNota(emit),
    dest: e.dest,
    itens,
    totais,
    transp: { modFrete: '9', transporta: null, veicTransp: null, vol: e.vol ?? [] },
    cobr: null,
    pag: [{ tPag: '90', vPag: '0.00' }],
    infAdic: { infCpl },
    infRespTec: resp ? { CNPJ: resp.cnpj, xContato: resp.contato, email: resp.email, fone: resp.fone } : null,
    csrt: resp?.csrt && resp.id_csrt ? { id: resp.id_csrt, csrt: resp.csrt } : null,
  };
}
