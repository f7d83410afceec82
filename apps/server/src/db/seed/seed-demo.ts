import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  clientes,
  fornecedores,
  gruposEmpresariais,
  regioesEntrega,
  segmentos,
  situacoesCliente,
  vendedores,
} from '../../modules/cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../../modules/comercial/comercial.tables.ts';
import { financialAccounts } from '../../modules/financeiro/financeiro.tables.ts';
import type { Db, Tx } from '../client.ts';
import { rowsOf } from '../client.ts';
import { seedCobrancaDemo } from './cobranca-demo.ts';
import { seedComercialDemo } from './comercial-demo.ts';
import { seedComissoesDemo } from './comissoes-demo.ts';
import { seedComprasDemo } from './compras-demo.ts';
import { generateDemoData } from './demo-data.ts';
import { seedDemoUsers } from './demo-users.ts';
import { seedDevolucoesDemo } from './devolucoes-demo.ts';
import { seedEntradasDemo } from './entradas-demo.ts';
import { seedEstoqueDemo } from './estoque-demo.ts';
import { seedExpedicaoDemo } from './expedicao-demo.ts';
import { seedFinanceiroDemo } from './financeiro-demo.ts';
import { seedFiscalDemo } from './fiscal-demo.ts';
import { seedFrotaDemo } from './frota-demo.ts';
import { seedMdfeDemo } from './mdfe-demo.ts';
import { seedNotasDemo } from './notasfiscais-demo.ts';
import { seedPrecosDemo } from './precos-demo.ts';
import { seedTributacaoDemo } from './tributacao-demo.ts';
import { seedVendasDemo } from './vendas-demo.ts';

async function insertChunked(tx: Tx, table: PgTable, rows: Record<string, unknown>[], size = 500) {
  for (let i = 0; i < rows.length; i += size) {
    // biome-ignore lint/suspicious/noExplicitAny: generic bulk insert over any table
    await tx.insert(table).values(rows.slice(i, i + size) as any);
  }
}

/**
 * Loads the demo distributor (and the demo users) in one transaction.
 * With onlyIfEmpty it does nothing when products already exist, so a second start reuses the data.
 */
export async function seedDemo(
  db: Db,
  opts: {
    onlyIfEmpty?: boolean;
    logger?: Logger;
    today?: string;
    nfeSchemasDir?: string;
    mdfeSchemasDir?: string;
  } = {},
): Promise<{
  products: number;
  clientes: number;
  orders: number;
  items: number;
  accounts: number;
  pedidos: number;
  users: number;
} | null> {
  if (opts.onlyIfEmpty) {
    const rows = rowsOf<{ exists: boolean }>(
      await db.execute(sql`select exists(select 1 from products) as exists`),
    );
    if (rows[0]?.exists) return null;
  }
  const data = generateDemoData({ today: opts.today });
  const counts = await writeTx(db, systemActor, async (tx) => {
    await insertChunked(tx, gruposEmpresariais, data.grupos);
    await insertChunked(tx, segmentos, data.segmentos);
    await insertChunked(tx, regioesEntrega, data.regioes);
    await insertChunked(tx, situacoesCliente, data.situacoes);
    await insertChunked(tx, fornecedores, data.fornecedores);
    await insertChunked(tx, vendedores, data.vendedores);
    await insertChunked(tx, clientes, data.clientes);
    await seedEstoqueDemo(tx, data, opts.today);
    await seedPrecosDemo(tx, data, opts.today);
    await seedTributacaoDemo(tx, data);
    await seedFrotaDemo(tx, opts.today);
    // the company as NF-e emitente, série 1 and a generated demo A1 certificate (encrypted)
    await seedFiscalDemo(tx, data.today);
    await insertChunked(tx, salesOrders, data.orders);
    await insertChunked(tx, salesOrderItems, data.items);
    await insertChunked(tx, financialAccounts, data.accounts);
    await seedFinanceiroDemo(tx, data.today);
    // the sellers' commissions on a share of the last months' receipts, paid and to pay (Comissões)
    await seedComissoesDemo(tx, data.today);
    // the comercial module's orders along the status flow, through its services
    // dispatch: more released orders and three loads (montagem, em separação, conferida)
    const pedidos = (await seedComercialDemo(tx, data)) + (await seedExpedicaoDemo(tx, data)).pedidos;
    // goods receipts (drafts) from NF-e XML built by the seed
    await seedEntradasDemo(tx, data.today);
    await seedComprasDemo(tx, data.today); // purchase orders in every status, tied to posted notes
    // a few outgoing NF-e of released orders, signed with the demo certificate (XSD folder needed)
    if (opts.nfeSchemasDir) await seedNotasDemo(tx, opts.nfeSchemasDir, data.today);
    // returns (issue 32): sale notes authorised by a demo protocol and three devoluções de venda
    if (opts.nfeSchemasDir) await seedDevolucoesDemo(tx, opts.nfeSchemasDir, data.today);
    // MDF-e (issue 33): a load em rota with its manifesto autorizado and one finalizada, encerrado
    if (opts.nfeSchemasDir && opts.mdfeSchemasDir)
      await seedMdfeDemo(tx, opts.nfeSchemasDir, opts.mdfeSchemasDir, data.today);
    // cobrança registrada: carteiras, boletos in every situação, a remessa and its retorno
    await seedCobrancaDemo(tx, data.today);
    const users = await seedDemoUsers(tx);
    // the demo comercial user is a seller with a carteira (força de vendas, /vendas)
    await seedVendasDemo(tx, data.vendedores[0]!.id);
    return {
      products: data.products.length,
      clientes: data.clientes.length,
      orders: data.orders.length,
      items: data.items.length,
      accounts: data.accounts.length,
      pedidos,
      users,
    };
  });
  return counts;
}
