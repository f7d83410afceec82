import { addDays, Decimal, erroGtin, verificaRazao } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { estadoDoBanco, linhasDoRazao } from '../../modules/estoque/estoque-test-support.ts';
import { tabelaNcm } from '../../modules/estoque/ncm-tabela.ts';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';
import { generateDemoData } from './demo-data.ts';

const TODAY = DEMO_TODAY;
const demo = demoDoArquivo();

const { query } = demo;

describe('demo stock', () => {
  it('keeps the stock the demo generator chose (the dashboard figures) and the ledger explains it', async () => {
    const esperado = new Map(
      generateDemoData({ today: TODAY }).products.map((p) => [p.codigo, p.estoqueAtual]),
    );
    // the demo receipts posted on top (entradas-demo: lançadas, one estornada) add what they received
    for (const r of await query<{
      codigo: string;
      q: string;
    }>(sql`select p.codigo, sum(m.quantidade)::text as q
      from estoque_movimentos m join products p on p.id = m.product_id
      where m.origem = 'nota_entrada' and m.origem_id in (select id::text from entradas)
      group by p.codigo`))
      esperado.set(
        r.codigo,
        Decimal.of(esperado.get(r.codigo) ?? '0')
          .plus(r.q)
          .toFixed(3),
      );
    const atual = await query<{ codigo: string; estoque_atual: string }>(
      sql`select codigo, estoque_atual::text from products order by codigo`,
    );
    expect(new Map(atual.map((p) => [p.codigo, p.estoque_atual]))).toEqual(esperado);
    const errados = await query<{ codigo: string }>(sql`
      select p.codigo from products p
      where p.estoque_atual <> coalesce((select sum(quantidade) from estoque_movimentos m where m.product_id = p.id), 0)
         or p.estoque_atual <> coalesce((select sum(saldo) from estoque_saldos s where s.produto_id = p.id), 0)`);
    expect(errados).toEqual([]);
    expect(
      verificaRazao(await estadoDoBanco(demo.database.db), await linhasDoRazao(demo.database.db)),
    ).toEqual([]);
  });

  it('has three locations (one avaria), units, groups and categories', async () => {
    expect(await query(sql`select codigo, tipo from locais_estoque order by codigo`)).toEqual([
      { codigo: 'AVR', tipo: 'avaria' },
      { codigo: 'DEP', tipo: 'deposito' },
      { codigo: 'SEP', tipo: 'separacao' },
    ]);
    const siglas = (await query<{ sigla: string }>(sql`select sigla from unidades order by sigla`)).map(
      (u) => u.sigla,
    );
    expect(siglas).toEqual(expect.arrayContaining(['UN', 'CX', 'FD', 'KG', 'L', 'PC', 'PCT']));
    const [sem] = await query<{ n: number }>(
      sql`select count(*)::int as n from products where grupo_id is null or categoria_id is null`,
    );
    expect(sem!.n).toBe(0);
  });

  it('every GTIN (product and packaging) is valid and unique; every NCM is in the official table', async () => {
    const gtins = await query<{ gtin: string }>(sql`
      select gtin from products where gtin <> 'SEM GTIN'
      union all select gtin from produto_embalagens where gtin is not null`);
    expect(gtins.length).toBeGreaterThan(300);
    expect(gtins.filter((g) => erroGtin(g.gtin) !== null)).toEqual([]);
    expect(new Set(gtins.map((g) => g.gtin)).size).toBe(gtins.length);
    const ncms = await query<{ ncm: string }>(sql`select distinct ncm from products`);
    expect(ncms.filter((n) => !tabelaNcm().existe(n.ncm))).toEqual([]);
  });

  it('has lots expired (their stock in avaria) and lots expiring within 30 days', async () => {
    const [lotes] = await query<{ vencidos: number; em30: number; vencidos_na_avaria: number }>(sql`
      select count(*) filter (where validade < ${TODAY})::int as vencidos,
        count(*) filter (where validade between ${TODAY} and ${addDays(TODAY, 30)})::int as em30,
        (select count(*)::int from estoque_saldos s join lotes l on l.id = s.lote_id
          join locais_estoque lo on lo.id = s.local_id
          where l.validade < ${TODAY} and s.saldo > 0 and lo.tipo = 'avaria') as vencidos_na_avaria
      from lotes`);
    expect(lotes!.vencidos).toBeGreaterThan(5);
    expect(lotes!.em30).toBeGreaterThan(5);
    expect(lotes!.vencidos_na_avaria).toBeGreaterThan(5);
    const [fora] = await query<{ n: number }>(sql`
      select count(*)::int as n from estoque_saldos s join lotes l on l.id = s.lote_id
      join locais_estoque lo on lo.id = s.local_id where l.validade < ${TODAY} and s.saldo > 0 and lo.tipo <> 'avaria'`);
    expect(fora!.n).toBe(0);
  });

  it('the average cost comes from purchases at different costs; the dashboard cost is it in cents', async () => {
    const rows = await query<{ diferentes: number; fora: number }>(sql`
      select count(*) filter (where custo_medio <> preco_custo)::int as diferentes,
        count(*) filter (where preco_custo <> round(custo_medio, 2))::int as fora from products`);
    expect(rows[0]!.diferentes).toBeGreaterThan(100);
    expect(rows[0]!.fora).toBe(0);
  });
});
