import {
  type ClienteRow,
  computeItemTaxes,
  type DecimalInput,
  type Destinatario,
  fluxoDaOperacao,
  genericMessages,
  type ImpostosItem,
  isUf,
  matchRule,
  type OperacaoFiscal,
  type PartesOperacao,
  type RegraTributacao,
  SENTIDOS_DA_OPERACAO,
  simulacaoMensagens,
  type TotaisDocumento,
  totalize,
} from '@erp/shared';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnsByName } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { umDosIds } from '../../lib/sql-listas.ts';
import { getCliente } from '../cadastros/clientes.service.ts';
import { type ProdutoLido, produtosPorId } from '../estoque/produtos-leitura.service.ts';
import { emitenteDaEmpresa } from './emitente.service.ts';
import { regrasTributacao } from './tributacao.tables.ts';

// The taxes of a document's items (orders, NF-e): the company, the customer and the products are
// read once, the rules that may apply are loaded in one query, and each item goes through the
// shared engine — matchRule, computeItemTaxes, totalize. Nothing here computes a tax.

const t = regrasTributacao;

/** An item of an order or invoice: money with 2 decimals (its share of the document's amounts: ratear). */
export type ItemParaImpostos = {
  produtoId: string;
  quantidade: DecimalInput;
  valorUnitario: DecimalInput;
  desconto?: DecimalInput;
  frete?: DecimalInput;
  seguro?: DecimalInput;
  outras?: DecimalInput;
};

export type ImpostosDoItem = {
  produtoId: string;
  regra: { id: string; descricao: string };
  impostos: ImpostosItem;
};

export type ImpostosPedido = {
  partes: PartesOperacao;
  itens: ImpostosDoItem[];
  totais: TotaisDocumento;
};

export const impostosMensagens = {
  semRegra: (produtos: string) => `Nenhuma regra de tributação se aplica a: ${produtos}`,
} as const;

function erroDeCampo(campo: string, mensagem: string): AppError {
  return new AppError('validation_failed', genericMessages.validation, { fields: { [campo]: [mensagem] } });
}

/**
 * The NF-e dest of a customer: its UF and indIEDest; indFinal 1 for a non-contributor (always a
 * final consumer) or when `consumidorFinal` (a contributor buying for its own use).
 */
export async function destinatarioDoCliente(
  db: Db,
  clienteId: string,
  consumidorFinal = false,
): Promise<{ cliente: ClienteRow; destinatario: Destinatario }> {
  const cliente = await getCliente(db, clienteId).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found')
      throw erroDeCampo('cliente_id', simulacaoMensagens.clienteNaoEncontrado);
    throw err;
  });
  return { cliente, destinatario: destinatarioDe(cliente, consumidorFinal) };
}

/** destinatarioDoCliente over a customer already read (its UF and indicador de IE). */
export function destinatarioDe(
  cliente: Pick<ClienteRow, 'uf' | 'indicador_ie'>,
  consumidorFinal = false,
): Destinatario {
  if (!isUf(cliente.uf)) throw erroDeCampo('cliente_id', simulacaoMensagens.clienteSemUf);
  const indIEDest = cliente.indicador_ie;
  return { uf: cliente.uf, indIEDest, indFinal: indIEDest !== '1' || consumidorFinal ? '1' : '0' };
}

/** The parties of an operation of the company with a customer (a sale or a bonus is a saída). */
export async function partesComCliente(
  db: Db,
  opts: { clienteId: string; operacao: OperacaoFiscal; consumidorFinal?: boolean },
): Promise<{ cliente: ClienteRow; partes: PartesOperacao }> {
  // sequential: `db` may be a transaction's single client (see emitenteDaEmpresa)
  const emitente = await emitenteDaEmpresa(db);
  const { cliente, destinatario } = await destinatarioDoCliente(db, opts.clienteId, opts.consumidorFinal);
  const sentido = SENTIDOS_DA_OPERACAO[opts.operacao][0] ?? 'saida';
  return { cliente, partes: { emitente, destinatario, operacao: opts.operacao, sentido } };
}

/** Every prefix (2 to 8 digits) of the NCMs: the NCM rules that can reach these items. */
function prefixosNcm(ncms: Iterable<string>): string[] {
  const prefixos = new Set<string>();
  for (const ncm of ncms) for (let n = 2; n <= ncm.length; n++) prefixos.add(ncm.slice(0, n));
  return [...prefixos];
}

