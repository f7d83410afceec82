import {
  COUNT_CAP,
  Decimal,
  type EntradasListQuery,
  formatDecimalBR,
  type StatusEntradaApi,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { contem, documentoDigitado, palavrasBusca } from '../../lib/busca-listas.ts';
import { AppError } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-query.ts';
import {
  type PedidoCompraDaEntrada,
  pedidoCompraDaEntrada,
  pendenciaDoPedido,
} from '../compras/recebimento-pedido.service.ts';
import { leNfe, NfeIlegivel, type NotaNfe } from '../nfe/parser.ts';
import type { entradas } from './entradas.tables.ts';

// Reading receipts: the list (also /notasfiscais/entrada), one receipt with its items, lots,
// duplicatas, payables and what still blocks its posting.

export const entradaMensagens = {
  naoEncontrada: 'Entrada não encontrada.',
  itemNaoEncontrado: 'Item da entrada não encontrado.',
  naoEditavel: (status: string) => `A entrada está ${status}: não pode mais ser alterada.`,
  versao: 'A entrada foi alterada por outra pessoa. Recarregue e tente novamente.',
  semXml: 'Esta entrada não tem XML (entrada manual).',
  pendencias: 'A entrada tem pendências: resolva-as antes de lançar.',
  fornecedor: 'Informe o fornecedor (cadastre-o a partir do emitente da nota).',
  assinatura: (s: string) =>
    s === 'ausente'
      ? 'A nota não tem assinatura digital: confirme o recebimento explicitamente.'
      : 'Assinatura inválida: o conteúdo pode ter sido alterado depois de assinado — confirme o recebimento explicitamente.',
  condicao: 'A nota não tem duplicatas: informe a condição de pagamento.',
  itemSemProduto: (n: number, x: string) => `Item ${n} (${x}): associe um produto.`,
  itemSemFator: (n: number, u: string) => `Item ${n}: informe a embalagem equivalente a "${u}".`,
  itemConversao: (n: number) => `Item ${n}: a quantidade não converte exatamente para a unidade do produto.`,
  itemLote: (n: number) => `Item ${n}: o produto controla lote — informe lote e validade.`,
  itemLoteSoma: (n: number, lotes: string, q: string) =>
    `Item ${n}: a soma dos lotes (${lotes}) difere da quantidade recebida (${q}).`,
  itemLoteValidade: (n: number, lote: string) => `Item ${n}: informe a validade do lote ${lote}.`,
} as const;

export const statusTexto: Record<StatusEntradaApi, string> = {
  rascunho: 'em rascunho',
  conferida: 'conferida',
  lancada: 'lançada',
  estornada: 'estornada',
};

export type EntradaResumo = {
  id: string;
  status: StatusEntradaApi;
  origem: 'xml' | 'manual';
  chave: string | null;
  serie: number | null;
  numero: number | null;
  emissao: string | null;
  fornecedor_id: string | null;
  fornecedor_nome: string | null;
  emitente_documento: string | null;
  emitente_nome: string | null;
  valor_nota: string;
  assinatura: 'valida' | 'invalida' | 'ausente' | null;
  assinatura_confirmada: boolean;
  xsd_valido: boolean | null;
  alertas: string[];
  itens_total: number;
  itens_mapeados: number;
  created_at: string;
};

const resumoCols = sql`e.id, e.status, e.origem, e.chave, e.serie, e.numero, e.emissao, e.fornecedor_id,
  f.razao_social as fornecedor_nome, e.emitente_documento, e.emitente_nome, e.valor_nota::text as valor_nota,
  e.assinatura, e.assinatura_confirmada_em is not null as assinatura_confirmada, e.xsd_valido, e.alertas,
  (select count(*)::int from entrada_itens i where i.entrada_id = e.id) as itens_total,
  (select count(*)::int from entrada_itens i where i.entrada_id = e.id and i.produto_id is not null) as itens_mapeados,
  e.created_at`;

const from = sql`from entradas e left join fornecedores f on f.id = e.fornecedor_id`;

function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
}

