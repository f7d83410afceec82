import type { Role } from '@erp/shared';
import { users } from '../../modules/auth/auth.tables.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { userProfiles, userRoles } from '../../modules/usuarios/usuarios.tables.ts';
import type { Db } from '../client.ts';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_DOMAIN = 'demo.erp.br';

export const demoUsers: {
  email: string;
  nome: string;
  cargo: string;
  departamento: string;
  roles: Role[];
}[] = [
  {
    email: `admin@${DEMO_DOMAIN}`,
    nome: 'Ana Administradora',
    cargo: 'Gerente Geral',
    departamento: 'Diretoria',
    roles: ['admin'],
  },
  {
    email: `comercial@${DEMO_DOMAIN}`,
    nome: 'Carlos Comercial',
    cargo: 'Coordenador de Vendas',
    departamento: 'Comercial',
    roles: ['comercial'],
  },
  {
    email: `estoque@${DEMO_DOMAIN}`,
    nome: 'Eduarda Estoque',
    cargo: 'Almoxarife',
    departamento: 'Logística',
    roles: ['estoque'],
  },
  {
    email: `financeiro@${DEMO_DOMAIN}`,
    nome: 'Fábio Financeiro',
    cargo: 'Analista Financeiro',
    departamento: 'Financeiro',
    roles: ['financeiro'],
  },
  {
    email: `semacesso@${DEMO_DOMAIN}`,
    nome: 'Sérgio Sem Acesso',
    cargo: 'Estagiário',
    departamento: 'Administrativo',
    roles: [],
  },
];

/** Confirmed demo users for each role (plus one without roles), all with DEMO_PASSWORD. */
export async function seedDemoUsers(db: Db): Promise<number> {
  const hash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const u of demoUsers) {
    const inserted = await db
      .insert(users)
      .values({
        email: u.email,
        encryptedPassword: hash,
        emailConfirmedAt: new Date(),
        userMetadata: { name: u.nome },
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const id = inserted[0]?.id;
    if (!id) continue;
    created++;
    await db
      .insert(userProfiles)
      .values({ userId: id, nomeCompleto: u.nome, cargo: u.cargo, departamento: u.departamento });
    if (u.roles.length) await db.insert(userRoles).values(u.roles.map((role) => ({ userId: id, role })));
  }
  return created;
}

export function printDemoSignIns() {
  console.log('\nUsuários de demonstração (senha para todos: %s):', DEMO_PASSWORD);
  for (const u of demoUsers) {
    console.log(`  ${u.email.padEnd(28)} ${u.roles.length ? u.roles.join(', ') : '(sem papel)'}`);
  }
  console.log('');
}
