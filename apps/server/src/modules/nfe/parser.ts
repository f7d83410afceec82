import { XMLParser } from 'fast-xml-parser';
import { temDtd, xmlSeguroMensagens } from './xml-seguro.ts';

// A typed reading of an NF-e 4.00 (nfeProc or a bare NFe): the groups a receipt and a DANFE-like
// view need. Every value stays the string of the XML (money and quantities are exact decimals);
// absent optional values are null. Namespace prefixes are dropped (one sample writes ns1:Signature).

export type Endereco = {
  xLgr: string | null;
  nro: string | null;
  xCpl: string | null;
  xBairro: string | null;
  cMun: string | null;
  xMun: string | null;
  UF: string | null;
  CEP: string | null;
  fone: string | null;
};

export type Participante = {
  /** CNPJ (14, possibly alphanumeric) or CPF (11). */
  documento: string;
  tipoDocumento: 'CNPJ' | 'CPF' | 'idEstrangeiro' | null;
  xNome: string;
  xFant: string | null;
  IE: string | null;
  /** IE do substituto tributário (emit/IEST). */
  IEST: string | null;
  IM: string | null;
  CRT: string | null;
  indIEDest: string | null;
  email: string | null;
  endereco: Endereco | null;
};

export type RastroNfe = { nLote: string; qLote: string; dFab: string | null; dVal: string | null };

export type ItemNfe = {
  nItem: number;
  cProd: string;
  cEAN: string | null;
  xProd: string;
  NCM: string | null;
  CEST: string | null;
  CFOP: string | null;
  uCom: string;
  qCom: string;
  vUnCom: string;
  vProd: string;
  cEANTrib: string | null;
  uTrib: string | null;
  qTrib: string | null;
  vUnTrib: string | null;
  vFrete: string | null;
  vSeg: string | null;
  vDesc: string | null;
  vOutro: string | null;
  xPed: string | null;
  rastro: RastroNfe[];
  imposto: {
    /** The ICMS group's tag ("ICMS10", "ICMSSN101") and its CST or CSOSN. */
    icmsGrupo: string | null;
    cst: string | null;
    orig: string | null;
    vBC: string | null;
    pICMS: string | null;
    vICMS: string | null;
    vBCST: string | null;
    vICMSST: string | null;
    vIPI: string | null;
    pIPI: string | null;
    vPIS: string | null;
    vCOFINS: string | null;
    vTotTrib: string | null;
  };
  infAdProd: string | null;
};

export type NotaNfe = {
  raiz: 'nfeProc' | 'NFe';
  versao: string | null;
  /** From infNFe Id (without the "NFe" prefix). */
  chave: string;
  ide: {
    cUF: string;
    cNF: string;
    natOp: string;
    mod: string;
    serie: string;
    nNF: string;
    dhEmi: string;
    dhSaiEnt: string | null;
    tpNF: string;
    idDest: string | null;
    cMunFG: string | null;
    tpImp: string | null;
    tpEmis: string;
    cDV: string;
    tpAmb: string;
    finNFe: string | null;
    indFinal: string | null;
    indPres: string | null;
    procEmi: string | null;
    verProc: string | null;
  };
  emit: Participante;
  dest: Participante | null;
  itens: ItemNfe[];
  total: Record<
    | 'vBC'
    | 'vICMS'
    | 'vICMSDeson'
    | 'vFCP'
    | 'vBCST'
    | 'vST'
    | 'vFCPST'
    | 'vProd'
    | 'vFrete'
    | 'vSeg'
    | 'vDesc'
    | 'vII'
    | 'vIPI'
    | 'vPIS'
    | 'vCOFINS'
    | 'vOutro'
    | 'vNF'
    | 'vTotTrib',
    string | null
  > & { vNFTot: string | null; vIBS: string | null; vCBS: string | null };
  transp: {
    modFrete: string | null;
    transportadora: string | null;
    /** transporta: CNPJ or CPF, IE, address, município, UF. */
    transporta: {
      documento: string | null;
      IE: string | null;
      xEnder: string | null;
      xMun: string | null;
      UF: string | null;
    } | null;
    veiculo: { placa: string | null; UF: string | null; RNTC: string | null } | null;
    vol: Array<{
      qVol: string | null;
      esp: string | null;
      marca: string | null;
      nVol: string | null;
      pesoL: string | null;
      pesoB: string | null;
    }>;
  };
  cobr: {
    fat: { nFat: string | null; vOrig: string | null; vDesc: string | null; vLiq: string | null } | null;
    dup: Array<{ nDup: string; dVenc: string; vDup: string }>;
  };
  pag: Array<{ tPag: string; vPag: string }>;
  infAdic: { infCpl: string | null; infAdFisco: string | null };
  protNFe: {
    chNFe: string | null;
    nProt: string | null;
    dhRecbto: string | null;
    cStat: string | null;
    xMotivo: string | null;
    digVal: string | null;
  } | null;
  /** retEvento groups found beside the protocol (e.g. 110111 cancelamento). */
  eventos: Array<{
    tpEvento: string | null;
    cStat: string | null;
    xEvento: string | null;
    nProt: string | null;
  }>;
  temAssinatura: boolean;
};

