// Helpers for the stock module's tests (not a test file itself): registers written straight to
// the database, and the ledger read back as the shared model's rows and state.
import {
  CASAS_CUSTO,
  CASAS_QUANTIDADE,
  chaveSaldo,
  Decimal,
  type EstadoEstoque,
  type LinhaRazao,
  type Saldo,
  type TipoMovimento,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { locaisEstoque, lotes, products } from './estoque.tables.ts';

let seq = 0;

export async function criaLocal(
  db: Db,
  v: { codigo?: string; nome: string; tipo?: 'deposito' | 'separacao' | 'avaria'; padraoSaida?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(locaisEstoque)
    .values({
      codigo: v.codigo ?? `L${++seq}`,
      nome: v.nome,
      tipo: v.tipo ?? 'deposito',
      padraoSaida: v.padraoSaida ?? false,
    })
    .returning({ id: locaisEstoque.id });
  return row!.id;
}

/** The location migration 0018 creates (Depósito principal, default for entradas and saídas). */
export async function localPrincipal(db: Db): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from locais_estoque where codigo = 'DEP'`),
  );
  return row!.id;
}

export async function criaProduto(
  db: Db,
  v: { nome: string; codigo?: string; unidade?: string; controlaLote?: boolean } = { nome: 'Produto' },
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      codigo: v.codigo ?? `T${String(++seq).padStart(5, '0')}`,
      nome: v.nome,
      unidade: v.unidade ?? 'UN',
      controlaLote: v.controlaLote ?? false,
    })
    .returning({ id: products.id });
  return row!.id;
}

export async function criaLote(
  db: Db,
  v: { produtoId: string; numero: string; validade: string },
): Promise<string> {
  const [row] = await db
    .insert(lotes)
    .values({ produtoId: v.produtoId, numero: v.numero, validade: v.validade })
    .returning({ id: lotes.id });
  return row!.id;
}

/** Every ledger row, oldest first, as the shared model's rows (ids kept for reversals). */
export async function linhasDoRazao(db: Db): Promise<(LinhaRazao & { id: number })[]> {
  const rows = rowsOf<{
    id: string | number;
    product_id: string;
    local_id: string;
    lote_id: string | null;
    tipo: TipoMovimento;
    quantidade: string;
    custo_unitario: string;
  }>(
    await db.execute(sql`select id, product_id, local_id, lote_id, tipo, quantidade::text as quantidade,
      custo_unitario::text as custo_unitario from estoque_movimentos order by id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    produtoId: r.product_id,
    localId: r.local_id,
    loteId: r.lote_id,
    tipo: r.tipo,
    quantidade: r.quantidade,
    custoUnitario: r.custo_unitario,
  }));
}

/** The balances and the products' totals as the model's state (for verificaRazao). */
export async function estadoDoBanco(
  db: Db,
): Promise<EstadoEstoque & { reservadoProduto: Map<string, string> }> {
  const saldos = rowsOf<{
    produto_id: string;
    local_id: string;
    lote_id: string | null;
    saldo: string;
    reservado: string;
  }>(
    await db.execute(sql`select produto_id, local_id, lote_id, saldo::text as saldo, reservado::text as reservado
      from estoque_saldos`),
  );
  const produtos = rowsOf<{ id: string; saldo: string; reservado: string; custo: string }>(
    await db.execute(sql`select id, estoque_atual::text as saldo, estoque_reservado::text as reservado,
      custo_medio::text as custo from products`),
  );
  const mapa = new Map<string, Saldo>();
  for (const s of saldos) {
    const saldo: Saldo = {
      produtoId: s.produto_id,
      localId: s.local_id,
      loteId: s.lote_id,
      saldo: Decimal.of(s.saldo).toFixed(CASAS_QUANTIDADE),
      reservado: Decimal.of(s.reservado).toFixed(CASAS_QUANTIDADE),
    };
    mapa.set(chaveSaldo(saldo), saldo);
  }
  return {
    saldos: mapa,
    produtos: new Map(
      produtos.map((p) => [
        p.id,
        {
          saldo: Decimal.of(p.saldo).toFixed(CASAS_QUANTIDADE),
          custoMedio: Decimal.of(p.custo).toFixed(CASAS_CUSTO),
        },
      ]),
    ),
    reservadoProduto: new Map(produtos.map((p) => [p.id, Decimal.of(p.reservado).toFixed(CASAS_QUANTIDADE)])),
  };
}

export type TotaisLocal = { local_id: string; produtos: number; saldo: string; valor: string };

/**
 * The per-location totals the ledger keeps (estoque_totais_local, slices added) and the same
 * figures summed from scratch over the balances and products, as the Posição de Estoque defines
 * them: products with a balance row in the location, active or holding a saldo there; Σ saldo;
 * Σ round(saldo there × custo médio, 2).
 */
export async function totaisPorLocal(
  db: Db,
): Promise<{ mantidos: TotaisLocal[]; recalculados: TotaisLocal[] }> {
  const mantidos = rowsOf<TotaisLocal>(
    await db.execute(sql`select l.id as local_id, coalesce(sum(t.produtos), 0)::int as produtos,
        coalesce(sum(t.saldo), 0)::numeric(20,3)::text as saldo, coalesce(sum(t.valor), 0)::numeric(20,2)::text as valor
      from locais_estoque l left join estoque_totais_local t on t.local_id = l.id
      group by l.id order by l.id`),
  );
  const recalculados = rowsOf<TotaisLocal>(
    await db.execute(sql`select l.id as local_id,
        (count(x.produto_id) filter (where p.ativo or x.saldo <> 0))::int as produtos,
        coalesce(sum(x.saldo), 0)::numeric(20,3)::text as saldo,
        coalesce(sum(round(x.saldo * p.custo_medio, 2)), 0)::numeric(20,2)::text as valor
      from locais_estoque l
      left join (select s.produto_id, s.local_id, sum(s.saldo) as saldo from estoque_saldos s
                 group by s.produto_id, s.local_id) x on x.local_id = l.id
      left join products p on p.id = x.produto_id
      group by l.id order by l.id`),
  );
  return { mantidos, recalculados };
}
