// The price + taxes benchmark through the server (issue 13): the data set of dataset.ts written to a
// migrated database, then a 200-item order priced by the real route and taxed by the service the
// orders module calls —
//   POST /api/precos/preco/pedido through HTTP on the real server process (session check, zod validation, the customer, the products, the
//   one query of the tables reaching the customer with the order's products, priceOrder, JSON), and
//   calcularImpostosPedido (the company, the customer, the products, the rules that can apply,
//   matchRule + computeItemTaxes + totalize) with the prices the route answered.
// Each beside its SQL (the statements it sends, captured once and replayed alone on one connection).
// Prints one JSON line (run.ts puts it in docs/benchmarks.md). PostgreSQL on the local server by
// default (database erp_bench_precos, recreated on each run), --pglite for PGlite in memory.
//   npx tsx bench/precos/endpoint.ts [--iterations 40] [--pglite]
import { cnpjWithCheckDigits } from '@erp/shared';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { users } from '../../apps/server/src/modules/auth/auth.tables.ts';
import { createSession } from '../../apps/server/src/modules/auth/session.service.ts';
import { signAccessToken } from '../../apps/server/src/modules/auth/tokens.ts';
import {
  clientes,
  gruposEmpresariais,
  regioesEntrega,
  segmentos,
} from '../../apps/server/src/modules/cadastros/cadastros.tables.ts';
import { products as produtos } from '../../apps/server/src/modules/estoque/estoque.tables.ts';
import {
  tabelaPrecoClientes,
  tabelaPrecoFaixas,
  tabelaPrecoItens,
  tabelasPreco,
} from '../../apps/server/src/modules/precos/precos.tables.ts';
import { calcularImpostosPedido } from '../../apps/server/src/modules/tributacao/impostos.service.ts';
import { regrasTributacao } from '../../apps/server/src/modules/tributacao/tributacao.tables.ts';
import { userRoles } from '../../apps/server/src/modules/usuarios/usuarios.tables.ts';
import {
  captureStatements,
  type HttpServer,
  loadSampler,
  startHttpServer,
  statementsTimed,
} from '../lib/http.ts';
import { customer, DATE, items, products, rules, SCENARIOS, tables, uuid } from './dataset.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ITERATIONS = Number(arg('iterations') ?? '40');
const WARMUP = 5;
const PGLITE = process.argv.includes('--pglite');
const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'erp_bench_precos';
const SECRET = 'bench-secret-with-at-least-32-characters!!';

async function openBench(): Promise<Database> {
  if (PGLITE) return openDatabase({});
  const admin = await openDatabase({ databaseUrl: `${SERVER_URL}/postgres`, poolSize: 1 });
  try {
    await admin.exec(`drop database if exists ${DB_NAME} with (force)`);
    await admin.exec(`create database ${DB_NAME}`);
  } finally {
    await admin.close();
  }
  return openDatabase({ databaseUrl: `${SERVER_URL}/${DB_NAME}`, poolSize: 4 });
}

const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The data set as rows: classifications, customers, products, price tables, tax rules. */
async function load(database: Database) {
  const db = database.db;
  const ids = (kind: number, ns: number[]) => ns.map((n) => uuid(kind, n));
  await db
    .insert(gruposEmpresariais)
    .values(ids(3, [1, 100, 101, 102]).map((id, i) => ({ id, nome: `Rede ${i}` })));
  await db.insert(segmentos).values({ id: customer.segmentoId, nome: 'Atacado' });
  await db.insert(regioesEntrega).values({ id: customer.regiaoId, nome: 'Capital' });
  // the customer of the price tables (MG contributor), the others of the lists, the tax scenarios'
  const cliente = (n: number, uf: string, indicadorIe: '1' | '9', classes = false) => ({
    id: uuid(2, n),
    tipoPessoa: 'J' as const,
    documento: cnpjWithCheckDigits(`${String(30_000_000 + n * 7919).slice(0, 8)}0001`),
    razaoSocial: `Cliente ${n}`,
    uf,
    indicadorIe,
    inscricaoEstadual: indicadorIe === '1' ? '123456789' : null,
    grupoId: classes ? customer.grupoEmpresarialId : null,
    segmentoId: classes ? customer.segmentoId : null,
    regiaoId: classes ? customer.regiaoId : null,
  });
  await db
    .insert(clientes)
    .values([
      cliente(1, 'MG', '1', true),
      ...[9, 10, 100, 101, 102].map((n) => cliente(n, 'MG', '1')),
      cliente(201, 'MG', '1'),
      cliente(202, 'BA', '9'),
      cliente(203, 'SP', '1'),
    ]);
  await db.insert(produtos).values(
    products.map((p, i) => ({
      id: p.id,
      codigo: `P${String(i + 1).padStart(4, '0')}`,
      nome: `Produto ${i + 1}`,
      unidade: 'UN',
      ncm: p.ncm,
      origem: p.origem,
      precoVenda: p.precoVendaBase,
      custoMedio: p.custoMedio,
    })),
  );
  for (const t of tables) {
    await db.insert(tabelasPreco).values({
      id: t.id,
      nome: t.nome,
      vigenciaInicio: t.vigencia_inicio,
      vigenciaFim: t.vigencia_fim,
      ativa: t.ativa,
      escopo: t.escopo,
      grupoId: t.grupo_id,
      segmentoId: t.segmento_id,
      regiaoId: t.regiao_id,
    });
    if (t.cliente_ids.length)
      await db
        .insert(tabelaPrecoClientes)
        .values(t.cliente_ids.map((clienteId) => ({ tabelaId: t.id, clienteId })));
    await db.insert(tabelaPrecoItens).values(
      t.itens.map((i) => ({
        tabelaId: t.id,
        produtoId: i.produto_id,
        regra: i.regra,
        preco: i.regra === 'preco_fixo' ? i.valor : null,
        percentual: i.regra === 'preco_fixo' ? null : i.valor,
        precoMinimo: i.preco_minimo,
      })),
    );
    const faixas = t.itens.flatMap((i) =>
      i.faixas.map((f) => ({
        tabelaId: t.id,
        produtoId: i.produto_id,
        quantidadeMinima: f.quantidade_minima,
        tipo: f.tipo,
        preco: f.tipo === 'preco' ? f.valor : null,
        percentual: f.tipo === 'preco' ? null : f.valor,
      })),
    );
    if (faixas.length) await db.insert(tabelaPrecoFaixas).values(faixas);
  }
  // Two active rules with one match key are refused by the unique index: the first is kept (the
  // one matchRule would pick). The engine bench gets the same first-wins answer.
  const chaves = new Set<string>();
  const regras = rules.filter((r) => {
    if (!r.ativa) return true;
    const chave = [
      r.operacao,
      r.sentido,
      r.crt,
      r.produto_id,
      r.ncm_prefixo,
      r.uf_origem,
      r.destino,
      r.tipo_destinatario,
    ].join('|');
    if (chaves.has(chave)) return false;
    chaves.add(chave);
    return true;
  });
  await db
    .insert(regrasTributacao)
    .values(
      regras.map(
        (r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [camel(k), v]),
          ) as unknown as typeof regrasTributacao.$inferInsert,
      ),
    );
  return { regras: regras.length };
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}

