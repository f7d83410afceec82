import { type Ajuste, ajusteSchema, kardexQuerySchema, verificaRazao } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase, rowsOf } from '../../db/client.ts';
import { createRandom } from '../../db/seed/prng.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { setSetting } from '../configuracoes/settings.service.ts';
import {
  criaLocal,
  criaLote,
  criaProduto,
  estadoDoBanco,
  linhasDoRazao,
  localPrincipal,
  totaisPorLocal,
} from './estoque-test-support.ts';
import { exportaKardex } from './kardex.service.ts';
import { registraAjuste, registraAjusteEmEtapas } from './movimentos.service.ts';
import { reservaEstoque } from './reservas.service.ts';

// POST /api/estoque/ajustes posts in one round trip through estoque_ajustar() (migration 0048). Its
// reference is the posting in steps through the shared model (registraAjusteEmEtapas): the same
// random ajustes — entradas with and without a cost, saídas, refusals of every kind, reservations,
// negative stock switched on halfway — go to two identical sets of products, one through each
// path; every answer (or refusal) and, at the end, the ledger rows, balances, products, Kardex,
// per-location totals and the dashboard's stock summary must be the same. On PGlite and PostgreSQL.

let database: Database & { url?: string };
let ator: Actor;

type Mundo = { produtos: string[]; lotes: Record<string, string[]> };
let mundos: [Mundo, Mundo];
let locais: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [u] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into users (email) values ('ajuste@teste.com.br') returning id`),
  );
  ator = { userId: u!.id, email: 'ajuste@teste.com.br', ip: '10.0.0.1', userAgent: 'vitest' };
  await db.execute(
    sql`insert into unidades (sigla, descricao, casas_decimais) values ('KG', 'Quilograma', 3)`,
  );
  locais = [
    await localPrincipal(db),
    await criaLocal(db, { codigo: 'SEP', nome: 'Separação', tipo: 'separacao' }),
    await criaLocal(db, { codigo: 'INA', nome: 'Desativado' }),
  ];
  await db.execute(sql`update locais_estoque set ativo = false where codigo = 'INA'`);
  mundos = [await criaMundo(db), await criaMundo(db)];
});
afterAll(() => database?.close());

/** Three products (one controlling lots, with two) to post ajustes to. */
async function criaMundo(db: Db): Promise<Mundo> {
  const queijo = await criaProduto(db, { nome: 'Queijo Minas', unidade: 'KG', controlaLote: true });
  const farinha = await criaProduto(db, { nome: 'Farinha de Trigo', unidade: 'KG' });
  const sabao = await criaProduto(db, { nome: 'Sabão em Pó 1 kg' });
  return {
    produtos: [queijo, farinha, sabao],
    lotes: {
      [queijo]: [
        await criaLote(db, { produtoId: queijo, numero: 'Q1', validade: '2099-01-31' }),
        await criaLote(db, { produtoId: queijo, numero: 'Q2', validade: '2099-06-30' }),
      ],
    },
  };
}

/** B's ids written as A's, so the two worlds' answers compare as text. */
function comoA(valor: unknown, [a, b]: [Mundo, Mundo] = mundos): unknown {
  let texto = JSON.stringify(valor);
  b.produtos.forEach((id, i) => {
    texto = texto.replaceAll(id, a.produtos[i]!);
    b.lotes[id]?.forEach((l, j) => {
      texto = texto.replaceAll(l, a.lotes[a.produtos[i]!]![j]!);
    });
  });
  return JSON.parse(texto);
}

async function resultado(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    const linhas = (await fn()) as { id: number; ocorrido_em: string }[];
    return { ok: linhas.map(({ id: _id, ocorrido_em: _em, ...resto }) => resto) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { erro: { code: err.code, status: err.status, message: err.message, details: err.details } };
  }
}

/** A random ajuste of product `p` (0..2) of world `m`, as the API's schema reads it. */
function sorteia(r: ReturnType<typeof createRandom>) {
  const p = r.int(0, 2);
  const local = r.next() < 0.08 ? 2 : r.int(0, 1);
  // the lot: of a product that controls lots, the first, the second or none (refused); of the
  // others, now and then the first product's (refused)
  const lote = r.next();
  const sentido = r.chance(0.45) ? 'saida' : 'entrada';
  // UN takes no decimals (now and then one is asked: refused); KG up to 3
  const casas = p === 2 ? (r.chance(0.05) ? 1 : 0) : r.int(0, 3);
  const quantidade = (r.int(10 ** casas, (p === 2 ? 40 : 400) * 10 ** casas) / 10 ** casas).toFixed(casas);
  const custo = r.chance(0.3) ? null : (r.int(0, 900000) / 10 ** r.int(0, 4)).toFixed(4);
  return (m: Mundo): Ajuste => {
    const produto = m.produtos[p]!;
    const outro = m.lotes[m.produtos[0]!]!;
    const loteId =
      p === 0 ? (lote < 0.45 ? outro[0]! : lote < 0.9 ? outro[1]! : null) : lote < 0.05 ? outro[0]! : null;
    return ajusteSchema.parse({
      produto_id: produto,
      local_id: locais[local],
      lote_id: loteId,
      sentido,
      quantidade,
      custo_unitario: custo,
      motivo: `Ajuste ${sentido}`,
    });
  };
}

async function ledger(db: Db, produtos: string[]) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select m.product_id, m.local_id, m.lote_id, m.tipo, m.quantidade::text, m.custo_unitario::text,
        m.saldo_produto::text, m.custo_medio::text, m.origem, m.origem_id, m.observacao, m.estorno_de, m.user_id
      from estoque_movimentos m
      where m.product_id in (${sql.join(
        produtos.map((p) => sql`${p}::uuid`),
        sql`, `,
      )})
      order by array_position(${`{${produtos.join(',')}}`}::uuid[], m.product_id), m.id`),
  );
  const saldos = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select s.produto_id, s.local_id, s.lote_id, s.saldo::text, s.reservado::text
      from estoque_saldos s where s.produto_id in (${sql.join(
        produtos.map((p) => sql`${p}::uuid`),
        sql`, `,
      )})
      order by array_position(${`{${produtos.join(',')}}`}::uuid[], s.produto_id), s.local_id,
        (select l.numero from lotes l where l.id = s.lote_id) nulls first`),
  );
  const prods = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select p.estoque_atual::text, p.estoque_reservado::text, p.custo_medio::text,
        p.preco_custo::text from products p where p.id = any(${`{${produtos.join(',')}}`}::uuid[])
      order by array_position(${`{${produtos.join(',')}}`}::uuid[], p.id)`),
  );
  const kardexes = [];
  for (const p of produtos) {
    const linhas = await exportaKardex(db, p, kardexQuerySchema.parse({}));
    kardexes.push(linhas.map(({ id: _id, ocorrido_em: _em, ...resto }) => resto));
  }
  return { rows, saldos, prods, kardexes };
}

