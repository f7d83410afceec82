// Helpers for the vendas tests (not a test file itself): a seller linked to a comercial user, the
// device's data built from a sync answer, an order posted from the device.
import type { DadosOffline, SyncVendas } from '@erp/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TestContext } from '../../test/test-app.ts';
import { vendedores as tabelaVendedores } from '../cadastros/cadastros.tables.ts';
import { criaVendedor } from '../comercial/comercial-test-support.ts';

/** A seller and the comercial user linked to it. */
export async function vendedorComUsuario(t: TestContext, nome: string, descontoMaximo = '5') {
  const id = await criaVendedor(t.db, { nome, comissao: '3', descontoMaximo });
  const u = await t.signIn(['comercial'], { nome });
  await (t.db as Db).update(tabelaVendedores).set({ userId: u.userId }).where(eq(tabelaVendedores.id, id));
  return { id, token: u.token, userId: u.userId };
}

/** What the device keeps from a full sync, as calculaPedidoOffline reads it. */
export function dadosDoDispositivo(s: SyncVendas): DadosOffline {
  return {
    clientes: new Map(s.clientes.map((c) => [c.id, c])),
    produtos: new Map(s.produtos.map((p) => [p.id, p])),
    tabelas: s.tabelas,
    regras: s.regras,
    emitente: s.emitente,
    unidades: new Map(s.unidades.map((u) => [u.sigla, u.casas_decimais])),
  };
}
