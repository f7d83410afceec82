// npm run db:migrate | db:seed | db:reset — the same config as the server (DATA_DIR or DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { openDatabase } from './client.ts';
import { holdDataDir } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import { seedDemo } from './seed/seed-demo.ts';

async function run(command: string | undefined) {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  // The embedded database admits one process: refuse while a server holds the data directory.
  const held = config.databaseUrl ? null : holdDataDir(config.dataDir);
  if (held && 'heldBy' in held) {
    throw new Error(
      `o banco embutido em ${config.dataDir} está em uso pelo processo ${held.heldBy}. Pare o servidor e tente de novo.`,
    );
  }
  if (held) process.on('exit', held.release);
  if (command === 'reset') {
    if (config.databaseUrl) {
      const database = await openDatabase({ databaseUrl: config.databaseUrl });
      await database.exec('drop schema public cascade; create schema public;');
      await database.close();
    } else {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
    }
    console.log('Banco apagado.');
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir }).catch((err: Error) => {
    throw new Error(
      `Não foi possível abrir o banco (${err.message}). Se o servidor estiver rodando com o banco embutido, pare-o antes.`,
    );
  });
  try {
    const { applied } = await migrate(database.db);
    console.log(`Migrações aplicadas: ${applied}.`);
    if (command === 'seed' || (command === 'reset' && config.seedDemo)) {
      const seeded = await seedDemo(database.db, {
        onlyIfEmpty: true,
        logger,
        nfeSchemasDir: config.nfeSchemasDir,
        mdfeSchemasDir: config.mdfeSchemasDir,
      });
      console.log(
        seeded
          ? `Dados de demonstração carregados: ${JSON.stringify(seeded)}`
          : 'O banco já tem dados; nada carregado.',
      );
    }
  } finally {
    await database.close();
  }
}

const command = process.argv[2];
if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
  console.error('Uso: tsx src/db/cli.ts migrate|seed|reset');
  process.exit(2);
}
run(command).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Erro: ${(err as Error).message}`);
  process.exit(1);
});
