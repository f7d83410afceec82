import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { holdDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { printDemoSignIns } from './db/seed/demo-users.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import type { Deps } from './lib/context.ts';
import { etapasInicio, segundos } from './lib/etapas-inicio.ts';
import { startJobs } from './lib/jobs/jobs.ts';
import { createLogger } from './lib/logger.ts';
import { startMailWorker } from './lib/mail/mail-queue.ts';
import { loadJwtSecret } from './modules/auth/jwt-secret.ts';
import { agendaBasesDoPainel } from './modules/dashboard/dashboard-bases.service.ts';
import { iniciaWorkerFaturamento } from './modules/expedicao/faturamento.service.ts';
import { logPacoteMdfe } from './modules/mdfe/pacote-mdfe.ts';
import { logPacoteNfe } from './modules/nfe/pacote-nfe.ts';
import { agendaPodaVendas } from './modules/vendas/sync-poda.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const started = performance.now();
  // A signal can arrive while the database opens, migrates or loads the demo (a process manager
  // stopping a slow first start): nothing is served yet and each of those stages is one transaction
  // that PostgreSQL rolls back on the next open, so the process just ends. Once listening, the
  // graceful shutdown below takes over.
  let encerrar: ((signal: string) => void) | null = null;
  const aoSinal = (signal: NodeJS.Signals) => {
    if (encerrar) return encerrar(signal);
    console.log(`Início interrompido (${signal}).`);
    process.exit(0);
  };
  process.on('SIGTERM', aoSinal);
  process.on('SIGINT', aoSinal);
  const etapas = etapasInicio(3);
  logPacoteNfe(logger, config.nfeSchemas);
  logPacoteMdfe(logger, config.mdfeSchemas);

  // The embedded database admits one process: refuse a second server on the same data directory.
  const held = config.databaseUrl ? null : holdDataDir(config.dataDir);
  if (held && 'heldBy' in held) {
    console.error(
      `O banco embutido em ${config.dataDir} já está em uso pelo processo ${held.heldBy}. Pare-o ou use outro DATA_DIR.`,
    );
    process.exit(1);
  }
  if (held) process.on('exit', held.release);

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    const aberto = await etapas.etapa(
      config.databaseUrl
        ? 'Banco de dados PostgreSQL: migrações'
        : `Banco de dados embutido em ${config.dataDir}`,
      async () => {
        const db = await openDatabase({
          databaseUrl: config.databaseUrl,
          poolSize: config.poolSize,
          manterConexoes: true,
          pgliteDir: path.join(config.dataDir, 'pglite'),
        });
        return { db, ...(await migrate(db.db)) };
      },
      ({ applied }) =>
        applied ? `Banco de dados pronto: ${applied} migrações aplicadas` : 'Banco de dados pronto',
    );
    database = aberto.db;
    if (aberto.applied) logger.info({ applied: aberto.applied }, 'migrations applied');
  } catch (err) {
    const where = config.databaseUrl
      ? 'servidor PostgreSQL (DATABASE_URL)'
      : `banco embutido em ${config.dataDir}`;
    console.error(`Não foi possível abrir o ${where}: ${(err as Error).message}`);
    process.exit(1);
  }

  const seeded = await etapas.etapa(
    'Dados de demonstração',
    async () =>
      config.seedDemo
        ? seedDemo(database.db, {
            onlyIfEmpty: true,
            logger,
            nfeSchemasDir: config.nfeSchemasDir,
            mdfeSchemasDir: config.mdfeSchemasDir,
          })
        : null,
    (r) =>
      r
        ? `Dados de demonstração carregados: ${r.products} produtos, ${r.clientes} clientes, ${r.orders + r.pedidos} pedidos`
        : config.seedDemo
          ? 'Dados de demonstração: já carregados'
          : 'Dados de demonstração: desligados (SEED_DEMO=false)',
  );
  if (seeded) logger.info(seeded, 'demo data loaded');

  const jwtSecret = await loadJwtSecret(database.db, config.jwtSecret);
  const deps: Deps = { database, db: database.db, config, logger, jwtSecret };
  const app = createApp(deps);
  // The job queue (decision record 0004) and its workers start in the background (pg-boss takes a
  // few seconds on PGlite): until then the routes that queue answer 503.
  const jobsStarted = startJobs({ database, databaseUrl: config.databaseUrl, logger })
    .then(async (jobs) => {
      deps.jobs = jobs;
      await iniciaWorkerFaturamento(deps);
      // the força de vendas change log: entries past the retention pruned at start and every 6 h
      agendaPodaVendas(database.db, jobs, logger);
      // the dashboard's bases of today's long ranges (migration 0085), kept every minute
      agendaBasesDoPainel(database.db, jobs, logger);
      logger.info('job queue started');
      return jobs;
    })
    .catch((err) => {
      logger.error({ err: (err as Error).message }, 'job queue did not start');
      return null;
    });
  // The e-mail outbox is delivered through the same queue (decision record 0005).
  const mailWorker = startMailWorker({ db: database.db, config, logger, jobs: jobsStarted });

  let server!: ReturnType<typeof serve>;
  const porta = await etapas.etapa(
    'Servidor HTTP',
    () =>
      new Promise<number>((resolve) => {
        server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) =>
          resolve(info.port),
        );
        server.on('error', (err) => {
          console.error(`Não foi possível abrir a porta ${config.port}: ${err.message}`);
          process.exit(1);
        });
      }),
    (p) => `Servidor ouvindo na porta ${p}`,
  );
  const ms = Math.round(performance.now() - started);
  logger.info({ port: porta, ms, database: database.kind }, 'server listening');
  // npm start says when its launcher began (the web build ran beside this process's start-up)
  const desdeInicio = process.env.ERP_INICIO_MS
    ? Date.now() - Number(process.env.ERP_INICIO_MS)
    : performance.now();
  console.log(
    `\nPlataforma ERP em http://localhost:${porta}  (pronta em ${segundos(desdeInicio)}; banco: ${database.kind === 'pglite' ? `embutido em ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (config.seedDemo) printDemoSignIns();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Stop accepting, let in-flight requests finish, then close the database.
    server.close(async () => {
      await mailWorker.stop().catch(() => {});
      await (await jobsStarted)?.stop().catch(() => {});
      await database.close().catch(() => {});
      logger.info('stopped');
      process.exit(0);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  encerrar = shutdown;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
