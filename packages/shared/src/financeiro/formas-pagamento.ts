import { addDays } from '../dates.ts';
import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { valorPercentual } from '../tributacao/percentuais.ts';
import { nextBusinessDay } from './dias-uteis.ts';

// Formas de recebimento/pagamento: each has a tipo, mapped to the NF-e's meio de pagamento
// (detPag/tPag). The layout (leiauteNFe_v4.00.xsd of PL_010_V1.30) only constrains tPag to two
// digits; the codes are the table of the Manual de Orientação do Contribuinte as updated by
// Informe Técnico 2024.002 (Portal Nacional da NF-e): 17 became "PIX – Dinâmico" and 20 "PIX –
// Estático" (a static QR code, a chave Pix or agência and conta) from 01/07/2024.
// Our PIX is the company's chave Pix or a static QR code — 20. A dynamic QR charge issued by a PSP
// integration would be 17; this system issues none. Left out of TPAG: 14 (Duplicata Mercantil,
// withdrawn) and 23 (PIX Automático, added by IT 2024.002 v1.11 — not confirmed by a second
// source when this was written).
//
// Cards have a taxa (%) the acquirer keeps and a prazo de compensação (calendar days, D+N): the
// net value arrives N days after the sale, on the next business day when that is not one.

export const TIPOS_FORMA = [
  'dinheiro',
  'pix',
  'boleto',
  'cartao_credito',
  'cartao_debito',
  'cheque',
  'transferencia',
  'deposito',
] as const;
export type TipoForma = (typeof TIPOS_FORMA)[number];

export const tipoFormaLabels: Record<TipoForma, string> = {
  dinheiro: 'Dinheiro',
  pix: 'PIX',
  boleto: 'Boleto',
  cartao_credito: 'Cartão de crédito',
  cartao_debito: 'Cartão de débito',
  cheque: 'Cheque',
  transferencia: 'Transferência',
  deposito: 'Depósito',
};

/** The tPag codes of the MOC table (IT 2024.002), with their official descriptions. */
export const TPAG: Readonly<Record<string, string>> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Cartão da Loja (Private Label), Crediário Digital, Outros Crediários',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '15': 'Boleto Bancário',
  '16': 'Depósito Bancário',
  '17': 'Pagamento Instantâneo (PIX) – Dinâmico',
  '18': 'Transferência bancária, Carteira Digital',
  '19': 'Programa de fidelidade, Cashback, Crédito Virtual',
  '20': 'Pagamento Instantâneo (PIX) – Estático',
  '21': 'Crédito em Loja',
  '22': 'Pagamento Eletrônico não Informado - falha de hardware do sistema emissor',
  '90': 'Sem pagamento',
  '99': 'Outros',
};

/** Each tipo's tPag. */
export const tPagPorTipo: Readonly<Record<TipoForma, string>> = {
  dinheiro: '01',
  cheque: '02',
  cartao_credito: '03',
  cartao_debito: '04',
  boleto: '15',
  deposito: '16',
  transferencia: '18',
  pix: '20',
};

export const TIPOS_CARTAO = ['cartao_credito', 'cartao_debito'] as const satisfies readonly TipoForma[];

/** Only cards carry a taxa and a prazo de compensação. */
export function isCartao(tipo: string): boolean {
  return (TIPOS_CARTAO as readonly string[]).includes(tipo);
}

/** The largest prazo de compensação accepted (days). */
export const PRAZO_COMPENSACAO_MAXIMO = 365;

export type RecebimentoCartao = { bruto: string; taxa: string; liquido: string; data_credito: string };

/**
 * A card receipt: the acquirer's taxa (bruto × taxa / 100, rounded once to the cent, half away
 * from zero), the net value (bruto − taxa) and the day it is credited (data + prazo, moved to the
 * next business day). R$ 1.000,00 at 3,49 % → taxa R$ 34,90, líquido R$ 965,10.
 */
export function recebimentoCartao(
  bruto: DecimalInput,
  forma: { taxa_percentual: string | null; prazo_compensacao_dias: number | null },
  data: string,
): RecebimentoCartao {
  const valor = Decimal.of(bruto);
  const taxa = valorPercentual(valor, forma.taxa_percentual ?? '0');
  return {
    bruto: valor.toFixed(CASAS_DINHEIRO),
    taxa: taxa.toFixed(CASAS_DINHEIRO),
    liquido: valor.minus(taxa).toFixed(CASAS_DINHEIRO),
    data_credito: nextBusinessDay(addDays(data, forma.prazo_compensacao_dias ?? 0)),
  };
}
