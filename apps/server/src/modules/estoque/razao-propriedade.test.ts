import {
  chaveSaldo,
  Decimal,
  type Operacao,
  operacaoAleatoria,
  type UniversoEstoque,
  verificaRazao,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client.ts';
import { createRandom } from '../../db/seed/prng.ts';
import { type Actor, systemActor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import {
  criaLocal,
  criaLote,
  criaProduto,
  estadoDoBanco,
  linhasDoRazao,
  localPrincipal,
  totaisPorLocal,
} from './estoque-test-support.ts';
import { abreInventario, lancaInventario, registraContagens } from './inventario.service.ts';
import {
  estornaMovimento,
  registraAjuste,
  registraEntrada,
  registraSaida,
  registraTransferencia,
} from './movimentos.service.ts';
import { consomeReserva, liberaReserva, reservaEstoque } from './reservas.service.ts';

// Property test against the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): random
// operations of the shared generator (razao-aleatorio: entradas, saídas, transfers, ajustes,
// inventories, reservations, releases, reversals) go through the services; after every one, the
// database's balances, rows and products satisfy verificaRazao — every balance is the sum of its
// rows, nothing available is negative — and the reserved quantities agree with the reservations.

let database: Database;
const actor: Actor = systemActor;
let universo: UniversoEstoque;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.execute(
    sql`insert into unidades (sigla, descricao, casas_decimais) values ('KG', 'Quilograma', 3)`,
  );
  const locais = [
    await localPrincipal(db),
    await criaLocal(db, { codigo: 'SEP', nome: 'Separação', tipo: 'separacao' }),
    await criaLocal(db, { codigo: 'AVR', nome: 'Avaria', tipo: 'avaria' }),
  ];
  const p1 = await criaProduto(db, { nome: 'Queijo Minas', unidade: 'KG', controlaLote: true });
  const p2 = await criaProduto(db, { nome: 'Farinha de Trigo', unidade: 'KG' });
  const p3 = await criaProduto(db, { nome: 'Feijão Carioca', unidade: 'KG' });
  const l1 = await criaLote(db, { produtoId: p1, numero: 'Q1', validade: '2099-01-31' });
  const l2 = await criaLote(db, { produtoId: p1, numero: 'Q2', validade: '2099-06-30' });
  universo = { produtos: [p1, p2, p3], locais, lotes: { [p1]: [l1, l2] } };
});
afterAll(() => database?.close());

/** Reservations of one balance belong to one document named after it, so release/consume find them. */
const documento = (chave: Parameters<typeof chaveSaldo>[0]) => ({
  origem: 'teste',
  origemId: chaveSaldo(chave),
});

