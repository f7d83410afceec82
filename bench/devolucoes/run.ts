// Devoluções benchmark (issue 32, "Measured"): (1) return note build + sign + validate < 100 ms
// (the NF-e path) — in process, no database: a 30-item NF-e de devolução (half of each item of a
// sale whose taxes come from the real tax engine, valoresDaDevolucao + dadosNfeDevolucao), montaNfe,
// the XMLDSig signer and the XSD validation against the official package; one iteration = a new
// number + build + sign + validate. (2) The returns list at 100,000 returns p95 < 100 ms — on
// PostgreSQL (database erp_bench_devolucoes, recreated), through HTTP on the real server process
// as the comercial role beside the same request's SQL (bench/lib/endpoint.ts): the screen's
// default (newest first), a status filter, a motivo filter, a customer-name search, a número.
// Returns, items and customers are written by generate_series with triggers off, then analysed.
// Writes the "## Devoluções (issue 32)" section of docs/benchmarks.md.
//   npm run bench:devolucoes
//   npx tsx bench/devolucoes/run.ts [--devolucoes 100000] [--iterations 30] [--no-write]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ConfiguracaoFiscal, valoresDaDevolucao, valoresDoItem } from '@erp/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { assinaXml } from '../../apps/server/src/modules/nfe/assinador.ts';
import { validaNfeXsd } from '../../apps/server/src/modules/nfe/xsd.ts';
import { dadosNfeDevolucao } from '../../apps/server/src/modules/notasfiscais/dados-nfe-devolucao.ts';
import { dadosNfeExemplo } from '../../apps/server/src/modules/notasfiscais/xml/exemplo-nfe.ts';
import { montaNfe } from '../../apps/server/src/modules/notasfiscais/xml/monta-nfe.ts';
import { geraPfxTeste } from '../../apps/server/src/test/pfx-teste.ts';
import { captureApp, endpointTable, getVsSql } from '../lib/endpoint.ts';
import { formatLoad, type HttpServer, loadSampler, startHttpServer, stats } from '../lib/http.ts';
import { argValue, openMigratedDatabase } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const N = Number(argValue('devolucoes') ?? '100000');
const ITERATIONS = Number(argValue('iterations') ?? '30');
const NOTA_ITERATIONS = 100;
const DB_NAME = 'erp_bench_devolucoes';
const self = fileURLToPath(import.meta.url);
const SCHEMAS =
  process.env.NFE_SCHEMAS_DIR ?? path.resolve(path.dirname(self), '../../../shared/nfe/schemas/PL_010_V1.30');
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

const CONFIG: ConfiguracaoFiscal = {
  emitente: {
    cnpj: '12345678000195',
    ie: '110042490114',
    im: '12345',
    cnae: '4639701',
    crt: '3',
    razao_social: 'Distribuidora Exemplo Ltda',
    fantasia: 'Exemplo',
    endereco: {
      logradouro: 'Rua das Flores',
      numero: '100',
      complemento: null,
      bairro: 'Centro',
      codigo_municipio: '3550308',
      municipio: 'São Paulo',
      uf: 'SP',
      cep: '01001000',
      telefone: '1133334444',
    },
  },
  ambiente: 'homologacao',
  responsavel_tecnico: null,
  informacoes_complementares: null,
  regime: { regime_pis_cofins: 'nao_cumulativo', exclui_icms_base_pis_cofins: true },
  series: [],
} as unknown as ConfiguracaoFiscal;

/** (1) A 30-item return note built, signed and validated, NOTA_ITERATIONS times (new number each). */
function notaDeDevolucao() {
  const pfx = geraPfxTeste({ cnpj: CONFIG.emitente.cnpj, razaoSocial: CONFIG.emitente.razao_social });
  const venda = dadosNfeExemplo({ nome: 'bench devolução', itens: 30 }, { nNF: 1, dhEmi: new Date() });
  const chaveVenda = montaNfe(venda).chave;
  const itens = venda.itens.map((i) => {
    const qDev = (Number(i.qCom) / 2).toFixed(3);
    return {
      cProd: i.cProd,
      cEAN: i.cEAN,
      xProd: i.xProd,
      NCM: i.NCM,
      uCom: i.uCom,
      qCom: qDev,
      impostosOriginais: i.impostos,
      qComOriginal: i.qCom,
      valores: valoresDaDevolucao({ qCom: i.qCom, valores: valoresDoItem(i.impostos) }, qDev),
      cfop: '1202',
    };
  });
  const uma = (nNF: number) => {
    const dados = dadosNfeDevolucao({
      sentido: 'venda',
      config: CONFIG,
      dest: venda.dest,
      indFinal: '0',
      chavesReferenciadas: [chaveVenda],
      numeracao: { serie: 1, nNF, dhEmi: new Date() },
      itens,
    });
    const { xml } = montaNfe(dados);
    const assinado = assinaXml(xml, { tag: 'infNFe', keyPem: pfx.keyPem, certPem: pfx.certPem });
    const r = validaNfeXsd(SCHEMAS, new TextEncoder().encode(assinado));
    if (!r.valido) throw new Error(`XSD: ${r.erros[0]}`);
  };
  for (let i = 0; i < 10; i++) uma(1000 + i);
  const sampler = loadSampler();
  const amostras: number[] = [];
  for (let i = 0; i < NOTA_ITERATIONS; i++) {
    const t = performance.now();
    uma(2000 + i);
    amostras.push(performance.now() - t);
  }
  return { stat: stats(amostras), load: sampler.stop() };
}

