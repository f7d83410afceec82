import {
  type ContaBancaria,
  type ContaBancariaRow,
  type contasBancariasListQuerySchema,
  type ExtratoQuery,
  extratoComSaldo,
  type extratoQuerySchema,
  type ListPage,
  type MovimentoContaRow,
  type Opcao,
  tipoContaBancariaLabels,
} from '@erp/shared';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  insertRegister,
  type RegisterTable,
  rethrowFieldConflict,
  updateRegister,
} from '../../lib/crud.ts';
import {
  ativoWhere,
  type ExportColumn,
  exportFrom,
  type ListSource,
  listFrom,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { contaMovimentos, contasBancarias } from './financeiro.tables.ts';
import { nomeContem } from './formas-pagamento.service.ts';

// Contas bancárias (and caixas). Balance = saldo inicial + Σ its movements (the append-only ledger
// conta_movimentos); the statement runs the balance movement by movement (extratoComSaldo) from the
// balance before its first row.

type Query = z.output<typeof contasBancariasListQuerySchema>;
type Update = ContaBancaria & { versao: number };

const t = contasBancarias;
const m = contaMovimentos;
const tb = t as unknown as RegisterTable;
export const contaServiceMensagens = { nomeRepetido: 'Já existe uma conta com este nome' } as const;

const saldoAtual = sql<string>`(${t.saldoInicial} + coalesce((select sum(mv.valor) from conta_movimentos mv
  where mv.conta_bancaria_id = "contas_bancarias"."id"), 0))::numeric(14,2)::text`;

const select = (db: Db) =>
  db
    .select({ ...columnsByName(t), saldo_atual: saldoAtual })
    .from(t)
    .$dynamic();

const source: ListSource<ContaBancariaRow, Query> = {
  table: t,
  select,
  whereOf: (q) =>
    and(
      ...[
        nomeContem(t.nome, q.q),
        ativoWhere(t.ativa, q.ativa),
        q.tipo ? eq(t.tipo, q.tipo) : undefined,
      ].filter((w): w is SQL => Boolean(w)),
    ),
  sorts: {
    nome: sql`lower(${t.nome})`,
    banco_codigo: sql`coalesce(${t.bancoCodigo}, '')`,
    created_at: t.createdAt,
  },
  tieBreaker: t.id,
};

export const getConta = async (db: Db, id: string): Promise<ContaBancariaRow> =>
  foundOrThrow(await select(db).where(eq(t.id, id))) as unknown as ContaBancariaRow;
const rethrow = (e: unknown): never =>
  rethrowFieldConflict(e, { contas_bancarias_nome_key: ['nome', contaServiceMensagens.nomeRepetido] });

export const contasBancariasService: RegisterService<Query, ContaBancaria, Update, ContaBancariaRow> = {
  list: (db, q) => listFrom(db, q, source),
  exportRows: (db, q) => exportFrom(db, q, source),
  get: getConta,
  create: async (db, actor: Actor, input) =>
    getConta(db, await insertRegister(db, actor, tb, input).catch(rethrow)),
  update: async (db, actor, id, input) => {
    await updateRegister(db, actor, tb, id, input).catch(rethrow);
    return getConta(db, id);
  },
  remove: (db, actor, id) => deleteRegister(db, actor, tb, id),
  opcoes: async (db): Promise<Opcao[]> =>
    db
      .select({ id: t.id, nome: t.nome, ativo: t.ativa })
      .from(t)
      .orderBy(asc(sql`lower(${t.nome})`))
      .limit(2000),
};

type Extrato = ListPage<MovimentoContaRow> & { conta: ContaBancariaRow; saldo_anterior: string };

/**
 * GET /contas-bancarias/:id/extrato: the movements of the period, oldest first, each with the
 * balance after it; `saldo_anterior` is the balance before the page's first movement.
 */
export async function extratoConta(
  db: Db,
  id: string,
  q: z.output<typeof extratoQuerySchema> & ExtratoQuery,
): Promise<Extrato> {
  const conta = await getConta(db, id);
  const where = and(
    eq(m.contaBancariaId, id),
    q.de ? gte(m.data, q.de) : undefined,
    q.ate ? lte(m.data, q.ate) : undefined,
  );
  const offset = (q.page - 1) * q.pageSize;
  const rows = await db
    .select({
      id: m.id,
      conta_bancaria_id: m.contaBancariaId,
      data: m.data,
      tipo: m.tipo,
      valor: m.valor,
      titulo_id: m.tituloId,
      baixa_id: m.baixaId,
      estorno_de: m.estornoDe,
      historico: m.historico,
      usuario_nome: sql<string | null>`(select u.email from users u where u.id = ${m.userId})`,
      created_at: m.createdAt,
    })
    .from(m)
    .where(where)
    .orderBy(asc(m.data), asc(m.id))
    .limit(q.pageSize)
    .offset(offset);
  const [total] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from conta_movimentos where ${where}`),
  );
  const [anterior] = rowsOf<{ s: string }>(
    await db.execute(sql`
      select (${conta.saldo_inicial}::numeric + coalesce(sum(valor), 0))::numeric(14,2)::text as s
      from (select valor from conta_movimentos
            where conta_bancaria_id = ${id} and (data, id) < (
              coalesce(${rows[0]?.data ?? null}::date, 'infinity'::date), coalesce(${rows[0]?.id ?? null}::bigint, 0))
           ) x`),
  );
  const saldoAnterior = anterior!.s;
  return {
    conta,
    saldo_anterior: saldoAnterior,
    items: extratoComSaldo(
      saldoAnterior,
      rows as unknown as Omit<MovimentoContaRow, 'saldo'>[],
    ) as MovimentoContaRow[],
    total: total!.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export const contaExportColumns: ExportColumn<ContaBancariaRow>[] = [
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Tipo', value: (r) => tipoContaBancariaLabels[r.tipo] },
  { header: 'Banco', value: (r) => (r.banco_codigo ? `${r.banco_codigo} - ${r.banco_nome}` : '') },
  {
    header: 'Agência',
    value: (r) => (r.agencia ? [r.agencia, r.agencia_digito].filter(Boolean).join('-') : ''),
  },
  { header: 'Conta', value: (r) => (r.conta ? `${r.conta}-${r.conta_digito}` : '') },
  { header: 'Saldo inicial', value: (r) => r.saldo_inicial, type: 'money' },
  { header: 'Data do saldo inicial', value: (r) => r.data_saldo_inicial, type: 'date' },
  { header: 'Saldo atual', value: (r) => r.saldo_atual, type: 'money' },
  { header: 'Ativa', value: (r) => r.ativa, type: 'boolean' },
];