async function executa(op: Operacao): Promise<void> {
  const db = database.db;
  switch (op.tipo) {
    case 'entrada':
      await writeTx(db, actor, (tx) =>
        registraEntrada(tx, actor, {
          produtoId: op.chave.produtoId,
          localId: op.chave.localId,
          loteId: op.chave.loteId,
          quantidade: op.quantidade,
          custoUnitario: op.custoUnitario,
        }),
      );
      return;
    case 'saida':
      if (op.consumirReserva) {
        await writeTx(db, actor, (tx) =>
          consomeReserva(tx, actor, documento(op.chave), [
            { produtoId: op.chave.produtoId, quantidade: op.quantidade },
          ]),
        );
        return;
      }
      await writeTx(db, actor, (tx) =>
        registraSaida(tx, actor, {
          produtoId: op.chave.produtoId,
          localId: op.chave.localId,
          loteId: op.chave.loteId,
          quantidade: op.quantidade,
        }),
      );
      return;
    case 'ajuste': {
      const negativo = op.quantidade.startsWith('-');
      await registraAjuste(db, actor, {
        produto_id: op.chave.produtoId,
        local_id: op.chave.localId,
        lote_id: op.chave.loteId,
        sentido: negativo ? 'saida' : 'entrada',
        quantidade: Decimal.of(op.quantidade).abs().toFixed(3),
        custo_unitario: op.custoUnitario ?? null,
        motivo: 'Teste de propriedade',
      });
      return;
    }
    case 'transferencia':
      await registraTransferencia(db, actor, {
        produto_id: op.produtoId,
        lote_id: op.loteId,
        origem_id: op.origemId,
        destino_id: op.destinoId,
        quantidade: op.quantidade,
        observacao: null,
      });
      return;
    case 'inventario': {
      const inv = await abreInventario(db, actor, {
        local_id: op.chave.localId,
        grupo_id: null,
        observacao: null,
      });
      await registraContagens(db, actor, inv.id, {
        itens: [{ produto_id: op.chave.produtoId, lote_id: op.chave.loteId, contado: op.contado }],
      });
      await lancaInventario(db, actor, inv.id, { confirmar_movimentos_posteriores: true });
      return;
    }
    case 'estorno': {
      // the generator picks one of the rows read from the database, id included
      const id = (op.original as { id?: number }).id;
      if (id === undefined) throw new Error('linha sem id');
      await estornaMovimento(db, actor, id, 'Teste de propriedade');
      return;
    }
    case 'reserva':
      await writeTx(db, actor, (tx) =>
        reservaEstoque(tx, actor, documento(op.chave), [
          {
            produtoId: op.chave.produtoId,
            localId: op.chave.localId,
            loteId: op.chave.loteId,
            quantidade: op.quantidade,
          },
        ]),
      );
      return;
    case 'liberacao':
      await writeTx(db, actor, (tx) =>
        liberaReserva(tx, actor, documento(op.chave), [
          { produtoId: op.chave.produtoId, quantidade: op.quantidade },
        ]),
      );
      return;
  }
}

async function reservasDivergentes(): Promise<string[]> {
  const rows = rowsOf<{ chave: string }>(
    await database.db.execute(sql`
      select s.produto_id || '|' || s.local_id || '|' || coalesce(s.lote_id::text, '') as chave
      from estoque_saldos s
      where s.reservado <> coalesce((select sum(r.quantidade) from estoque_reservas r where r.produto_id = s.produto_id
        and r.local_id = s.local_id and r.lote_id is not distinct from s.lote_id), 0)
      union all
      select p.id::text from products p
      where p.estoque_reservado <> coalesce((select sum(s.reservado) from estoque_saldos s where s.produto_id = p.id), 0)`),
  );
  return rows.map((r) => r.chave);
}

describe('ledger property (real database)', () => {
  it.each([[20261121], [42]])(
    'after random movements every balance is the sum of its rows and nothing available is negative (seed %i)',
    async (seed) => {
      const rand = createRandom(seed);
      const tipos = new Set<string>();
      let aceitas = 0;
      let recusadas = 0;
      for (let i = 0; i < 120; i++) {
        const linhas = await linhasDoRazao(database.db);
        const estado = await estadoDoBanco(database.db);
        const op = operacaoAleatoria(rand, universo, estado, linhas);
        try {
          await executa(op);
          aceitas++;
          tipos.add(op.tipo);
        } catch (err) {
          // a refusal is a pt-BR answer (4xx), never a crash
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          recusadas++;
        }
        const depois = await estadoDoBanco(database.db);
        const violacoes = verificaRazao(depois, await linhasDoRazao(database.db));
        if (violacoes.length)
          throw new Error(`seed ${seed}, op ${i} ${JSON.stringify(op)}: ${JSON.stringify(violacoes)}`);
        expect(await reservasDivergentes(), `seed ${seed}, op ${i}`).toEqual([]);
        // now and then a product is deactivated or activated again (the register, not the ledger)
        if (i % 17 === 16)
          await database.db.execute(
            sql`update products set ativo = not ativo where id = ${universo.produtos[i % universo.produtos.length]}`,
          );
        const { mantidos, recalculados } = await totaisPorLocal(database.db);
        expect(mantidos, `seed ${seed}, op ${i}: totais por local`).toEqual(recalculados);
      }
      expect(aceitas).toBeGreaterThan(50);
      expect(recusadas).toBeGreaterThan(5);
      expect(tipos).toEqual(
        new Set([
          'entrada',
          'saida',
          'transferencia',
          'ajuste',
          'inventario',
          'estorno',
          'reserva',
          'liberacao',
        ]),
      );
    },
    120_000,
  );
});
