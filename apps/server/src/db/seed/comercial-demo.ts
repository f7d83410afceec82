import { Decimal, type PedidoDados, type StatusPedido } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import { disponivelPorProduto } from '../../modules/comercial/bloqueios.service.ts';
import { criaPedidoEm, transitaPedidoEm } from '../../modules/comercial/pedidos.service.ts';
import { liberaReservaPedido } from '../../modules/comercial/reserva-pedido.service.ts';
import { precificaItens } from '../../modules/precos/preco.service.ts';
import { rowsOf, type Tx } from '../client.ts';
import { conferePedidoDemo } from './conferencia-demo.ts';
import type { DemoData } from './demo-data.ts';
import { createRandom } from './prng.ts';

// The demo's sales orders of the comercial module (issue 14): ~60 orders of the demo customers,
// products and sellers, made through the same services as the API (prices from the price engine,
// taxes from the tax rules, blockers evaluated, stock reserved on liberado through the ledger), so
// every order's totals, blockers and reservations agree with the stock and the customers' credit.
// The invoiced ones let their reservation go rather than consume it: the demo's stock stays the one
// its generator chose (its older orders carry no saídas either). Deterministic (own PRNG); quantities stay well inside
// the available stock. An order the engines refuse (no tax rule for a customer's state) is skipped
// inside a savepoint.

/** The target of each order, in a cycle: quotes, released ones along the flow, cancelled. */
const ALVOS: (StatusPedido | 'confirmar')[] = [
  'orcamento',
  'confirmar',
  'liberado',
  'em_separacao',
  'confirmar',
  'conferido',
  'orcamento',
  'faturado',
  'entregue',
  'confirmar',
  'cancelado',
  'em_separacao',
];
const CAMINHO: StatusPedido[] = ['em_separacao', 'conferido', 'faturado', 'entregue'];

export async function seedComercialDemo(tx: Tx, data: DemoData, quantos = 60): Promise<number> {
  const rnd = createRandom(20261123);
  const clientes = data.clientes.filter((c) => c.ativo);
  const produtos = rowsOf<{ id: string; unidade: string; preco: string }>(
    await tx.execute(sql`select id, unidade, preco_venda::text as preco from products
      where ativo and not controla_lote and estoque_atual - estoque_reservado >= 20 order by codigo`),
  );
  let criados = 0;
  for (let i = 0; i < quantos && produtos.length > 0; i++) {
    const cliente = rnd.pick(clientes);
    const n = rnd.int(1, 5);
    const escolhidos = new Map<string, (typeof produtos)[number]>();
    while (escolhidos.size < n) {
      const p = rnd.pick(produtos);
      escolhidos.set(p.id, p);
    }
    const itens = [...escolhidos.values()].map((p) => ({
      produto_id: p.id,
      embalagem: p.unidade,
      quantidade: String(rnd.int(1, 6)),
      preco: p.preco,
      desconto_tipo: 'percentual' as const,
      desconto: rnd.chance(0.3) ? String(rnd.int(1, 4)) : '0',
    }));
    const input: PedidoDados = {
      cliente_id: cliente.id,
      vendedor_id: null,
      condicao_pagamento_id: null,
      forma_pagamento_id: null,
      tabela_preco_id: null,
      data_entrega: null,
      modalidade_frete: '0',
      frete: rnd.chance(0.3) ? `${rnd.int(10, 60)}.00` : '0',
      desconto_tipo: 'percentual',
      desconto: '0',
      observacoes_internas: null,
      observacoes_nota: null,
      itens,
    };
    const alvo = ALVOS[i % ALVOS.length]!;
    try {
      await tx.transaction(async (sp) => {
        const s = sp as Tx;
        // the quantity asked stays within what is available now (reservations of earlier orders)
        const disponivel = await disponivelPorProduto(
          s,
          itens.map((it) => it.produto_id),
          null,
        );
        for (const it of itens) {
          const d = Decimal.of(disponivel.get(it.produto_id) ?? '0');
          if (d.lt(it.quantidade)) it.quantidade = d.gte(1) ? '1' : it.quantidade;
        }
        // the price engine's price for each line
        const precos = await precificaItens(
          s,
          {
            clienteId: cliente.id,
            data: null,
            itens: itens.map((it) => ({ produto_id: it.produto_id, quantidade: it.quantidade })),
          },
          { cliente: 'cliente_id', produto: (k) => `itens.${k}.produto_id` },
        );
        input.itens = itens.map((it, k) => ({ ...it, preco: precos.itens[k]!.preco }));
        const id = await criaPedidoEm(s, systemActor, input);
        if (alvo === 'orcamento') return;
        if (alvo === 'cancelado') {
          await transitaPedidoEm(s, systemActor, id, {
            para: 'cancelado',
            motivo: 'Cliente desistiu da compra',
          });
          return;
        }
        await transitaPedidoEm(s, systemActor, id, { para: 'digitado', motivo: null });
        const [o] = rowsOf<{ status: StatusPedido }>(
          await s.execute(sql`select status from sales_orders where id = ${id}`),
        );
        if (o!.status !== 'liberado' || alvo === 'confirmar' || alvo === 'liberado') return;
        for (const para of CAMINHO) {
          // invoiced before the demo's stock was counted: the reservation is let go instead of
          // consumed, so the stock stays the one the demo generator chose (like its older orders)
          if (para === 'faturado') await liberaReservaPedido(s, systemActor, id);
          // conferido only through the blind check (issue 21)
          if (para === 'conferido') await conferePedidoDemo(s, id);
          else await transitaPedidoEm(s, systemActor, id, { para, motivo: null });
          if (para === alvo) break;
        }
      });
      criados++;
    } catch {
      // an order the engines refuse (e.g. no tax rule for the customer's state) is left out
    }
  }
  return criados;
}
