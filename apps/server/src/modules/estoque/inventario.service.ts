import {
  adicionaErro,
  CASAS_QUANTIDADE,
  COUNT_CAP,
  type CodigosProduto,
  Decimal,
  diferencaInventario,
  type ErrosCampos,
  genericMessages,
  type InventarioDetalhe,
  type InventarioItemRow,
  type InventarioRow,
  indiceGtin,
  type inventarioAbrirSchema,
  type inventarioContagemSchema,
  type inventarioLancarSchema,
  inventarioMensagens,
  inventarioServicoMensagens,
  type inventariosListQuerySchema,
  type LeituraInventarioRow,
  type ListPage,
  leGtin,
  movimentoMensagens,
  normalizaGtin,
  resumoInventario,
  somaLeitura,
} from '@erp/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-query.ts';
import { leLocal, validaMovimento } from './alocacao.service.ts';
import { inventarios } from './estoque.tables.ts';
import { lancaNoRazao } from './razao.service.ts';

// Inventory counts: opening freezes the system quantity of every balance of the location (and
// group); counts come typed or scanned (a base-unit GTIN adds 1, a packaging's its factor); posting
// writes one `inventario` row per counted difference in one transaction, after confirmation when
// the location had movements since the opening. Differences and values: the shared rules
// (diferencaInventario, resumoInventario).

type ListQuery = z.output<typeof inventariosListQuerySchema>;

// `inventarios` is not aliased: the list's ORDER BY names its columns through drizzle
const cabecalho = sql`
  select inventarios.id, inventarios.numero, inventarios.local_id, lo.nome as local_nome, inventarios.grupo_id,
    g.nome as grupo_nome, inventarios.situacao, inventarios.observacao, inventarios.aberto_em,
    pa.nome_completo as aberto_por_nome, inventarios.lancado_em, pl.nome_completo as lancado_por_nome,
    inventarios.versao,
    (select count(*)::int from inventario_itens x where x.inventario_id = inventarios.id) as itens,
    (select count(*)::int from inventario_itens x
      where x.inventario_id = inventarios.id and x.contado is not null) as contados
  from inventarios
  join locais_estoque lo on lo.id = inventarios.local_id
  left join grupos_estoque g on g.id = inventarios.grupo_id
  left join user_profiles pa on pa.user_id = inventarios.aberto_por
  left join user_profiles pl on pl.user_id = inventarios.lancado_por`;

