import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoDoArquivo } from '../../test/demo-db.ts';
import { rowsOf } from '../client.ts';

// Demo goods receipts: what /estoque/entradas and /notasfiscais/entrada show on a fresh install.

const demo = demoDoArquivo();

describe('demo goods receipts', () => {
  it('drafts to post or to finish, lançadas (one manual) and one estornada, through the real services', async () => {
    const rows = rowsOf<{
      numero: number;
      origem: string;
      status: string;
      fornecedor: boolean;
      itens: number;
      mapeados: number;
      movs: number;
      liquido: string;
      titulos: string;
      dups: string;
      valor: string;
    }>(
      await demo.database.db.execute(sql`select e.numero, e.origem, e.status, e.fornecedor_id is not null as fornecedor,
        (select count(*)::int from entrada_itens i where i.entrada_id = e.id) as itens,
        (select count(*)::int from entrada_itens i where i.entrada_id = e.id and i.produto_id is not null) as mapeados,
        (select count(*)::int from estoque_movimentos m where m.origem = 'nota_entrada' and m.origem_id = e.id::text) as movs,
        (select coalesce(sum(m.quantidade), 0)::text from estoque_movimentos m
          where m.origem = 'nota_entrada' and m.origem_id = e.id::text) as liquido,
        (select coalesce(string_agg(f.status, ',' order by f.parcela), '') from financial_accounts f
          where f.origem = 'entrada' and f.origem_id = e.id) as titulos,
        (select coalesce(sum(valor), 0)::text from entrada_duplicatas d where d.entrada_id = e.id) as dups,
        e.valor_nota::text as valor
        from entradas e order by e.numero`),
    );
    expect(
      rows.map((r) => [r.numero, r.origem, r.status, r.fornecedor, r.itens, r.mapeados, r.movs, r.titulos]),
    ).toEqual([
      [880, 'xml', 'rascunho', false, 1, 1, 0, ''],
      [1207, 'manual', 'lancada', true, 1, 1, 1, 'em_aberto'],
      [5490, 'xml', 'lancada', true, 1, 1, 1, 'em_aberto'],
      [5496, 'xml', 'estornada', true, 1, 1, 2, 'cancelado'],
      [5512, 'xml', 'rascunho', true, 2, 2, 0, ''],
      [31655, 'xml', 'lancada', true, 2, 2, 2, 'em_aberto,em_aberto'],
      [31870, 'xml', 'rascunho', true, 3, 3, 0, ''],
      [31902, 'xml', 'rascunho', true, 2, 1, 0, ''],
    ]);
    for (const r of rows) expect(r.dups).toBe(r.valor);
    // the estornada one nets to nothing in the ledger; the others received what they say
    expect(rows.find((r) => r.numero === 5496)!.liquido).toBe('0.000');
    for (const r of rows.filter((x) => x.status === 'lancada')) expect(Number(r.liquido)).toBeGreaterThan(0);
    // the payables of the posted receipts: values and due dates as their duplicatas, a purchase classe
    const pagar = rowsOf<{ ok: boolean }>(
      await demo.database.db.execute(sql`select bool_and(f.valor = d.valor and f.data_vencimento = d.vencimento
          and c.codigo = '2.01.001' and f.tipo = 'pagar') as ok
        from entradas e join entrada_duplicatas d on d.entrada_id = e.id
        join financial_accounts f on f.origem = 'entrada' and f.origem_id = e.id
          and f.parcela = (select count(*) from entrada_duplicatas d2 where d2.entrada_id = e.id and d2.numero <= d.numero)
        join classes_financeiras c on c.id = f.classe_financeira_id
        where e.status in ('lancada', 'estornada')`),
    );
    expect(pagar[0]!.ok).toBe(true);
  });

  it('the ledger entries of the receipts carry their lots and the unit cost of the line', async () => {
    const erradas = rowsOf<{ id: string }>(
      await demo.database.db.execute(sql`select m.id from estoque_movimentos m
        join entradas e on e.id::text = m.origem_id and m.origem = 'nota_entrada'
        join products p on p.id = m.product_id
        where m.quantidade > 0 and p.controla_lote and m.lote_id is null`),
    );
    expect(erradas).toEqual([]);
  });
});