function resumo(r: Record<string, unknown>): EntradaResumo {
  return {
    ...(r as unknown as EntradaResumo),
    emissao: iso(r.emissao),
    created_at: iso(r.created_at)!,
    alertas: (r.alertas as string[] | null) ?? [],
  };
}

const sorts = {
  emissao: sql`e.emissao`,
  numero: sql`e.numero`,
  fornecedor: sql`coalesce(f.razao_social, e.emitente_nome)`,
  valor: sql`e.valor_nota`,
  status: sql`e.status`,
  criada: sql`e.created_at`,
} as const;

/**
 * The search box, a condition per word, each on an index (migration 0047): contained in the chave,
 * the issuer's name or document (the stored `busca`, entradas_busca_trgm_idx; a CPF/CNPJ typed
 * formatted too), the
 * note's número (entradas_numero_idx) or the supplier's register (fornecedores_busca_trgm_idx, then
 * entradas_fornecedor_idx).
 */
export function buscaEntradas(q: string | undefined): SQL[] {
  const texto = sql`e.busca`;
  return palavrasBusca(q).map((w) => {
    const doc = documentoDigitado(w);
    const alvos = doc && doc !== w ? [w, doc] : [w];
    const numero =
      /^(0|[1-9]\d{0,9})$/.test(w) && Number(w) <= 2147483647 ? sql` or e.numero = ${Number(w)}` : sql``;
    const contidos = sql.join(
      alvos.map((a) => sql`${texto} like ${contem(a)}`),
      sql` or `,
    );
    const fornecedor = sql.join(
      alvos.map((a) => sql`fo.busca like ${contem(a)}`),
      sql` or `,
    );
    return sql`(${contidos}${numero} or e.fornecedor_id = any(array(select fo.id from fornecedores fo where ${fornecedor})))`;
  });
}

/** GET /api/estoque/entradas and /api/notasfiscais/entrada (apenasXml). */
export async function listEntradas(
  db: Db,
  q: Omit<EntradasListQuery, 'sort' | 'fornecedor_id'> & { sort: keyof typeof sorts; fornecedor_id?: string },
  opts: { apenasXml?: boolean } = {},
) {
  const conds: SQL[] = [];
  if (opts.apenasXml) conds.push(sql`e.origem = 'xml'`);
  if (q.status) conds.push(sql`e.status = ${q.status}`);
  if (q.fornecedor_id) conds.push(sql`e.fornecedor_id = ${q.fornecedor_id}`);
  if (q.de) conds.push(sql`e.emissao >= ${q.de}::date`);
  if (q.ate) conds.push(sql`e.emissao < ${q.ate}::date + 1`);
  conds.push(...buscaEntradas(q.q));
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  return listPage(q, {
    sorts,
    tieBreaker: sql`e.id` as unknown as typeof entradas.id,
    rows: async ({ limit, offset, orderBy }) =>
      rowsOf<Record<string, unknown>>(
        await db.execute(
          sql`select ${resumoCols} ${from} ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit} offset ${offset}`,
        ),
      ).map(resumo),
    count: async () =>
      rowsOf<{ total: number }>(
        await db.execute(
          sql`select count(*)::int as total from (select 1 ${from} ${where} limit ${COUNT_CAP + 1}) x`,
        ),
      ),
  });
}

export type LoteItem = {
  numero: string;
  quantidade: string;
  fabricacao: string | null;
  validade: string | null;
  origem: 'rastro' | 'digitado';
};

