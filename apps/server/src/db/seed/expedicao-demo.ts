import { addDays, ordenaParadas, type PedidoDados, podeDirigir, type TipoVeiculo } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import { criaPedidoEm, transitaPedidoEm } from '../../modules/comercial/pedidos.service.ts';
import {
  adicionaPedidos,
  criaCarga,
  sequenciaCarga,
  transitaCarga,
} from '../../modules/expedicao/cargas.service.ts';
import { getCarga } from '../../modules/expedicao/cargas-leitura.service.ts';
import {
  finalizaConferencia,
  iniciaConferencia,
  registraLeitura,
} from '../../modules/expedicao/conferencia.service.ts';
import { type Db, rowsOf, type Tx } from '../client.ts';
import type { DemoData } from './demo-data.ts';

// The demo of dispatch, through its services: a dozen more released orders of customers with a
// região and a city (the assembly screen has something to choose from), and three loads — one in
// montagem, one em separação (its orders moved with it) and one conferida (every order checked
// blind, scan by scan). Vehicles and drivers are the demo fleet's, each pair allowed by podeDirigir.
// Orders the engines block (credit, stock) simply stay out.

const ator = { ...systemActor, roles: ['admin'] as const };

/** Answers how many orders it created (the demo's order count includes them) and how many loads. */
export async function seedExpedicaoDemo(
  tx: Tx,
  data: DemoData,
): Promise<{ pedidos: number; cargas: number }> {
  const db = tx as unknown as Db;
  const hoje = data.today;
  const clientes = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from clientes where ativo and regiao_id is not null and municipio is not null
      and not exists (select 1 from situacoes_cliente s where s.id = situacao_id and s.bloqueia_vendas)
      and limite_credito >= 5000 order by documento limit 24`),
  );
  const produtos = rowsOf<{ id: string; unidade: string; preco: string }>(
    await tx.execute(sql`select id, unidade, preco_venda::text as preco from products
      where ativo and not controla_lote and preco_venda > 0 and estoque_atual - estoque_reservado >= 40
      order by codigo limit 12`),
  );
  if (!clientes.length || !produtos.length) return { pedidos: 0, cargas: 0 };
  const liberados: string[] = [];
  let criados = 0;
  for (const [i, c] of clientes.entries()) {
    const itens = [0, 1, 2].slice(0, 1 + (i % 3)).map((k) => produtos[(i * 3 + k) % produtos.length]!);
    const input: PedidoDados = {
      cliente_id: c.id,
      vendedor_id: null,
      condicao_pagamento_id: null,
      forma_pagamento_id: null,
      tabela_preco_id: null,
      data_entrega: addDays(hoje, 1 + (i % 3)),
      modalidade_frete: '0',
      frete: '0',
      desconto_tipo: 'percentual',
      desconto: '0',
      observacoes_internas: null,
      observacoes_nota: null,
      itens: itens.map((p, k) => ({
        produto_id: p.id,
        embalagem: p.unidade,
        quantidade: String(1 + ((i + k) % 4)),
        preco: p.preco,
        desconto_tipo: 'percentual' as const,
        desconto: '0',
      })),
    };
    try {
      await tx.transaction(async (sp) => {
        const s = sp as Tx;
        const id = await criaPedidoEm(s, systemActor, input);
        await transitaPedidoEm(s, systemActor, id, { para: 'digitado', motivo: null });
        criados++;
        const [o] = rowsOf<{ status: string }>(
          await s.execute(sql`select status from sales_orders where id = ${id}`),
        );
        if (o?.status === 'liberado') liberados.push(id);
      });
    } catch {
      // an order the engines refuse is left out
    }
  }

  // vehicles with a driver allowed to drive them on the departure day
  const saida = addDays(hoje, 1);
  const veiculos = rowsOf<{ id: string; tipo: TipoVeiculo; tara: number; capacidade: number }>(
    await tx.execute(sql`select id, tipo, tara, capacidade from veiculos
      where ativo and proprio and (licenciamento_vencimento is null or licenciamento_vencimento >= ${saida})
      order by capacidade desc`),
  );
  const motoristas = rowsOf<{
    id: string;
    ativo: boolean;
    cnh_numero: string | null;
    cnh_categoria: 'B' | 'C' | 'D' | 'E' | null;
    cnh_validade: string | null;
  }>(
    await tx.execute(sql`select id, ativo, cnh_numero, cnh_categoria, cnh_validade::text as cnh_validade
      from funcionarios where funcao = 'motorista' and ativo order by nome`),
  );
  const ajudantes = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from funcionarios where funcao = 'ajudante' and ativo order by nome`),
  ).map((a) => a.id);
  const usados = new Set<string>();
  const pares: { veiculo: string; motorista: string }[] = [];
  for (const v of veiculos) {
    const m = motoristas.find(
      (x) =>
        !usados.has(x.id) &&
        podeDirigir(x, { ...v, tara: Number(v.tara), capacidade: Number(v.capacidade) }, saida).pode,
    );
    if (!m) continue;
    usados.add(m.id);
    pares.push({ veiculo: v.id, motorista: m.id });
  }

  const monta = async (pedidos: string[], par: { veiculo: string; motorista: string }, k: number) => {
    const id = await criaCarga(db, ator, {
      data_saida_prevista: saida,
      veiculo_id: par.veiculo,
      motorista_id: par.motorista,
      ajudantes: ajudantes.slice(k, k + 1),
      regioes: [],
      observacoes: null,
      justificativa: null,
    });
    let c = await getCarga(tx, id);
    try {
      await adicionaPedidos(db, ator, id, { pedido_ids: pedidos, justificativa: null, versao: c.versao });
    } catch {
      return null;
    }
    c = await getCarga(tx, id);
    const ordem = ordenaParadas(c.paradas).map((p) => p.pedido_id);
    await sequenciaCarga(db, ator, id, { pedido_ids: ordem, versao: c.versao });
    return id;
  };

  let cargas = 0;
  const lote = (n: number) => liberados.splice(0, n);
  // conferida: separated, then every order checked blind by product code and counted quantity
  if (pares[0] && liberados.length >= 2) {
    const id = await monta(lote(2), pares[0], 0);
    if (id) {
      const c = await getCarga(tx, id);
      await transitaCarga(db, ator, id, { para: 'em_separacao', motivo: null, versao: c.versao });
      for (const p of c.paradas) {
        const conferencia = await iniciaConferencia(db, systemActor, p.pedido_id);
        const itens = rowsOf<{ codigo: string; quantidade: string }>(
          await tx.execute(sql`select pr.codigo, sum(i.quantidade)::text as quantidade
            from sales_order_items i join products pr on pr.id = i.product_id
            where i.order_id = ${p.pedido_id} group by pr.codigo order by pr.codigo`),
        );
        for (const it of itens) await registraLeitura(db, systemActor, conferencia, it);
        await finalizaConferencia(db, systemActor, conferencia);
      }
      cargas++;
    }
  }
  // em separação
  if (pares[1] && liberados.length >= 3) {
    const id = await monta(lote(3), pares[1], 1);
    if (id) {
      const c = await getCarga(tx, id);
      await transitaCarga(db, ator, id, { para: 'em_separacao', motivo: null, versao: c.versao });
      cargas++;
    }
  }
  // em montagem (the rest stays available for the assembly screen)
  if (pares[2] && liberados.length >= 3) {
    if (await monta(lote(3), pares[2], 2)) cargas++;
  }
  return { pedidos: criados, cargas };
}
