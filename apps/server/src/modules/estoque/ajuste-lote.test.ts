import { ajusteSchema, transferenciaSchema, verificaRazao } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { setSetting } from '../configuracoes/settings.service.ts';
import { contagemAjustes } from './ajuste-lote.ts';
import {
  criaLocal,
  criaProduto,
  estadoDoBanco,
  linhasDoRazao,
  localPrincipal,
  totaisPorLocal,
} from './estoque-test-support.ts';
import { registraAjuste, registraTransferencia } from './movimentos.service.ts';

// The group commit of the manual ajustes (issue 30, ajuste-lote.ts, migration 0071): concurrent
// postings share one estoque_ajustar_lote statement, each in its own subtransaction. On PGlite and
// PostgreSQL; the pool of PostgreSQL makes the postings truly concurrent.

let database: Database & { url?: string };
let ator: Actor;
let dep: string;
let sep: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [u] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into users (email) values ('lote@teste.com.br') returning id`),
  );
  ator = { userId: u!.id, email: 'lote@teste.com.br', ip: '10.0.0.2', userAgent: 'vitest' };
  dep = await localPrincipal(db);
  sep = await criaLocal(db, { codigo: 'SEP', nome: 'Separação', tipo: 'separacao' });
  await setSetting(db, ator, 'permitir_estoque_negativo', false);
});
afterAll(() => database?.close());

const usuario = () => ({ id: ator.userId, email: ator.email, ip: ator.ip, user_agent: ator.userAgent });

describe('estoque_ajustar_lote', () => {
  it('answers each ajuste in order; a refusal undoes only its own ajuste, with the DETAIL the single call raises', async () => {
    const db = database.db;
    const p = await criaProduto(db, { nome: 'Açúcar Cristal 5 kg' });
    const base = {
      produto_id: p,
      lote_id: null,
      custo_unitario: null,
      motivo: 'Lote',
      permite_negativo_padrao: false,
      usuario: usuario(),
    };
    const ps = [
      { ...base, local_id: dep, quantidade: '10', custo_unitario: '4.5' },
      { ...base, local_id: dep, quantidade: '-12' }, // more than there is: refused
      { ...base, local_id: dep, quantidade: '0' }, // zero: refused
      { ...base, local_id: sep, quantidade: '3', custo_unitario: '6' },
      { ...base, local_id: dep, quantidade: '-4' },
    ];
    const linhas = rowsOf<{
      ordem: number;
      r: Record<string, string> | null;
      erro_estado: string | null;
      erro_detalhe: string | null;
    }>(
      await db.execute(
        sql`select ordem, r, erro_estado, erro_detalhe from estoque_ajustar_lote(${JSON.stringify(ps)}::jsonb)`,
      ),
    );
    expect(linhas.map((l) => [l.ordem, l.erro_estado])).toEqual([
      [0, null],
      [1, 'ES422'],
      [2, 'ES422'],
      [3, null],
      [4, null],
    ]);
    expect(JSON.parse(linhas[1]!.erro_detalhe!)).toEqual({
      codigo: 'estoque_insuficiente',
      disponivel: '10.000',
      produto: 'Açúcar Cristal 5 kg',
      local: 'Depósito principal',
      lote: null,
    });
    expect(JSON.parse(linhas[2]!.erro_detalhe!)).toEqual({ invalida: 'ajusteZero' });
    // 10 in at 4.50, 3 in at 6.00: (10 × 4.5 + 3 × 6) / 13 = 4.846153… → 4.8462; 4 out at the average
    expect(
      linhas.map((l) => l.r && [l.r.quantidade, l.r.custo_unitario, l.r.saldo_produto, l.r.custo_medio]),
    ).toEqual([
      ['10.000', '4.5000', '10.000', '4.5000'],
      null,
      null,
      ['3.000', '6.0000', '13.000', '4.8462'],
      ['-4.000', '4.8462', '9.000', '4.8462'],
    ]);
    const [saldo] = rowsOf<{ dep: string; sep: string; linhas: number }>(
      await db.execute(sql`select
        (select saldo::text from estoque_saldos where produto_id = ${p} and local_id = ${dep}) as dep,
        (select saldo::text from estoque_saldos where produto_id = ${p} and local_id = ${sep}) as sep,
        (select count(*)::int from estoque_movimentos where product_id = ${p}) as linhas`),
    );
    expect(saldo).toEqual({ dep: '6.000', sep: '3.000', linhas: 3 });
  });

  it('posts 40 concurrent ajustes through the service: each answered alone, the ledger whole, nothing negative', async () => {
    const pool = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 8 }) : null;
    const db = pool?.db ?? database.db;
    try {
      const produtos = [
        await criaProduto(db, { nome: 'Arroz Agulhinha 5 kg' }),
        await criaProduto(db, { nome: 'Café Torrado 500 g' }),
      ];
      for (const p of produtos)
        await registraAjuste(
          db,
          ator,
          ajusteSchema.parse({
            produto_id: p,
            local_id: dep,
            sentido: 'entrada',
            quantidade: '10',
            custo_unitario: '8',
            motivo: 'Carga',
          }),
        );
      // per product: 20 saídas of 1 against 10 on hand, all at once → exactly 10 go out, 10 refused
      const antes = { ...contagemAjustes };
      const pedidos = produtos.flatMap((p) =>
        Array.from({ length: 20 }, () =>
          registraAjuste(
            db,
            ator,
            ajusteSchema.parse({
              produto_id: p,
              local_id: dep,
              sentido: 'saida',
              quantidade: '1',
              motivo: 'Concorrência',
            }),
          ).then(
            () => 'ok',
            (err: unknown) => {
              if (!(err instanceof AppError) || err.status !== 422) throw err;
              return err.message;
            },
          ),
        ),
      );
      const respostas = await Promise.all(pedidos);
      // 40 postings at once went in fewer statements (at most 3 in flight, the rest waiting together)
      expect(contagemAjustes.ajustes - antes.ajustes).toBe(40);
      expect(contagemAjustes.statements - antes.statements).toBeLessThan(40);
      for (const [i, nome] of ['Arroz Agulhinha 5 kg', 'Café Torrado 500 g'].entries()) {
        const deste = respostas.slice(i * 20, i * 20 + 20);
        expect(deste.filter((r) => r === 'ok')).toHaveLength(10);
        expect(new Set(deste.filter((r) => r !== 'ok'))).toEqual(
          new Set([`Estoque insuficiente de ${nome} em Depósito principal: disponível 0.`]),
        );
      }
      const estado = await estadoDoBanco(db);
      const deles = {
        saldos: new Map([...estado.saldos].filter(([, s]) => produtos.includes(s.produtoId))),
        produtos: new Map([...estado.produtos].filter(([id]) => produtos.includes(id))),
      };
      const linhas = (await linhasDoRazao(db)).filter((l) => produtos.includes(l.produtoId));
      expect(linhas).toHaveLength(2 + 20);
      expect(verificaRazao(deles, linhas, { permiteNegativo: false })).toEqual([]);
      expect([...deles.produtos.values()].map((p) => p.saldo)).toEqual(['0.000', '0.000']);
      const totais = await totaisPorLocal(db);
      expect(totais.mantidos).toEqual(totais.recalculados);
    } finally {
      await pool?.close();
    }
  });
  it('mixes batched ajustes with transfers of the same products in both locations: no deadlock, the ledger whole', async () => {
    const pool = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 8 }) : null;
    const db = pool?.db ?? database.db;
    try {
      const produtos = [
        await criaProduto(db, { nome: 'Feijão Preto 1 kg' }),
        await criaProduto(db, { nome: 'Macarrão Espaguete 500 g' }),
      ];
      for (const p of produtos)
        for (const l of [dep, sep])
          await registraAjuste(
            db,
            ator,
            ajusteSchema.parse({
              produto_id: p,
              local_id: l,
              sentido: 'entrada',
              quantidade: '6',
              custo_unitario: '5',
              motivo: 'Carga',
            }),
          );
      const recusa = (err: unknown) => {
        if (!(err instanceof AppError) || err.status !== 422) throw err;
        return 'recusado';
      };
      const ops = Array.from({ length: 48 }, (_, i) => {
        const p = produtos[i % 2]!;
        const [de, para] = i % 4 < 2 ? [dep, sep] : [sep, dep];
        if (i % 3 === 0)
          return registraTransferencia(
            db,
            ator,
            transferenciaSchema.parse({ produto_id: p, origem_id: de, destino_id: para, quantidade: '2' }),
          ).then(() => 'ok', recusa);
        return registraAjuste(
          db,
          ator,
          ajusteSchema.parse({
            produto_id: p,
            local_id: de,
            sentido: i % 5 === 0 ? 'entrada' : 'saida',
            quantidade: '1',
            custo_unitario: '7',
            motivo: 'Mistura',
          }),
        ).then(() => 'ok', recusa);
      });
      const respostas = await Promise.all(ops);
      expect(respostas.filter((r) => r === 'ok').length).toBeGreaterThan(0);
      const estado = await estadoDoBanco(db);
      const deles = {
        saldos: new Map([...estado.saldos].filter(([, s]) => produtos.includes(s.produtoId))),
        produtos: new Map([...estado.produtos].filter(([id]) => produtos.includes(id))),
      };
      const linhas = (await linhasDoRazao(db)).filter((l) => produtos.includes(l.produtoId));
      expect(verificaRazao(deles, linhas, { permiteNegativo: false })).toEqual([]);
      expect([...deles.saldos.values()].every((s) => Number(s.saldo) >= 0)).toBe(true);
      const totais = await totaisPorLocal(db);
      expect(totais.mantidos).toEqual(totais.recalculados);
    } finally {
      await pool?.close();
    }
  });
});
