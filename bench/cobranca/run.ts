// Cobrança registrada benchmark (issue 31, "Measured"): 10,000 boletos (nosso número + barcode +
// storage) < 5 s; a 10,000-boleto remessa < 2 s; a 10,000-record retorno settled < 10 s. On
// PostgreSQL, database erp_bench_cobranca (dropped and created anew by each run of this script),
// through HTTP on the real server process (bench/lib/http.ts) as the financeiro role, one request at
// a time, the load average sampled during each step:
//  (1) POST /api/financeiro/cobranca/boletos: 10 sequential requests of 1,000 títulos (the API's
//      maximum per request) of a Sicoob CNAB 240 carteira — the sum of the 10 is the figure;
//  (2) POST /api/financeiro/cobranca/remessas of the account: one remessa of those 10,000 boletos
//      (then GET …/remessas/:id/arquivo, timed apart; its lines counted: one P and one Q per boleto);
//  (3) POST /api/financeiro/extrato-bancario/cnab: the retorno the bank would send for that remessa
//      (gerarRetornoDeRemessa of @erp/shared on the downloaded bytes), a liquidação of every boleto;
//      checked: 10,000 títulos end pago.
// Each run has fresh data: 10,000 new títulos (SQL, 1,000 customers with address and CNPJ), after a
// small untimed warm-up cycle. Then, unless --sem-perfil, one more cycle on the real app in-process
// with every node-postgres statement timed as sent (count and ms per statement text): the database's
// share of each step beside its wall time, and where the retorno's time goes per record. Unless
// --sem-pdf, the PDF benchmark (bench/cobranca/boleto-pdf.ts) runs after, as a child process, and
// its two figures go in the section. Writes the "## Cobrança (issue 31)" section of
// docs/benchmarks.md (unless --no-write).
//   npm run bench:cobranca
//   npx tsx bench/cobranca/run.ts [--runs 3] [--boletos 10000] [--no-write] [--sem-perfil] [--sem-pdf]
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, businessToday, cnpjWithCheckDigits, gerarRetornoDeRemessa } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../apps/server/src/db/client.ts';
import { formatLoad, type HttpServer, type LoadFigures, loadSampler, startHttpServer } from '../lib/http.ts';
import { argValue, benchApp, benchUser, median, openMigratedDatabase } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const DB_NAME = process.env.BENCH_DB_NAME ?? 'erp_bench_cobranca';
const RUNS = Number(argValue('runs') ?? '3');
const N = Number(argValue('boletos') ?? '10000');
const LOTE = 1000; // gerarBoletosSchema: at most 1000 títulos per request
const CLIENTES = 1000;
const EMAIL = 'bench.cobranca@bench.erp.br';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HOJE = businessToday();
const api = (p: string) => `/api/financeiro${p}`;

type Requester = (
  method: string,
  pathname: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown; bytes?: Buffer }>;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API
type Json = Record<string, any>;

/** Emitente, classes, the Sicoob account and 1,000 customers with address and a valid CNPJ. */
async function base(database: Database): Promise<{ conta: string; classe: string }> {
  const { db } = database;
  await db.execute(
    sql`insert into app_settings (chave, valor) values ('fiscal_emitente', ${JSON.stringify({
      cnpj: '11222333000181',
      razao_social: 'DISTRIBUIDORA MINEIRA DE ALIMENTOS LTDA',
      endereco: {
        logradouro: 'Av. Amazonas',
        numero: '10',
        bairro: 'Centro',
        codigo_municipio: '3106200',
        municipio: 'Belo Horizonte',
        cep: '30180001',
      },
    })}::jsonb)`,
  );
  await db.execute(sql`insert into classes_financeiras (codigo, nome, tipo)
    values ('1', 'Receitas', 'receita'), ('1.01', 'Vendas', 'receita')`);
  const [conta] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into contas_bancarias (nome, tipo, banco_codigo, agencia, conta, conta_digito,
      saldo_inicial, data_saldo_inicial) values ('Sicoob cobrança', 'corrente', '756', '4327', '03666', '8', 0,
      ${addDays(HOJE, -60)}) returning id`),
  );
  const [classe] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from classes_financeiras where codigo = '1.01'`),
  );
  const clientes = Array.from({ length: CLIENTES }, (_, i) => ({
    documento: cnpjWithCheckDigits(`${String(30_000_000 + i * 7919).slice(0, 8)}0001`),
    razao_social: `${['Padaria', 'Mercado', 'Empório', 'Açougue', 'Restaurante'][i % 5]} Cliente ${i + 1} Ltda`,
    logradouro: `Rua ${['da Bahia', 'Goiás', 'Espírito Santo', 'Tupis'][i % 4]}`,
    numero: String(10 + (i % 900)),
    bairro: 'Centro',
    cep: String(30_100_000 + i * 13).padStart(8, '0'),
    municipio: 'Belo Horizonte',
  }));
  await db.execute(sql`insert into clientes (tipo_pessoa, documento, razao_social, logradouro, numero, bairro,
      cep, municipio, codigo_municipio, uf, indicador_ie)
    select 'J', x.documento, x.razao_social, x.logradouro, x.numero, x.bairro, x.cep, x.municipio, '3106200', 'MG', '9'
    from jsonb_to_recordset(${JSON.stringify(clientes)}::jsonb) as x(documento text, razao_social text,
      logradouro text, numero text, bairro text, cep text, municipio text)`);
  return { conta: conta!.id, classe: classe!.id };
}

