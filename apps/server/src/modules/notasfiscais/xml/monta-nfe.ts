import { Decimal } from '@erp/shared';
import { montaChave } from './chave.ts';
import { cobrXml } from './cobr.ts';
import { destXml } from './dest.ts';
import { detXml } from './det.ts';
import { emitXml } from './emit.ts';
import { ideXml } from './ide.ts';
import { infAdicXml, infRespTecXml } from './inf-adic.ts';
import { pagXml } from './pag.ts';
import type { DadosNfe } from './tipos.ts';
import { totalXml } from './total.ts';
import { transpXml } from './transp.ts';

// The unsigned NF-e 4.00 (layout of PL_010): <NFe><infNFe Id="NFe{chave}"> with every group in
// schema order. Signing (assinador.ts) and XSD validation (xsd.ts) come after.

export type NfeMontada = { xml: string; chave: string; cDV: string };

/**
 * A return's IPI (det/impostoDevol) only in a return note, and ICMSTot.vIPIDevol equal to the sum of
 * the items' (SEFAZ rule W12a-10, rejeição 863) — a programming error otherwise.
 */
function confereIpiDevolvido(d: DadosNfe): void {
  const devol = d.itens.flatMap((i) => (i.impostoDevol ? [i.impostoDevol.vIPIDevol] : []));
  if (devol.length > 0 && d.ide.finNFe !== '4')
    throw new Error('impostoDevol só em NF-e de devolução (finNFe 4)');
  const soma = Decimal.sum(devol);
  if (!soma.eq(d.totais.ICMSTot.vIPIDevol))
    throw new Error(
      `ICMSTot.vIPIDevol ${d.totais.ICMSTot.vIPIDevol} difere da soma dos itens ${soma.toFixed(2)}`,
    );
}

export function montaNfe(d: DadosNfe): NfeMontada {
  confereIpiDevolvido(d);
  const { chave, cDV } = montaChave({
    cUF: d.ide.cUF,
    dhEmi: d.ide.dhEmi,
    cnpj: d.emit.CNPJ,
    serie: d.ide.serie,
    nNF: d.ide.nNF,
    tpEmis: d.ide.tpEmis,
    cNF: d.ide.cNF,
  });
  const comDifal = d.itens.some((i) => i.impostos.ICMSUFDest !== null);
  const corpo = [
    ideXml(d.ide, cDV),
    emitXml(d.emit),
    destXml(d.dest, d.ide.tpAmb),
    ...d.itens.map((item, i) => detXml(item, i + 1)),
    totalXml(d.totais, comDifal),
    transpXml(d.transp),
    cobrXml(d.cobr),
    pagXml(d.pag, d.vTroco),
    infAdicXml(d.infAdic),
    infRespTecXml(d.infRespTec, d.csrt, chave),
  ].join('');
  const xml = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="NFe${chave}">${corpo}</infNFe></NFe>`;
  return { xml, chave, cDV };
}
