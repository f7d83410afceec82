import { businessToday, ENTIDADES_VENDAS, type EntidadeVendas, type SyncVendas } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { emitenteDaEmpresa } from '../tributacao/emitente.service.ts';
import {
  clientesDaCarteira,
  pedidosAbertos,
  produtosAtivos,
  regrasDeVenda,
  tabelasDaCarteira,
  titulosAbertos,
} from './sync-carregadores.ts';
import { horizonteDoLog } from './sync-poda.ts';
import type { VendedorDoUsuario } from './vendedor-do-usuario.ts';

// GET /api/vendas/sync (decision 0010): everything in the seller's scope, or — with the cursor of the
// previous sync — only the entities the change log names since, reloaded in scope; those no longer in
// scope are removals. One read-only repeatable-read transaction: the cursor and every read share one
// snapshot, so nothing committed after the cursor's snapshot is missed next time.

/** The log's entity names (migration 0069) → the payload's. */
const DO_LOG: Record<string, EntidadeVendas> = {
  cliente: 'clientes',
  produto: 'produtos',
  tabela: 'tabelas',
  pedido: 'pedidos',
  titulo: 'titulos',
};

async function alteradosDesde(tx: Tx, cursor: string): Promise<Record<EntidadeVendas, string[]>> {
  const rows = rowsOf<{ entidade: string; chaves: string[] }>(
    await tx.execute(sql`select entidade, array_agg(distinct chave) as chaves
      from vendas_sync_log
      where xid >= pg_snapshot_xmin(${cursor}::pg_snapshot) and not pg_visible_in_snapshot(xid, ${cursor}::pg_snapshot)
      group by entidade`),
  );
  const out = Object.fromEntries(ENTIDADES_VENDAS.map((e) => [e, [] as string[]])) as Record<
    EntidadeVendas,
    string[]
  >;
  for (const r of rows) {
    const e = DO_LOG[r.entidade];
    if (e) out[e] = r.chaves;
  }
  return out;
}

const fora = (pedidos: readonly string[], achados: readonly { id: string }[]) => {
  const ids = new Set(achados.map((a) => a.id));
  return pedidos.filter((id) => !ids.has(id));
};

export async function sincroniza(
  db: Db,
  vendedor: VendedorDoUsuario,
  desde: string | null,
): Promise<SyncVendas> {
  return db.transaction(
    async (tx) => {
      const [snap] = rowsOf<{ cursor: string; agora: string }>(
        await tx.execute(sql`select pg_current_snapshot()::text as cursor,
            to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as agora`),
      );
      const hoje = businessToday();
      // sequential reads: a transaction is one connection
      const emitente = await emitenteDaEmpresa(tx as unknown as Db);
      const regras = await regrasDeVenda(tx, emitente.crt);
      const unidades = rowsOf<{ sigla: string; casas_decimais: number }>(
        await tx.execute(sql`select sigla, casas_decimais from unidades order by sigla`),
      );
      const condicoes = rowsOf<{ id: string; nome: string }>(
        await tx.execute(sql`select id, nome from condicoes_pagamento where ativo order by nome`),
      );
      const formas = rowsOf<{ id: string; nome: string }>(
        await tx.execute(sql`select id, nome from formas_pagamento where ativo order by nome`),
      );
      const base = {
        cursor: snap!.cursor,
        gerado_em: snap!.agora,
        data: hoje,
        vendedor,
        emitente,
        unidades,
        condicoes,
        formas,
        regras,
      };
      // no cursor, one this database never gave (from the future — its xmax, the next transaction id
      // then, ahead of now's: another server's), or one older than the pruned log (its xmin not above
      // the highest pruned xid: an entry it did not see may be gone, sync-poda.ts): a full sync
      const parte = (cursor: string, i: 0 | 1) => BigInt(cursor.split(':')[i]!);
      const horizonte = desde === null ? null : await horizonteDoLog(tx);
      const completo =
        desde === null ||
        parte(desde, 1) > parte(snap!.cursor, 1) ||
        (horizonte !== null && parte(desde, 0) <= horizonte);
      if (completo) {
        return {
          ...base,
          completo: true,
          clientes: await clientesDaCarteira(tx, vendedor.id, null, hoje),
          produtos: await produtosAtivos(tx, null, hoje),
          tabelas: await tabelasDaCarteira(tx, vendedor.id, { ids: null }),
          pedidos: await pedidosAbertos(tx, vendedor.id, null),
          titulos: await titulosAbertos(tx, vendedor.id, { ids: null }),
          removidos: { clientes: [], produtos: [], tabelas: [], pedidos: [], titulos: [] },
        };
      }
      const alterados = await alteradosDesde(tx, desde);
      const clientes = await clientesDaCarteira(tx, vendedor.id, alterados.clientes, hoje);
      const clienteIds = clientes.map((c) => c.id);
      const produtos = await produtosAtivos(tx, alterados.produtos, hoje);
      // the changed tables in scope, and every table reaching a changed customer (one may have joined
      // the carteira, or moved to another região)
      const tabelasAlteradas = await tabelasDaCarteira(tx, vendedor.id, { ids: alterados.tabelas });
      const tabelasDosClientes = clienteIds.length
        ? await tabelasDaCarteira(tx, vendedor.id, { ids: null, clienteIds })
        : [];
      const tabelas = [
        ...new Map([...tabelasAlteradas, ...tabelasDosClientes].map((t) => [t.id, t])).values(),
      ];
      const pedidos = await pedidosAbertos(tx, vendedor.id, alterados.pedidos);
      const titulos = await titulosAbertos(tx, vendedor.id, { ids: alterados.titulos, clienteIds });
      return {
        ...base,
        completo: false,
        clientes,
        produtos,
        tabelas,
        pedidos,
        titulos,
        removidos: {
          clientes: fora(alterados.clientes, clientes),
          produtos: fora(alterados.produtos, produtos),
          tabelas: fora(alterados.tabelas, tabelasAlteradas),
          pedidos: fora(alterados.pedidos, pedidos),
          titulos: fora(alterados.titulos, titulos),
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
