import { Decimal } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pedidoCompraDaEntrada } from '../../modules/compras/recebimento-pedido.service.ts';
import { sugestaoCompra } from '../../modules/compras/sugestao-compra.service.ts';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';

// Demo purchasing (issue 34): what /compras shows on a fresh install — an order in every status, the
// received ones tied to the posted demo notes, the draft note proposed against the open order.

const demo = demoDoArquivo();
const q = demo.query;

describe('demo purchase orders', () => {
  it('one order in every status, in date order, the received ones tied to their notes', async () => {
    const rows = await q<{
      numero: number;
      status: string;
      criado: string;
      itens: number;
      pedida: string;
      recebida: string;
      notas: string;
      aprovado: boolean;
      enviado: boolean;
    }>(sql`select p.numero, p.status, (p.created_at at time zone 'America/Sao_Paulo')::date::text as criado,
      (select count(*)::int from pedido_compra_itens l where l.pedido_id = p.id) as itens,
      (select sum(l.quantidade)::text from pedido_compra_itens l where l.pedido_id = p.id) as pedida,
      (select sum(l.quantidade_recebida)::text from pedido_compra_itens l where l.pedido_id = p.id) as recebida,
      (select coalesce(string_agg(e.numero::text, ',' order by e.numero), '') from entradas e
        where e.pedido_compra_id = p.id) as notas,
      p.aprovado_em is not null as aprovado, p.enviado_em is not null as enviado
      from pedidos_compra p order by p.numero`);
    expect(rows.map((r) => [r.numero, r.status, r.criado, r.itens, r.notas, r.aprovado, r.enviado])).toEqual([
      [1, 'recebido', '2026-10-04', 2, '31655', true, true],
      [2, 'cancelado', '2026-10-22', 1, '', false, false],
      [3, 'parcialmente_recebido', '2026-10-25', 2, '5490', true, true],
      [4, 'enviado', '2026-11-07', 3, '', true, true],
      [5, 'aprovado', '2026-11-19', 3, '', true, false],
      [6, 'rascunho', DEMO_TODAY, 2, '', false, false],
    ]);
    // recebido: everything ordered came; parcialmente: part of it; the open ones: nothing yet
    const [recebido, , parcial, ...abertos] = rows;
    expect(recebido!.recebida).toBe(recebido!.pedida);
    expect(Number(parcial!.recebida)).toBeGreaterThan(0);
    expect(Number(parcial!.recebida)).toBeLessThan(Number(parcial!.pedida));
    for (const r of abertos) expect(Number(r.recebida)).toBe(0);
    // each item of the tied notes points at the line of its product, and the lines add up to them
    const ligacoes = await q<{ ok: boolean; n: number }>(
      sql`select bool_and(l.product_id = i.produto_id and l.quantidade_recebida = i.quantidade_base) as ok,
        count(*)::int as n from entrada_itens i join pedido_compra_itens l on l.id = i.pedido_compra_item_id`,
    );
    expect(ligacoes[0]).toEqual({ ok: true, n: 3 });
  });

  it('the draft note 31870 is proposed against its supplier’s open order, within the tolerances', async () => {
    const [e] = await q<{ id: string }>(sql`select id from entradas where numero = 31870`);
    const r = await pedidoCompraDaEntrada(demo.database.db, e!.id);
    expect(r.pedido_compra).toBeNull();
    expect(
      r.pedidos_compra_propostos.map((p) => [p.numero, p.status, p.linhas_abertas, p.produtos_em_comum]),
    ).toEqual([[4, 'enviado', 3, 3]]);
    const [posted] = await q<{ id: string }>(sql`select id from entradas where numero = 31655`);
    const ligado = await pedidoCompraDaEntrada(demo.database.db, posted!.id);
    expect(ligado.pedido_compra).toMatchObject({ exige_justificativa: false, status_resultante: 'recebido' });
    expect(ligado.pedido_compra!.linhas.map((l) => l.situacao)).toEqual(['atendida', 'atendida']);
  });

  it('registers: pedido mínimo for some suppliers, a lead time for the perishables', async () => {
    const [f] = await q<{ com: number; sem: number }>(
      sql`select count(*) filter (where pedido_minimo is not null)::int as com,
        count(*) filter (where pedido_minimo is null)::int as sem from fornecedores where tipo_pessoa = 'J'`,
    );
    expect(f!.com).toBeGreaterThan(0);
    expect(f!.sem).toBeGreaterThan(0);
    const [p] = await q<{ n: number; ok: boolean }>(
      sql`select count(*)::int as n, bool_and(p.prazo_entrega_dias between 2 and f.prazo_medio_entrega) as ok
        from products p join fornecedores f on f.id = p.fornecedor_id where p.prazo_entrega_dias is not null`,
    );
    expect(p!.n).toBeGreaterThan(0);
    expect(p!.ok).toBe(true);
  });
});

describe('the demo purchase suggestion', () => {
  it('the supplier of the open order nº 5 shows every case: stock-out, rising trend, CX-12, em pedido, expiring lot, no purchase packaging', async () => {
    const [f] = await q<{ fornecedor_id: string }>(
      sql`select fornecedor_id from pedidos_compra where numero = 5`,
    );
    const s = await sugestaoCompra(
      demo.database.db,
      { fornecedor_id: f!.fornecedor_id, janela_dias: 90 } as never,
      DEMO_TODAY,
    );
    const com = (codigo: string) => s.produtos.filter((p) => p.alertas.some((a) => a.codigo === codigo));
    // every product of the supplier sold in the window (the NF-e's saídas)
    expect(s.produtos.length).toBeGreaterThan(10);
    expect(s.produtos.filter((p) => Decimal.of(p.demandaDiaria).isZero())).toEqual([]);
    const [ruptura] = com('ruptura');
    expect(ruptura?.alertas.find((a) => a.codigo === 'ruptura')?.mensagem).toMatch(
      /^Ruptura no período: 25 dias sem estoque/,
    );
    expect(com('tendencia_alta').length).toBeGreaterThan(0);
    expect(com('lotes_vencendo').length).toBeGreaterThan(0);
    expect(com('sem_embalagem_compra')).toHaveLength(1);
    const embalagens = s.produtos.map(
      (p) => `${p.embalagem.unidade}-${Decimal.of(p.embalagem.fator).toFixed(0)}`,
    );
    expect(embalagens, embalagens.join(' ')).toContain('CX-12');
    const emPedido = s.produtos.filter((p) => Decimal.of(p.emPedido).isPositive());
    expect(emPedido.length).toBeGreaterThan(0);
    // the cases ask for something to buy (the stock covers ~20 days of the sales)
    for (const p of [ruptura!, com('tendencia_alta')[0]!, com('sem_embalagem_compra')[0]!])
      expect(Decimal.of(p.quantidadeSugerida).isPositive(), p.codigo).toBe(true);
  });
});