const colunasDaRegra = columnsByName(t, ['busca', 'versao', 'created_at', 'updated_at']);

/**
 * The active rules of the operation's kind and the company's regime that can reach these products
 * (theirs, their NCM prefixes', or any product's), oldest first (the order matchRule breaks a tie
 * by; the unique index leaves none among active rules). With `soAplicaveis` the origin,
 * destination and recipient type are filtered too (orders); without, "Simular" gets the rules
 * that did not apply, with their reasons.
 */
export async function carregaRegras(
  db: Db,
  partes: PartesOperacao,
  produtos: readonly Pick<ProdutoLido, 'id' | 'ncm'>[],
  opts: { soAplicaveis: boolean },
): Promise<RegraTributacao[]> {
  const ids = [...new Set(produtos.map((p) => p.id))];
  const prefixos = prefixosNcm(new Set(produtos.flatMap((p) => (p.ncm ? [p.ncm] : []))));
  const condicoes: (SQL | undefined)[] = [
    eq(t.ativa, true),
    eq(t.operacao, partes.operacao),
    eq(t.sentido, partes.sentido),
    eq(t.crt, partes.emitente.crt),
    ids.length ? or(isNull(t.produtoId), umDosIds(t.produtoId, ids)) : isNull(t.produtoId),
    prefixos.length ? or(isNull(t.ncmPrefixo), inArray(t.ncmPrefixo, prefixos)) : isNull(t.ncmPrefixo),
  ];
  if (opts.soAplicaveis) {
    const fluxo = fluxoDaOperacao(partes);
    condicoes.push(
      or(isNull(t.ufOrigem), eq(t.ufOrigem, fluxo.ufOrigem)),
      or(
        isNull(t.destino),
        eq(t.destino, fluxo.interna ? 'interna' : 'interestadual'),
        eq(t.destino, fluxo.ufDestino),
      ),
      or(isNull(t.tipoDestinatario), eq(t.tipoDestinatario, fluxo.tipoDestinatario)),
    );
  }
  const rows = await db
    .select(colunasDaRegra)
    .from(t)
    .where(and(...condicoes))
    .orderBy(asc(t.createdAt), asc(t.id));
  return rows as unknown as RegraTributacao[];
}

/**
 * The taxes of every item of an order (or an invoice) to a customer: one read of the company, the
 * customer, the products and the rules; per item the winning rule and the engine's NF-e groups;
 * the document's totals as the sums of the items. An item no rule reaches is refused (422) with
 * the products named, so nothing is sold untaxed.
 */
export async function calcularImpostosPedido(
  db: Db,
  pedido: {
    itens: readonly ItemParaImpostos[];
    clienteId: string;
    operacao: OperacaoFiscal;
    consumidorFinal?: boolean;
  },
): Promise<ImpostosPedido> {
  const { partes } = await partesComCliente(db, pedido);
  const produtos = await produtosPorId(
    db,
    pedido.itens.map((i) => i.produtoId),
  );
  const faltando = pedido.itens.filter((i) => !produtos.has(i.produtoId));
  if (faltando.length)
    throw new AppError('unprocessable', simulacaoMensagens.produtoNaoEncontrado, {
      produtos: [...new Set(faltando.map((i) => i.produtoId))],
    });
  const regras = await carregaRegras(db, partes, [...produtos.values()], { soAplicaveis: true });

  const itens: ImpostosDoItem[] = [];
  const semRegra = new Set<ProdutoLido>();
  for (const item of pedido.itens) {
    const produto = produtos.get(item.produtoId) as ProdutoLido;
    const ncm = produto.ncm ?? '';
    const { regra } = matchRule(regras, { produtoId: produto.id, ncm }, partes, { explicar: false });
    if (regra === null) {
      semRegra.add(produto);
      continue;
    }
    itens.push({
      produtoId: produto.id,
      regra: { id: regra.id, descricao: regra.descricao },
      impostos: computeItemTaxes({ ...item, origem: produto.origem, ncm }, regra, partes),
    });
  }
  if (semRegra.size)
    throw new AppError(
      'unprocessable',
      impostosMensagens.semRegra([...semRegra].map((p) => `${p.codigo} - ${p.nome}`).join(', ')),
      { produtos: [...semRegra].map((p) => p.id) },
    );
  return { partes, itens, totais: totalize(itens.map((i) => i.impostos)) };
}
