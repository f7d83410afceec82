import {
  isValidInscricaoEstadual,
  type RegraTributacaoInput,
  regraTributacaoSchema,
  type Uf,
} from '@erp/shared';
import { eq } from 'drizzle-orm';
import { toColumnValues } from '../../lib/crud.ts';
import { clientes } from '../../modules/cadastros/cadastros.tables.ts';
import { regrasTributacao } from '../../modules/tributacao/tributacao.tables.ts';
import type { Tx } from '../client.ts';
import type { DemoData } from './demo-data.ts';
import { createRandom } from './prng.ts';

// The demo's tabela de tributação: a São Paulo distributor in the regime normal (CRT 3, the
// company settings' default) selling groceries, beverages and cleaning products —
//   - inside SP: ICMS 18 % (the automatic rate); beverages (NCM chapter 22) and cleaning (3402)
//     with the ICMS-ST already retained by the supplier (CST 60, CFOP 5405);
//   - beverages are PIS/COFINS monofásico (CST 04: taxed at the manufacturer, Lei 13.097/2015);
//   - between states: 12 % / 7 % by the Senate's table; to contributors in MG, RJ, PR and BA the
//     soft drinks (2202) and, to MG, the cleaning products carry ICMS-ST with the MVA adjusted
//     between states (CFOP 6403); to non-contributors the DIFAL (CFOP 6108);
//   - bonificação (5910/6910) and devolução de compra (5202/6202) and de venda (entrada 1202/2202);
//   - IBS/CBS of 2026 (CST 000, cClassTrib 000001) on every rule.
// The MVAs are illustrative (check each state's current table before relying on them). The
// demo generator makes every customer a non-contributor; here two in three of the companies become
// ICMS contributors (with a valid inscrição estadual of their UF), so "Simular" shows both paths.
// Rules are parsed by the shared schema, as the API saves them. Deterministic.

type Regra = Partial<RegraTributacaoInput> & { descricao: string; cfop: string };

const base: Partial<RegraTributacaoInput> = {
  operacao: 'venda',
  crt: '3',
  cst_icms: '00',
  cst_pis: '01',
  cst_cofins: '01',
  cst_ibs_cbs: '000',
  c_class_trib: '000001',
};
const monofasico = { cst_pis: '04', cst_cofins: '04' } as const;
const substituido = { cst_icms: '60' } as const;
const stPara = (uf: Uf, ncm: string, nome: string, mva: string, extra: Partial<RegraTributacaoInput> = {}) =>
  ({
    descricao: `${nome} com ST para contribuinte de ${uf}`,
    cfop: '6403',
    ncm_prefixo: ncm,
    destino: uf,
    tipo_destinatario: 'contribuinte',
    cst_icms: '10',
    p_mva_st: mva,
    ...extra,
  }) satisfies Regra;

