import { itemComProdutoSchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todosOsItens } from '../../modules/precos/itens-tabela.service.ts';
import { precificaItens } from '../../modules/precos/preco.service.ts';
import { DEMO_TODAY, demoDoArquivo } from '../../test/demo-db.ts';
import { generateDemoData } from './demo-data.ts';

// The demo price tables: one per level of the resolution, each item valid for the shared schema,
// and the precedence visible on the demo's own customers.

const TODAY = DEMO_TODAY;
const demo = demoDoArquivo();
const { query } = demo;
const data = generateDemoData({ today: TODAY });

const campos = { cliente: 'cliente', produto: () => 'produto' };
const vencedora = async (clienteId: string | null, produtoId: string, quantidade = '1.000') => {
  const r = await precificaItens(
    demo.database.db,
    { clienteId, data: TODAY, itens: [{ produto_id: produtoId, quantidade }] },
    campos,
  );
  const item = r.itens[0]!;
  return item.origem.tipo === 'tabela' ? item.origem.tabelaNome : 'preço base';
};

describe('demo price tables', () => {
  it('has a table for every level, an expired promotion and the VIP list', async () => {
    expect(
      await query(sql`select nome, escopo, vigencia_inicio, vigencia_fim, ativa,
          (select count(*)::int from tabela_preco_itens i where i.tabela_id = t.id) as itens,
          (select count(*)::int from tabela_preco_clientes c where c.tabela_id = t.id) as clientes
        from tabelas_preco t order by nome`),
    ).toEqual([
      {
        nome: 'Atacado',
        escopo: 'segmento',
        vigencia_inicio: '2026-01-01',
        vigencia_fim: null,
        ativa: true,
        itens: 60,
        clientes: 0,
      },
      {
        nome: 'Clientes VIP',
        escopo: 'clientes',
        vigencia_inicio: '2026-11-01',
        vigencia_fim: null,
        ativa: true,
        itens: 20,
        clientes: 8,
      },
      {
        nome: 'Interior SP',
        escopo: 'regiao',
        vigencia_inicio: '2026-11-01',
        vigencia_fim: null,
        ativa: true,
        itens: 40,
        clientes: 0,
      },
      {
        nome: 'Preços Gerais',
        escopo: 'geral',
        vigencia_inicio: '2026-01-01',
        vigencia_fim: null,
        ativa: true,
        itens: 80,
        clientes: 0,
      },
      {
        nome: 'Promoção Relâmpago',
        escopo: 'geral',
        vigencia_inicio: '2026-10-01',
        vigencia_fim: '2026-10-31',
        ativa: true,
        itens: 20,
        clientes: 0,
      },
      {
        nome: 'Rede Bom Preço',
        escopo: 'grupo',
        vigencia_inicio: '2026-01-01',
        vigencia_fim: null,
        ativa: true,
        itens: 15,
        clientes: 0,
      },
    ]);
  });

  it('every item is valid for the shared schema (breaks above the minimum, minimum below the price)', async () => {
    const tabelas = await query<{ id: string }>(sql`select id from tabelas_preco`);
    const invalidos: string[] = [];
    for (const t of tabelas)
      for (const item of await todosOsItens(demo.database.db, t.id)) {
        const r = itemComProdutoSchema.safeParse(item);
        if (!r.success)
          invalidos.push(`${item.produto_codigo}: ${r.error.issues.map((i) => i.message).join(', ')}`);
      }
    expect(invalidos).toEqual([]);
  });

  it('precedence on the demo customers: list, segment with breaks, region, general, base', async () => {
    const primeiro = data.products.find((p) => p.ativo)!;
    const [vip] = await query<{ cliente_id: string }>(sql`select c.cliente_id from tabela_preco_clientes c
      join tabelas_preco t on t.id = c.tabela_id where t.nome = 'Clientes VIP' limit 1`);
    expect(await vencedora(vip!.cliente_id, primeiro.id)).toBe('Clientes VIP');
    const atacado = data.clientes.find(
      (c) => c.segmentoId === data.segmentos.find((s) => s.nome === 'Atacado')!.id && !c.grupoId,
    )!;
    expect(await vencedora(atacado.id, primeiro.id)).toBe('Atacado');
    expect(await vencedora(null, primeiro.id)).toBe('Preços Gerais');
    const foraDasTabelas = data.products.filter((p) => p.ativo)[150]!;
    expect(await vencedora(null, foraDasTabelas.id)).toBe('preço base');
  });

  it('gives every seller a desconto máximo', async () => {
    const descontos = await query<{ desconto_maximo: string }>(
      sql`select desconto_maximo::text from vendedores order by nome`,
    );
    expect(descontos).toHaveLength(10);
    expect(descontos.every((d) => Number(d.desconto_maximo) > 0)).toBe(true);
  });
});
