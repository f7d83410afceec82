import {
  isRole,
  ROLES,
  type Role,
  type UsuarioConvite,
  type UsuarioListItem,
  type UsuarioPapeis,
  type UsuarioStatus,
  type UsuariosListQuery,
  type UsuariosPage,
  type UsuariosPorPapel,
  type UsuarioUpdate,
  usuariosListQuerySchema,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAuthEvent } from '../auditoria/auth-events.service.ts';
import {
  type AccountMailDeps,
  type ConviteEnvio,
  inviteUser,
  resendInvite,
  sendRecoveryEmail,
} from '../auth/account-mail.service.ts';
import { endUserSessions } from './sessions.service.ts';

export const usuarioMessages = {
  notFound: 'Usuário não encontrado.',
  lastAdminRole: 'Não é possível remover o papel de administrador do último administrador ativo.',
  lastAdminDeactivate: 'Não é possível desativar o último administrador ativo.',
  selfDeactivate: 'Você não pode desativar a sua própria conta.',
  inactiveReset: 'Usuário desativado: reative-o antes de enviar a redefinição de senha.',
} as const;

/**
 * The account status shown on the users screen: deactivated wins; an invited person who has not
 * accepted yet (no password, e-mail not confirmed through the link) is "convite pendente"; a
 * sign-up whose e-mail is not confirmed yet (cannot sign in) is "aguardando confirmação";
 * everyone else is active.
 */
const statusSql = sql<UsuarioStatus>`case
  when not u.ativo then 'desativado'
  when u.invited_at is not null and u.encrypted_password is null and u.email_confirmed_at is null
    then 'convite_pendente'
  when u.email_confirmed_at is null then 'aguardando_confirmacao'
  else 'ativo' end`;

const rolesSql = sql`coalesce(array(select r.role from user_roles r where r.user_id = u.id order by r.role), '{}')`;

type UsuarioRow = {
  id: string;
  email: string;
  nome_completo: string | null;
  cargo: string | null;
  departamento: string | null;
  roles: string[];
  status: UsuarioStatus;
  last_sign_in_at: Date | string | null;
  invited_at: Date | string | null;
  created_at: Date | string;
};

const iso = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

function toItem(r: UsuarioRow): UsuarioListItem {
  return {
    id: r.id,
    email: r.email,
    nome_completo: r.nome_completo,
    cargo: r.cargo,
    departamento: r.departamento,
    roles: r.roles.filter(isRole),
    status: r.status,
    last_sign_in_at: iso(r.last_sign_in_at),
    invited_at: iso(r.invited_at),
    created_at: iso(r.created_at)!,
  };
}

const selectUsuario = sql`select u.id, u.email, p.nome_completo, p.cargo, p.departamento,
  ${rolesSql} as roles, ${statusSql} as status, u.last_sign_in_at, u.invited_at, u.created_at
  from users u left join user_profiles p on p.user_id = u.id`;

/** `%` and `_` typed by a person are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export async function listUsuarios(db: Db, query: UsuariosListQuery): Promise<UsuariosPage> {
  const q = usuariosListQuerySchema.parse(query);
  const where: SQL[] = [sql`true`];
  if (q.q) {
    const p = likePattern(q.q);
    where.push(
      sql`(u.email ilike ${p} or p.nome_completo ilike ${p} or p.cargo ilike ${p} or p.departamento ilike ${p})`,
    );
  }
  if (q.papel === 'nenhum') where.push(sql`not exists (select 1 from user_roles r where r.user_id = u.id)`);
  else if (q.papel)
    where.push(sql`exists (select 1 from user_roles r where r.user_id = u.id and r.role = ${q.papel})`);
  if (q.status) where.push(sql`${statusSql} = ${q.status}`);
  const whereSql = sql.join(where, sql` and `);
  const dir = q.dir === 'desc' ? sql`desc` : sql`asc`;
  const orderSql =
    q.sort === 'email'
      ? sql`lower(u.email) ${dir}, u.id`
      : q.sort === 'ultimo_acesso'
        ? sql`u.last_sign_in_at ${dir} nulls last, u.id`
        : sql`lower(coalesce(p.nome_completo, u.email)) ${dir}, u.id`;
  const offset = (q.page - 1) * q.pageSize;
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`${selectUsuario} where ${whereSql} order by ${orderSql} limit ${q.pageSize} offset ${offset}`,
    ),
    db.execute(
      sql`select count(*)::int as total from users u left join user_profiles p on p.user_id = u.id where ${whereSql}`,
    ),
  ]);
  return {
    items: rowsOf<UsuarioRow>(rows).map(toItem),
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function getUsuario(db: Db, id: string): Promise<UsuarioListItem> {
  const row = rowsOf<UsuarioRow>(await db.execute(sql`${selectUsuario} where u.id = ${id}::uuid`))[0];
  if (!row) throw new AppError('not_found', usuarioMessages.notFound);
  return toItem(row);
}

/** Every user with id, name and e-mail (filters of other screens, e.g. the audit log). */
export async function listUsuarioOpcoes(
  db: Db,
): Promise<{ id: string; email: string; nome_completo: string | null }[]> {
  return rowsOf<{ id: string; email: string; nome_completo: string | null }>(
    await db.execute(sql`select u.id, u.email, p.nome_completo from users u
      left join user_profiles p on p.user_id = u.id
      order by lower(coalesce(p.nome_completo, u.email)), u.id limit 2000`),
  );
}