/** `n` new open receivables of the account (one statement, triggers on), ids in vencimento order. */
async function novosTitulos(
  database: Database,
  n: number,
  rotulo: string,
  ids: { conta: string; classe: string },
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await database.db.execute(sql`insert into financial_accounts (tipo, status, descricao, valor, saldo,
        data_emissao, data_vencimento, cliente_id, pessoa_nome, documento, classe_financeira_id,
        conta_bancaria_id, origem)
      select 'receber', 'em_aberto', 'Venda ' || ${rotulo} || '-' || g, v.valor, v.valor, ${HOJE}::date,
        ${HOJE}::date + 20 + (g % 40), c.id, c.razao_social, 'NF ' || ${rotulo} || '-' || g || '/1', ${ids.classe}::uuid,
        ${ids.conta}::uuid, 'manual'
      from generate_series(1, ${n}::int) g
      cross join lateral (select (50 + ((g::bigint * 104729) % 500000) / 100.0)::numeric(14,2) as valor) v
      join (select id, razao_social, (row_number() over (order by id) - 1)::int as k from clientes) c
        on c.k = g % ${CLIENTES}
      returning id, data_vencimento`),
  );
  await database.exec('analyze financial_accounts; analyze boletos; analyze boleto_instrucoes');
  // the order the boletos take their numbers in (vencimento, id)
  return rowsOf<{ id: string }>(
    await database.db.execute(sql`select id from financial_accounts
      where id in (select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb)::uuid)
      order by data_vencimento, id`),
  ).map((r) => r.id);
}

type Ciclo = {
  boletos: number; // ms, the 10 requests
  porLote: number[]; // ms each
  cargaBoletos: LoadFigures;
  remessa: number;
  cargaRemessa: LoadFigures;
  download: number;
  linhas: number;
  segmentos: Record<string, number>;
  bytesRemessa: number;
  gerarRetorno: number; // bench side, not measured
  linhasRetorno: number;
  bytesRetorno: number;
  retorno: number;
  cargaRetorno: LoadFigures;
  pagos: number;
};