/**
 * The ledger's invariants over the whole database (negative stock allowed: the random ajustes switch
 * it on, so no "disponível negativo" rule), the per-location totals kept = recomputed, and the
 * dashboard's stock summary = its plain aggregate over the products.
 */
async function confereRazaoETotais(db: Db) {
  const estado = await estadoDoBanco(db);
  expect(verificaRazao(estado, await linhasDoRazao(db), { permiteNegativo: true })).toEqual([]);
  const totais = await totaisPorLocal(db);
  expect(totais.mantidos).toEqual(totais.recalculados);
  const [resumo] = rowsOf<Record<string, string>>(
    await db.execute(sql`select coalesce(sum(produtos), 0)::int as produtos, coalesce(sum(abaixo_minimo), 0)::int as abaixo,
      round(coalesce(sum(valor), 0), 2)::text as valor from dashboard_estoque_resumo`),
  );
  const [direto] = rowsOf<Record<string, string>>(
    await db.execute(sql`select count(*)::int as produtos,
      (count(*) filter (where estoque_atual <= estoque_minimo))::int as abaixo,
      round(coalesce(sum(estoque_atual * preco_custo) filter (where estoque_atual > 0), 0), 2)::text as valor
      from products where ativo`),
  );
  expect(resumo).toEqual(direto);
}

