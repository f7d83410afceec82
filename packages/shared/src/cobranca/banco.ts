// One interface for a bank's cobrança rules (issue 31). Each bank is one file in ./bancos that
// exports a RegrasBanco; bancos.ts lists them. A bank says which carteira fields it needs and their
// sizes (the generic checks below pad and refuse), checks the check digits it prints on the
// boleto, composes the nosso número with its DV, and builds the 25-digit campo livre. Everything
// common (fator de vencimento, barcode, linha digitável) lives in codigo-barras.ts and boleto.ts.

/** A bank account's "cobrança registrada" settings, as typed (digits; DVs as the bank prints them). */
export type CarteiraCobranca = {
  /** COMPE code, "001". */
  banco: string;
  agencia: string;
  agenciaDv?: string | null;
  /** Optional where the barcode does not carry it (Caixa, Santander, Sicoob, Sicredi). */
  conta?: string | null;
  contaDv?: string | null;
  carteira: string;
  variacao?: string | null;
  /** Convênio (Banco do Brasil), código do beneficiário (Caixa, Santander, Sicoob, Sicredi),
   * código da empresa (Bradesco), código do cliente (Itaú, carteiras with seu número). */
  convenio?: string | null;
  /** Sicredi: posto da cooperativa. */
  posto?: string | null;
};

export type CampoCarteira =
  | 'agencia'
  | 'agenciaDv'
  | 'conta'
  | 'contaDv'
  | 'carteira'
  | 'variacao'
  | 'convenio'
  | 'posto';
export type CampoCobranca =
  | CampoCarteira
  | 'banco'
  | 'nossoNumero'
  | 'vencimento'
  | 'valor'
  | 'emissao'
  | 'seuNumero';

/** A validation error naming the field (pt-BR). */
export type ErroCampoCobranca = { campo: CampoCobranca; mensagem: string };

export class ErroCobranca extends Error {
  constructor(readonly erros: ErroCampoCobranca[]) {
    super(erros.map((e) => e.mensagem).join(' '));
    this.name = 'ErroCobranca';
  }
}

/** How a bank wants one carteira field. Numeric fields are left-padded with zeros to `tamanho`. */
export type RegraCampo = {
  rotulo: string;
  obrigatorio: boolean;
  /** Digits: the maximum size (padded to it). DV fields: one character of `formato`. */
  tamanho: number;
  /** Only these sizes (as typed, no padding): Banco do Brasil's convênio of 4, 6, 7 or 8 digits. */
  tamanhosAceitos?: readonly number[];
  /** Only these values (after padding), e.g. the carteiras the rules implement. */
  valores?: readonly string[];
  /** For a DV field: the characters the bank prints ("X" at Banco do Brasil, "P" at Bradesco). */
  formato?: RegExp;
  ajuda?: string;
};

/** The carteira after the generic checks: every field trimmed and padded; absent ones ''. */
export type CarteiraNormalizada = Required<{ [K in keyof CarteiraCobranca]: string }>;

/** What a bank needs to compose a nosso número. */
export type EntradaNossoNumero = {
  /** The account's sequential number (the "próximo nosso número"), ≥ 1. */
  sequencial: bigint;
  /** Emission day 'YYYY-MM-DD' (Sicredi puts its year in the nosso número). */
  emissao: string;
};

export type NossoNumero = {
  /** The bank's nosso número without its DV, at its full size (as in the remessa and the retorno). */
  numero: string;
  /** Its check digit as printed ('' when the bank has none, e.g. Banco do Brasil's 17 digits). */
  dv: string;
  /** As printed in the boleto's "Nosso número" box. */
  impresso: string;
};

export type DadosCampoLivre = {
  nossoNumero: NossoNumero;
  /** Valor in cents, 10 digits (Sicredi marks whether the boleto has a value). */
  valor: string;
  /** Itaú carteiras 106, 107, 122, 142, 143, 195, 196, 198: the seu número (7 digits). */
  seuNumero?: string;
};

