// Helpers for the tributacao tests (not a test file itself): products with NCM and origem and
// customers with UF and indicador de IE written straight to the database, rules through the API.
import { cnpjWithCheckDigits, type IndicadorIe, type Origem, type RegraTributacaoInput } from '@erp/shared';
import type { Db } from '../../db/client.ts';
import type { TestContext } from '../../test/test-app.ts';
import { clientes } from '../cadastros/cadastros.tables.ts';
import { products } from '../estoque/estoque.tables.ts';

let seq = 0;

export async function criaProduto(
  db: Db,
  v: { codigo: string; nome: string; ncm: string | null; origem?: Origem },
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({ codigo: v.codigo, nome: v.nome, ncm: v.ncm, origem: v.origem ?? '0', precoVenda: '10.00' })
    .returning({ id: products.id });
  return row!.id;
}

export async function criaCliente(
  db: Db,
  v: { razaoSocial: string; uf: string | null; indicadorIe: IndicadorIe },
): Promise<string> {
  seq++;
  const [row] = await db
    .insert(clientes)
    .values({
      tipoPessoa: 'J',
      documento: cnpjWithCheckDigits(`${String(20_000_000 + seq * 7919).slice(0, 8)}0001`),
      razaoSocial: v.razaoSocial,
      uf: v.uf,
      indicadorIe: v.indicadorIe,
      inscricaoEstadual: v.indicadorIe === '1' ? '123456789' : null,
    })
    .returning({ id: clientes.id });
  return row!.id;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
export type Json = Record<string, any>;

/** A request as JSON, answering status and the parsed body (text when it is not JSON). */
export async function chama(
  t: TestContext,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await t.request(method, path, { token, body });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

/** The fields every rule of these tests shares: a sale of the regime normal with IBS/CBS 2026. */
export const REGRA_BASE: Partial<RegraTributacaoInput> = {
  operacao: 'venda',
  crt: '3',
  cst_icms: '00',
  cst_pis: '01',
  cst_cofins: '01',
  cst_ibs_cbs: '000',
  c_class_trib: '000001',
};

/** Creates a rule through the API (as the admin) and answers its id. */
export async function criaRegra(
  t: TestContext,
  token: string,
  campos: Partial<RegraTributacaoInput> & { descricao: string; cfop: string },
): Promise<string> {
  const res = await chama(t, token, 'POST', '/api/tributacao/regras', { ...REGRA_BASE, ...campos });
  if (res.status !== 201)
    throw new Error(`regra ${campos.descricao}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}
