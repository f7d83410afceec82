// The CFOP of a return item, from the CFOP of the original item (Convênio s/nº de 1970, Ajuste
// SINIEF 07/2001 table). The return is between the same parties, so it keeps the original's
// scope: inside the state (5 ↔ 1), between states (6 ↔ 2), abroad (7 ↔ 3).
//
// Devolução de venda (the customer's goods come back: our entrada, or the customer's saída when it
// issues the note):
//   original x.101/x.103/x.105/x.109/x.111/x.113/x.116/x.118/x.122/x.124/x.125 (own production)
//                                                     → 1.201 / 2.201 / 3.201
//   original x.4xx own production with ST (5.401, 5.402, 6.401, 6.402) → 1.410 / 2.410
//   original x.4xx goods bought from third parties with ST (5.403, 5.405, 6.403, 6.404)
//                                                     → 1.411 / 2.411
//   any other sale of goods (5.102, 6.102, 6.108, 5.104, …) → 1.202 / 2.202 / 3.202
// The item "had ST" when its CFOP is in the 5.401–5.405 / 6.401–6.404 group, or when the caller
// says so (comSt: the item's CST 10/30/60/70/90 with ST, CSOSN 201/202/203/500, or vICMSST > 0 —
// a sale with ST under a 5.102 CFOP by mistake still returns under 1.411).
//
// Devolução de compra (we return goods to the supplier: our saída). The original is the goods
// receipt's CFOP — ours (1.102, 2.403, 3.102…) or the supplier's as its XML says (5.102, 6.403…):
//   with ST → 5.411 / 6.411 (devolução de compra para comercialização com ST);
//   otherwise → 5.202 / 6.202 / 7.202;
//   our own entrada for industrialisation (1.101, 2.101, 3.101; 1.401, 2.401 with ST)
//   → 5.201 / 6.201 / 7.201, or 5.410 / 6.410 with ST. A supplier's 5.101 is its own
//   production, bought by us to resell → 5.202.
// Abroad there is no ST: 3.xxx / 7.xxx always gives x.201 / x.202.
// Anything else (bonificação 5.910, remessas, uso e consumo 1.556, ativo 1.551…) is refused with a
// message: those returns have their own CFOPs, chosen by a person.

export type SentidoDevolucao = 'venda' | 'compra';

const PRODUCAO_PROPRIA = new Set([
  '101',
  '103',
  '105',
  '109',
  '111',
  '113',
  '116',
  '118',
  '122',
  '124',
  '125',
]);
const ST_PRODUCAO_PROPRIA = new Set(['401', '402']);
const ST_TERCEIROS = new Set(['403', '404', '405']);
const ST_ENTRADA = new Set(['401', '403']);

export const cfopMensagens = {
  invalido: (cfop: string) => `CFOP ${cfop} inválido: deve ter 4 dígitos.`,
  vendaEsperada: (cfop: string) =>
    `CFOP ${cfop} não é de uma venda: a devolução de venda parte de uma nota de saída (5, 6 ou 7).`,
  compraEsperada: (cfop: string) =>
    `CFOP ${cfop} não é de uma compra: a devolução de compra parte de uma entrada (1, 2 ou 3) ou da saída do fornecedor (5 ou 6).`,
  semDevolucao: (cfop: string) =>
    `CFOP ${cfop} não é de venda ou compra de mercadoria: informe o CFOP da devolução manualmente.`,
} as const;

/** Whether the original CFOP itself means goods with ST (5/6.401–5/6.405; 1/2.401, 1/2.403 on entries). */
export function cfopComSt(cfop: string): boolean {
  const grupo = cfop.slice(1);
  return ['1', '2'].includes(cfop[0] ?? '')
    ? ST_ENTRADA.has(grupo)
    : ST_PRODUCAO_PROPRIA.has(grupo) || ST_TERCEIROS.has(grupo);
}

export type CfopDevolucao = { ok: true; cfop: string } | { ok: false; mensagem: string };

/**
 * The return's CFOP (4 digits, no dot) for an item whose original CFOP is `cfopOriginal`.
 * `comSt`: the original item carried ICMS-ST (besides what its CFOP says).
 */
export function cfopDaDevolucao(
  sentido: SentidoDevolucao,
  cfopOriginal: string,
  comSt = false,
): CfopDevolucao {
  const cfop = cfopOriginal.replace('.', '');
  if (!/^\d{4}$/.test(cfop)) return { ok: false, mensagem: cfopMensagens.invalido(cfopOriginal) };
  const primeiro = cfop[0] as string;
  const grupo = cfop.slice(1);
  const st = comSt || cfopComSt(cfop);

  if (sentido === 'venda') {
    const escopo = ({ '5': '1', '6': '2', '7': '3' } as Record<string, string>)[primeiro];
    if (!escopo) return { ok: false, mensagem: cfopMensagens.vendaEsperada(cfopOriginal) };
    if (!grupo.startsWith('1') && !grupo.startsWith('4'))
      return { ok: false, mensagem: cfopMensagens.semDevolucao(cfopOriginal) };
    const propria = PRODUCAO_PROPRIA.has(grupo) || ST_PRODUCAO_PROPRIA.has(grupo);
    if (escopo === '3') return { ok: true, cfop: propria ? '3201' : '3202' };
    if (st) return { ok: true, cfop: `${escopo}${propria ? '410' : '411'}` };
    return { ok: true, cfop: `${escopo}${propria ? '201' : '202'}` };
  }

  const escopo = ({ '1': '5', '2': '6', '3': '7', '5': '5', '6': '6' } as Record<string, string>)[primeiro];
  if (!escopo) return { ok: false, mensagem: cfopMensagens.compraEsperada(cfopOriginal) };
  if (!grupo.startsWith('1') && !grupo.startsWith('4'))
    return { ok: false, mensagem: cfopMensagens.semDevolucao(cfopOriginal) };
  // our own entrada for industrialisation (1.101 / 1.401) returns as such; a supplier's 5.101 is
  // its own production, which we bought to resell
  const industrializacao = ['1', '2', '3'].includes(primeiro) && (grupo === '101' || grupo === '401');
  if (escopo === '7') return { ok: true, cfop: industrializacao ? '7201' : '7202' };
  if (st) return { ok: true, cfop: `${escopo}${industrializacao ? '410' : '411'}` };
  return { ok: true, cfop: `${escopo}${industrializacao ? '201' : '202'}` };
}