export type ItemEntrada = {
  id: string;
  n_item: number;
  c_prod: string;
  c_ean: string | null;
  c_ean_trib: string | null;
  x_prod: string;
  ncm: string | null;
  cfop: string | null;
  u_com: string;
  q_com: string;
  v_un_com: string;
  u_trib: string | null;
  q_trib: string | null;
  v_prod: string;
  v_desc: string;
  v_frete: string;
  v_seg: string;
  v_outro: string;
  v_ipi: string;
  v_icms_st: string;
  v_icms: string;
  v_pis: string;
  v_cofins: string;
  custo_total: string;
  produto_id: string | null;
  produto_codigo: string | null;
  produto_nome: string | null;
  unidade_base: string | null;
  controla_lote: boolean;
  embalagem_id: string | null;
  fator: string | null;
  quantidade_base: string | null;
  custo_unitario: string | null;
  mapeamento: 'memoria' | 'gtin' | 'manual' | null;
  local_id: string | null;
  quantidade_conferida: string | null;
  /** The purchase-order line chosen by hand (or stored at posting); null: matched by product. */
  pedido_compra_item_id: string | null;
  lotes: LoteItem[];
  /** The mapped product's packagings (the line's packaging picker), smallest factor first. */
  embalagens: Array<{ id: string; unidade: string; fator: string }>;
};

export type Entrada = EntradaResumo &
  PedidoCompraDaEntrada & {
    versao: number;
    /** The purchase order this receipt is checked against (issue 34), and why its divergences are accepted. */
    pedido_compra_id: string | null;
    justificativa_divergencia: string | null;
    natureza_operacao: string | null;
    emitente: Record<string, unknown> | null;
    totais: Record<
      'produtos' | 'desconto' | 'frete' | 'seguro' | 'outros' | 'ipi' | 'icms_st' | 'icms' | 'nota',
      string
    >;
    xsd_erros: string[];
    assinatura_motivo: string | null;
    certificado: Record<string, unknown> | null;
    condicao_pagamento_id: string | null;
    local_id: string | null;
    observacoes: string | null;
    conferida_em: string | null;
    lancada_em: string | null;
    estornada_em: string | null;
    motivo_estorno: string | null;
    pendencias: string[];
    itens: ItemEntrada[];
    duplicatas: Array<{ numero: string; vencimento: string; valor: string }>;
    titulos: Array<{
      id: string;
      parcela: number;
      vencimento: string;
      valor: string;
      saldo: string;
      status: string;
    }>;
    divergencias: Array<{ item_id: string; n_item: number; esperado: string; contado: string }>;
  };

export async function leItens(db: Db | Tx, entradaId: string): Promise<ItemEntrada[]> {
  const itens = rowsOf<ItemEntrada>(
    await db.execute(sql`select i.id, i.n_item, i.c_prod, i.c_ean, i.c_ean_trib, i.x_prod, i.ncm, i.cfop, i.u_com,
      i.q_com::text as q_com, i.v_un_com::text as v_un_com, i.u_trib, i.q_trib::text as q_trib,
      i.v_prod::text as v_prod, i.v_desc::text as v_desc, i.v_frete::text as v_frete, i.v_seg::text as v_seg,
      i.v_outro::text as v_outro, i.v_ipi::text as v_ipi, i.v_icms_st::text as v_icms_st, i.v_icms::text as v_icms,
      i.v_pis::text as v_pis, i.v_cofins::text as v_cofins, i.custo_total::text as custo_total,
      i.produto_id, p.codigo as produto_codigo, p.nome as produto_nome, p.unidade as unidade_base,
      coalesce(p.controla_lote, false) as controla_lote, i.embalagem_id, i.fator::text as fator,
      i.quantidade_base::text as quantidade_base, i.custo_unitario::text as custo_unitario, i.mapeamento,
      i.local_id, i.quantidade_conferida::text as quantidade_conferida, i.pedido_compra_item_id, '[]'::json as lotes,
      coalesce((select json_agg(json_build_object('id', x.id, 'unidade', x.unidade, 'fator', x.fator::text)
        order by x.fator, x.unidade) from produto_embalagens x where x.produto_id = i.produto_id), '[]'::json)
        as embalagens
      from entrada_itens i left join products p on p.id = i.produto_id
      where i.entrada_id = ${entradaId} order by i.n_item`),
  );
  const lotes = rowsOf<LoteItem & { item_id: string }>(
    await db.execute(sql`select l.item_id, l.numero, l.quantidade::text as quantidade, l.fabricacao::text as fabricacao,
      l.validade::text as validade, l.origem from entrada_item_lotes l join entrada_itens i on i.id = l.item_id
      where i.entrada_id = ${entradaId} order by l.numero`),
  );
  const porItem = new Map<string, LoteItem[]>();
  for (const { item_id, ...l } of lotes) porItem.set(item_id, [...(porItem.get(item_id) ?? []), l]);
  return itens.map((i) => ({ ...i, lotes: porItem.get(i.id) ?? [] }));
}

