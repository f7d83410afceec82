import type { IndicadorIe } from '../cadastros/pessoa.schema.ts';

// The code lists of a tax rule (tabela de tributação), with their pt-BR labels. Codes are the
// NF-e 4.00 ones (leiauteNFe_v4.00.xsd, DFeTiposBasicos_v1.00.xsd of PL_010 v1.30); where the
// engine computes only part of a list, the list holds only that part (see README "Scope").

/** Operations a rule is for. */
export const OPERACOES_FISCAIS = ['venda', 'bonificacao', 'devolucao', 'transferencia'] as const;
export type OperacaoFiscal = (typeof OPERACOES_FISCAIS)[number];
export const operacaoFiscalLabels: Record<OperacaoFiscal, string> = {
  venda: 'Venda',
  bonificacao: 'Bonificação',
  devolucao: 'Devolução',
  transferencia: 'Transferência',
};

/** Direction of the document (NF-e tpNF: 0 entrada, 1 saída). */
export const SENTIDOS_NF = ['saida', 'entrada'] as const;
export type SentidoNf = (typeof SENTIDOS_NF)[number];
export const sentidoNfLabels: Record<SentidoNf, string> = { saida: 'Saída', entrada: 'Entrada' };

/** Directions each operation may have: a sale or a bonus only leaves; returns and transfers both. */
export const SENTIDOS_DA_OPERACAO: Readonly<Record<OperacaoFiscal, readonly SentidoNf[]>> = {
  venda: ['saida'],
  bonificacao: ['saida'],
  devolucao: ['saida', 'entrada'],
  transferencia: ['saida', 'entrada'],
};

/** Who receives the goods, from the customer's indIEDest and the document's indFinal. */
export const TIPOS_DESTINATARIO = ['contribuinte', 'consumidor_final', 'nao_contribuinte'] as const;
export type TipoDestinatario = (typeof TIPOS_DESTINATARIO)[number];
export const tipoDestinatarioLabels: Record<TipoDestinatario, string> = {
  contribuinte: 'Contribuinte do ICMS (revenda ou industrialização)',
  consumidor_final: 'Contribuinte consumidor final (uso e consumo)',
  nao_contribuinte: 'Não contribuinte',
};

/** NF-e indFinal: 0 normal, 1 consumidor final. */
export type IndFinal = '0' | '1';

/**
 * indIEDest 1 buying to resell or industrialise (indFinal 0) is a contribuinte; buying for its
 * own use (indFinal 1) a consumidor final; indIEDest 2 (isento de inscrição) and 9 are not ICMS
 * contributors (EC 87/2015 and the NF-e both treat them as final consumers).
 */
export function tipoDestinatario(indIEDest: IndicadorIe, indFinal: IndFinal): TipoDestinatario {
  if (indIEDest !== '1') return 'nao_contribuinte';
  return indFinal === '1' ? 'consumidor_final' : 'contribuinte';
}

/** Company's tax regime (NF-e CRT). 4 (MEI) is in the 2026 layout (PL_010). */
export const CRTS = ['1', '2', '3', '4'] as const;
export type Crt = (typeof CRTS)[number];
export const crtLabels: Record<Crt, string> = {
  '1': '1 - Simples Nacional',
  '2': '2 - Simples Nacional - excesso de sublimite de receita bruta',
  '3': '3 - Regime Normal',
  '4': '4 - Simples Nacional - Microempreendedor Individual (MEI)',
};

/** CRT 1 and 4 describe ICMS with a CSOSN; 2 and 3 with a CST (NF-e rejections 590 and 591). */
export function usaCsosn(crt: Crt): boolean {
  return crt === '1' || crt === '4';
}

/** ICMS CST (Tabela B) the engine computes. 02, 15, 53, 61 (fuels) and 51 (deferral) are not. */
export const CSTS_ICMS = ['00', '10', '20', '30', '40', '41', '50', '60', '70', '90'] as const;
export type CstIcms = (typeof CSTS_ICMS)[number];
export const cstIcmsLabels: Record<CstIcms, string> = {
  '00': '00 - Tributada integralmente',
  '10': '10 - Tributada e com cobrança do ICMS por substituição tributária',
  '20': '20 - Com redução de base de cálculo',
  '30': '30 - Isenta ou não tributada e com cobrança do ICMS por substituição tributária',
  '40': '40 - Isenta',
  '41': '41 - Não tributada',
  '50': '50 - Suspensão',
  '60': '60 - ICMS cobrado anteriormente por substituição tributária',
  '70': '70 - Com redução de base de cálculo e cobrança do ICMS por substituição tributária',
  '90': '90 - Outras',
};

