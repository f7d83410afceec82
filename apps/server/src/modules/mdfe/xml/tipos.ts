import type { ProdutoPredominante, Uf } from '@erp/shared';

// Everything montaMdfe needs to write one MDF-e 3.00, modal rodoviário, already decided: the
// service fills it from the load (planejaMdfes gives UFs, descargas and totals), the company
// settings, the vehicle and the drivers. Text is written escaped and cut to each field's maximum;
// empty optional fields are left out.

export type EnderecoEmitenteMdfe = {
  logradouro: string;
  numero: string;
  complemento?: string | null;
  bairro: string;
  /** IBGE code, 7 digits. */
  codigoMunicipio: string;
  municipio: string;
  uf: Uf;
  /** 8 digits. */
  cep?: string | null;
  /** 7 to 12 digits. */
  telefone?: string | null;
  email?: string | null;
};

/** Owner of a third-party vehicle (rodo/veicTracao/prop). */
export type ProprietarioVeiculoMdfe = {
  /** CPF (11) or CNPJ (14). */
  documento: string;
  /** RNTRC of the owner, 8 digits. */
  rntrc: string;
  nome: string;
  /** IE and UF go together (both or neither); IE "ISENTO" allowed. */
  ie?: string | null;
  uf?: Uf | null;
  /** 0 TAC agregado, 1 TAC independente, 2 outros. */
  tpProp: '0' | '1' | '2';
};

export type VeiculoMdfe = {
  /** Internal code (cInt), up to 10 characters. */
  codigoInterno?: string | null;
  /** Normalised plate ("ABC1D23"). */
  placa: string;
  renavam?: string | null;
  taraKg: number;
  capacidadeKg?: number | null;
  /** Whole m³ (capM3, 0..999). */
  capacidadeM3?: number | null;
  /** tpRod: 01 truck, 02 toco, 03 cavalo mecânico, 04 van, 05 utilitário, 06 outros (reboques: none). */
  tpRod: '01' | '02' | '03' | '04' | '05' | '06';
  /** tpCar: 00 não aplicável, 01 aberta, 02 fechada/baú, 03 granelera, 04 porta container, 05 sider. */
  tpCar: '00' | '01' | '02' | '03' | '04' | '05';
  /** UF where the vehicle is licensed. */
  uf?: Uf | null;
  /** Only for a third party's vehicle. */
  proprietario?: ProprietarioVeiculoMdfe | null;
};

export type ReboqueMdfe = Omit<VeiculoMdfe, 'tpRod' | 'capacidadeKg'> & { capacidadeKg: number };

export type RodoMdfe = {
  /** The emitter's RNTRC (infANTT/RNTRC), 8 digits, when it has one. */
  rntrc?: string | null;
  /** infCIOT: the CIOT (12 digits) and the CPF/CNPJ of its responsible. */
  ciot?: readonly { ciot: string; documento: string }[];
  /** valePed/disp. */
  valePedagio?: readonly {
    cnpjFornecedor: string;
    /** CPF/CNPJ of who pays, when not the emitter. */
    documentoPagador?: string | null;
    nCompra?: string | null;
    valor: string;
    /** 01 TAG, 04 leitura de placa. */
    tpValePed?: '01' | '04' | null;
  }[];
  /** infContratante: who hires the transport (CPF/CNPJ). */
  contratantes?: readonly { nome?: string | null; documento: string }[];
  veiculo: VeiculoMdfe;
  /** Up to 3 trailers (needed when tpRod = 03 cavalo mecânico). */
  reboques?: readonly ReboqueMdfe[];
  /** 1 to 10 drivers. */
  condutores: readonly { nome: string; cpf: string }[];
};

export type SeguroMdfeXml = {
  /** 1 emitente do MDF-e, 2 contratante. */
  respSeg: '1' | '2';
  /** CPF/CNPJ of the responsible (required by the rules when respSeg = 2). */
  responsavelDocumento?: string | null;
  seguradora?: { nome: string; cnpj: string } | null;
  nApol?: string | null;
  nAver?: readonly string[];
};

export type DescargaMdfe = {
  codigoMunicipio: string;
  nomeMunicipio: string;
  /** NF-e chaves unloaded there. */
  chaves: readonly string[];
};

export type DadosMdfe = {
  /** 1 produção, 2 homologação. */
  tpAmb: '1' | '2';
  /**
   * 2 = transportador de carga própria (a distributor delivering its own NF-e, the default);
   * 1 = prestador de serviço de transporte (company setting).
   */
  tpEmit: '1' | '2';
  /** tpTransp (1 ETC, 2 TAC, 3 CTC): only when the rules ask (third-party TAC vehicles). */
  tpTransp?: '1' | '2' | '3' | null;
  serie: number;
  nMDF: number;
  /** 8 digits drawn once with geraCMdf and stored (a resend keeps the chave). */
  cMDF: string;
  dhEmi: Date;
  /** 1 normal, 2 contingência (then qrCodMDFe needs `sign`: pass chavePrivadaPem). */
  tpEmis: '1' | '2';
  /** Application version (verProc), up to 20 characters. */
  verProc: string;
  ufIni: Uf;
  ufFim: Uf;
  /** infMunCarrega (1..50). */
  municipiosCarregamento: readonly { codigo: string; nome: string }[];
  /** infPercurso: the UFs crossed, in order (validaPercurso). */
  percurso: readonly Uf[];
  /** Planned start of the trip. */
  dhIniViagem?: Date | null;
  emitente: {
    cnpj: string;
    ie: string;
    razaoSocial: string;
    fantasia?: string | null;
    endereco: EnderecoEmitenteMdfe;
  };
  rodo: RodoMdfe;
  /** infDoc/infMunDescarga (1..1000), from planejaMdfes. */
  descargas: readonly DescargaMdfe[];
  seguros?: readonly SeguroMdfeXml[];
  /**
   * prodPred. `lotacao` (infLotacao) is written only for a carga lotação — an MDF-e with a single
   * NF-e, where SEFAZ requires it (rejeição 726): the CEPs where it is loaded and unloaded.
   */
  produtoPredominante?:
    | (ProdutoPredominante & { lotacao?: { cepCarregamento: string; cepDescarregamento: string } | null })
    | null;
  /** tot, from planejaMdfes: qCarga kg with 4 decimals, vCarga with 2. */
  totais: { qNFe: number; vCarga: string; qCarga: string };
  lacres?: readonly string[];
  /** CPF/CNPJ allowed to download the XML (autXML, up to 10). */
  autXML?: readonly string[];
  infAdic?: { infAdFisco?: string | null; infCpl?: string | null } | null;
  responsavelTecnico?: { cnpj: string; contato: string; email: string; fone: string } | null;
};