/** The users that hold each role ("nenhum": no role at all), for the access-profiles screen. */
export async function listUsuariosPorPapel(db: Db): Promise<UsuariosPorPapel> {
  const rows = rowsOf<UsuarioRow>(
    await db.execute(sql`${selectUsuario} order by lower(coalesce(p.nome_completo, u.email)), u.id`),
  );
  const result = Object.fromEntries([...ROLES, 'nenhum'].map((r) => [r, []])) as unknown as UsuariosPorPapel;
  for (const row of rows) {
    const item = { id: row.id, email: row.email, nome_completo: row.nome_completo, status: row.status };
    const roles = row.roles.filter(isRole);
    if (roles.length === 0) result.nenhum.push(item);
    for (const role of roles) result[role].push(item);
  }
  return result;
}

/** The admin edits someone's name, cargo and departamento (user_profiles; audited by the trigger). */
export async function updateUsuario(
  db: Db,
  actor: Actor,
  id: string,
  input: UsuarioUpdate,
): Promise<UsuarioListItem> {
  await writeTx(db, actor, async (tx) => {
    await lockedUser(tx, id);
    await tx.execute(sql`insert into user_profiles (user_id, nome_completo, cargo, departamento)
      values (${id}::uuid, ${input.nome_completo.trim()}, ${input.cargo ?? null}, ${input.departamento ?? null})
      on conflict (user_id) do update set nome_completo = excluded.nome_completo, cargo = excluded.cargo,
        departamento = excluded.departamento, updated_at = now()`);
  });
  return getUsuario(db, id);
}

type LockedUser = { id: string; email: string; ativo: boolean; roles: Role[] };

/**
 * Every change that could leave the company without an active administrator (role change,
 * deactivation) runs under this transaction-level lock, so two admins demoting each other at the
 * same instant cannot both succeed.
 */
async function lockAdminSet(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('usuarios:admins'))`);
}

async function lockedUser(tx: Tx, id: string): Promise<LockedUser> {
  const row = rowsOf<{ id: string; email: string; ativo: boolean; roles: string[] }>(
    await tx.execute(sql`select u.id, u.email, u.ativo, ${rolesSql} as roles from users u
      where u.id = ${id}::uuid for update`),
  )[0];
  if (!row) throw new AppError('not_found', usuarioMessages.notFound);
  return { ...row, roles: row.roles.filter(isRole) };
}

/**
 * Administrators other than this user who can sign in now: active, e-mail confirmed and with a
 * password. An invitation still pending (or an unconfirmed sign-up) does not count.
 */
async function otherActiveAdmins(tx: Tx, exceptUserId: string): Promise<number> {
  const row = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from user_roles r join users u on u.id = r.user_id
      where r.role = 'admin' and u.ativo and u.email_confirmed_at is not null
        and u.encrypted_password is not null and u.id <> ${exceptUserId}::uuid`),
  )[0];
  return row?.n ?? 0;
}

function actorEvent(actor: Actor) {
  return {
    actorUserId: actor.userId,
    actorEmail: actor.email ?? null,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
  };
}

/**
 * Replaces the roles a user holds. Takes effect on the user's next request: the API reads roles
 * from user_roles on every call. The last active admin keeps the admin role.
 */