/** CSOSN (Simples Nacional, Tabela B-A of the Ajuste SINIEF 7/2005 annex). */
export const CSOSNS = ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900'] as const;
export type Csosn = (typeof CSOSNS)[number];
export const csosnLabels: Record<Csosn, string> = {
  '101': '101 - Tributada pelo Simples Nacional com permissão de crédito',
  '102': '102 - Tributada pelo Simples Nacional sem permissão de crédito',
  '103': '103 - Isenção do ICMS no Simples Nacional para faixa de receita bruta',
  '201':
    '201 - Tributada pelo Simples Nacional com permissão de crédito e com cobrança do ICMS por substituição tributária',
  '202':
    '202 - Tributada pelo Simples Nacional sem permissão de crédito e com cobrança do ICMS por substituição tributária',
  '203':
    '203 - Isenção do ICMS no Simples Nacional para faixa de receita bruta e com cobrança do ICMS por substituição tributária',
  '300': '300 - Imune',
  '400': '400 - Não tributada pelo Simples Nacional',
  '500': '500 - ICMS cobrado anteriormente por substituição tributária (substituído) ou por antecipação',
  '900': '900 - Outros',
};

/** CSTs and CSOSNs that always carry ICMS-ST (the rule must give the MVA). */
export const CODIGOS_COM_ST: readonly string[] = ['10', '30', '70', '201', '202', '203'];
/** CSTs and CSOSNs that may carry ICMS-ST when the rule gives an MVA. */
export const CODIGOS_ST_OPCIONAL: readonly string[] = ['90', '900'];
/** CSTs and CSOSNs with the company's own ICMS (vBC, pICMS, vICMS). */
export const CODIGOS_ICMS_PROPRIO: readonly string[] = ['00', '10', '20', '70', '90', '900'];
/** Whether the ICMS code carries ICMS-ST (always, or for 90/900 when the rule gives an MVA). */
export function temSt(codigo: string, pMvaSt: string | null): boolean {
  return CODIGOS_COM_ST.includes(codigo) || (CODIGOS_ST_OPCIONAL.includes(codigo) && pMvaSt !== null);
}

/** Whether the ICMS code uses pICMS: its own ICMS, or the own ICMS the ST deducts. */
export function usaAliquotaIcms(codigo: string, pMvaSt: string | null): boolean {
  return CODIGOS_ICMS_PROPRIO.includes(codigo) || temSt(codigo, pMvaSt);
}

/** CSTs and CSOSNs with a base reduction (pRedBC) — required for 20 and 70. */
export const CODIGOS_REDUCAO: readonly string[] = ['20', '70', '90', '900'];
/** CSOSNs with the Simples Nacional credit (pCredSN, vCredICMSSN). */
export const CSOSNS_CREDITO: readonly string[] = ['101', '201', '900'];

/** IPI CST: 00–05 and 49 on entries, 50–55 and 99 on exits. */
export const CSTS_IPI_ENTRADA = ['00', '01', '02', '03', '04', '05', '49'] as const;
export const CSTS_IPI_SAIDA = ['50', '51', '52', '53', '54', '55', '99'] as const;
export const CSTS_IPI = [...CSTS_IPI_ENTRADA, ...CSTS_IPI_SAIDA] as const;
export type CstIpi = (typeof CSTS_IPI)[number];
export const cstIpiLabels: Record<CstIpi, string> = {
  '00': '00 - Entrada com recuperação de crédito',
  '01': '01 - Entrada tributada com alíquota zero',
  '02': '02 - Entrada isenta',
  '03': '03 - Entrada não tributada',
  '04': '04 - Entrada imune',
  '05': '05 - Entrada com suspensão',
  '49': '49 - Outras entradas',
  '50': '50 - Saída tributada',
  '51': '51 - Saída tributada com alíquota zero',
  '52': '52 - Saída isenta',
  '53': '53 - Saída não tributada',
  '54': '54 - Saída imune',
  '55': '55 - Saída com suspensão',
  '99': '99 - Outras saídas',
};
/** IPI CSTs of the IPITrib group (with base and rate); the others are IPINT. */
export const CSTS_IPI_TRIBUTADOS: readonly string[] = ['00', '49', '50', '99'];