/** What blocks posting (pt-BR sentences; empty = it can be posted). */
export function pendenciasDe(
  e: {
    fornecedor_id: string | null;
    assinatura: string | null;
    assinatura_confirmada: boolean;
    condicao_pagamento_id: string | null;
  },
  itens: ItemEntrada[],
  temDuplicatas: boolean,
): string[] {
  const p: string[] = [];
  if (!e.fornecedor_id) p.push(entradaMensagens.fornecedor);
  if (e.assinatura && e.assinatura !== 'valida' && !e.assinatura_confirmada)
    p.push(entradaMensagens.assinatura(e.assinatura));
  if (!temDuplicatas && !e.condicao_pagamento_id) p.push(entradaMensagens.condicao);
  for (const i of itens) {
    if (!i.produto_id) {
      p.push(entradaMensagens.itemSemProduto(i.n_item, i.x_prod));
      continue;
    }
    if (!i.fator) {
      p.push(entradaMensagens.itemSemFator(i.n_item, i.u_com));
      continue;
    }
    if (!i.quantidade_base) {
      p.push(entradaMensagens.itemConversao(i.n_item));
      continue;
    }
    if (i.controla_lote) {
      if (!i.lotes.length) p.push(entradaMensagens.itemLote(i.n_item));
      else {
        // exact decimals: a lot split must add up to the base quantity to the last digit
        const soma = Decimal.sum(i.lotes.map((l) => l.quantidade));
        if (!soma.eq(i.quantidade_base))
          p.push(
            entradaMensagens.itemLoteSoma(
              i.n_item,
              formatDecimalBR(soma.toString(), 0),
              formatDecimalBR(Decimal.of(i.quantidade_base).toString(), 0),
            ),
          );
        for (const l of i.lotes)
          if (!l.validade) p.push(entradaMensagens.itemLoteValidade(i.n_item, l.numero));
      }
    }
  }
  return p;
}