export const regrasDemo: Regra[] = [
  { descricao: 'Venda interna', cfop: '5102', destino: 'interna' },
  { descricao: 'Venda interestadual', cfop: '6102', destino: 'interestadual' },
  {
    descricao: 'Venda interestadual a não contribuinte (DIFAL)',
    cfop: '6108',
    destino: 'interestadual',
    tipo_destinatario: 'nao_contribuinte',
  },
  {
    descricao: 'Bebidas: venda interna com ST retida anteriormente',
    cfop: '5405',
    ncm_prefixo: '22',
    destino: 'interna',
    ...substituido,
    ...monofasico,
  },
  {
    descricao: 'Bebidas: venda interestadual',
    cfop: '6102',
    ncm_prefixo: '22',
    destino: 'interestadual',
    ...monofasico,
  },
  {
    descricao: 'Bebidas: venda interestadual a não contribuinte (DIFAL)',
    cfop: '6108',
    ncm_prefixo: '22',
    destino: 'interestadual',
    tipo_destinatario: 'nao_contribuinte',
    ...monofasico,
  },
  stPara('MG', '2202', 'Refrigerantes', '40', monofasico),
  stPara('RJ', '2202', 'Refrigerantes', '42', monofasico),
  stPara('PR', '2202', 'Refrigerantes', '40', monofasico),
  stPara('BA', '2202', 'Refrigerantes', '45', monofasico),
  {
    descricao: 'Limpeza: venda interna com ST retida anteriormente',
    cfop: '5405',
    ncm_prefixo: '3402',
    destino: 'interna',
    ...substituido,
  },
  stPara('MG', '3402', 'Limpeza', '37'),
  {
    descricao: 'Bonificação interna',
    operacao: 'bonificacao',
    cfop: '5910',
    destino: 'interna',
    cst_pis: '49',
    cst_cofins: '49',
  },
  {
    descricao: 'Bonificação interestadual',
    operacao: 'bonificacao',
    cfop: '6910',
    destino: 'interestadual',
    cst_pis: '49',
    cst_cofins: '49',
  },
  {
    descricao: 'Devolução de compra interna',
    operacao: 'devolucao',
    cfop: '5202',
    destino: 'interna',
    cst_pis: '49',
    cst_cofins: '49',
  },
  {
    descricao: 'Devolução de compra interestadual',
    operacao: 'devolucao',
    cfop: '6202',
    destino: 'interestadual',
    cst_pis: '49',
    cst_cofins: '49',
  },
  {
    descricao: 'Devolução de venda interna (entrada)',
    operacao: 'devolucao',
    sentido: 'entrada',
    cfop: '1202',
    destino: 'interna',
    cst_pis: '98',
    cst_cofins: '98',
  },
  {
    descricao: 'Devolução de venda interestadual (entrada)',
    operacao: 'devolucao',
    sentido: 'entrada',
    cfop: '2202',
    destino: 'interestadual',
    cst_pis: '98',
    cst_cofins: '98',
  },
];

/** Digits of an inscrição estadual per UF, and the two positions that hold its check digits. */
const FORMATO_IE: Record<string, { tamanho: number; prefixo?: string; verificadores?: [number, number] }> = {
  SP: { tamanho: 12, verificadores: [8, 11] },
  MG: { tamanho: 13 },
  RJ: { tamanho: 8 },
  PR: { tamanho: 10 },
  BA: { tamanho: 9, prefixo: '1' },
  RS: { tamanho: 10, prefixo: '0' },
  SC: { tamanho: 9 },
  GO: { tamanho: 9, prefixo: '10' },
};

/** A valid inscrição estadual of the UF: random digits, then the check digits found by trying them. */
export function inscricaoEstadualDemo(uf: string, digitos: (n: number) => string): string | null {
  const formato = FORMATO_IE[uf];
  if (!formato) return null;
  const prefixo = formato.prefixo ?? '';
  const [a, b] = formato.verificadores ?? [formato.tamanho - 2, formato.tamanho - 1];
  for (let tentativa = 0; tentativa < 20; tentativa++) {
    const corpo = (prefixo + digitos(formato.tamanho)).slice(0, formato.tamanho).split('');
    for (let d = 0; d < 100; d++) {
      corpo[a] = String(Math.floor(d / 10));
      corpo[b] = String(d % 10);
      const ie = corpo.join('');
      if (isValidInscricaoEstadual(ie, uf)) return ie;
    }
  }
  return null;
}

export async function seedTributacaoDemo(tx: Tx, data: DemoData): Promise<void> {
  for (const regra of regrasDemo) {
    const dados = regraTributacaoSchema.parse({ ...base, ...regra });
    // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated rule
    await tx.insert(regrasTributacao).values(toColumnValues(regrasTributacao, dados) as any);
  }

  const rnd = createRandom(20260113);
  // in each UF, every third company stays a non-contributor
  const empresasPorUf = new Map<string, number>();
  for (const c of data.clientes) {
    if (c.tipoPessoa !== 'J' || !c.uf) continue;
    const n = empresasPorUf.get(c.uf) ?? 0;
    empresasPorUf.set(c.uf, n + 1);
    if (n % 3 === 2) continue;
    const ie = inscricaoEstadualDemo(c.uf, rnd.digits);
    if (ie === null) continue;
    await tx.update(clientes).set({ indicadorIe: '1', inscricaoEstadual: ie }).where(eq(clientes.id, c.id));
  }
}
