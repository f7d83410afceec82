import {
  type Crt,
  type Csosn,
  type CstIcms,
  Decimal,
  type GrupoCofins,
  type GrupoIbsCbs,
  type GrupoIcms,
  type GrupoIpi,
  type GrupoPis,
  type ImpostosItem,
  usaCsosn,
} from '@erp/shared';
import { XMLParser } from 'fast-xml-parser';

// The supplier's item as its NF-e taxed it, read back from the XML kept with the goods receipt
// (entradas.xml_original) — the receipt's rows keep only the totals of each tax, and a devolução de
// compra repeats the original groups (CST/CSOSN, origin, modBC, rates, bases and values) in
// proportion (README of packages/shared/src/devolucoes, rules 2 and 10). Pure: XML text in,
// ImpostosItem (the tax engine's shape, which the NF-e builder writes) out, one per nItem.
//
// The supplier's regime may not be ours: SEFAZ checks CST/CSOSN against the EMITENTE's CRT, and in
// the return we are the emitente. So, when the regimes differ, the ICMS group is mapped to ours:
// - supplier regime normal (CST) → us in the Simples (CSOSN): CST 60 → CSOSN 500; CST 40/41/50/51
//   without values → CSOSN 400; any CST carrying ICMS or ST (00, 10, 20, 30, 70, 90…) → CSOSN 900
//   with the same bases, rates and values (the ICMS destacado by the supplier goes back);
// - supplier in the Simples (CSOSN) → us in the regime normal (CST): CSOSN 101/201 (the credit we
//   took, pCredSN over the operation's value) → CST 90 with vBC = vProd − vDesc + vFrete + vSeg +
//   vOutro, pICMS = pCredSN and vICMS = vCredICMSSN (the credit is reversed as ICMS destacado), plus
//   the ST of 201; 202/203 → CST 90 with the ST only; 500 → CST 60; 900 → CST 90 with its values;
//   102/103/300/400 → CST 90 without values.
// IPI, PIS, COFINS and IBS/CBS are copied as they are (the IPI goes to impostoDevol in the note).

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'det',
});

const obj = (v: unknown): Node | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : null;
const str = (n: Node | null, k: string): string | null => {
  const v = n?.[k];
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  const t = obj(v)?.['#text'];
  return typeof t === 'string' ? t : null;
};
const din = (n: Node | null, k: string) => Decimal.of(str(n, k) ?? '0').toFixed(2);
const pct = (n: Node | null, k: string) => str(n, k) ?? '0.0000';
const pos = (v: string) => Decimal.of(v).isPositive();

/** The single child group of ICMS / PIS / COFINS: its tag and content. */
function filho(n: Node | null): [string, Node] | null {
  if (!n) return null;
  for (const [k, v] of Object.entries(n)) {
    const o = obj(v);
    if (o && !k.startsWith('@_')) return [k, o];
  }
  return null;
}

function icmsDoXml(n: Node | null): GrupoIcms {
  const g = filho(n)?.[1] ?? null;
  return {
    orig: (str(g, 'orig') ?? '0') as GrupoIcms['orig'],
    CST: (str(g, 'CST') as CstIcms | null) ?? null,
    CSOSN: (str(g, 'CSOSN') as Csosn | null) ?? null,
    modBC: (str(g, 'modBC') as '3' | null) ?? null,
    vBC: din(g, 'vBC'),
    pRedBC: pct(g, 'pRedBC'),
    pICMS: pct(g, 'pICMS'),
    vICMS: din(g, 'vICMS'),
    vBCFCP: din(g, 'vBCFCP'),
    pFCP: pct(g, 'pFCP'),
    vFCP: din(g, 'vFCP'),
    modBCST: (str(g, 'modBCST') as '4' | null) ?? null,
    pMVAST: pct(g, 'pMVAST'),
    pRedBCST: pct(g, 'pRedBCST'),
    vBCST: din(g, 'vBCST'),
    pICMSST: pct(g, 'pICMSST'),
    vICMSST: din(g, 'vICMSST'),
    vBCFCPST: din(g, 'vBCFCPST'),
    pFCPST: pct(g, 'pFCPST'),
    vFCPST: din(g, 'vFCPST'),
    pCredSN: pct(g, 'pCredSN'),
    vCredICMSSN: din(g, 'vCredICMSSN'),
  };
}