type CabecalhoDb = Omit<InventarioRow, 'aberto_em' | 'lancado_em'> & {
  aberto_em: Date | string;
  lancado_em: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const paraRow = (r: CabecalhoDb): InventarioRow => ({
  ...r,
  aberto_em: iso(r.aberto_em)!,
  lancado_em: iso(r.lancado_em),
});

export async function listaInventarios(db: Db, q: ListQuery): Promise<ListPage<InventarioRow>> {
  const filtros: SQL[] = [];
  if (q.local_id) filtros.push(sql`inventarios.local_id = ${q.local_id}`);
  if (q.situacao) filtros.push(sql`inventarios.situacao = ${q.situacao}`);
  // the search is the count's number
  if (q.q) filtros.push(/^\d{1,9}$/.test(q.q) ? sql`inventarios.numero = ${Number(q.q)}` : sql`false`);
  const where = filtros.length ? sql`where ${sql.join(filtros, sql` and `)}` : sql``;
  return listPage(q, {
    sorts: { aberto_em: inventarios.abertoEm, local: sql`lo.nome`, situacao: inventarios.situacao },
    tieBreaker: inventarios.id,
    rows: async ({ limit, offset, orderBy }) =>
      rowsOf<CabecalhoDb>(
        await db.execute(sql`${cabecalho} ${where} order by ${sql.join(orderBy, sql`, `)}
          limit ${limit} offset ${offset}`),
      ).map(paraRow),
    count: async () =>
      rowsOf<{ total: number }>(
        await db.execute(sql`select count(*)::int as total from (select 1 from inventarios ${where}
          limit ${COUNT_CAP + 1}) x`),
      ),
  });
}

async function leCabecalho(tx: Tx | Db, id: string): Promise<InventarioRow> {
  const [row] = rowsOf<CabecalhoDb>(await tx.execute(sql`${cabecalho} where inventarios.id = ${id}`));
  if (!row) throw new AppError('not_found', inventarioServicoMensagens.naoEncontrado);
  return paraRow(row);
}

async function temMovimentosPosteriores(tx: Tx | Db, inv: InventarioRow): Promise<boolean> {
  const [row] = rowsOf<{ existe: boolean }>(
    await tx.execute(sql`select exists (
      select 1 from estoque_movimentos m
      where m.local_id = ${inv.local_id} and m.ocorrido_em > ${inv.aberto_em}
        ${inv.grupo_id ? sql`and m.product_id in (select id from products where grupo_id = ${inv.grupo_id})` : sql``}
    ) as existe`),
  );
  return row!.existe;
}

const itensSelect = sql`
  select x.produto_id, p.codigo, p.nome, p.unidade, x.lote_id, l.numero as lote_numero,
    x.sistema::text as sistema, x.contado::text as contado, x.custo_medio::text as custo_medio
  from inventario_itens x
  join products p on p.id = x.produto_id
  left join lotes l on l.id = x.lote_id`;

type ItemDb = Omit<InventarioItemRow, 'diferenca' | 'valor_diferenca'>;

function comDiferenca(r: ItemDb): InventarioItemRow {
  const d = diferencaInventario({ sistema: r.sistema, contado: r.contado, custoMedio: r.custo_medio });
  return { ...r, diferenca: d?.diferenca ?? null, valor_diferenca: d?.valor ?? null };
}

/** Every item of the count, by product name and lot, with its difference and value. */
export async function itensDoInventario(db: Db | Tx, id: string): Promise<InventarioItemRow[]> {
  await leCabecalho(db, id);
  const rows = rowsOf<ItemDb>(
    await db.execute(sql`${itensSelect} where x.inventario_id = ${id}
      order by erp_normaliza(p.nome), p.codigo, l.numero nulls first`),
  );
  return rows.map(comDiferenca);
}

export async function detalheInventario(db: Db | Tx, id: string): Promise<InventarioDetalhe> {
  const inv = await leCabecalho(db, id);
  const itens = await itensDoInventario(db, id);
  const resumo = resumoInventario(
    itens.map((i) => ({ sistema: i.sistema, contado: i.contado, custoMedio: i.custo_medio })),
  );
  const movimentos_posteriores = inv.situacao === 'aberto' && (await temMovimentosPosteriores(db, inv));
  return { ...inv, resumo, movimentos_posteriores };
}

function falha(erros: ErrosCampos): never {
  throw new AppError('validation_failed', genericMessages.validation, { fields: erros });
}

/** POST /api/estoque/inventarios: freezes the balances of the location (and group) as of now. */
export function abreInventario(
  db: Db,
  actor: Actor,
  input: z.output<typeof inventarioAbrirSchema>,
): Promise<InventarioDetalhe> {
  return writeTx(db, actor, async (tx) => {
    const erros: ErrosCampos = {};
    const local = await leLocal(tx, input.local_id);
    if (!local) adicionaErro(erros, 'local_id', movimentoMensagens.localNaoEncontrado);
    else if (!local.ativo) adicionaErro(erros, 'local_id', movimentoMensagens.localInativo);
    if (input.grupo_id) {
      const [g] = rowsOf(await tx.execute(sql`select 1 from grupos_estoque where id = ${input.grupo_id}`));
      if (!g) adicionaErro(erros, 'grupo_id', 'Grupo não encontrado');
    }
    if (Object.keys(erros).length) falha(erros);
    // one open count per location: serialize openings of the same location on its row
    await tx.execute(sql`select 1 from locais_estoque where id = ${input.local_id} for update`);
    const [aberto] = rowsOf(
      await tx.execute(
        sql`select 1 from inventarios where local_id = ${input.local_id} and situacao = 'aberto'`,
      ),
    );
    if (aberto) throw new AppError('conflict', inventarioServicoMensagens.jaAberto, { reason: 'ja_aberto' });
    const [inv] = await tx
      .insert(inventarios)
      .values({
        localId: input.local_id,
        grupoId: input.grupo_id,
        observacao: input.observacao,
        abertoPor: actor.userId,
        abertoEm: sql`clock_timestamp()`,
      })
      .returning({ id: inventarios.id });
    await tx.execute(sql`
      insert into inventario_itens (inventario_id, produto_id, lote_id, sistema, custo_medio)
      select ${inv!.id}, s.produto_id, s.lote_id, s.saldo, p.custo_medio
      from estoque_saldos s join products p on p.id = s.produto_id
      where s.local_id = ${input.local_id} and s.saldo <> 0
        ${input.grupo_id ? sql`and p.grupo_id = ${input.grupo_id}` : sql``}`);
    return detalheInventario(tx, inv!.id);
  });
}

/** Locks the count's row (counts, scans and posting of one count are serialized) and checks it is open. */
async function travaAberto(tx: Tx, id: string): Promise<InventarioRow> {
  await tx.execute(sql`select 1 from inventarios where id = ${id} for update`);
  const inv = await leCabecalho(tx, id);
  if (inv.situacao !== 'aberto') throw new AppError('conflict', inventarioServicoMensagens.naoAberto);
  return inv;
}

async function defineContado(
  tx: Tx,
  actor: Actor,
  inv: InventarioRow,
  item: { produto_id: string; lote_id: string | null; contado: string | null },
): Promise<void> {
  // an item missing from the frozen list (found in the location) enters with today's balance
  await tx.execute(sql`
    insert into inventario_itens (inventario_id, produto_id, lote_id, sistema, custo_medio)
    select ${inv.id}, p.id, ${item.lote_id}::uuid,
      coalesce((select s.saldo from estoque_saldos s where s.produto_id = p.id and s.local_id = ${inv.local_id}
        and s.lote_id is not distinct from ${item.lote_id}::uuid), 0),
      p.custo_medio
    from products p where p.id = ${item.produto_id}
    on conflict (inventario_id, produto_id, lote_id) do nothing`);
  await tx.execute(sql`
    update inventario_itens set contado = ${item.contado}, contado_em = clock_timestamp(), contado_por = ${actor.userId}
    where inventario_id = ${inv.id} and produto_id = ${item.produto_id}
      and lote_id is not distinct from ${item.lote_id}::uuid`);
}

/** PUT /api/estoque/inventarios/:id/contagens: counted quantities (null clears a count). */
export function registraContagens(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof inventarioContagemSchema>,
): Promise<InventarioItemRow[]> {
  return writeTx(db, actor, async (tx) => {
    const inv = await travaAberto(tx, id);
    for (const [i, item] of input.itens.entries()) {
      const campo = (c: string) => `itens.${i}.${c}`;
      await validaMovimento(
        tx,
        {
          produtoId: item.produto_id,
          localIds: [],
          loteId: item.lote_id,
          quantidade: item.contado ?? undefined,
        },
        {
          loteObrigatorio: true,
          campos: { produto: campo('produto_id'), lote: campo('lote_id'), quantidade: campo('contado') },
        },
      );
      await defineContado(tx, actor, inv, item);
    }
    return itensDoInventario(tx, id);
  });
}

/** The GTIN forms a stored code may have for a scanned one (compared as 14 digits, GS1). */
function formasGtin(codigo: string): string[] {
  const g14 = codigo.padStart(14, '0');
  return [8, 12, 13, 14].filter((n) => /^0*$/.test(g14.slice(0, 14 - n))).map((n) => g14.slice(14 - n));
}

/** POST /api/estoque/inventarios/:id/leituras: a scanned GTIN adds 1 base unit or a packaging's factor. */
export function registraLeitura(
  db: Db,
  actor: Actor,
  id: string,
  codigoLido: string,
): Promise<LeituraInventarioRow> {
  return writeTx(db, actor, async (tx) => {
    const inv = await travaAberto(tx, id);
    const codigo = normalizaGtin(codigoLido);
    const formas = /^\d{1,14}$/.test(codigo) ? formasGtin(codigo) : [];
    const nenhum = (): never => falha({ codigo: [inventarioMensagens.gtinNaoEncontrado(codigoLido.trim())] });
    if (!formas.length) return nenhum();
    const formasJson = sql`(select jsonb_array_elements_text(${JSON.stringify(formas)}::jsonb))`;
    const produtos = rowsOf<{ id: string; unidade: string; gtin: string; controla_lote: boolean }>(
      await tx.execute(sql`select p.id, p.unidade, p.gtin, p.controla_lote from products p
        where p.gtin in ${formasJson}
           or p.id in (select e.produto_id from produto_embalagens e where e.gtin in ${formasJson})
        order by p.codigo`),
    );
    const embalagens = rowsOf<{ produto_id: string; unidade: string; fator: string; gtin: string | null }>(
      await tx.execute(sql`select produto_id, unidade, fator::text as fator, gtin from produto_embalagens
        where gtin in ${formasJson}`),
    );
    const codigos: CodigosProduto[] = produtos.map((p) => ({
      produtoId: p.id,
      unidade: p.unidade,
      gtin: p.gtin,
      embalagens: embalagens.filter((e) => e.produto_id === p.id),
    }));
    const leitura = leGtin(indiceGtin(codigos), codigo);
    if (!leitura) return nenhum();
    const produto = produtos.find((p) => p.id === leitura.produtoId)!;
    let loteId: string | null = null;
    if (produto.controla_lote) {
      const lotes = rowsOf<{ lote_id: string }>(
        await tx.execute(sql`select lote_id from inventario_itens where inventario_id = ${id}
          and produto_id = ${produto.id} and lote_id is not null`),
      );
      if (lotes.length !== 1) falha({ codigo: [inventarioServicoMensagens.loteNaLinha] });
      loteId = lotes[0]!.lote_id;
    }
    const [atual] = rowsOf<{ contado: string | null }>(
      await tx.execute(sql`select contado::text as contado from inventario_itens where inventario_id = ${id}
        and produto_id = ${produto.id} and lote_id is not distinct from ${loteId}::uuid`),
    );
    const contado = somaLeitura(atual?.contado ?? null, leitura);
    await defineContado(tx, actor, inv, { produto_id: produto.id, lote_id: loteId, contado });
    const [item] = rowsOf<ItemDb>(
      await tx.execute(sql`${itensSelect} where x.inventario_id = ${id} and x.produto_id = ${produto.id}
        and x.lote_id is not distinct from ${loteId}::uuid`),
    );
    return { item: comDiferenca(item!), unidade: leitura.unidade, quantidade: leitura.quantidade };
  });
}

/**
 * POST /api/estoque/inventarios/:id/lancar: one `inventario` row per counted item whose count
 * differs from the balance, all in one transaction. When the location had movements after the
 * opening, it is refused (409) until confirmed.
 */
export function lancaInventario(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof inventarioLancarSchema>,
): Promise<InventarioDetalhe> {
  return writeTx(db, actor, async (tx) => {
    const inv = await travaAberto(tx, id);
    if (!input.confirmar_movimentos_posteriores && (await temMovimentosPosteriores(tx, inv)))
      throw new AppError('conflict', inventarioMensagens.movimentosPosteriores, {
        reason: 'movimentos_posteriores',
      });
    const contados = rowsOf<{ produto_id: string; lote_id: string | null; contado: string }>(
      await tx.execute(sql`select produto_id, lote_id, contado::text as contado from inventario_itens
        where inventario_id = ${id} and contado is not null order by produto_id, lote_id nulls first`),
    );
    if (!contados.length) throw new AppError('unprocessable', inventarioServicoMensagens.nadaContado);
    await lancaNoRazao(
      tx,
      actor,
      contados.map((c) => ({
        op: {
          tipo: 'inventario' as const,
          chave: { produtoId: c.produto_id, localId: inv.local_id, loteId: c.lote_id },
          contado: Decimal.of(c.contado).toFixed(CASAS_QUANTIDADE),
        },
        meta: { origem: 'inventario', origemId: id, observacao: `Inventário nº ${inv.numero}` },
      })),
    );
    // the differences are valued at the average the rows were written with
    await tx.execute(sql`update inventario_itens x set custo_medio = p.custo_medio
      from products p where p.id = x.produto_id and x.inventario_id = ${id}`);
    await tx
      .update(inventarios)
      .set({
        situacao: 'lancado',
        lancadoEm: sql`clock_timestamp()`,
        lancadoPor: actor.userId,
        versao: sql`${inventarios.versao} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(inventarios.id, id));
    return detalheInventario(tx, id);
  });
}

/** POST /api/estoque/inventarios/:id/cancelar: an open count is dropped; nothing is posted. */
export function cancelaInventario(db: Db, actor: Actor, id: string): Promise<InventarioDetalhe> {
  return writeTx(db, actor, async (tx) => {
    await travaAberto(tx, id);
    await tx
      .update(inventarios)
      .set({ situacao: 'cancelado', versao: sql`${inventarios.versao} + 1`, updatedAt: new Date() })
      .where(eq(inventarios.id, id));
    return detalheInventario(tx, id);
  });
}
