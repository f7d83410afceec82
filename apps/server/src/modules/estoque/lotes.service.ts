import {
  businessToday,
  faixaVencimento,
  formatDateBR,
  genericMessages,
  type LoteRow,
  type loteCreateSchema,
  type lotesListQuerySchema,
  movimentoMensagens,
  type Opcao,
} from '@erp/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import {
  deleteRegister,
  foundOrThrow,
  type RegisterTable,
  rethrowFieldConflict,
  toColumnValues,
  updateVersioned,
} from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type ExportColumn,
  exportFrom,
  type ListSource,
  listFrom,
  searchWhere,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { lotes, products } from './estoque.tables.ts';

// Lots of the products that control "lote e validade". The quantity of a lot per location comes
// from the balances (the ledger); the list filters by expiry (vencidos, 30/60/90 days: the shared
// faixaVencimento) and by location.

type Query = z.output<typeof lotesListQuerySchema>;
type LoteDados = z.output<typeof loteCreateSchema>;

export const loteServicoMensagens = {
  numeroDuplicado: 'Já existe um lote com este número para o produto.',
  produtoSemLote: 'Este produto não controla lote e validade',
  produtoComMovimentos: 'O produto de um lote com movimentos não pode mudar',
} as const;

const locaisJson = sql<LoteRow['locais']>`coalesce((
  select jsonb_agg(jsonb_build_object('local_id', s.local_id, 'local_nome', lo.nome, 'saldo', s.saldo::text,
    'reservado', s.reservado::text) order by lo.nome)
  from estoque_saldos s join locais_estoque lo on lo.id = s.local_id
  where s.lote_id = ${lotes.id} and (s.saldo <> 0 or s.reservado <> 0)), '[]'::jsonb)`;

const rowFields = {
  id: lotes.id,
  produto_id: lotes.produtoId,
  produto_codigo: products.codigo,
  produto_nome: products.nome,
  numero: lotes.numero,
  fabricacao: lotes.fabricacao,
  validade: lotes.validade,
  saldo: sql<string>`coalesce((select sum(s.saldo) from estoque_saldos s where s.lote_id = ${lotes.id}), 0)::numeric(14,3)::text`,
  locais: locaisJson,
  versao: lotes.versao,
  created_at: lotes.createdAt,
  updated_at: lotes.updatedAt,
};

const selectRows = (db: Db) =>
  db.select(rowFields).from(lotes).innerJoin(products, eq(products.id, lotes.produtoId)).$dynamic();

function vencimentoWhere(filtro: Query['vencimento']): SQL | undefined {
  if (!filtro) return undefined;
  const f = faixaVencimento(filtro, businessToday());
  if (f.antesDe) return sql`${lotes.validade} < ${f.antesDe}`;
  return sql`${lotes.validade} between ${f.desde} and ${f.ate}`;
}

const lotesList: ListSource<LoteRow, Query> = {
  table: lotes,
  select: selectRows,
  whereOf: (q) =>
    and(
      ...[
        searchWhere(
          sql`erp_busca(${lotes.numero} || ' ' || (select p.nome || ' ' || p.codigo from products p where p.id = ${lotes.produtoId}))`,
          q.q,
        ),
        q.produto_id ? eq(lotes.produtoId, q.produto_id) : undefined,
        q.local_id
          ? sql`exists (select 1 from estoque_saldos s where s.lote_id = ${lotes.id} and s.local_id = ${q.local_id}
              and s.saldo <> 0)`
          : undefined,
        vencimentoWhere(q.vencimento),
      ].filter(Boolean),
    ),
  sorts: {
    validade: lotes.validade,
    numero: lotes.numero,
    produto: sql`(select p.busca from products p where p.id = ${lotes.produtoId})`,
    created_at: lotes.createdAt,
  },
  tieBreaker: lotes.id,
};

const getLote = async (db: Db, id: string): Promise<LoteRow> =>
  foundOrThrow(await selectRows(db).where(eq(lotes.id, id))) as unknown as LoteRow;

const rethrow = (err: unknown) =>
  rethrowFieldConflict(
    err,
    { lotes_produto_numero_key: ['numero', loteServicoMensagens.numeroDuplicado] },
    { lotes_produto_id_products_id_fk: ['produto_id', movimentoMensagens.produtoNaoEncontrado] },
  );

function falha(campo: string, mensagem: string): never {
  throw new AppError('validation_failed', genericMessages.validation, { fields: { [campo]: [mensagem] } });
}

async function validaProduto(db: Db, input: LoteDados, id: string | null): Promise<void> {
  const [p] = rowsOf<{ controla_lote: boolean }>(
    await db.execute(sql`select controla_lote from products where id = ${input.produto_id}`),
  );
  if (!p) falha('produto_id', movimentoMensagens.produtoNaoEncontrado);
  if (!p.controla_lote) falha('produto_id', loteServicoMensagens.produtoSemLote);
  if (!id) return;
  const [mudou] = rowsOf(
    await db.execute(sql`select 1 from lotes l where l.id = ${id} and l.produto_id <> ${input.produto_id}
      and exists (select 1 from estoque_movimentos m where m.lote_id = l.id)`),
  );
  if (mudou) falha('produto_id', loteServicoMensagens.produtoComMovimentos);
}

export const lotesService: RegisterService<Query, LoteDados, LoteDados & { versao: number }, LoteRow> = {
  list: (db, q) => listFrom(db, q, lotesList),
  exportRows: (db, q) => exportFrom(db, q, lotesList),
  get: getLote,
  async create(db: Db, actor: Actor, input) {
    await validaProduto(db, input, null);
    const id = await writeTx(db, actor, async (tx) => {
      const [row] = await tx
        .insert(lotes)
        // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
        .values(toColumnValues(lotes, input) as any)
        .returning({ id: lotes.id });
      return row!.id;
    }).catch(rethrow);
    return getLote(db, id);
  },
  async update(db, actor, id, input) {
    await validaProduto(db, input, id);
    await writeTx(db, actor, (tx) =>
      updateVersioned(tx, lotes as unknown as RegisterTable, id, input.versao, input),
    ).catch(rethrow);
    return getLote(db, id);
  },
  remove: (db, actor, id) => deleteRegister(db, actor, lotes as unknown as RegisterTable, id),
  async opcoes(db): Promise<Opcao[]> {
    const rows = await db
      .select({ id: lotes.id, numero: lotes.numero, validade: lotes.validade })
      .from(lotes)
      .orderBy(asc(lotes.validade), asc(lotes.numero))
      .limit(2000);
    return rows.map((r) => ({
      id: r.id,
      nome: `${r.numero} (validade ${formatDateBR(r.validade)})`,
      ativo: true,
    }));
  },
};

export const loteExportColumns: ExportColumn<LoteRow>[] = [
  { header: 'Produto', value: (r) => `${r.produto_codigo} - ${r.produto_nome}` },
  { header: 'Lote', value: (r) => r.numero },
  { header: 'Fabricação', value: (r) => r.fabricacao, type: 'date' },
  { header: 'Validade', value: (r) => r.validade, type: 'date' },
  { header: 'Saldo', value: (r) => r.saldo, type: 'number' },
  {
    header: 'Locais',
    value: (r) => r.locais.map((l) => `${l.local_nome}: ${l.saldo.replace('.', ',')}`).join('; '),
  },
];