/** One cycle: boletos of `titulos` in requests of 1,000, the remessa, its retorno imported. */
async function ciclo(
  database: Database,
  request: Requester,
  conta: string,
  titulos: string[],
  baixar: (remessaId: string) => Promise<Buffer>,
): Promise<Ciclo> {
  const n = titulos.length;
  // (1) boletos
  const porLote: number[] = [];
  const gerados: Json[] = [];
  let amostra = loadSampler();
  for (let i = 0; i < n; i += LOTE) {
    const ids = titulos.slice(i, i + LOTE);
    const t0 = performance.now();
    const r = (await request('POST', api('/cobranca/boletos'), { titulo_ids: ids })).body as Json;
    porLote.push(performance.now() - t0);
    if (r.gerados.length !== ids.length || r.recusados.length)
      throw new Error(
        `boletos: ${r.gerados.length} gerados, recusados ${JSON.stringify(r.recusados.slice(0, 3))}`,
      );
    gerados.push(...r.gerados);
  }
  const cargaBoletos = amostra.stop();
  console.log(`  boletos: ${gerados.length}`);
  // (2) remessa
  amostra = loadSampler();
  let t0 = performance.now();
  const rem = (await request('POST', api('/cobranca/remessas'), { conta_bancaria_id: conta })).body as Json;
  const remessa = performance.now() - t0;
  const cargaRemessa = amostra.stop();
  t0 = performance.now();
  const bytes = await baixar(rem.id);
  const download = performance.now() - t0;
  const texto = bytes.toString('latin1');
  const linhas = texto.split('\r\n');
  if (linhas.pop() !== '' || linhas.some((l) => l.length !== 240))
    throw new Error('remessa: lines are not 240 characters ended by CRLF');
  const segmentos: Record<string, number> = {};
  for (const l of linhas) {
    const k = l[7] === '3' ? `segmento ${l[13]}` : `registro ${l[7]}`;
    segmentos[k] = (segmentos[k] ?? 0) + 1;
  }
  if (segmentos['segmento P'] !== n || segmentos['segmento Q'] !== n || rem.quantidade !== n)
    throw new Error(`remessa: ${JSON.stringify({ quantidade: rem.quantidade, segmentos })}`);
  console.log(`  remessa: ${linhas.length} linhas`);
  // (3) retorno: a liquidação of every boleto, credited today
  t0 = performance.now();
  const retorno = gerarRetornoDeRemessa(
    texto,
    gerados.map((b) => ({
      // with its DV: without it, Sicoob's 0000100 (no DV) and 0000010-0 are both "100" to the
      // generator's lookup (leading zeros dropped), and the first boleto of the remessa is taken
      documentoOuNossoNumero: `${b.nosso_numero}${b.nosso_numero_dv}`,
      ocorrencia: '06',
      dataOcorrencia: HOJE,
      dataCredito: HOJE,
      valorPago: b.valor,
    })),
  );
  const gerarRetorno = performance.now() - t0;
  const conteudo = Buffer.from(retorno.texto, 'latin1');
  console.log(`  retorno gerado: ${retorno.linhas.length} linhas em ${sec(gerarRetorno)}`);
  amostra = loadSampler();
  t0 = performance.now();
  const imp = (
    await request('POST', api('/extrato-bancario/cnab'), {
      conta_bancaria_id: conta,
      nome: `retorno-${rem.nsa}.ret`,
      conteudo_base64: conteudo.toString('base64'),
    })
  ).body as Json;
  const tempoRetorno = performance.now() - t0;
  const cargaRetorno = amostra.stop();
  const [{ pagos }] = rowsOf<{ pagos: number }>(
    await database.db.execute(sql`select count(*)::int as pagos from financial_accounts
      where status = 'pago' and saldo = 0
        and id in (select jsonb_array_elements_text(${JSON.stringify(titulos)}::jsonb)::uuid)`),
  ) as [{ pagos: number }];
  if (imp.baixados !== n || imp.lidos !== n || pagos !== n) {
    const nao = (imp.itens as Json[]).filter((x) => x.situacao !== 'baixado');
    console.error(JSON.stringify(nao.slice(0, 5)), nao.length);
    throw new Error(`retorno: ${JSON.stringify({ lidos: imp.lidos, baixados: imp.baixados, pagos })}`);
  }
  return {
    boletos: porLote.reduce((a, b) => a + b, 0),
    porLote,
    cargaBoletos,
    remessa,
    cargaRemessa,
    download,
    linhas: linhas.length,
    segmentos,
    bytesRemessa: bytes.length,
    gerarRetorno,
    linhasRetorno: retorno.linhas.length,
    bytesRetorno: conteudo.length,
    retorno: tempoRetorno,
    cargaRetorno,
    pagos,
  };
}

/**
 * Requests on a new connection each (node:http, no agent). HttpServer.request's fetch() reuses an
 * idle keep-alive socket, and after the ~10 s the bench takes to build the retorno the server (Node's
 * 5 s keepAliveTimeout) had closed it: the retorno's 6 MB POST failed with EPIPE (undici does not
 * retry a POST). A loopback connection costs well under a millisecond.
 */