export class NfeIlegivel extends Error {}

const ARRAYS = new Set(['det', 'dup', 'rastro', 'detPag', 'retEvento', 'vol', 'NFref', 'autXML', 'obsCont']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

type Node = Record<string, unknown>;
const obj = (v: unknown): Node | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : null;
const arr = (v: unknown): Node[] => (Array.isArray(v) ? v.map(obj).filter((x): x is Node => !!x) : []);
const str = (n: Node | null, k: string): string | null => {
  const v = n?.[k];
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const t = obj(v)?.['#text'];
  return typeof t === 'string' ? t : null;
};
const req = (n: Node | null, k: string, onde: string): string => {
  const v = str(n, k);
  if (v === null || v === '') throw new NfeIlegivel(`Campo obrigatório ausente na NF-e: ${onde}/${k}.`);
  return v;
};

function endereco(n: Node | null): Endereco | null {
  if (!n) return null;
  return {
    xLgr: str(n, 'xLgr'),
    nro: str(n, 'nro'),
    xCpl: str(n, 'xCpl'),
    xBairro: str(n, 'xBairro'),
    cMun: str(n, 'cMun'),
    xMun: str(n, 'xMun'),
    UF: str(n, 'UF'),
    CEP: str(n, 'CEP'),
    fone: str(n, 'fone'),
  };
}

function participante(n: Node, ender: string): Participante {
  const cnpj = str(n, 'CNPJ');
  const cpf = str(n, 'CPF');
  const est = str(n, 'idEstrangeiro');
  return {
    documento: (cnpj ?? cpf ?? est ?? '').toUpperCase(),
    tipoDocumento: cnpj ? 'CNPJ' : cpf ? 'CPF' : est !== null ? 'idEstrangeiro' : null,
    xNome: str(n, 'xNome') ?? '',
    xFant: str(n, 'xFant'),
    IE: str(n, 'IE'),
    IEST: str(n, 'IEST'),
    IM: str(n, 'IM'),
    CRT: str(n, 'CRT'),
    indIEDest: str(n, 'indIEDest'),
    email: str(n, 'email'),
    endereco: endereco(obj(n[ender])),
  };
}

/** The single child group of ICMS / PIS / COFINS (its tag and content). */
function grupo(n: Node | null): [string, Node] | null {
  if (!n) return null;
  for (const [k, v] of Object.entries(n)) {
    const o = obj(v);
    if (o && !k.startsWith('@_')) return [k, o];
  }
  return null;
}

function item(det: Node): ItemNfe {
  const prod = obj(det.prod);
  if (!prod) throw new NfeIlegivel('Item sem o grupo prod.');
  const imp = obj(det.imposto);
  const icms = grupo(obj(imp?.ICMS));
  const ipi = obj(imp?.IPI);
  const ipiTrib = obj(ipi?.IPITrib);
  const pis = grupo(obj(imp?.PIS));
  const cofins = grupo(obj(imp?.COFINS));
  const n = Number(str(det, '@_nItem'));
  return {
    nItem: Number.isInteger(n) ? n : 0,
    cProd: req(prod, 'cProd', 'det/prod'),
    cEAN: str(prod, 'cEAN'),
    xProd: req(prod, 'xProd', 'det/prod'),
    NCM: str(prod, 'NCM'),
    CEST: str(prod, 'CEST'),
    CFOP: str(prod, 'CFOP'),
    uCom: req(prod, 'uCom', 'det/prod'),
    qCom: req(prod, 'qCom', 'det/prod'),
    vUnCom: req(prod, 'vUnCom', 'det/prod'),
    vProd: req(prod, 'vProd', 'det/prod'),
    cEANTrib: str(prod, 'cEANTrib'),
    uTrib: str(prod, 'uTrib'),
    qTrib: str(prod, 'qTrib'),
    vUnTrib: str(prod, 'vUnTrib'),
    vFrete: str(prod, 'vFrete'),
    vSeg: str(prod, 'vSeg'),
    vDesc: str(prod, 'vDesc'),
    vOutro: str(prod, 'vOutro'),
    xPed: str(prod, 'xPed'),
    rastro: arr(prod.rastro).map((r) => ({
      nLote: str(r, 'nLote') ?? '',
      qLote: str(r, 'qLote') ?? '0',
      dFab: str(r, 'dFab'),
      dVal: str(r, 'dVal'),
    })),
    imposto: {
      icmsGrupo: icms?.[0] ?? null,
      cst: icms ? (str(icms[1], 'CST') ?? str(icms[1], 'CSOSN')) : null,
      orig: icms ? str(icms[1], 'orig') : null,
      vBC: icms ? str(icms[1], 'vBC') : null,
      pICMS: icms ? str(icms[1], 'pICMS') : null,
      vICMS: icms ? str(icms[1], 'vICMS') : null,
      vBCST: icms ? str(icms[1], 'vBCST') : null,
      vICMSST: icms ? str(icms[1], 'vICMSST') : null,
      vIPI: str(ipiTrib, 'vIPI'),
      pIPI: str(ipiTrib, 'pIPI'),
      vPIS: pis ? str(pis[1], 'vPIS') : null,
      vCOFINS: cofins ? str(cofins[1], 'vCOFINS') : null,
      vTotTrib: str(imp, 'vTotTrib'),
    },
    infAdProd: str(det, 'infAdProd'),
  };
}

function transporte(transp: Node | null): NotaNfe['transp'] {
  const t = obj(transp?.transporta);
  const v = obj(transp?.veicTransp);
  return {
    modFrete: str(transp, 'modFrete'),
    transportadora: str(t, 'xNome'),
    transporta: t
      ? {
          documento: str(t, 'CNPJ') ?? str(t, 'CPF'),
          IE: str(t, 'IE'),
          xEnder: str(t, 'xEnder'),
          xMun: str(t, 'xMun'),
          UF: str(t, 'UF'),
        }
      : null,
    veiculo: v ? { placa: str(v, 'placa'), UF: str(v, 'UF'), RNTC: str(v, 'RNTC') } : null,
    vol: arr(transp?.vol).map((x) => ({
      qVol: str(x, 'qVol'),
      esp: str(x, 'esp'),
      marca: str(x, 'marca'),
      nVol: str(x, 'nVol'),
      pesoL: str(x, 'pesoL'),
      pesoB: str(x, 'pesoB'),
    })),
  };
}

/** Reads an NF-e document. Throws NfeIlegivel (pt-BR) when it is not an NF-e. */
export function leNfe(xml: string): NotaNfe {
  // No DTD is ever expanded, whatever path the text came by (a receipt stored before DTDs were refused).
  if (temDtd(xml)) throw new NfeIlegivel(xmlSeguroMensagens.dtd);
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (e) {
    throw new NfeIlegivel(`XML malformado: ${e instanceof Error ? e.message.split('\n')[0] : ''}`.trim());
  }
  const proc = obj(doc.nfeProc);
  const nfe = obj(proc ? proc.NFe : doc.NFe);
  if (!nfe) throw new NfeIlegivel('O arquivo não é uma NF-e (esperado nfeProc ou NFe).');
  const inf = obj(nfe.infNFe);
  if (!inf) throw new NfeIlegivel('A NF-e não tem o grupo infNFe.');
  const ide = obj(inf.ide);
  const emit = obj(inf.emit);
  if (!ide || !emit) throw new NfeIlegivel('A NF-e não tem os grupos ide e emit.');
  const id = str(inf, '@_Id') ?? '';
  const dets = arr(inf.det);
  if (!dets.length) throw new NfeIlegivel('A NF-e não tem itens (det).');
  const icmsTot = obj(obj(inf.total)?.ICMSTot);
  const ibsTot = obj(obj(inf.total)?.IBSCBSTot);
  const cobr = obj(inf.cobr);
  const fat = obj(cobr?.fat);
  const prot = obj(obj(proc?.protNFe)?.infProt);
  const transp = obj(inf.transp);
  const infAdic = obj(inf.infAdic);
  const t = (k: string) => str(icmsTot, k);
  return {
    raiz: proc ? 'nfeProc' : 'NFe',
    versao: str(inf, '@_versao'),
    chave: id.replace(/^NFe/, ''),
    ide: {
      cUF: req(ide, 'cUF', 'ide'),
      cNF: req(ide, 'cNF', 'ide'),
      natOp: str(ide, 'natOp') ?? '',
      mod: req(ide, 'mod', 'ide'),
      serie: req(ide, 'serie', 'ide'),
      nNF: req(ide, 'nNF', 'ide'),
      dhEmi: str(ide, 'dhEmi') ?? req(ide, 'dEmi', 'ide'),
      dhSaiEnt: str(ide, 'dhSaiEnt'),
      tpNF: str(ide, 'tpNF') ?? '',
      idDest: str(ide, 'idDest'),
      cMunFG: str(ide, 'cMunFG'),
      tpImp: str(ide, 'tpImp'),
      tpEmis: str(ide, 'tpEmis') ?? '',
      cDV: str(ide, 'cDV') ?? '',
      tpAmb: str(ide, 'tpAmb') ?? '',
      finNFe: str(ide, 'finNFe'),
      indFinal: str(ide, 'indFinal'),
      indPres: str(ide, 'indPres'),
      procEmi: str(ide, 'procEmi'),
      verProc: str(ide, 'verProc'),
    },
    emit: participante(emit, 'enderEmit'),
    dest: obj(inf.dest) ? participante(obj(inf.dest)!, 'enderDest') : null,
    itens: dets.map(item),
    total: {
      vBC: t('vBC'),
      vICMS: t('vICMS'),
      vICMSDeson: t('vICMSDeson'),
      vFCP: t('vFCP'),
      vBCST: t('vBCST'),
      vST: t('vST'),
      vFCPST: t('vFCPST'),
      vProd: t('vProd'),
      vFrete: t('vFrete'),
      vSeg: t('vSeg'),
      vDesc: t('vDesc'),
      vII: t('vII'),
      vIPI: t('vIPI'),
      vPIS: t('vPIS'),
      vCOFINS: t('vCOFINS'),
      vOutro: t('vOutro'),
      vNF: t('vNF'),
      vTotTrib: t('vTotTrib'),
      vNFTot: str(obj(inf.total), 'vNFTot'),
      vIBS: str(obj(ibsTot?.gIBS), 'vIBS'),
      vCBS: str(obj(ibsTot?.gCBS), 'vCBS'),
    },
    transp: transporte(transp),
    cobr: {
      fat: fat
        ? {
            nFat: str(fat, 'nFat'),
            vOrig: str(fat, 'vOrig'),
            vDesc: str(fat, 'vDesc'),
            vLiq: str(fat, 'vLiq'),
          }
        : null,
      dup: arr(cobr?.dup).map((d) => ({
        nDup: str(d, 'nDup') ?? '',
        dVenc: str(d, 'dVenc') ?? '',
        vDup: str(d, 'vDup') ?? '0',
      })),
    },
    pag: arr(obj(inf.pag)?.detPag).map((p) => ({ tPag: str(p, 'tPag') ?? '', vPag: str(p, 'vPag') ?? '0' })),
    infAdic: { infCpl: str(infAdic, 'infCpl'), infAdFisco: str(infAdic, 'infAdFisco') },
    protNFe: prot
      ? {
          chNFe: str(prot, 'chNFe'),
          nProt: str(prot, 'nProt'),
          dhRecbto: str(prot, 'dhRecbto'),
          cStat: str(prot, 'cStat'),
          xMotivo: str(prot, 'xMotivo'),
          digVal: str(prot, 'digVal'),
        }
      : null,
    eventos: arr(proc?.retEvento).map((r) => {
      const ie = obj(r.infEvento);
      return {
        tpEvento: str(ie, 'tpEvento'),
        cStat: str(ie, 'cStat'),
        xEvento: str(ie, 'xEvento'),
        nProt: str(ie, 'nProt'),
      };
    }),
    temAssinatura: !!obj(nfe.Signature),
  };
}