/** PIS/COFINS CST. 03 (rate per unit) and 60–67 (crédito presumido) are not computed. */
export const CSTS_PIS_COFINS_SAIDA = ['01', '02', '04', '05', '06', '07', '08', '09', '49', '99'] as const;
export const CSTS_PIS_COFINS_ENTRADA = [
  '50',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '70',
  '71',
  '72',
  '73',
  '74',
  '75',
  '98',
  '99',
] as const;
export const CSTS_PIS_COFINS = [
  ...CSTS_PIS_COFINS_SAIDA.filter((c) => c !== '99'),
  ...CSTS_PIS_COFINS_ENTRADA,
] as const;
export type CstPisCofins = (typeof CSTS_PIS_COFINS)[number];
export const cstPisCofinsLabels: Record<CstPisCofins, string> = {
  '01': '01 - Operação tributável com alíquota básica',
  '02': '02 - Operação tributável com alíquota diferenciada',
  '04': '04 - Operação tributável monofásica - revenda a alíquota zero',
  '05': '05 - Operação tributável por substituição tributária',
  '06': '06 - Operação tributável a alíquota zero',
  '07': '07 - Operação isenta da contribuição',
  '08': '08 - Operação sem incidência da contribuição',
  '09': '09 - Operação com suspensão da contribuição',
  '49': '49 - Outras operações de saída',
  '50': '50 - Operação com direito a crédito - vinculada exclusivamente a receita tributada no mercado interno',
  '51': '51 - Operação com direito a crédito - vinculada exclusivamente a receita não tributada no mercado interno',
  '52': '52 - Operação com direito a crédito - vinculada exclusivamente a receita de exportação',
  '53': '53 - Operação com direito a crédito - vinculada a receitas tributadas e não tributadas no mercado interno',
  '54': '54 - Operação com direito a crédito - vinculada a receitas tributadas no mercado interno e de exportação',
  '55': '55 - Operação com direito a crédito - vinculada a receitas não tributadas no mercado interno e de exportação',
  '56': '56 - Operação com direito a crédito - vinculada a receitas tributadas e não tributadas no mercado interno e de exportação',
  '70': '70 - Operação de aquisição sem direito a crédito',
  '71': '71 - Operação de aquisição com isenção',
  '72': '72 - Operação de aquisição com suspensão',
  '73': '73 - Operação de aquisição a alíquota zero',
  '74': '74 - Operação de aquisição sem incidência da contribuição',
  '75': '75 - Operação de aquisição por substituição tributária',
  '98': '98 - Outras operações de entrada',
  '99': '99 - Outras operações',
};
/** PIS/COFINS CSTs of the PISNT/COFINSNT groups: no base, no value. */
export const CSTS_PIS_COFINS_NT: readonly string[] = ['04', '05', '06', '07', '08', '09'];
/** CSTs whose empty rate means the company regime's rate; any other CST's empty rate is 0. */
export const CSTS_PIS_COFINS_REGIME: readonly string[] = ['01', '50', '51', '52', '53', '54', '55', '56'];

/** IBS/CBS CST (3 digits, DFeTiposBasicos TCST) the engine computes. */
export const CSTS_IBS_CBS = ['000', '200', '400', '410'] as const;
export type CstIbsCbs = (typeof CSTS_IBS_CBS)[number];
export const cstIbsCbsLabels: Record<CstIbsCbs, string> = {
  '000': '000 - Tributação integral',
  '200': '200 - Alíquota reduzida',
  '400': '400 - Isenção',
  '410': '410 - Imunidade e não incidência',
};
/** IBS/CBS CSTs without the gIBSCBS group (no base, no value). */
export const CSTS_IBS_CBS_SEM_VALOR: readonly string[] = ['400', '410'];