async function setup(database: Database) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into clientes (tipo_pessoa, documento, razao_social, uf)
      select 'J', lpad(g::text, 14, '0'),
        (array['Mercado', 'Supermercado', 'Empório', 'Atacado', 'Padaria'])[1 + g % 5] || ' ' ||
        (array['Silva', 'Souza', 'Oliveira', 'Santos', 'Carvalho', 'Araújo', 'Pereira', 'Lima'])[1 + (g / 5) % 8] ||
        ' ' || g || ' Ltda', 'SP'
      from generate_series(1, 5000) g`);
    await tx.execute(sql`insert into products (codigo, nome, unidade, ncm, preco_venda)
      select 'P' || g, 'Produto ' || g, 'UN', '21069090', 10 from generate_series(1, 200) g`);
    await tx.execute(sql`create temp table c as select id, razao_social, row_number() over (order by documento) as n
      from clientes`);
    // one sale note per return (the FK is off: the list only left-joins it)
    await tx.execute(sql`insert into devolucoes (tipo, status, documento, nota_id, cliente_id, chave_referenciada,
        pessoa_nome, valor_total, valor_abatido, valor_credito, created_at)
      select 'venda', (array['autorizada', 'autorizada', 'autorizada', 'lancada', 'rascunho', 'emitida', 'cancelada'])[1 + g % 7],
        case when g % 4 = 0 then 'terceiro' else 'propria' end, gen_random_uuid(), c.id,
        '3526' || lpad(g::text, 40, '0'), c.razao_social, (g % 900 + 10)::numeric(14,2),
        (g % 900 + 10)::numeric(14,2), 0, now() - (g || ' minutes')::interval
      from generate_series(1, ${N}) g join c on c.n = 1 + g % 5000`);
    await tx.execute(sql`insert into devolucao_itens (devolucao_id, sequencia, pedido_item_id, product_id, quantidade,
        unidade, quantidade_informada, motivo, destino, custo_unitario, cfop, valores, valor_total)
      select d.id, 1, gen_random_uuid(), (select id from products order by codigo offset (d.numero % 200) limit 1),
        1 + d.numero % 5, 'UN', 1 + d.numero % 5,
        (array['avaria', 'vencido', 'erro_pedido', 'recusa_entrega', 'desistencia', 'outro'])[1 + d.numero % 6],
        case when d.numero % 6 < 2 then 'avaria' else 'normal' end, 5, '1202', '{}'::jsonb, d.valor_total
      from devolucoes d`);
  });
  await database.db.execute(sql`analyze`);
}

async function main() {
  const nota = notaDeDevolucao();
  console.log(`nota de devolução: p50 ${nota.stat.p50.toFixed(1)} ms, p95 ${nota.stat.p95.toFixed(1)} ms`);
  const database = await openMigratedDatabase(DB_NAME, { poolSize: 4, fresh: true });
  let server: HttpServer | undefined;
  try {
    const t0 = performance.now();
    await setup(database);
    const carga = ((performance.now() - t0) / 1000).toFixed(1);
    server = await startHttpServer(database, DB_NAME, { role: 'comercial' });
    const capture = await captureApp(database, DB_NAME, 'comercial');
    const P = '/api/comercial/devolucoes';
    const cenarios: [string, string][] = [
      ['default: newest first, first page', P],
      ['situação autorizada', `${P}?status=autorizada`],
      ['motivo avaria', `${P}?motivo=avaria`],
      ['search «carvalho» (customer name)', `${P}?q=carvalho`],
      ['search by número', `${P}?q=${Math.floor(N / 2)}`],
      ['sorted by value, page 40', `${P}?sort=valor&dir=desc&page=40`],
    ];
    const sampler = loadSampler();
    const rows = [];
    for (const [nome, url] of cenarios)
      rows.push({ cells: [nome], figures: await getVsSql(server, capture, database, url, ITERATIONS, 3) });
    const load = sampler.stop();
    const body = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (${os.cpus().length} cores, load average 1 min during the list run ${formatLoad(load)}, 1 / 5 / 15 min at the end ${loadavg()}). \`npm run bench:devolucoes\`.`,
      '',
      `**Return note build + sign + validate** (target < 100 ms): a 30-item NF-e de devolução (finNFe 4, NFref, the original taxes in proportion), in process, ${NOTA_ITERATIONS} iterations after 10 warm-ups, load ${formatLoad(nota.load)}: p50 **${nota.stat.p50.toFixed(1)} ms**, p95 **${nota.stat.p95.toFixed(1)} ms**, max ${nota.stat.max.toFixed(1)} ms.`,
      '',
      `**Returns list at ${N.toLocaleString('en')} returns** (target p95 < 100 ms): PostgreSQL, ${N.toLocaleString('en')} returns with one item each over 5,000 customers (setup ${carga} s); through HTTP on the real server process as the comercial role, ${ITERATIONS} requests after 3 warm-ups, beside the same request's SQL replayed on one connection. ms.`,
      '',
      endpointTable([{ header: '`GET /api/comercial/devolucoes`' }], rows),
    ].join('\n');
    console.log(body);
    if (!process.argv.includes('--no-write')) writeSection('Devoluções (issue 32)', body);
  } finally {
    await server?.stop();
    await database.close();
  }
}

await main();
