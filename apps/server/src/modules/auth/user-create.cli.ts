// npm run user:create -- --email a@b.com --password 'segredo123' --name 'Ana' --role admin [--role ...]
// Creates a confirmed, active user with roles: the way to make the first admin of a server.
// Uses the same configuration as the server (DATA_DIR or DATABASE_URL).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isRole, loginSchema, ROLES, type Role } from '@erp/shared';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { holdDataDir } from '../../db/data-dir-lock.ts';
import { migrate } from '../../db/migrate.ts';
import { createUser } from './user-create.service.ts';

const usage = `Uso: npm run user:create -- --email <e-mail> --password <senha> [--name <nome>] [--role <papel>]...
Papéis: ${ROLES.join(', ')} (--role pode se repetir ou ser omitido).`;

async function main(argv: string[]): Promise<number> {
  let values: { email?: string; password?: string; name?: string; role?: string[]; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const parsed = loginSchema.safeParse({ email: values.email ?? '', password: values.password ?? '' });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error(usage);
    return 2;
  }
  const roles = values.role ?? [];
  const unknown = roles.filter((r) => !isRole(r));
  if (unknown.length) {
    console.error(`Papel desconhecido: ${unknown.join(', ')}. Papéis válidos: ${ROLES.join(', ')}.`);
    return 2;
  }

  const config = loadConfig();
  // The embedded database admits one process: hold its directory (a server starting meanwhile
  // refuses) or refuse while a running server holds it.
  const held = config.databaseUrl ? null : holdDataDir(config.dataDir);
  if (held && 'heldBy' in held) {
    console.error(
      `O banco embutido em ${config.dataDir} está em uso pelo servidor (processo ${held.heldBy}). ` +
        'O banco embutido admite um processo por vez: pare o servidor e rode o comando de novo.',
    );
    return 1;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: 1,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  }).catch((err) => {
    held?.release();
    throw err;
  });
  try {
    await migrate(database.db);
    const user = await createUser(database.db, {
      email: parsed.data.email,
      password: parsed.data.password,
      nome: values.name?.trim() || null,
      roles: roles as Role[],
    });
    console.log(
      `Usuário criado: ${user.email} (${user.roles.length ? user.roles.join(', ') : 'sem papel'}), e-mail confirmado.`,
    );
    return 0;
  } finally {
    await database.close();
    held?.release();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(err instanceof ConfigError ? err.message : `Erro: ${(err as Error).message}`);
    process.exit(1);
  });
