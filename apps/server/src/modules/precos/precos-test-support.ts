// Helpers for the precos tests (not a test file itself): the registers a price needs — products
// with a sale price and a custo médio, customers with their grupo, segmento and região — written
// straight to the database, and a price table created through the API.
import { cnpjWithCheckDigits } from '@erp/shared';
import type { Db } from '../../db/client.ts';
import type { TestContext } from '../../test/test-app.ts';
import { clientes, gruposEmpresariais, regioesEntrega, segmentos } from '../cadastros/cadastros.tables.ts';
import { products } from '../estoque/estoque.tables.ts';

let seq = 0;

export async function criaProduto(
  db: Db,
  v: { codigo: string; nome: string; precoVenda: string; custoMedio: string; unidade?: string },
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      codigo: v.codigo,
      nome: v.nome,
      precoVenda: v.precoVenda,
      custoMedio: v.custoMedio,
      unidade: v.unidade ?? 'UN',
    })
    .returning({ id: products.id });
  return row!.id;
}

export async function criaClassificacoes(db: Db, sufixo: string) {
  const [grupo] = await db
    .insert(gruposEmpresariais)
    .values({ nome: `Rede ${sufixo}` })
    .returning({ id: gruposEmpresariais.id });
  const [segmento] = await db
    .insert(segmentos)
    .values({ nome: `Segmento ${sufixo}` })
    .returning({ id: segmentos.id });
  const [regiao] = await db
    .insert(regioesEntrega)
    .values({ nome: `Região ${sufixo}` })
    .returning({ id: regioesEntrega.id });
  return { grupoId: grupo!.id, segmentoId: segmento!.id, regiaoId: regiao!.id };
}

export async function criaCliente(
  db: Db,
  v: { razaoSocial: string; grupoId?: string | null; segmentoId?: string | null; regiaoId?: string | null },
): Promise<string> {
  seq++;
  const [row] = await db
    .insert(clientes)
    .values({
      tipoPessoa: 'J',
      documento: cnpjWithCheckDigits(`${String(10_000_000 + seq * 7919).slice(0, 8)}0001`),
      razaoSocial: v.razaoSocial,
      grupoId: v.grupoId ?? null,
      segmentoId: v.segmentoId ?? null,
      regiaoId: v.regiaoId ?? null,
    })
    .returning({ id: clientes.id });
  return row!.id;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
export type Json = Record<string, any>;

/** A request as JSON, answering status and the parsed body (text when it is not JSON). */
export async function chama(
  t: TestContext,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await t.request(method, path, { token, body });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

export type ItemInput = {
  regra: string;
  valor: string;
  preco_minimo?: string;
  faixas?: { quantidade_minima: string; tipo: string; valor: string }[];
};

/** A table (POST /api/precos/tabelas) with its items (PUT .../itens/:produtoId); answers its id. */
export async function criaTabela(
  t: TestContext,
  token: string,
  tabela: Json,
  itens: Record<string, ItemInput> = {},
): Promise<string> {
  const r = await chama(t, token, 'POST', '/api/precos/tabelas', tabela);
  if (r.status !== 201) throw new Error(`tabela ${tabela.nome}: ${r.status} ${JSON.stringify(r.body)}`);
  for (const [produtoId, item] of Object.entries(itens)) {
    const i = await chama(t, token, 'PUT', `/api/precos/tabelas/${r.body.id}/itens/${produtoId}`, item);
    if (i.status !== 200) throw new Error(`item de ${tabela.nome}: ${i.status} ${JSON.stringify(i.body)}`);
  }
  return r.body.id;
}
