import { addDays, CASAS_QUANTIDADE, Decimal } from '@erp/shared';
import type { Lancamento, MetaMovimento } from '../../modules/estoque/razao.service.ts';
import type { DemoData } from './demo-data.ts';

// The demo supplier whose purchase suggestion (/compras/sugestao, issue 34) shows every case: its
// products' sales are written to the ledger as the NF-e writes them (saídas of origem 'pedido', the
// only ones the suggestion counts as sales) in both 90-day windows before the seed's day, and five of
// them follow a plan of their own:
// - ruptura: out of stock from day −50 to day −26 (the stock-out days leave the average);
// - alta: sells ~70 % more in the current window than in the previous one (tendência de alta);
// - caixa12: bought in boxes of 12 (its purchase packaging CX-12: the quantity rounded up to 12s);
// - emPedido: on the open (aprovado) demo purchase order nº 5 (compras-demo.ts: supplier «c»);
// - semEmbalagem: its box is not the purchase packaging (bought in its base unit, flagged).
// A lot-controlled product of the supplier has a lot expiring within the suggestion's horizon
// (estoque-demo.ts gives every perishable one), so «Lotes vencendo» shows too.
// Every plan ends at the stock the demo generator chose (the dashboard's figures), never below zero,
// and keeps the product's transfers. Deterministic: dates relative to the seed's day, fixed figures.

export type CasosSugestaoDemo = {
  fornecedorId: string;
  ruptura: string | null;
  alta: string | null;
  caixa12: string | null;
  emPedido: string | null;
  semEmbalagem: string | null;
  vencendo: string | null;
};

type LinhaProduto = { lote: boolean; fator: number; unidadeCaixa: string };

/**
 * The supplier «c» of compras-demo.ts — the third supplier by CNPJ whose active products have a
 * purchase packaging (every demo product has one, except the one made «semEmbalagem» here, which is
 * not among its first three) — and its case products, chosen by code order.
 */
export function casosSugestaoDemo(
  data: DemoData,
  linhaDe: (nome: string, unidade: string) => LinhaProduto,
): CasosSugestaoDemo | null {
  const ordem = [...data.fornecedores].sort((x, y) => (x.documento < y.documento ? -1 : 1));
  const fornecedor = ordem[2];
  if (!fornecedor) return null;
  const indice = data.fornecedores.findIndex((f) => f.id === fornecedor.id);
  // estoque-demo.ts: product i belongs to supplier i mod n
  const produtos = data.products
    .map((p, i) => ({ ...p, i, ...linhaDe(p.nome, p.unidade) }))
    .filter((p) => p.i % data.fornecedores.length === indice && p.ativo);
  if (produtos.length < 8) return null;
  const usados = new Set<string>();
  const escolhe = (ok: (p: (typeof produtos)[number]) => boolean, de = produtos) => {
    const p = de.find((x) => !usados.has(x.id) && ok(x));
    if (p) usados.add(p.id);
    return p?.id ?? null;
  };
  // compras-demo.ts orders the first three by code (nº 5 aprovado: open); the first is the case
  const emPedido = produtos[0]!.lote ? null : produtos[0]!.id;
  for (const p of produtos.slice(0, 3)) usados.add(p.id);
  const depois = produtos.slice(3);
  const caixa12 = escolhe((p) => !p.lote && p.fator === 12, depois);
  const vencendo = escolhe((p) => p.lote && Number(p.estoqueAtual) >= 10) ?? null;
  const ruptura = escolhe((p) => !p.lote, depois);
  const alta = escolhe((p) => !p.lote, depois);
  const semEmbalagem = [...depois].reverse().find((p) => !p.lote && !usados.has(p.id))?.id ?? null;
  return { fornecedorId: fornecedor.id, ruptura, alta, caixa12, emPedido, semEmbalagem, vencendo };
}

const q = (n: number) => Decimal.of(n).toFixed(CASAS_QUANTIDADE);
const instante = (hoje: string, dias: number, hora = 13) =>
  new Date(`${addDays(hoje, dias)}T${String(hora).padStart(2, '0')}:00:00Z`);

const vendaPedido: MetaMovimento = { origem: 'pedido', observacao: 'Vendas faturadas (NF-e)' };

/**
 * The product's ledger plan for the suggestion's demo. `lancamentos` is estoque-demo's plan: for a
 * product of the supplier its sales become origem 'pedido'; a case product gets the plan of its case
 * (its transfers kept). Other products: unchanged.
 */
export function planoSugestaoDemo(
  casos: CasosSugestaoDemo | null,
  p: { id: string; fornecedorId: string; estoqueAtual: string },
  lancamentos: Lancamento[],
  ctx: { hoje: string; depositoId: string; custos: [string, string] },
): Lancamento[] {
  if (!casos || p.fornecedorId !== casos.fornecedorId) return lancamentos;
  const caso = (['ruptura', 'alta', 'caixa12', 'emPedido', 'semEmbalagem'] as const).find(
    (k) => casos[k] === p.id,
  );
  if (!caso)
    return lancamentos.map((l) =>
      l.meta?.origem === 'venda' ? { ...l, meta: { ...l.meta, ...vendaPedido } } : l,
    );
  const alvo = Number.parseInt(p.estoqueAtual, 10);
  // a day's sale every 3 days: the stock covers ~20 days of it, so the suggestion asks for more
  const porDia = Math.max(2, Math.ceil(alvo / 20));
  const chave = { produtoId: p.id, localId: ctx.depositoId, loteId: null };
  const diasVenda: number[] = [];
  for (let d = -179; d < 0; d += 3) diasVenda.push(d);
  const venda = (d: number) => {
    if (caso === 'alta' && d < -90) return Math.max(1, Math.round(porDia * 0.6)) * 3;
    return porDia * 3;
  };
  const plano: { dia: number; hora: number; l: Lancamento }[] = [];
  const entrada = (dia: number, quantidade: number, custo: string) =>
    plano.push({
      dia,
      hora: 12,
      l: {
        op: { tipo: 'entrada', chave, quantidade: q(quantidade), custoUnitario: custo },
        meta: {
          origem: 'nota_entrada',
          origemId: `NF-e SUG-${dia}`,
          ocorridoEm: instante(ctx.hoje, dia, 12),
        },
      },
    });
  const vendas = (dias: number[]) => {
    for (const d of dias)
      plano.push({
        dia: d,
        hora: 13,
        l: {
          op: { tipo: 'saida', chave, quantidade: q(venda(d)) },
          meta: { ...vendaPedido, ocorridoEm: instante(ctx.hoje, d) },
        },
      });
  };
  const soma = (dias: number[]) => dias.reduce((s, d) => s + venda(d), 0);
  if (caso === 'ruptura') {
    // sold out on day −50; nothing to sell until the receipt of day −25
    const antes = diasVenda.filter((d) => d <= -50);
    const depois = diasVenda.filter((d) => d > -25);
    entrada(-182, soma(antes), ctx.custos[0]);
    vendas(antes);
    entrada(-25, alvo + soma(depois), ctx.custos[1]);
    vendas(depois);
  } else {
    entrada(-182, alvo + soma(diasVenda), ctx.custos[0]);
    vendas(diasVenda);
  }
  // the transfers of estoque-demo's plan (to the picking face, to avaria) stay, on their days
  const transferencias = lancamentos.filter((l) => l.op.tipo === 'transferencia');
  const ordenado = [...plano.map((x) => x.l), ...transferencias].sort(
    (a, b) => (a.meta?.ocorridoEm?.getTime() ?? 0) - (b.meta?.ocorridoEm?.getTime() ?? 0),
  );
  return ordenado;
}
