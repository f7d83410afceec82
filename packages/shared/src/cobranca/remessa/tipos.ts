// What a remessa is written from: the account's carteira, the file's sequence (NSA) and generation
// moment, and the boletos and instructions not yet sent. The server gathers them; the writers are pure.

import type { CarteiraCobranca } from '../banco.ts';

export type InstrucaoRemessa = 'entrada' | 'baixa' | 'abatimento' | 'alteracaoVencimento' | 'protesto';

/** The código de movimento/ocorrência of each instruction — the same in FEBRABAN's CNAB 240 and in
 * the CNAB 400 of the seven banks: 01 entrada, 02 pedido de baixa, 04 concessão de abatimento,
 * 06 alteração de vencimento, 09 protestar. */
export const CODIGO_MOVIMENTO: Record<InstrucaoRemessa, string> = {
  entrada: '01',
  baixa: '02',
  abatimento: '04',
  alteracaoVencimento: '06',
  protesto: '09',
};

export type PagadorRemessa = {
  nome: string;
  /** CPF or CNPJ, with or without punctuation. */
  documento: string;
  endereco: string;
  bairro?: string | null;
  /** 8 digits (punctuation ignored). */
  cep: string;
  cidade: string;
  uf: string;
};

export type ItemRemessa = {
  instrucao: InstrucaoRemessa;
  /** As stored on the título by gerarBoleto (the bank's number at its full size and its DV). */
  nossoNumero: { numero: string; dv: string };
  /** The título's number in the company ("seu número", "uso da empresa", "número do documento"). */
  documento?: string | null;
  /** CNAB 400 of Itaú, Bradesco, Banco do Brasil, Santander, Sicoob: the separate 10-position
   * "número do documento" when it differs from `documento` (zeros/blank when absent). */
  numero?: string | null;
  /** 'YYYY-MM-DD' (the new one for an alteração de vencimento). */
  vencimento: string;
  /** Decimal string, 2 places at most. */
  valor: string;
  emissao: string;
  pagador: PagadorRemessa;
  /** Juros de mora: R$ per day or % a month, from `data` (default: the day after the due date). */
  juros?: { tipo: 'valorDia' | 'taxaMensal'; valor: string; data?: string } | null;
  /** Multa: a value or a percentage, from `data` (default: the bank's — see the README). */
  multa?: { tipo: 'valor' | 'percentual'; valor: string; data?: string } | null;
  /** Desconto of a fixed value until `data`. */
  desconto?: { valor: string; data: string } | null;
  /** Valor do abatimento (also the value of an "abatimento" instruction). */
  abatimento?: string | null;
  iof?: string | null;
  /** Protest after `dias` (calendar days) of the due date. */
  protesto?: { dias: number } | null;
  /** Baixa/devolução automática after `dias` of the due date. */
  baixa?: { dias: number } | null;
  avalista?: { nome: string; documento: string } | null;
  /** CNAB 240 only: up to 7 lines of 40 (2 in segment R, 5 in segment S). */
  mensagens?: readonly string[] | null;
};

/** The carteira plus what only the remessa needs. */
export type ContaRemessa = CarteiraCobranca & {
  /** Santander: código de transmissão (15 digits in CNAB 240, 20 in CNAB 400). */
  codigoTransmissao?: string | null;
  /** Banco do Brasil CNAB 400: convênio líder (default: the convênio). */
  convenioLider?: string | null;
  /** Banco do Brasil CNAB 400: tipo de cobrança for carteiras 11/17 ("02VIN", "04DSC", "08VDR"; blank = simples). */
  tipoCobranca?: string | null;
  /** Caixa: versão do aplicativo (header, 4 characters, given by the bank). */
  versaoAplicativo?: string | null;
};

export type EntradaRemessa = {
  layout: 'cnab240' | 'cnab400';
  conta: ContaRemessa;
  beneficiario: { nome: string; documento: string };
  /** Número sequencial do arquivo (NSA), from the account (never reused). */
  nsa: number;
  /** The generation moment in the business time zone: 'YYYY-MM-DD' and 'HH:MM:SS'. */
  geracao: { data: string; hora: string };
  itens: readonly ItemRemessa[];
  /** CNAB 240 header de lote: two messages of 40 printed on every boleto of the file. */
  mensagens?: readonly string[] | null;
};

export type Remessa = {
  /** The file: every record followed by CRLF. */
  texto: string;
  linhas: string[];
};