export interface RegrasBanco {
  codigo: string;
  nome: string;
  /** The article pt-BR puts before the name ("o Itaú", "a Caixa"), for the messages. */
  artigo: 'o' | 'a';
  /** The CNAB layouts the bank offers for cobrança. */
  layouts: readonly ('cnab240' | 'cnab400')[];
  campos: Partial<Record<CampoCarteira, RegraCampo>>;
  /** Check digits and combinations the generic field checks cannot see (pt-BR, naming the field). */
  validar(c: CarteiraNormalizada): ErroCampoCobranca[];
  /** The largest sequential nosso número the carteira can take (the bank's field size). */
  maiorSequencial(c: CarteiraNormalizada): bigint;
  nossoNumero(c: CarteiraNormalizada, e: EntradaNossoNumero): NossoNumero;
  campoLivre(c: CarteiraNormalizada, d: DadosCampoLivre): string;
  /** The boleto's "Agência / Código do beneficiário" box. */
  agenciaCodigoBeneficiario(c: CarteiraNormalizada): string;
  /** Whether the boleto needs a seu número in its campo livre (Itaú's special carteiras). */
  exigeSeuNumero?(c: CarteiraNormalizada): boolean;
}

const CAMPOS: readonly CampoCarteira[] = [
  'agencia',
  'agenciaDv',
  'conta',
  'contaDv',
  'carteira',
  'variacao',
  'convenio',
  'posto',
];

/** Generic checks of every field against the bank's RegraCampo (required, digits, size, values),
 * then the bank's own; returns the normalized carteira and the errors. */
export function normalizarCarteira(
  regras: RegrasBanco,
  c: CarteiraCobranca,
): { carteira: CarteiraNormalizada; erros: ErroCampoCobranca[] } {
  const erros: ErroCampoCobranca[] = [];
  const n: CarteiraNormalizada = {
    banco: regras.codigo,
    agencia: '',
    agenciaDv: '',
    conta: '',
    contaDv: '',
    carteira: '',
    variacao: '',
    convenio: '',
    posto: '',
  };
  for (const campo of CAMPOS) {
    const regra = regras.campos[campo];
    const bruto = (c[campo] ?? '').trim().toUpperCase();
    if (!regra) continue;
    if (bruto === '') {
      if (regra.obrigatorio)
        erros.push({ campo, mensagem: `${regra.rotulo}: obrigatório para ${regras.artigo} ${regras.nome}.` });
      continue;
    }
    if (regra.formato) {
      if (!regra.formato.test(bruto))
        erros.push({
          campo,
          mensagem: `${regra.rotulo} inválido: ${bruto}${regra.ajuda ? ` (${regra.ajuda})` : ''}.`,
        });
      else n[campo] = bruto;
      continue;
    }
    if (!/^\d+$/.test(bruto)) {
      erros.push({ campo, mensagem: `${regra.rotulo}: só números (informado ${bruto}).` });
      continue;
    }
    if (regra.tamanhosAceitos && !regra.tamanhosAceitos.includes(bruto.length)) {
      erros.push({
        campo,
        mensagem: `${regra.rotulo}: ${listaTamanhos(regra.tamanhosAceitos)} dígitos ${noBanco(regras)} (informado ${bruto.length}).`,
      });
      continue;
    }
    if (bruto.length > regra.tamanho) {
      erros.push({
        campo,
        mensagem: `${regra.rotulo}: no máximo ${regra.tamanho} ${regra.tamanho === 1 ? 'dígito' : 'dígitos'} ${noBanco(regras)} (informado ${bruto.length}).`,
      });
      continue;
    }
    const valor = regra.tamanhosAceitos ? bruto : bruto.padStart(regra.tamanho, '0');
    if (regra.valores && !regra.valores.includes(valor)) {
      erros.push({
        campo,
        mensagem: `${regra.rotulo}: o valor ${bruto} não é aceito ${noBanco(regras)} (valores aceitos: ${regra.valores.join(', ')}).`,
      });
      continue;
    }
    n[campo] = valor;
  }
  if (erros.length === 0) erros.push(...regras.validar(n));
  return { carteira: n, erros };
}

/** "no Itaú", "na Caixa". */
export function noBanco(regras: Pick<RegrasBanco, 'artigo' | 'nome'>): string {
  return `${regras.artigo === 'a' ? 'na' : 'no'} ${regras.nome}`;
}

function listaTamanhos(t: readonly number[]): string {
  return t.length === 1 ? String(t[0]) : `${t.slice(0, -1).join(', ')} ou ${t[t.length - 1]}`;
}

/** A DV check as the message every bank uses. */
export function erroDv(
  campo: CampoCarteira,
  rotulo: string,
  calculado: string,
  informado: string,
): ErroCampoCobranca[] {
  return calculado === informado
    ? []
    : [{ campo, mensagem: `${rotulo} não confere: calculado ${calculado}, informado ${informado}.` }];
}

/** The sequential as a string of exactly `tamanho` digits (the caller checked the range). */
export function sequencialCom(e: EntradaNossoNumero, tamanho: number): string {
  return e.sequencial.toString().padStart(tamanho, '0');
}