describe('estoque_ajustar (one round trip) against the posting in steps', () => {
  it('the same random ajustes give the same answers, ledger, balances, products, Kardex and totals', async () => {
    const db = database.db;
    const r = createRandom(20261129);
    let sucessos = 0;
    let recusas = 0;
    const tipos = new Set<string>();
    for (let i = 0; i < 160; i++) {
      if (i === 110) await setSetting(db, ator, 'permitir_estoque_negativo', true);
      if (i % 25 === 12) {
        // a reservation of 1 on the first product's first lot, in both worlds (when it fits)
        for (const m of mundos) {
          await writeTx(db, ator, (tx) =>
            reservaEstoque(tx, ator, { origem: 'teste', origemId: `R${i}` }, [
              {
                produtoId: m.produtos[0]!,
                quantidade: '1',
                localId: locais[0],
                loteId: m.lotes[m.produtos[0]!]![0],
              },
            ]),
          ).catch((err) => {
            if (!(err instanceof AppError)) throw err;
          });
        }
      }
      // the first: an entrada without a cost of a product that has no custo médio yet (refused)
      const ajuste =
        i === 0
          ? (m: Mundo) =>
              ajusteSchema.parse({
                produto_id: m.produtos[2],
                local_id: locais[0],
                sentido: 'entrada',
                quantidade: '5',
                motivo: 'Sem custo',
              })
          : sorteia(r);
      const antigo = await resultado(() => registraAjusteEmEtapas(db, ator, ajuste(mundos[0])));
      const novo = await resultado(() => registraAjuste(db, ator, ajuste(mundos[1])));
      expect(comoA(novo), `ajuste ${i}: ${JSON.stringify(ajuste(mundos[0]))}`).toEqual(antigo);
      if ('ok' in (antigo as object)) sucessos++;
      else {
        recusas++;
        const { details } = (antigo as { erro: { details: { reason?: string; fields?: object } } }).erro;
        for (const tipo of details.reason ? [details.reason] : Object.keys(details.fields ?? {}))
          tipos.add(tipo);
      }
    }
    // the sequence exercised both outcomes enough to mean something
    expect(sucessos).toBeGreaterThan(60);
    expect(recusas).toBeGreaterThan(20);
    // refusals of every kind an ajuste has: stock, cost, lot, location and the unit's decimals
    expect([...tipos].sort()).toEqual([
      'custo_unitario',
      'estoque_insuficiente',
      'local_id',
      'lote_id',
      'quantidade',
    ]);

    const a = await ledger(db, mundos[0].produtos);
    const b = await ledger(db, mundos[1].produtos);
    expect(comoA(b)).toEqual(a);
    expect(a.rows.length).toBe(sucessos);
    await confereRazaoETotais(db);
    // the audit settings reached the row: the acting user is recorded on each of them
    const [semUsuario] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from estoque_movimentos where user_id is distinct from ${ator.userId}::uuid`,
      ),
    );
    expect(semUsuario!.n).toBe(0);
  });

  it('refuses a saída beyond what is available in pt-BR, with the same details, and writes nothing', async () => {
    const db = database.db;
    await setSetting(db, ator, 'permitir_estoque_negativo', false);
    const p = await criaProduto(db, { nome: 'Óleo de Soja 900 ml' });
    const dep = locais[0]!;
    const entrada = ajusteSchema.parse({
      produto_id: p,
      local_id: dep,
      sentido: 'entrada',
      quantidade: '3',
      custo_unitario: '7,49',
      motivo: 'Contagem',
    });
    expect((await registraAjuste(db, ator, entrada))[0]).toMatchObject({
      tipo: 'ajuste',
      quantidade: '3.000',
      custo_unitario: '7.4900',
      saldo_produto: '3.000',
      custo_medio: '7.4900',
      estorno_de: null,
    });
    const saida = { ...entrada, sentido: 'saida' as const, quantidade: '4.000', custo_unitario: null };
    const antes = await ledger(db, [p]);
    const erro = await registraAjuste(db, ator, saida).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(AppError);
    expect((erro as AppError).status).toBe(422);
    expect((erro as AppError).message).toBe(
      'Estoque insuficiente de Óleo de Soja 900 ml em Depósito principal: disponível 3.',
    );
    expect((erro as AppError).details).toEqual({
      reason: 'estoque_insuficiente',
      produto_id: p,
      local_id: dep,
      lote_id: null,
      disponivel: '3.000',
    });
    expect(await ledger(db, [p])).toEqual(antes);
    // a location without a balance row: refused, and no balance row is left behind
    const sep = locais[1]!;
    await expect(registraAjuste(db, ator, { ...saida, local_id: sep })).rejects.toThrow(
      'Estoque insuficiente de Óleo de Soja 900 ml em Separação: disponível 0.',
    );
    const [linhas] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from estoque_saldos where produto_id = ${p} and local_id = ${sep}`,
      ),
    );
    expect(linhas!.n).toBe(0);
    // as estoque_ajustar_lote calls it (migration 0083): the same refusal answered, not raised — the
    // same DETAIL text the raised one carries — and the balance row it inserted deleted
    const parametro = {
      produto_id: p,
      local_id: sep,
      lote_id: null,
      quantidade: '-4',
      custo_unitario: null,
      motivo: 'Contagem',
      permite_negativo_padrao: false,
      usuario: { id: ator.userId, email: ator.email, ip: ator.ip, user_agent: ator.userAgent },
    };
    const [respondida] = rowsOf<{ r: { recusa: string }; momento: string | null }>(
      await db.execute(
        sql`select r, momento from estoque_ajustar(${JSON.stringify({ ...parametro, recusa_sem_erro: true })}::jsonb)`,
      ),
    );
    const levantada = await db
      .execute(sql`select r from estoque_ajustar(${JSON.stringify(parametro)}::jsonb)`)
      .catch((e: unknown) => e as { cause?: { detail?: string }; detail?: string });
    const detalhe =
      (levantada as { cause?: { detail?: string } }).cause?.detail ??
      (levantada as { detail?: string }).detail;
    expect(respondida!.momento).toBeNull();
    expect(JSON.parse(respondida!.r.recusa)).toEqual({
      codigo: 'estoque_insuficiente',
      disponivel: '0.000',
      produto: 'Óleo de Soja 900 ml',
      local: 'Separação',
      lote: null,
    });
    expect(respondida!.r.recusa).toBe(detalhe);
    const [depois] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from estoque_saldos where produto_id = ${p} and local_id = ${sep}`,
      ),
    );
    expect(depois!.n).toBe(0);
    expect(await ledger(db, [p])).toEqual(antes);
  });
});

// The group commit (ajuste-lote.ts) sends the postings that arrive together as one
// estoque_ajustar_lote statement, which since migration 0084 runs their rules in memory and writes
// once per table. Its reference is estoque_ajustar, one posting at a time: the same random ajustes
// go to two new sets of products, one set in batches of 1 to 8, the other one by one.
describe('estoque_ajustar_lote (one write per table) against estoque_ajustar one by one', () => {
  it('the same random ajustes in batches give the same answers, ledger, balances, products, Kardex and totals', async () => {
    const db = database.db;
    await setSetting(db, ator, 'permitir_estoque_negativo', false);
    const par: [Mundo, Mundo] = [await criaMundo(db), await criaMundo(db)];
    const [a, b] = par;
    // the parameter as ajustaNoRazao (razao.service.ts) builds it
    const parametro = (x: Ajuste) => ({
      produto_id: x.produto_id,
      local_id: x.local_id,
      lote_id: x.lote_id,
      quantidade: x.sentido === 'saida' ? `-${x.quantidade}` : x.quantidade,
      custo_unitario: x.sentido === 'entrada' ? (x.custo_unitario ?? null) : null,
      motivo: x.motivo,
      permite_negativo_padrao: false,
      usuario: { id: ator.userId, email: ator.email, ip: ator.ip, user_agent: ator.userAgent },
    });
    // an answer without the ledger id (the two sets' ids differ); a refusal as its DETAIL — the
    // single call answers it instead of raising (recusa_sem_erro: the same DETAIL, migration 0083)
    const resposta = (r: Record<string, unknown> | null, detalhe: string | null) => {
      if (detalhe !== null) return { recusa: JSON.parse(detalhe) };
      if (r && 'recusa' in r) return { recusa: JSON.parse(r.recusa as string) };
      const { id: _id, ...resto } = r ?? {};
      return resto;
    };
    const rnd = createRandom(20261130);
    let escritos = 0;
    let recusas = 0;
    let lotes = 0;
    let i = 0;
    while (i < 200) {
      if (i >= 140 && lotes % 7 === 0) await setSetting(db, ator, 'permitir_estoque_negativo', true);
      if (lotes % 6 === 3) {
        // a reservation of 1 on the first product's first lot, in both sets (when it fits)
        for (const m of par) {
          await writeTx(db, ator, (tx) =>
            reservaEstoque(tx, ator, { origem: 'teste', origemId: `L${i}` }, [
              {
                produtoId: m.produtos[0]!,
                quantidade: '1',
                localId: locais[0],
                loteId: m.lotes[m.produtos[0]!]![0],
              },
            ]),
          ).catch((err) => {
            if (!(err instanceof AppError)) throw err;
          });
        }
      }
      const n = rnd.int(1, 8);
      const sorteados = Array.from({ length: n }, () => sorteia(rnd));
      const sozinhos = [];
      for (const f of sorteados) {
        const [l] = rowsOf<{ r: Record<string, unknown> }>(
          await db.execute(
            sql`select r from estoque_ajustar(${JSON.stringify({ ...parametro(f(a)), recusa_sem_erro: true })}::jsonb)`,
          ),
        );
        sozinhos.push(resposta(l!.r, null));
      }
      const linhas = rowsOf<{
        ordem: number;
        r: Record<string, unknown> | null;
        erro_estado: string | null;
        erro_detalhe: string | null;
      }>(
        await db.execute(
          sql`select ordem, r, erro_estado, erro_detalhe from estoque_ajustar_lote(${JSON.stringify(sorteados.map((f) => parametro(f(b))))}::jsonb)`,
        ),
      );
      expect(linhas.map((l) => l.ordem)).toEqual(sorteados.map((_, k) => k));
      const emLote = linhas.map((l) => resposta(l.r, l.erro_detalhe));
      expect(comoA(emLote, par), `lote ${lotes}: ${JSON.stringify(sorteados.map((f) => f(a)))}`).toEqual(
        sozinhos,
      );
      for (const x of sozinhos) {
        if ('recusa' in x) recusas++;
        else if ('quantidade' in x) escritos++;
      }
      i += n;
      lotes++;
    }
    expect(escritos).toBeGreaterThan(70);
    expect(recusas).toBeGreaterThan(25);

    const la = await ledger(db, a.produtos);
    const lb = await ledger(db, b.produtos);
    expect(comoA(lb, par)).toEqual(la);
    expect(la.rows.length).toBe(escritos);
    await confereRazaoETotais(db);
    // no balance row of a refused or unused key is left behind: both sets hold the same rows
    expect(lb.saldos.length).toBe(la.saldos.length);
  });
});

const servidor = process.env.TEST_DATABASE_URL;

describe.skipIf(!servidor)('estoque_ajustar under 8 concurrent writers (PostgreSQL only)', () => {
  it('never drives a balance negative: exactly the stock there was goes out, every unit is counted', async () => {
    const pool = await openDatabase({ databaseUrl: database.url!, poolSize: 8 });
    try {
      const db = pool.db;
      await setSetting(db, ator, 'permitir_estoque_negativo', false);
      const dep = locais[0]!;
      const sep = locais[1]!;
      const produtos = [
        await criaProduto(db, { nome: 'Arroz Tipo 1 5 kg' }),
        await criaProduto(db, { nome: 'Feijão Carioca 1 kg' }),
      ];
      const base = { sentido: 'entrada', custo_unitario: '10', motivo: 'Carga inicial' };
      for (const p of produtos)
        for (const l of [dep, sep])
          await registraAjuste(
            db,
            ator,
            ajusteSchema.parse({ ...base, produto_id: p, local_id: l, quantidade: '30' }),
          );
      // 8 writers × 40 postings: saídas of 1 (120 units on hand, 160 asked per product and location
      // half the time) mixed with entradas of 1 at another cost, on the same four balances
      const r = createRandom(7);
      const planos = Array.from({ length: 8 }, () =>
        Array.from({ length: 40 }, () => ({
          produto_id: r.pick(produtos),
          local_id: r.pick([dep, sep]),
          sentido: r.chance(0.85) ? 'saida' : 'entrada',
        })),
      );
      const resultados = await Promise.all(
        planos.map(async (plano) => {
          let ok = 0;
          let recusado = 0;
          for (const passo of plano) {
            try {
              await registraAjuste(
                db,
                ator,
                ajusteSchema.parse({
                  ...passo,
                  quantidade: '1',
                  custo_unitario: '12',
                  motivo: 'Concorrência',
                }),
              );
              ok++;
            } catch (err) {
              if (!(err instanceof AppError) || err.status !== 422) throw err;
              expect(err.message).toMatch(/^Estoque insuficiente de .+ em .+: disponível 0\.$/);
              recusado++;
            }
          }
          return { ok, recusado };
        }),
      );
      const recusas = resultados.reduce((s, x) => s + x.recusado, 0);
      const entradas = planos.flat().filter((x) => x.sentido === 'entrada').length;
      const saidas = planos.flat().length - entradas;
      // every refusal is a balance at zero: what went out is what there was plus what came in
      const [soma] = rowsOf<{ saldo: string; negativos: number }>(
        await db.execute(sql`select sum(saldo)::text as saldo, (count(*) filter (where saldo - reservado < 0))::int as negativos
          from estoque_saldos where produto_id in (${produtos[0]}::uuid, ${produtos[1]}::uuid)`),
      );
      expect(soma!.negativos).toBe(0);
      expect(soma!.saldo).toBe(`${120 + entradas - (saidas - recusas)}.000`);
      // the invariants on these products (the file's first test left other balances negative on purpose)
      const estado = await estadoDoBanco(db);
      const deles = {
        saldos: new Map([...estado.saldos].filter(([, s]) => produtos.includes(s.produtoId))),
        produtos: new Map([...estado.produtos].filter(([id]) => produtos.includes(id))),
      };
      const linhas = (await linhasDoRazao(db)).filter((l) => produtos.includes(l.produtoId));
      expect(verificaRazao(deles, linhas, { permiteNegativo: false })).toEqual([]);
      const totais = await totaisPorLocal(db);
      expect(totais.mantidos).toEqual(totais.recalculados);
    } finally {
      await pool.close();
    }
  });
});