function requestSemKeepAlive(servidor: HttpServer): Requester {
  const { hostname, port } = new URL(servidor.url);
  return (method, pathname, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: hostname,
          port,
          path: pathname,
          method,
          agent: false,
          headers: {
            authorization: `Bearer ${servidor.token}`,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (c: Buffer) => partes.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const bytes = Buffer.concat(partes);
            const status = res.statusCode ?? 0;
            if (status >= 300)
              return reject(
                new Error(`${method} ${pathname} → ${status}: ${bytes.toString().slice(0, 300)}`),
              );
            const tipo = String(res.headers['content-type'] ?? '');
            resolve({
              status,
              body: tipo.includes('json') ? JSON.parse(bytes.toString('utf8')) : null,
              bytes,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

const sec = (x: number) => `${(x / 1000).toFixed(2)} s`;
const faixa = (xs: number[]) => `${sec(median(xs))} (${sec(Math.min(...xs))}–${sec(Math.max(...xs))})`;
const mil = (x: number) => x.toLocaleString('en');

/** Statements of one step, timed as the driver sent them: per normalised text, count and ms. */
type Perfil = {
  parede: number;
  sqlMs: number;
  n: number;
  porTexto: { texto: string; n: number; ms: number }[];
};

async function perfilado<T>(fn: () => Promise<T>): Promise<{ valor: T; perfil: Perfil }> {
  const pg = (await import('pg')).default;
  const original = pg.Client.prototype.query;
  const porTexto = new Map<string, { n: number; ms: number }>();
  let total = 0;
  let n = 0;
  const anota = (texto: string, ms: number) => {
    const k = texto.replace(/\s+/g, ' ').trim().slice(0, 160);
    const e = porTexto.get(k) ?? { n: 0, ms: 0 };
    e.n++;
    e.ms += ms;
    porTexto.set(k, e);
    total += ms;
    n++;
  };
  // biome-ignore lint/suspicious/noExplicitAny: a timing shim over the driver's overloads
  (pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
    const cfg = args[0];
    const texto = typeof cfg === 'string' ? cfg : typeof cfg?.text === 'string' ? cfg.text : null;
    const t = performance.now();
    // biome-ignore lint/suspicious/noExplicitAny: same
    const r = (original as any).apply(this, args);
    if (texto && r && typeof r.then === 'function')
      r.then(
        () => anota(texto, performance.now() - t),
        () => anota(texto, performance.now() - t),
      );
    return r;
  };
  const t0 = performance.now();
  try {
    const valor = await fn();
    const parede = performance.now() - t0;
    await new Promise((r) => setImmediate(r));
    return {
      valor,
      perfil: {
        parede,
        sqlMs: total,
        n,
        porTexto: [...porTexto].map(([texto, e]) => ({ texto, ...e })).sort((a, b) => b.ms - a.ms),
      },
    };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/** One more cycle on the app in-process, each step's statements timed. */
async function perfilEmProcesso(
  database: Database,
  conta: string,
  ids: { conta: string; classe: string },
): Promise<Record<'boletos' | 'remessa' | 'retorno', Perfil>> {
  const { token, jwtSecret } = await benchUser(database, 'bench.cobranca.perfil@bench.erp.br', 'financeiro');
  const app = benchApp(database, DB_NAME, jwtSecret, { UPLOAD_LIMIT_BYTES: String(64 * 1024 * 1024) });
  const request: Requester = async (method, pathname, body) => {
    const res = await app.request(pathname, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status >= 300)
      throw new Error(`${method} ${pathname} → ${res.status}: ${bytes.toString().slice(0, 300)}`);
    return { status: res.status, body: JSON.parse(bytes.toString('utf8')) };
  };
  const titulos = await novosTitulos(database, N, 'P', ids);
  const perfis: Partial<Record<'boletos' | 'remessa' | 'retorno', Perfil>> = {};
  // the same cycle, each step wrapped: the shim is installed around one request kind at a time
  const passo = (nome: 'boletos' | 'remessa' | 'retorno', casa: (p: string) => boolean): Requester => {
    return async (method, pathname, body) => {
      if (!casa(pathname)) return request(method, pathname, body);
      const { valor, perfil } = await perfilado(() => request(method, pathname, body));
      const antes = perfis[nome];
      perfis[nome] = antes
        ? {
            parede: antes.parede + perfil.parede,
            sqlMs: antes.sqlMs + perfil.sqlMs,
            n: antes.n + perfil.n,
            porTexto: junta(antes.porTexto, perfil.porTexto),
          }
        : perfil;
      return valor;
    };
  };
  const r1 = passo('boletos', (p) => p.endsWith('/cobranca/boletos'));
  const r2 = passo('remessa', (p) => p.endsWith('/cobranca/remessas'));
  const r3 = passo('retorno', (p) => p.endsWith('/extrato-bancario/cnab'));
  const roteia: Requester = (m, p, b) =>
    p.endsWith('/cobranca/boletos')
      ? r1(m, p, b)
      : p.endsWith('/cobranca/remessas')
        ? r2(m, p, b)
        : r3(m, p, b);
  const c = await ciclo(database, roteia, conta, titulos, async (id) => {
    const res = await app.request(api(`/cobranca/remessas/${id}/arquivo`), {
      headers: { Authorization: `Bearer ${token}` },
    });
    return Buffer.from(await res.arrayBuffer());
  });
  console.log(
    `perfil em processo: boletos ${sec(c.boletos)}, remessa ${sec(c.remessa)}, retorno ${sec(c.retorno)}`,
  );
  return perfis as Record<'boletos' | 'remessa' | 'retorno', Perfil>;
}

function junta(a: Perfil['porTexto'], b: Perfil['porTexto']): Perfil['porTexto'] {
  const m = new Map(a.map((x) => [x.texto, { ...x }]));
  for (const x of b) {
    const e = m.get(x.texto);
    if (e) {
      e.n += x.n;
      e.ms += x.ms;
    } else m.set(x.texto, { ...x });
  }
  return [...m.values()].sort((p, q) => q.ms - p.ms);
}

/** The PDF benchmark's two result lines (bench/cobranca/boleto-pdf.ts, as a child process). */
function pdf(): string[] {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/cobranca/boleto-pdf.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  process.stdout.write(r.stdout);
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    return [];
  }
  return r.stdout
    .split('\n')
    .filter((l) => l.startsWith('node ') || l.includes('boleto PDF'))
    .map((l) => l.trim());
}

async function main() {
  const database = await openMigratedDatabase(DB_NAME, { poolSize: 4, fresh: true });
  const versao = rowsOf<{ v: string }>(
    await database.db.execute(sql`select current_setting('server_version') as v`),
  )[0]!.v;
  const ciclos: Ciclo[] = [];
  let perfis: Record<'boletos' | 'remessa' | 'retorno', Perfil> | null = null;
  try {
    const ids = await base(database);
    const servidor: HttpServer = await startHttpServer(database, DB_NAME, {
      role: 'financeiro',
      email: EMAIL,
      env: { UPLOAD_LIMIT_BYTES: String(64 * 1024 * 1024) },
    });
    try {
      const carteira = await servidor.request('PUT', api(`/contas-bancarias/${ids.conta}/cobranca`), {
        agencia: '4327',
        conta: '03666',
        conta_dv: '8',
        carteira: '1',
        variacao: '01',
        convenio: '512231',
        layout: 'cnab240',
        proximo_nosso_numero: 1,
        proximo_nsa: 1,
        multa_percentual: '2',
        juros_mes_percentual: '1',
      });
      if (carteira.status !== 200) throw new Error(JSON.stringify(carteira.body));
      const request = requestSemKeepAlive(servidor);
      const baixar = async (id: string) =>
        (await request('GET', api(`/cobranca/remessas/${id}/arquivo`))).bytes as Buffer;
      // warm-up: the server's paths compiled, its pool and plans (untimed)
      await ciclo(database, request, ids.conta, await novosTitulos(database, 2 * LOTE, 'W', ids), baixar);
      for (let r = 1; r <= RUNS; r++) {
        const titulos = await novosTitulos(database, N, `R${r}`, ids);
        const c = await ciclo(database, request, ids.conta, titulos, baixar);
        ciclos.push(c);
        console.log(
          `run ${r}: boletos ${sec(c.boletos)} (lotes ${c.porLote.map((x) => x.toFixed(0)).join(' ')} ms; load ${formatLoad(c.cargaBoletos)}), remessa ${sec(c.remessa)} (${mil(c.linhas)} linhas; download ${c.download.toFixed(0)} ms; load ${formatLoad(c.cargaRemessa)}), retorno ${sec(c.retorno)} (${mil(c.linhasRetorno)} linhas, ${c.pagos} pagos; load ${formatLoad(c.cargaRetorno)}; gerado no bench em ${sec(c.gerarRetorno)})`,
        );
      }
    } finally {
      await servidor.stop();
    }
    if (!process.argv.includes('--sem-perfil')) perfis = await perfilEmProcesso(database, ids.conta, ids);
  } finally {
    await database.close();
  }
  const linhasPdf = process.argv.includes('--sem-pdf') ? [] : pdf();
  escreve(versao, ciclos, perfis, linhasPdf);
}

/** The first run of this script, on the code before the fixes it led to (kept with the figures). */
const ANALISE = `
**Before (first run of this benchmark, 2026-11-29 03:48–04:00, code before a641920 and 3cb697a; same
machine, load 0.9–2.8):** boletos 2.82 s (2.79–2.92) — met; remessa **21.41 s** (21.39–21.74); retorno
**109.18 s** (107.27–112.34, 10.9 ms per record). Why, and what changed:

- Remessa: 97 % of it was one statement, \`update boletos set situacao = 'enviado' … where situacao =
  'a_registrar' and id in (select jsonb_array_elements_text($1::jsonb)::uuid)\`. The boletos were generated
  a moment before: the statistics have (almost) no 'a_registrar' row, the planner estimated 1 row and
  picked a Nested Loop Semi Join reading the whole id array again for every boleto (EXPLAIN ANALYZE on
  2,000: "Rows Removed by Join Filter: 1,999,000", 1.1 s; 10,000 → 50 M comparisons, 20.8 s). a641920
  writes the id lists as \`id = any(array(select jsonb_array_elements_text(…)))\` (evaluated once, an
  index scan on the key): that statement is now 0.65 s.
- Retorno: importaCnab ran 10 statements per record (repeated-record check, boleto, savepoint,
  baixarTitulo's lock + insert baixas + update título + insert conta_movimentos, release, update boleto,
  insert item) in one transaction — 100,004 statements, 91 % of the time in the database — and each record
  was slower than the one before: insert baixas 53 s in all (5.3 ms each), insert conta_movimentos 28 s,
  update financial_accounts 9.8 s. Every record updated the same read-model summary rows again
  (\`financeiro_baixas_total\` through the trigger financeiro_baixas_ins, \`conta_movimentos_dia\` of the account
  and day, \`financeiro_abertos_dia\`) 10,000 times in one transaction under 10,000 subtransactions, each
  update walking the row's growing chain of versions. Measured apart in plpgsql (rolled back):
  financeiro_baixas_somar in a BEGIN/EXCEPTION block 10,000 times took 1.6 s for the first 2,000 and
  16.3 s for the last 2,000 (0.07 → 0.39 s without the subtransactions); 10,000 single-row inserts into
  conta_movimentos, each in such a block, 1.0 s → 8.4 s per 2,000. 3cb697a settles the file set-wise
  (baixarEmMassa: títulos locked in one statement, baixas, saldos, movements, boletos and items one
  statement each): the read-model triggers fire once per file.
- The bench's own retorno generation (gerarRetornoDeRemessa, test support) took 11 s for 10,000 events
  (a scan of the remessa per event; 819751f indexes it, now 0.2 s). A Sicoob nosso número without its
  DV is ambiguous to it (0000100 and 0000010-0 are both "100" once the zeros are dropped; the scan took
  the first, the wrong título): the bench passes the number with its DV.
`;

function escreve(
  versao: string,
  ciclos: Ciclo[],
  perfis: Record<'boletos' | 'remessa' | 'retorno', Perfil> | null,
  linhasPdf: string[],
) {
  const c0 = ciclos[0]!;
  const col = <K extends keyof Ciclo>(k: K) => ciclos.map((c) => c[k] as number);
  const cargas = (k: 'cargaBoletos' | 'cargaRemessa' | 'cargaRetorno') =>
    ciclos.map((c) => formatLoad(c[k])).join('; ');
  const alvo = (xs: number[], ms: number) => (median(xs) < ms ? `< ${ms / 1000} s ✔` : `< ${ms / 1000} s ✘`);
  const lotes = ciclos.flatMap((c) => c.porLote);
  const segs = Object.entries(c0.segmentos)
    .map(([k, v]) => `${mil(v)} ${k}`)
    .join(', ');
  const perfilTxt = perfis
    ? (['boletos', 'remessa', 'retorno'] as const)
        .map((k) => {
          const p = perfis[k];
          const top = p.porTexto
            .slice(0, k === 'retorno' ? 8 : 4)
            .map(
              (x) =>
                `  - ${mil(x.n)} × \`${x.texto.replace(/`/g, "'").slice(0, 110)}…\` — ${(x.ms / 1000).toFixed(2)} s`,
            )
            .join('\n');
          return `- **${k}** in process: ${sec(p.parede)} wall, ${mil(p.n)} statements taking ${sec(p.sqlMs)} (${((100 * p.sqlMs) / p.parede).toFixed(0)} %; ${(p.sqlMs / N).toFixed(3)} ms and ${(p.n / N).toFixed(p.n < N ? 3 : 1)} statements per boleto), the rest Node (rules, JSON, drizzle):\n${top}`;
        })
        .join('\n')
    : '';
  const corpo = `Issue 31 ("Measured"). \`npm run bench:cobranca\` (bench/cobranca/run.ts): PostgreSQL ${versao} on this machine (${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, shared with other work), database \`${DB_NAME}\` created anew, a Sicoob CNAB 240 carteira, ${mil(CLIENTES)} customers with address and CNPJ. Through HTTP on the real server process (bench/lib/http.ts: session, zod, SQL, JSON) as the financeiro role, one request at a time, after an untimed warm-up cycle of ${mil(2 * LOTE)} boletos; each of the ${ciclos.length} runs on ${mil(N)} new títulos (the database grows by ${mil(N)} títulos, boletos and baixas per run); figures are the median (min–max) of the runs, the load average (1 min) median (min–max) during each step; ${HOJE}.

| scenario | data | time | target |
| --- | --- | --- | --- |
| (1) generate boletos: POST /api/financeiro/cobranca/boletos × ${N / LOTE}, ${mil(LOTE)} títulos each (the API's maximum), sequential — the sum | ${mil(N)} open receivables → nosso número, barcode, linha digitável, stored with the entrada instruction; answered with the ${mil(LOTE)} rows each | ${faixa(col('boletos'))}; one request p50 ${(median(lotes) / 1000).toFixed(2)} s (${(Math.min(...lotes) / 1000).toFixed(2)}–${(Math.max(...lotes) / 1000).toFixed(2)}); load ${cargas('cargaBoletos')} | ${alvo(col('boletos'), 5000)} |
| (2) remessa: POST /api/financeiro/cobranca/remessas | the ${mil(N)} boletos in one CNAB 240 file: ${mil(c0.linhas)} lines (${segs}), ${(c0.bytesRemessa / 2 ** 20).toFixed(2)} MiB, kept in the database | ${faixa(col('remessa'))}; load ${cargas('cargaRemessa')} | ${alvo(col('remessa'), 2000)} |
| its download, GET …/remessas/:id/arquivo (information) | the file's bytes | ${faixa(col('download'))} | — |
| (3) retorno: POST /api/financeiro/extrato-bancario/cnab | the bank's CNAB 240 retorno of that remessa (gerarRetornoDeRemessa): ${mil(N)} liquidações (segments T + U), ${mil(c0.linhasRetorno)} lines, ${(c0.bytesRetorno / 2 ** 20).toFixed(2)} MiB (base64 in JSON); checked: ${mil(N)} títulos pago, saldo 0 | ${faixa(col('retorno'))} = ${(median(col('retorno')) / N).toFixed(2)} ms per record; load ${cargas('cargaRetorno')} | ${alvo(col('retorno'), 10000)} |
${
  perfis
    ? `
**Where the time goes.** One more cycle of ${mil(N)} on the same app in process (\`app.request\`, same database, after the runs), every node-postgres statement timed from send to answer, grouped by text (the heaviest first):

${perfilTxt}
`
    : ''
}${ANALISE}${
  linhasPdf.length
    ? `
**Boleto PDF** (\`npm run bench:cobranca-pdf\`, bench/cobranca/boleto-pdf.ts, in process, no database; run by this script right after, same session):

${linhasPdf.map((l) => `- ${l}`).join('\n')}
`
    : ''
}`;
  console.log(corpo);
  if (!process.argv.includes('--no-write')) writeSection('Cobrança (issue 31)', corpo);
}

await main();
// the in-process app (benchApp) leaves its background timers running
process.exit(0);
