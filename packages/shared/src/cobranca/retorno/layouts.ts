// Where each bank puts, in its CNAB retorno, what the common reader (financeiro/cnab/parse-cnab.ts)
// does not find at the FEBRABAN / common CNAB 400 positions: the nosso número as the bank echoes
// it, the motivos of an ocorrência, and the few fields a bank moved. Positions are 1-based and
// inclusive, as in the banks' manuals. Sources (facts, not code): kivanio/brcobranca
// lib/brcobranca/retorno/cnab{240,400}/*.rb, eduardokum/laravel-boleto src/Cnab/Retorno/Cnab{240,400}/Banco/*.php,
// the real files of ../shared/fixtures/cnab (MANIFEST §4).

export type Posicao = readonly [de: number, ate: number];

/** CNAB 240 segment T (the U segment is the same at every bank here). */
export type LayoutT240 = {
  /** The nosso número field as the bank fills it (raw; see nossoNumeroDoRetorno). */
  nossoNumero: Posicao;
  documento: Posicao;
  vencimento: Posicao;
  valorTitulo: Posicao;
  tarifa: Posicao;
  /** Five 2-character codes (FEBRABAN C047). */
  motivos: Posicao;
};

/** FEBRABAN: identificação do título 38–57, número do documento 59–73, vencimento 74–81, valor
 * 82–96, tarifa 199–213, motivos 214–223. */
const T240_FEBRABAN: LayoutT240 = {
  nossoNumero: [38, 57],
  documento: [59, 73],
  vencimento: [74, 81],
  valorTitulo: [82, 96],
  tarifa: [199, 213],
  motivos: [214, 223],
};

/** Santander's CNAB 240 segment T is shifted: agência 18–21 + DV, conta 23–31 + DV, 33–40
 * reserved, nosso número 41–53 (12 + DV), carteira 54, seu número 55–69, vencimento 70–77, valor
 * 78–92, banco/agência cobradora 93–100, uso da empresa 101–125, moeda 126–127, pagador 128–183,
 * conta cobrança 184–193, tarifa 194–208, motivos 209–218. */
const T240_SANTANDER: LayoutT240 = {
  nossoNumero: [41, 53],
  documento: [55, 69],
  vencimento: [70, 77],
  valorTitulo: [78, 92],
  tarifa: [194, 208],
  motivos: [209, 218],
};

export function layoutT240(banco: string | null): LayoutT240 {
  return banco === '033' ? T240_SANTANDER : T240_FEBRABAN;
}

/** CNAB 240 segment U (FEBRABAN, every bank here). */
export const U240 = {
  juros: [18, 32], // juros/multa/encargos
  desconto: [33, 47],
  abatimento: [48, 62],
  iof: [63, 77],
  valorPago: [78, 92],
  valorLiquido: [93, 107],
  outrasDespesas: [108, 122],
  outrosCreditos: [123, 137],
  dataOcorrencia: [138, 145],
  dataCredito: [146, 153],
} as const satisfies Record<string, Posicao>;

/** CNAB 400 detail record. */
export type Layout400 = {
  /** Record types that are a título (position 1). */
  registros: readonly string[];
  nossoNumero: Posicao;
  dataCredito: Posicao;
  tarifa: Posicao;
  /** The motivos field and the size of each code; null where the layout has none. */
  motivos: { posicao: Posicao; tamanho: 2 | 3 } | null;
};

/** Itaú/Bradesco/Santander common positions: tarifa 176–188, IOF 215–227, abatimento 228–240,
 * desconto 241–253, valor pago 254–266, juros (de mora; Itaú: "juros de mora/multa") 267–279,
 * outros créditos 280–292, data de crédito 296–301. */
const COMUM_400 = { registros: ['1'], dataCredito: [296, 301], tarifa: [176, 188] } as const;

const LAYOUTS_400: Record<string, Layout400> = {
  // Banco do Brasil, record 7 (convênio of 7 digits): nosso número 64–80 (17, no DV), natureza
  // do recebimento / motivo 87–88, data de crédito 176–181, tarifa 182–188.
  '001': {
    registros: ['7', '1'],
    nossoNumero: [64, 80],
    dataCredito: [176, 181],
    tarifa: [182, 188],
    motivos: { posicao: [87, 88], tamanho: 2 },
  },
  // Itaú: nosso número 63–70 (8; again at 86–93 with its DAC at 94), erros 378–385.
  '341': { ...COMUM_400, nossoNumero: [63, 70], motivos: { posicao: [378, 385], tamanho: 2 } },
  // Bradesco: nosso número 71–82 (11 + DV), motivos das rejeições 319–328.
  '237': { ...COMUM_400, nossoNumero: [71, 82], motivos: { posicao: [319, 328], tamanho: 2 } },
  // Santander: nosso número 63–70 (7 + DV), three error codes of 3 digits at 137–145.
  '033': { ...COMUM_400, nossoNumero: [63, 70], motivos: { posicao: [137, 145], tamanho: 3 } },
  // Sicoob (BANCOOBCED): nosso número 63–74 (11 + DV), data de crédito 176–181, tarifa 182–188.
  '756': {
    registros: ['1'],
    nossoNumero: [63, 74],
    dataCredito: [176, 181],
    tarifa: [182, 188],
    motivos: null,
  },
};

const PADRAO_400: Layout400 = { ...COMUM_400, nossoNumero: [63, 70], motivos: null };

export function layout400(banco: string | null): Layout400 {
  return (banco && LAYOUTS_400[banco]) || PADRAO_400;
}

export const COMUM_VALORES_400 = {
  iof: [215, 227],
  abatimento: [228, 240],
  outrosCreditos: [280, 292],
} as const satisfies Record<string, Posicao>;

/** The codes of a motivos field: split, blanks and zeros ("00", "000") left out, uppercased. */
export function separarMotivos(campo: string, tamanho: 2 | 3): string[] {
  const codigos: string[] = [];
  for (let i = 0; i + tamanho <= campo.length; i += tamanho) {
    const c = campo
      .slice(i, i + tamanho)
      .trim()
      .toUpperCase();
    if (c.length === tamanho && !/^0+$/.test(c)) codigos.push(c);
  }
  return codigos;
}