export async function getEntrada(db: Db | Tx, id: string): Promise<Entrada> {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${resumoCols}, e.versao, e.natureza_operacao, e.emitente,
      e.valor_produtos::text as produtos, e.valor_desconto::text as desconto, e.valor_frete::text as frete,
      e.valor_seguro::text as seguro, e.valor_outros::text as outros, e.valor_ipi::text as ipi,
      e.valor_icms_st::text as icms_st, e.valor_icms::text as icms, e.valor_nota::text as nota,
      e.xsd_erros, e.assinatura_motivo, e.certificado, e.condicao_pagamento_id, e.local_id, e.observacoes,
      e.conferida_em, e.lancada_em, e.estornada_em, e.motivo_estorno, e.pedido_compra_id, e.justificativa_divergencia
      ${from} where e.id = ${id}`),
  );
  if (!r) throw new AppError('not_found', entradaMensagens.naoEncontrada);
  const itens = await leItens(db, id);
  const duplicatas = rowsOf<{ numero: string; vencimento: string; valor: string }>(
    await db.execute(sql`select numero, vencimento::text as vencimento, valor::text as valor
      from entrada_duplicatas where entrada_id = ${id} order by vencimento, numero`),
  );
  const titulos = rowsOf<Entrada['titulos'][number]>(
    await db.execute(sql`select id, parcela, data_vencimento::text as vencimento, valor::text as valor,
      saldo::text as saldo, status from financial_accounts where origem = 'entrada' and origem_id = ${id}
      order by parcela`),
  );
  const base = resumo(r);
  const pendencias =
    base.status === 'rascunho' || base.status === 'conferida'
      ? pendenciasDe(
          {
            fornecedor_id: base.fornecedor_id,
            assinatura: base.assinatura,
            assinatura_confirmada: base.assinatura_confirmada,
            condicao_pagamento_id: (r.condicao_pagamento_id as string | null) ?? null,
          },
          itens,
          duplicatas.length > 0,
        )
      : [];
  const compras = await pedidoCompraDaEntrada(db, id);
  const pendenciaCompras = pendenciaDoPedido(compras.pedido_compra);
  if (pendenciaCompras && (base.status === 'rascunho' || base.status === 'conferida'))
    pendencias.push(pendenciaCompras);
  const divergencias = itens
    .filter((i) => i.quantidade_conferida !== null && i.quantidade_base !== null)
    .filter((i) => !Decimal.of(i.quantidade_conferida!).eq(i.quantidade_base!))
    .map((i) => ({
      item_id: i.id,
      n_item: i.n_item,
      esperado: i.quantidade_base!,
      contado: i.quantidade_conferida!,
    }));
  return {
    ...base,
    versao: r.versao as number,
    natureza_operacao: (r.natureza_operacao as string | null) ?? null,
    emitente: (r.emitente as Record<string, unknown> | null) ?? null,
    totais: {
      produtos: r.produtos as string,
      desconto: r.desconto as string,
      frete: r.frete as string,
      seguro: r.seguro as string,
      outros: r.outros as string,
      ipi: r.ipi as string,
      icms_st: r.icms_st as string,
      icms: r.icms as string,
      nota: r.nota as string,
    },
    xsd_erros: (r.xsd_erros as string[] | null) ?? [],
    assinatura_motivo: (r.assinatura_motivo as string | null) ?? null,
    certificado: (r.certificado as Record<string, unknown> | null) ?? null,
    condicao_pagamento_id: (r.condicao_pagamento_id as string | null) ?? null,
    local_id: (r.local_id as string | null) ?? null,
    observacoes: (r.observacoes as string | null) ?? null,
    conferida_em: iso(r.conferida_em),
    lancada_em: iso(r.lancada_em),
    estornada_em: iso(r.estornada_em),
    motivo_estorno: (r.motivo_estorno as string | null) ?? null,
    pedido_compra_id: (r.pedido_compra_id as string | null) ?? null,
    justificativa_divergencia: (r.justificativa_divergencia as string | null) ?? null,
    ...compras,
    pendencias,
    itens,
    duplicatas,
    titulos,
    divergencias,
  };
}

/** The stored XML, byte for byte, with a file name. */
export async function xmlDaEntrada(db: Db, id: string): Promise<{ nome: string; bytes: Uint8Array }> {
  const [r] = rowsOf<{ xml: Uint8Array | null; chave: string | null; nome: string | null }>(
    await db.execute(
      sql`select xml_original as xml, chave, xml_nome_arquivo as nome from entradas where id = ${id}`,
    ),
  );
  if (!r) throw new AppError('not_found', entradaMensagens.naoEncontrada);
  if (!r.xml) throw new AppError('not_found', entradaMensagens.semXml);
  const bytes = r.xml instanceof Uint8Array ? r.xml : Buffer.from(r.xml as unknown as string, 'hex');
  return { nome: r.chave ? `${r.chave}-nfe.xml` : (r.nome ?? 'nfe.xml'), bytes };
}

/** GET /api/notasfiscais/entrada/:id — the parsed NF-e (DANFE-like view) and its receipt. */
export async function notaDaEntrada(db: Db, id: string): Promise<{ nota: NotaNfe; entrada: EntradaResumo }> {
  const { bytes } = await xmlDaEntrada(db, id);
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${resumoCols} ${from} where e.id = ${id}`),
  );
  let nota: NotaNfe;
  try {
    nota = leNfe(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''));
  } catch (e) {
    // a receipt kept from before a refusal existed (a DTD): said, not a 500
    if (e instanceof NfeIlegivel) throw new AppError('unprocessable', e.message);
    throw e;
  }
  return { nota, entrada: resumo(r!) };
}
