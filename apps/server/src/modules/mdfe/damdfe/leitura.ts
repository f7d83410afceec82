import { XMLParser } from 'fast-xml-parser';
import { temDtd } from '../../nfe/xml-seguro.ts';

// A typed reading of an MDF-e 3.00 (mdfeProc, or a bare MDFe not yet authorised) with what the
// DAMDFE prints. Values stay the XML's strings (qCarga, vCarga are exact decimals); absent optional
// values are null or empty lists. Only the modal rodoviário is read in detail (the only one we emit).

export class MdfeIlegivel extends Error {}

export type Endereco = {
  xLgr: string | null;
  nro: string | null;
  xCpl: string | null;
  xBairro: string | null;
  xMun: string | null;
  UF: string | null;
  CEP: string | null;
  fone: string | null;
};

export type Veiculo = {
  placa: string;
  RENAVAM: string | null;
  UF: string | null;
  /** RNTRC of the owner when a third party's vehicle (prop/RNTRC). */
  RNTRCProprietario: string | null;
  proprietario: string | null;
};

export type ValePedagio = {
  CNPJForn: string;
  /** Who pays (CNPJPg or CPFPg); null means the emitter itself. */
  responsavel: string | null;
  nCompra: string | null;
  vValePed: string | null;
};

export type Seguro = {
  respSeg: string;
  responsavel: string | null;
  xSeg: string | null;
  CNPJSeguradora: string | null;
  nApol: string | null;
  nAver: string[];
};

export type MunicipioDescarga = {
  cMun: string;
  xMun: string;
  chNFe: string[];
  chCTe: string[];
  chMDFe: string[];
};

export type Mdfe = {
  chave: string;
  ide: {
    tpAmb: string;
    tpEmit: string;
    mod: string;
    serie: string;
    nMDF: string;
    modal: string;
    dhEmi: string;
    tpEmis: string;
    UFIni: string;
    UFFim: string;
    dhIniViagem: string | null;
  };
  municipiosCarrega: Array<{ cMun: string; xMun: string }>;
  percurso: string[];
  emit: {
    documento: string;
    IE: string | null;
    xNome: string;
    xFant: string | null;
    endereco: Endereco | null;
  };
  rodo: {
    RNTRC: string | null;
    CIOT: string[];
    valePedagio: ValePedagio[];
    veiculos: Veiculo[];
    condutores: Array<{ xNome: string; CPF: string }>;
  } | null;
  descarga: MunicipioDescarga[];
  seguros: Seguro[];
  prodPred: { tpCarga: string; xProd: string; NCM: string | null } | null;
  tot: {
    qCTe: string | null;
    qNFe: string | null;
    qMDFe: string | null;
    vCarga: string;
    cUnid: string;
    qCarga: string;
  };
  lacres: string[];
  infAdic: { infAdFisco: string | null; infCpl: string | null };
  qrCode: string | null;
  prot: {
    nProt: string | null;
    dhRecbto: string | null;
    cStat: string | null;
    xMotivo: string | null;
  } | null;
};

const ARRAYS = new Set([
  'infMunCarrega',
  'infPercurso',
  'infMunDescarga',
  'infNFe',
  'infCTe',
  'infMDFeTransp',
  'seg',
  'nAver',
  'lacres',
  'infCIOT',
  'disp',
  'condutor',
  'veicReboque',
]);

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
const strs = (n: Node | null, k: string): string[] => {
  const v = n?.[k];
  const lista = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return lista.map((x) => (typeof x === 'string' ? x : (str({ x }, 'x') ?? ''))).filter(Boolean);
};
const req = (n: Node | null, k: string, onde: string): string => {
  const v = str(n, k);
  if (v === null || v === '') throw new MdfeIlegivel(`Campo obrigatório ausente no MDF-e: ${onde}/${k}.`);
  return v;
};

function endereco(n: Node | null): Endereco | null {
  if (!n) return null;
  const k = (c: string) => str(n, c);
  return {
    xLgr: k('xLgr'),
    nro: k('nro'),
    xCpl: k('xCpl'),
    xBairro: k('xBairro'),
    xMun: k('xMun'),
    UF: k('UF'),
    CEP: k('CEP'),
    fone: k('fone'),
  };
}

function veiculo(n: Node): Veiculo {
  const prop = obj(n.prop);
  return {
    placa: req(n, 'placa', 'veículo'),
    RENAVAM: str(n, 'RENAVAM'),
    UF: str(n, 'UF'),
    RNTRCProprietario: str(prop, 'RNTRC'),
    proprietario: prop ? (str(prop, 'CNPJ') ?? str(prop, 'CPF')) : null,
  };
}

function rodoviario(infModal: Node | null): Mdfe['rodo'] {
  const rodo = obj(infModal?.rodo);
  if (!rodo) return null;
  const antt = obj(rodo.infANTT);
  const tracao = obj(rodo.veicTracao);
  const valePed = obj(antt?.valePed);
  return {
    RNTRC: str(antt, 'RNTRC'),
    CIOT: arr(antt?.infCIOT)
      .map((c) => str(c, 'CIOT') ?? '')
      .filter(Boolean),
    valePedagio: arr(valePed?.disp).map((d) => ({
      CNPJForn: str(d, 'CNPJForn') ?? '',
      responsavel: str(d, 'CNPJPg') ?? str(d, 'CPFPg'),
      nCompra: str(d, 'nCompra'),
      vValePed: str(d, 'vValePed'),
    })),
    veiculos: [...(tracao ? [veiculo(tracao)] : []), ...arr(rodo.veicReboque).map(veiculo)],
    condutores: arr(tracao?.condutor).map((c) => ({
      xNome: str(c, 'xNome') ?? '',
      CPF: str(c, 'CPF') ?? '',
    })),
  };
}