const SEM_ICMS: Pick<GrupoIcms, 'modBC' | 'vBC' | 'pRedBC' | 'pICMS' | 'vICMS' | 'vBCFCP' | 'pFCP' | 'vFCP'> =
  {
    modBC: null,
    vBC: '0.00',
    pRedBC: '0.0000',
    pICMS: '0.0000',
    vICMS: '0.00',
    vBCFCP: '0.00',
    pFCP: '0.0000',
    vFCP: '0.00',
  };
const SEM_ST: Pick<
  GrupoIcms,
  'modBCST' | 'pMVAST' | 'pRedBCST' | 'vBCST' | 'pICMSST' | 'vICMSST' | 'vBCFCPST' | 'pFCPST' | 'vFCPST'
> = {
  modBCST: null,
  pMVAST: '0.0000',
  pRedBCST: '0.0000',
  vBCST: '0.00',
  pICMSST: '0.0000',
  vICMSST: '0.00',
  vBCFCPST: '0.00',
  pFCPST: '0.0000',
  vFCPST: '0.00',
};
const SEM_CREDITO = { pCredSN: '0.0000', vCredICMSSN: '0.00' };

/** The supplier's ICMS group in the company's regime (see the header). */
export function icmsNoNossoRegime(g: GrupoIcms, crt: Crt, valorOperacao: string): GrupoIcms {
  const nosCsosn = usaCsosn(crt);
  if (nosCsosn === (g.CSOSN !== null)) return g;
  if (nosCsosn) {
    const temValores = pos(g.vICMS) || pos(g.vICMSST) || pos(g.vBC) || pos(g.vBCST);
    const CSOSN: Csosn = g.CST === '60' ? '500' : temValores ? '900' : '400';
    if (CSOSN !== '900') return { ...g, ...SEM_ICMS, ...SEM_ST, ...SEM_CREDITO, CST: null, CSOSN };
    return { ...g, ...SEM_CREDITO, CST: null, CSOSN, modBC: g.modBC ?? (pos(g.vBC) ? '3' : null) };
  }
  const base = { ...g, CSOSN: null, ...SEM_CREDITO };
  switch (g.CSOSN) {
    case '101':
    case '201': {
      const credito = pos(g.vCredICMSSN)
        ? {
            modBC: '3' as const,
            vBC: Decimal.of(valorOperacao).toFixed(2),
            pRedBC: '0.0000',
            pICMS: g.pCredSN,
            vICMS: g.vCredICMSSN,
            vBCFCP: '0.00',
            pFCP: '0.0000',
            vFCP: '0.00',
          }
        : SEM_ICMS;
      return { ...base, ...credito, ...(g.CSOSN === '101' ? SEM_ST : {}), CST: '90' };
    }
    case '202':
    case '203':
      return { ...base, ...SEM_ICMS, CST: '90' };
    case '500':
      return { ...base, ...SEM_ICMS, ...SEM_ST, CST: '60' };
    case '900':
      return { ...base, CST: '90' };
    default:
      return { ...base, ...SEM_ICMS, ...SEM_ST, CST: '90' };
  }
}

function ipiDoXml(n: Node | null): GrupoIpi | null {
  if (!n) return null;
  const trib = obj(n.IPITrib);
  const nt = obj(n.IPINT);
  const cst = str(trib ?? nt, 'CST');
  if (!cst) return null;
  return {
    CST: cst as GrupoIpi['CST'],
    cEnq: str(n, 'cEnq') ?? '999',
    vBC: din(trib, 'vBC'),
    pIPI: pct(trib, 'pIPI'),
    vIPI: din(trib, 'vIPI'),
  };
}

function contribuicaoDoXml(n: Node | null, nome: 'PIS' | 'COFINS') {
  const g = filho(n)?.[1] ?? null;
  return {
    CST: (str(g, 'CST') ?? '99') as GrupoPis['CST'],
    vBC: din(g, 'vBC'),
    p: str(g, `p${nome}`) ?? '0.0000',
    v: din(g, `v${nome}`),
  };
}

