import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { criaCliente, criaProduto } from '../comercial/comercial-test-support.ts';

// Migration 0081: vendas_sync_marca() with static statements, one branch per id column. Every
// watched table's triggers still write (none names a column without its branch), and what they
// write is what the format()/EXECUTE version wrote: the entity and the distinct non-null ids of
// the statement's new rows (insert), old rows (delete) or both (update).

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Log = { entidade: string; chave: string };
const limpa = () => t.db.execute(sql`delete from vendas_sync_log`);
const log = async () =>
  rowsOf<Log>(
    await t.db.execute(
      sql`select entidade, chave::text as chave from vendas_sync_log order by entidade, chave`,
    ),
  );

describe('vendas_sync_marca (migration 0081)', () => {
  it('fires on every watched table and operation without error', async () => {
    const gatilhos = rowsOf<{ tabela: string; nome: string }>(
      await t.db.execute(sql`
        select c.relname as tabela, g.tgname as nome
        from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where g.tgfoid = 'vendas_sync_marca'::regproc
        order by 1, 2`),
    );
    // the 12 watches of migration 0069, three operations each
    expect(gatilhos).toHaveLength(36);
    for (const g of gatilhos) {
      const m = /^vendas_sync_([a-z]+)_([a-z_]+)_([iud])$/.exec(g.nome);
      expect(m, g.nome).not.toBeNull();
      const [, , coluna, op] = m!;
      const tabela = sql.identifier(g.tabela);
      const col = sql.identifier(coluna!);
      // statement triggers fire for zero rows too: each branch is planned and run
      if (op === 'i')
        await t.db.execute(sql`insert into ${tabela} (${col}) select ${col} from ${tabela} where false`);
      else if (op === 'u') await t.db.execute(sql`update ${tabela} set ${col} = ${col} where false`);
      else await t.db.execute(sql`delete from ${tabela} where false`);
    }
  });

  it('logs the distinct ids of an insert, an update (old and new rows) and a delete', async () => {
    const p1 = await criaProduto(t.db, { nome: 'Sync Arroz' });
    const p2 = await criaProduto(t.db, { nome: 'Sync Feijão' });
    const c1 = await criaCliente(t.db, { razaoSocial: 'Sync Mercado Ltda', limite: '100.00' });
    const [a, b] = [p1, p2].sort();

    await limpa();
    await t.db.execute(sql`update products set nome = nome || ' ' where id in (${p1}, ${p2})`);
    expect(await log()).toEqual([
      { entidade: 'produto', chave: a },
      { entidade: 'produto', chave: b },
    ]);

    // a price list and its items: the table's own id and the items' tabela_id
    await limpa();
    const [tab] = rowsOf<{ id: string }>(
      await t.db.execute(
        sql`insert into tabelas_preco (nome, vigencia_inicio, escopo) values ('Sync Tabela', current_date, 'clientes') returning id::text as id`,
      ),
    );
    expect(await log()).toEqual([{ entidade: 'tabela', chave: tab!.id }]);

    // a table watched by another column (tabela_id): the price list's id
    await limpa();
    await t.db.execute(sql`
      insert into tabela_preco_clientes (tabela_id, cliente_id) values (${tab!.id}, ${c1})`);
    expect(await log()).toEqual([{ entidade: 'tabela', chave: tab!.id }]);

    await limpa();
    await t.db.execute(sql`delete from tabela_preco_clientes where cliente_id = ${c1}`);
    await t.db.execute(sql`delete from tabelas_preco where id = ${tab!.id}`);
    expect(await log()).toEqual([
      { entidade: 'tabela', chave: tab!.id },
      { entidade: 'tabela', chave: tab!.id },
    ]);

    await limpa();
    await t.db.execute(sql`update clientes set razao_social = razao_social where id = ${c1}`);
    expect(await log()).toEqual([{ entidade: 'cliente', chave: c1 }]);

    // an update that moves the key logs the old and the new id, once each
    await t.db.execute(
      sql`insert into produto_embalagens (produto_id, unidade, fator) values (${p1}, 'UN', 1)`,
    );
    await limpa();
    await t.db.execute(sql`update produto_embalagens set produto_id = ${p2} where produto_id = ${p1}`);
    expect(await log()).toEqual([
      { entidade: 'produto', chave: a },
      { entidade: 'produto', chave: b },
    ]);
  });
});