/** Reads an mdfeProc (or a bare MDFe). Throws MdfeIlegivel when it is not an MDF-e. */
export function leMdfe(xml: string): Mdfe {
  const texto = xml.replace(/^\uFEFF/, '');
  if (temDtd(texto)) throw new MdfeIlegivel('O XML traz uma declaração DOCTYPE (DTD), que não é aceita.');
  let raiz: Node;
  try {
    raiz = parser.parse(texto) as Node;
  } catch (e) {
    throw new MdfeIlegivel(`XML do MDF-e malformado: ${(e as Error).message}`);
  }
  const proc = obj(raiz.mdfeProc);
  const mdfe = obj(proc ? proc.MDFe : raiz.MDFe);
  const inf = obj(mdfe?.infMDFe);
  if (!inf) throw new MdfeIlegivel('O XML não é um MDF-e (infMDFe ausente).');
  const ide = obj(inf.ide);
  const emit = obj(inf.emit);
  const tot = obj(inf.tot);
  const chave = (str(inf, '@_Id') ?? '').replace(/^MDFe/, '');
  if (!/^[0-9A-Z]{44}$/.test(chave)) throw new MdfeIlegivel(`Chave do MDF-e inválida: ${chave}`);
  const protInf = obj(obj(proc?.protMDFe)?.infProt);
  const prodPred = obj(inf.prodPred);
  const adic = obj(inf.infAdic);
  return {
    chave,
    ide: {
      tpAmb: req(ide, 'tpAmb', 'ide'),
      tpEmit: req(ide, 'tpEmit', 'ide'),
      mod: req(ide, 'mod', 'ide'),
      serie: req(ide, 'serie', 'ide'),
      nMDF: req(ide, 'nMDF', 'ide'),
      modal: req(ide, 'modal', 'ide'),
      dhEmi: req(ide, 'dhEmi', 'ide'),
      tpEmis: req(ide, 'tpEmis', 'ide'),
      UFIni: req(ide, 'UFIni', 'ide'),
      UFFim: req(ide, 'UFFim', 'ide'),
      dhIniViagem: str(ide, 'dhIniViagem'),
    },
    municipiosCarrega: arr(ide?.infMunCarrega).map((m) => ({
      cMun: str(m, 'cMunCarrega') ?? '',
      xMun: str(m, 'xMunCarrega') ?? '',
    })),
    percurso: arr(ide?.infPercurso)
      .map((p) => str(p, 'UFPer') ?? '')
      .filter(Boolean),
    emit: {
      documento: str(emit, 'CNPJ') ?? str(emit, 'CPF') ?? '',
      IE: str(emit, 'IE'),
      xNome: req(emit, 'xNome', 'emit'),
      xFant: str(emit, 'xFant'),
      endereco: endereco(obj(emit?.enderEmit)),
    },
    rodo: rodoviario(obj(inf.infModal)),
    descarga: arr(obj(inf.infDoc)?.infMunDescarga).map((m) => ({
      cMun: str(m, 'cMunDescarga') ?? '',
      xMun: str(m, 'xMunDescarga') ?? '',
      chNFe: arr(m.infNFe).map((n) => str(n, 'chNFe') ?? ''),
      chCTe: arr(m.infCTe).map((n) => str(n, 'chCTe') ?? ''),
      chMDFe: arr(m.infMDFeTransp).map((n) => str(n, 'chMDFe') ?? ''),
    })),
    seguros: arr(inf.seg).map((s) => {
      const resp = obj(s.infResp);
      const seg = obj(s.infSeg);
      return {
        respSeg: str(resp, 'respSeg') ?? '',
        responsavel: str(resp, 'CNPJ') ?? str(resp, 'CPF'),
        xSeg: str(seg, 'xSeg'),
        CNPJSeguradora: str(seg, 'CNPJ'),
        nApol: str(s, 'nApol'),
        nAver: strs(s, 'nAver'),
      };
    }),
    prodPred: prodPred
      ? {
          tpCarga: str(prodPred, 'tpCarga') ?? '',
          xProd: str(prodPred, 'xProd') ?? '',
          NCM: str(prodPred, 'NCM'),
        }
      : null,
    tot: {
      qCTe: str(tot, 'qCTe'),
      qNFe: str(tot, 'qNFe'),
      qMDFe: str(tot, 'qMDFe'),
      vCarga: req(tot, 'vCarga', 'tot'),
      cUnid: req(tot, 'cUnid', 'tot'),
      qCarga: req(tot, 'qCarga', 'tot'),
    },
    lacres: arr(inf.lacres)
      .map((l) => str(l, 'nLacre') ?? '')
      .filter(Boolean),
    infAdic: { infAdFisco: str(adic, 'infAdFisco'), infCpl: str(adic, 'infCpl') },
    qrCode: str(obj(mdfe?.infMDFeSupl), 'qrCodMDFe'),
    prot: protInf
      ? {
          nProt: str(protInf, 'nProt'),
          dhRecbto: str(protInf, 'dhRecbto'),
          cStat: str(protInf, 'cStat'),
          xMotivo: str(protInf, 'xMotivo'),
        }
      : null,
  };
}