function ibsCbsDoXml(n: Node | null): GrupoIbsCbs | null {
  const cst = str(n, 'CST');
  if (!n || !cst) return null;
  const g = obj(n.gIBSCBS);
  const uf = obj(g?.gIBSUF ?? null);
  const mun = obj(g?.gIBSMun ?? null);
  const cbs = obj(g?.gCBS ?? null);
  const red = (x: Node | null) => obj(x?.gRed ?? null);
  return {
    CST: cst as GrupoIbsCbs['CST'],
    cClassTrib: str(n, 'cClassTrib') ?? '',
    vBC: din(g, 'vBC'),
    pIBSUF: pct(uf, 'pIBSUF'),
    vIBSUF: din(uf, 'vIBSUF'),
    pIBSMun: pct(mun, 'pIBSMun'),
    vIBSMun: din(mun, 'vIBSMun'),
    vIBS: din(g, 'vIBS'),
    pCBS: pct(cbs, 'pCBS'),
    vCBS: din(cbs, 'vCBS'),
    pRedAliq: str(red(uf), 'pRedAliq') ?? '0.0000',
    pAliqEfetIBSUF: str(red(uf), 'pAliqEfet') ?? pct(uf, 'pIBSUF'),
    pAliqEfetIBSMun: str(red(mun), 'pAliqEfet') ?? pct(mun, 'pIBSMun'),
    pAliqEfetCBS: str(red(cbs), 'pAliqEfet') ?? pct(cbs, 'pCBS'),
  };
}

export type CabecalhoEntrada = { indFinal: '0' | '1' };

/** Every item of the supplier's NF-e (by nItem) as an ImpostosItem in the company's regime. */
export function impostosDaNotaDoFornecedor(
  xml: string,
  crt: Crt,
): { itens: Map<number, ImpostosItem>; cabecalho: CabecalhoEntrada } {
  const raiz = parser.parse(xml) as Node;
  const nfe = obj(obj(raiz.nfeProc)?.NFe ?? raiz.NFe);
  const inf = obj(nfe?.infNFe);
  const ide = obj(inf?.ide ?? null);
  const dets = (Array.isArray(inf?.det) ? inf.det : []) as unknown[];
  const itens = new Map<number, ImpostosItem>();
  dets.forEach((d, idx) => {
    const det = obj(d);
    const prod = obj(det?.prod ?? null);
    const imp = obj(det?.imposto ?? null);
    if (!det || !prod) return;
    const nItem = Number(str(det, '@_nItem')) || idx + 1;
    const vProd = din(prod, 'vProd');
    const vDesc = din(prod, 'vDesc');
    const vFrete = din(prod, 'vFrete');
    const vSeg = din(prod, 'vSeg');
    const vOutro = din(prod, 'vOutro');
    const operacao = Decimal.of(vProd).minus(vDesc).plus(vFrete).plus(vSeg).plus(vOutro);
    const crtAtual = crt;
    const ICMS = icmsNoNossoRegime(icmsDoXml(obj(imp?.ICMS ?? null)), crtAtual, operacao.toFixed(2));
    const IPI = ipiDoXml(obj(imp?.IPI ?? null));
    const pis = contribuicaoDoXml(obj(imp?.PIS ?? null), 'PIS');
    const cofins = contribuicaoDoXml(obj(imp?.COFINS ?? null), 'COFINS');
    const PIS: GrupoPis = { CST: pis.CST, vBC: pis.vBC, pPIS: pis.p, vPIS: pis.v };
    const COFINS: GrupoCofins = {
      CST: cofins.CST as GrupoCofins['CST'],
      vBC: cofins.vBC,
      pCOFINS: cofins.p,
      vCOFINS: cofins.v,
    };
    const vItem = operacao
      .plus(ICMS.vICMSST)
      .plus(ICMS.vFCPST)
      .plus(IPI?.vIPI ?? '0');
    itens.set(nItem, {
      CFOP: str(prod, 'CFOP') ?? '',
      vProd,
      vDesc,
      vFrete,
      vSeg,
      vOutro,
      ICMS,
      ICMSUFDest: null,
      IPI,
      PIS,
      COFINS,
      IBSCBS: ibsCbsDoXml(obj(imp?.IBSCBS ?? null)),
      vItem: vItem.toFixed(2),
    });
  });
  return { itens, cabecalho: { indFinal: str(ide, 'indFinal') === '1' ? '1' : '0' } };
}

/** The item's own evidence of ICMS-ST (CST/CSOSN with ST, or an ST value). */
export function itemComSt(i: ImpostosItem): boolean {
  return (
    Decimal.of(i.ICMS.vICMSST).gt(0) ||
    ['10', '30', '60', '70', '201', '202', '203', '500'].includes(String(i.ICMS.CST ?? i.ICMS.CSOSN ?? ''))
  );
}
