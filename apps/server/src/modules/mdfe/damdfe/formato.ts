import { formatDecimalBR } from '@erp/shared';
import { brl } from '../../../lib/pdf.ts';
import { data, hora } from '../../nfe/danfe/formato.ts';

// Text formats of the DAMDFE that the DANFE's formato.ts does not have. Values come from the XML as
// strings and are reformatted by string surgery: no float, no time-zone shift (times are the emitter's).

/** nMDF as "000.000.123" (9 digits in groups of 3), like the DANFE's número. */
export const numeroMdfe = (n: string) => n.padStart(9, '0').replace(/(\d{3})(?=\d)/g, '$1.');

/** "2026-11-29T08:15:00-03:00" -> "29/11/2026 08:15:00" (blank when absent). */
export const dataHora = (v: string | null | undefined) => `${data(v)} ${hora(v)}`.trim();

/** The cargo's weight as printed: qCarga has 4 decimals in the layout ("1.234,5678"). */
export const peso = (qCarga: string) => formatDecimalBR(qCarga, 4);

/** cUnid: 01 = KG, 02 = TON. */
export const unidadePeso = (cUnid: string) => (cUnid === '02' ? 't' : 'kg');

/** Money with its symbol: "R$ 1.234,56". */
export const dinheiro = (v: string | null | undefined) => brl(v);

/** The protocol line: "141260000012345 - 29/11/2026 08:20:31". */
export const protocolo = (nProt: string | null, dhRecbto: string | null) =>
  nProt ? [nProt, dataHora(dhRecbto)].filter(Boolean).join(' - ') : '';

/** infSeg/infResp/respSeg. */
export const responsavelSeguro: Record<string, string> = {
  '1': 'Emitente do MDF-e',
  '2': 'Contratante do serviço de transporte',
};

/** prodPred/tpCarga (MDF-e 3.00, NT 2021.002). */
export const tipoCarga: Record<string, string> = {
  '01': 'Granel sólido',
  '02': 'Granel líquido',
  '03': 'Frigorificada',
  '04': 'Conteinerizada',
  '05': 'Carga geral',
  '06': 'Neogranel',
  '07': 'Perigosa (granel sólido)',
  '08': 'Perigosa (granel líquido)',
  '09': 'Perigosa (carga frigorificada)',
  '10': 'Perigosa (conteinerizada)',
  '11': 'Perigosa (carga geral)',
  '12': 'Granel pressurizada',
};