export async function setUsuarioPapeis(
  db: Db,
  actor: Actor,
  id: string,
  input: UsuarioPapeis,
): Promise<UsuarioListItem> {
  const next = [...new Set(input.roles)].sort() as Role[];
  await writeTx(db, actor, async (tx) => {
    await lockAdminSet(tx);
    const user = await lockedUser(tx, id);
    const current = user.roles;
    if (current.includes('admin') && !next.includes('admin') && user.ativo) {
      if ((await otherActiveAdmins(tx, id)) === 0) {
        throw new AppError('unprocessable', usuarioMessages.lastAdminRole);
      }
    }
    const removed = current.filter((r) => !next.includes(r));
    const added = next.filter((r) => !current.includes(r));
    if (removed.length === 0 && added.length === 0) return;
    if (removed.length) {
      await tx.execute(sql`delete from user_roles where user_id = ${id}::uuid
        and role in (${sql.join(
          removed.map((r) => sql`${r}`),
          sql`, `,
        )})`);
    }
    for (const role of added) {
      await tx.execute(sql`insert into user_roles (user_id, role) values (${id}::uuid, ${role})
        on conflict do nothing`);
    }
    await recordAuthEvent(tx, {
      acao: 'mudanca_papeis',
      userId: id,
      email: user.email,
      antes: { roles: current },
      depois: { roles: next },
      ...actorEvent(actor),
    });
  });
  return getUsuario(db, id);
}

/**
 * Deactivates an account: it can no longer sign in, and every session it holds ends in the same
 * transaction, so its tokens fail on their very next request. Never the caller's own account,
 * never the last active admin.
 */
export async function deactivateUsuario(
  db: Db,
  actor: Actor,
  id: string,
): Promise<UsuarioListItem & { sessoes_encerradas: number }> {
  if (actor.userId === id) throw new AppError('unprocessable', usuarioMessages.selfDeactivate);
  let ended = 0;
  await writeTx(db, actor, async (tx) => {
    await lockAdminSet(tx);
    const user = await lockedUser(tx, id);
    if (!user.ativo) {
      // Already off; still make sure nothing stays signed in.
      ended = await endUserSessions(tx, id);
      return;
    }
    if (user.roles.includes('admin') && (await otherActiveAdmins(tx, id)) === 0) {
      throw new AppError('unprocessable', usuarioMessages.lastAdminDeactivate);
    }
    await tx.execute(sql`update users set ativo = false, updated_at = now() where id = ${id}::uuid`);
    ended = await endUserSessions(tx, id);
    await recordAuthEvent(tx, {
      acao: 'desativacao',
      userId: id,
      email: user.email,
      depois: { sessoes_encerradas: ended },
      ...actorEvent(actor),
    });
  });
  return { ...(await getUsuario(db, id)), sessoes_encerradas: ended };
}

export async function reactivateUsuario(db: Db, actor: Actor, id: string): Promise<UsuarioListItem> {
  await writeTx(db, actor, async (tx) => {
    const user = await lockedUser(tx, id);
    if (user.ativo) return;
    await tx.execute(sql`update users set ativo = true, updated_at = now() where id = ${id}::uuid`);
    await recordAuthEvent(tx, { acao: 'reativacao', userId: id, email: user.email, ...actorEvent(actor) });
  });
  return getUsuario(db, id);
}

/**
 * Invites a person (the auth module creates the account without password, its profile and roles,
 * and queues the invitation e-mail); cargo and departamento, when given, are saved right after.
 * `convite` says whether the e-mail went out; when it did not (no SMTP_URL) it carries the link.
 */
export async function inviteUsuario(
  db: Db,
  deps: AccountMailDeps,
  actor: Actor,
  input: UsuarioConvite,
): Promise<UsuarioListItem & { convite: ConviteEnvio }> {
  const { userId, convite } = await inviteUser(
    db,
    deps,
    { email: input.email, nome: input.nome_completo, roles: input.roles ?? [] },
    actor,
  );
  if (input.cargo || input.departamento) {
    await updateUsuario(db, actor, userId, {
      nome_completo: input.nome_completo,
      cargo: input.cargo ?? null,
      departamento: input.departamento ?? null,
    });
  }
  return { ...(await getUsuario(db, userId)), convite };
}

/** A fresh invitation e-mail (earlier links stop working); only while the invite is pending. */
export async function resendUsuarioInvite(
  db: Db,
  deps: AccountMailDeps,
  actor: Actor,
  id: string,
): Promise<UsuarioListItem & { convite: ConviteEnvio }> {
  const convite = await resendInvite(db, deps, id, actor);
  return { ...(await getUsuario(db, id)), convite };
}

/** The admin sends someone the password-reset e-mail (the same link "Esqueci minha senha" sends). */
export async function sendUsuarioPasswordReset(
  db: Db,
  deps: AccountMailDeps,
  actor: Actor,
  id: string,
): Promise<{ email: string }> {
  const user = await getUsuario(db, id);
  if (user.status === 'desativado') throw new AppError('unprocessable', usuarioMessages.inactiveReset);
  await sendRecoveryEmail(db, deps, user.email, { actor });
  return { email: user.email };
}