async function measure(fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

let servidor: HttpServer | null = null;

async function main() {
  const database = await openBench();
  await migrate(database.db);
  const { regras } = await load(database);
  const db = database.db;

  const [user] = await db
    .insert(users)
    .values({ email: 'bench-precos@bench.local', emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user!.id, role: 'comercial' });
  const session = await createSession(db, user!.id, {});
  const jwtSecret = new TextEncoder().encode(SECRET);
  const { token } = await signAccessToken(
    jwtSecret,
    { sub: user!.id, email: 'bench-precos@bench.local', sessionId: session.sessionId },
    3600,
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/erp-bench',
  });
  const app = createApp({ database, db, config, logger: createLogger('silent'), jwtSecret });

  const pedido = {
    cliente_id: customer.id,
    data: DATE,
    itens: items.map((i) => ({ produto_id: i.product.id, quantidade: String(i.quantity) })),
  };
  const precificarEmProcesso = async () => {
    const res = await app.request('/api/precos/preco/pedido', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(pedido),
    });
    if (res.status !== 200) throw new Error(`preço: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as { itens: { produto_id: string; quantidade: string; preco: string }[] };
  };
  // PostgreSQL: the route through HTTP on the real server process (bench/lib/http.ts), and the
  // statements it sends (captured once in process) replayed alone as its SQL; PGlite (embedded, no
  // server process to talk to) stays in process.
  const server = PGLITE ? null : await startHttpServer(database, DB_NAME, { role: 'comercial' });
  servidor = server;
  const precificar = server
    ? async () =>
        (await server.request('POST', '/api/precos/preco/pedido', pedido)).body as Awaited<
          ReturnType<typeof precificarEmProcesso>
        >
    : precificarEmProcesso;
  const precos = await precificar();
  const itens = precos.itens.map((i) => ({
    produtoId: i.produto_id,
    quantidade: i.quantidade,
    valorUnitario: i.preco,
  }));
  const tributar = (clienteId: string) => calcularImpostosPedido(db, { clienteId, operacao: 'venda', itens });

  const sampler = loadSampler();
  const preco = await measure(precificar);
  // The reference, same run: the route's statements (session check included) and each scenario's
  // taxes statements replayed with their parameters on one connection (all reads).
  const precoSql = server
    ? await statementsTimed(database, await captureStatements(precificarEmProcesso), ITERATIONS, WARMUP)
    : null;
  const impostos = [];
  for (const [i, s] of SCENARIOS.entries()) {
    const clienteId = uuid(2, 201 + i);
    const { totais } = await tributar(clienteId);
    const sqlStat = server
      ? await statementsTimed(
          database,
          await captureStatements(() => tributar(clienteId)),
          ITERATIONS,
          WARMUP,
        )
      : null;
    impostos.push({
      name: s.name,
      vNF: totais.ICMSTot.vNF,
      ...(await measure(() => tributar(clienteId))),
      sql: sqlStat,
    });
  }
  const juntos = await measure(async () => {
    await precificar();
    await tributar(uuid(2, 201));
  });
  const carga = sampler.stop();
  await server?.stop();
  await database.close();
  process.stdout.write(
    `${JSON.stringify({ banco: PGLITE ? 'PGlite' : 'PostgreSQL', via: server ? 'HTTP' : 'in process', regras, iterations: ITERATIONS, preco, precoSql, impostos, juntos, load: carga })}\n`,
  );
}

main().catch(async (err) => {
  console.error(err);
  await servidor?.stop(); // a child process: it would outlive the bench
  process.exit(1);
});
