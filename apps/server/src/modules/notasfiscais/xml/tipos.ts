import type { ImpostosItem, TotaisDocumento } from '@erp/shared';

// What the NF-e builder takes: every value already decided (numbering, chave parts, taxes from the
// tax engine, instalments from the finance rule). The builder only writes them in schema order.

export type Endereco = {
  xLgr: string;
  nro: string;
  xCpl?: string | null;
  xBairro: string;
  /** IBGE code of the município (7 digits). */
  cMun: string;
  xMun: string;
  UF: string;
  CEP?: string | null;
  fone?: string | null;
};

export type EmitenteNfe = {
  /** 14 positions, may be alphanumeric (NT 2025.001). */
  CNPJ: string;
  xNome: string;
  xFant?: string | null;
  ender: Endereco;
  IE: string;
  IM?: string | null;
  CNAE?: string | null;
  /** 1 Simples Nacional, 2 Simples excesso, 3 Regime Normal, 4 MEI. */
  CRT: '1' | '2' | '3' | '4';
};

export type DestinatarioNfe = {
  /** CNPJ (14, may be alphanumeric) or CPF (11). */
  documento: string;
  xNome: string;
  ender: Endereco;
  /** 1 contribuinte, 2 isento, 9 não contribuinte. */
  indIEDest: '1' | '2' | '9';
  IE?: string | null;
  email?: string | null;
};

export type IdeNfe = {
  cUF: string;
  cNF: string;
  natOp: string;
  serie: number;
  nNF: number;
  dhEmi: Date;
  /** 1 saída. */
  tpNF: '0' | '1';
  /** 1 interna, 2 interestadual, 3 exterior. */
  idDest: '1' | '2' | '3';
  cMunFG: string;
  /** 1 DANFE retrato. */
  tpImp: '1' | '2';
  tpEmis: string;
  tpAmb: '1' | '2';
  /** 1 normal. */
  finNFe: '1' | '2' | '3' | '4';
  indFinal: '0' | '1';
  /** 1 presencial, 9 não presencial (outros). */
  indPres: '0' | '1' | '2' | '3' | '4' | '5' | '9';
  verProc: string;
  /** Documents referenced (NFref, after verProc / dhCont + xJust): the original chave(s) of a return (finNFe 4). */
  NFref?: { refNFe: string }[];
};

export type ItemNfe = {
  cProd: string;
  /** GTIN or null ("SEM GTIN"). */
  cEAN?: string | null;
  xProd: string;
  NCM: string;
  CEST?: string | null;
  uCom: string;
  qCom: string;
  vUnCom: string;
  /** The tax engine's groups and values of the item (ImpostosItem). */
  impostos: ImpostosItem;
  /** The customer's order number and line (xPed / nItemPed). */
  xPed?: string | null;
  nItemPed?: number | null;
  /**
   * det/impostoDevol of a return item (finNFe 4): the share returned (pDevol, 2 decimals, ≤ 100) and
   * the IPI returned (vIPIDevol), which a return note writes here instead of the IPI group
   * (shared paraNotaDeDevolucao); ICMSTot.vIPIDevol is their sum (totalizeDevolucao).
   */
  impostoDevol?: { pDevol: string; vIPIDevol: string } | null;
  infAdProd?: string | null;
};

export type TransportadoraNfe = {
  documento?: string | null;
  xNome?: string | null;
  IE?: string | null;
  xEnder?: string | null;
  xMun?: string | null;
  UF?: string | null;
};

export type VolumeNfe = {
  qVol?: number | null;
  esp?: string | null;
  marca?: string | null;
  pesoL?: string | null;
  pesoB?: string | null;
};

export type TranspNfe = {
  /** 0 emitente (CIF), 1 destinatário (FOB), 2 terceiros, 3 próprio remetente, 4 próprio destinatário, 9 sem frete. */
  modFrete: '0' | '1' | '2' | '3' | '4' | '9';
  transporta?: TransportadoraNfe | null;
  veicTransp?: { placa: string; UF?: string | null; RNTC?: string | null } | null;
  vol: VolumeNfe[];
};

export type DuplicataNfe = { nDup: string; dVenc: string; vDup: string };

export type CobrNfe = {
  nFat: string;
  vOrig: string;
  vDesc: string;
  vLiq: string;
  dup: DuplicataNfe[];
};

export type PagamentoNfe = {
  /** 0 à vista, 1 a prazo. */
  indPag?: '0' | '1' | null;
  tPag: string;
  /** Required by the schema when tPag is 99. */
  xPag?: string | null;
  vPag: string;
};

export type RespTecNfe = { CNPJ: string; xContato: string; email: string; fone: string };

export type DadosNfe = {
  ide: IdeNfe;
  emit: EmitenteNfe;
  dest: DestinatarioNfe;
  itens: ItemNfe[];
  /** totalize() of the items' ImpostosItem. */
  totais: TotaisDocumento;
  transp: TranspNfe;
  cobr: CobrNfe | null;
  pag: PagamentoNfe[];
  /** vTroco (money), when a payment exceeds vNF. */
  vTroco?: string | null;
  infAdic: { infAdFisco?: string | null; infCpl?: string | null };
  infRespTec: RespTecNfe | null;
  /** The CSRT given by the SEFAZ to the software house (hashCSRT = base64(SHA-1(CSRT + chave))). */
  csrt?: { id: string; csrt: string } | null;
};

export const XNOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
