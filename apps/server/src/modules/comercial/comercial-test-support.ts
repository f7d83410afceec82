// Helpers for the comercial tests (not a test file itself): products with NCM, weights and
// packagings, customers and sellers written straight to the database; tax rules through the API;
// stock through the ledger.
import { cnpjWithCheckDigits } from '@erp/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import type { TestContext } from '../../test/test-app.ts';
import { clientes, situacoesCliente, vendedores } from '../cadastros/cadastros.tables.ts';
import { products, produtoEmbalagens } from '../estoque/estoque.tables.ts';
import { registraEntrada } from '../estoque/movimentos.service.ts';
import { financialAccounts } from '../financeiro/financeiro.tables.ts';
import { chama, criaRegra, type Json } from '../tributacao/tributacao-test-support.ts';

export { chama, criaRegra, type Json };

let seq = 0;

/** The units the tests sell in (UN exists; the others only where products used them). */
export async function criaUnidades(db: Db) {
  await db.execute(sql`insert into unidades (sigla, descricao, casas_decimais)
    values ('CX', 'Caixa', 0), ('FD', 'Fardo', 0), ('PCT', 'Pacote', 0), ('KG', 'Quilograma', 3)
    on conflict do nothing`);
}

export async function criaProduto(
  db: Db,
  v: {
    nome: string;
    unidade?: string;
    precoVenda?: string;
    pesoBruto?: string;
    pesoLiquido?: string;
    volume?: string;
    embalagens?: [sigla: string, fator: string][];
  },
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      codigo: `C${String(++seq).padStart(5, '0')}`,
      nome: v.nome,
      unidade: v.unidade ?? 'UN',
      ncm: '21069090',
      precoVenda: v.precoVenda ?? '10.00',
      pesoBruto: v.pesoBruto ?? '0',
      pesoLiquido: v.pesoLiquido ?? '0',
      volume: v.volume ?? '0',
    })
    .returning({ id: products.id });
  for (const [i, [sigla, fator]] of (v.embalagens ?? []).entries())
    await db.insert(produtoEmbalagens).values({
      produtoId: row!.id,
      unidade: sigla,
      fator,
      padraoVenda: i === 0,
      padraoCompra: i === 0,
    });
  return row!.id;
}

export async function criaVendedor(db: Db, v: { nome: string; comissao: string; descontoMaximo: string }) {
  const [row] = await db
    .insert(vendedores)
    .values({ nome: v.nome, comissao: v.comissao, descontoMaximo: v.descontoMaximo })
    .returning({ id: vendedores.id });
  return row!.id;
}

export async function criaSituacao(db: Db, nome: string, bloqueiaVendas: boolean) {
  const [row] = await db
    .insert(situacoesCliente)
    .values({ nome, bloqueiaVendas })
    .returning({ id: situacoesCliente.id });
  return row!.id;
}

export async function criaCliente(
  db: Db,
  v: { razaoSocial: string; limite: string; vendedorId?: string | null; situacaoId?: string | null },
): Promise<string> {
  seq++;
  const [row] = await db
    .insert(clientes)
    .values({
      tipoPessoa: 'J',
      documento: cnpjWithCheckDigits(`${String(30_000_000 + seq * 7919).slice(0, 8)}0001`),
      razaoSocial: v.razaoSocial,
      uf: 'SP',
      indicadorIe: '1',
      inscricaoEstadual: '123456789',
      limiteCredito: v.limite,
      vendedorId: v.vendedorId ?? null,
      situacaoId: v.situacaoId ?? null,
    })
    .returning({ id: clientes.id });
  return row!.id;
}

/** An open receivable of the customer (saldo = valor). */
export async function criaTitulo(db: Db, v: { clienteId: string; valor: string; vencimento: string }) {
  await db.insert(financialAccounts).values({
    tipo: 'receber',
    status: 'em_aberto',
    clienteId: v.clienteId,
    pessoaNome: 'Cliente',
    descricao: 'Título de teste',
    dataVencimento: v.vencimento,
    valor: v.valor,
    saldo: v.valor,
  });
}

export async function entrada(db: Db, produtoId: string, quantidade: string) {
  await writeTx(db, systemActor, (tx) =>
    registraEntrada(tx, systemActor, { produtoId, quantidade, custoUnitario: '1.00' }),
  );
}

/** An order body: customer, items [produto, embalagem, quantidade, preço, desconto?]. */
export function pedido(
  clienteId: string,
  itens: [
    produtoId: string,
    embalagem: string,
    quantidade: string,
    preco: string,
    desconto?: [string, string],
  ][],
  extra: Json = {},
): Json {
  return {
    cliente_id: clienteId,
    itens: itens.map(([produto_id, embalagem, quantidade, preco, d]) => ({
      produto_id,
      embalagem,
      quantidade,
      preco,
      desconto_tipo: d?.[0] ?? 'percentual',
      desconto: d?.[1] ?? '0',
    })),
    ...extra,
  };
}

export const tokens = async (t: TestContext) => {
  await criaUnidades(t.db);
  return {
    admin: (await t.signIn(['admin'])).token,
    comercial: (await t.signIn(['comercial'])).token,
    financeiro: (await t.signIn(['financeiro'])).token,
    estoque: (await t.signIn(['estoque'])).token,
  };
};
