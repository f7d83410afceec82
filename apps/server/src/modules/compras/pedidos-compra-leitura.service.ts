import {
  COUNT_CAP,
  exigeAprovacaoCompra,
  type PedidosCompraListQuery,
  pedidoCompraMensagens,
  STATUS_PEDIDO_COMPRA_EM_ABERTO,
  type StatusPedidoCompra,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { contem, palavrasBusca } from '../../lib/busca-listas.ts';
import { AppError } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-query.ts';
import { lerConfiguracaoCompras } from './configuracao-compras.service.ts';

// Reading purchase orders: the list (/compras/pedidos), one order with its items, and the open
// quantity per product («em pedido») that the stock position and the purchase suggestion show.

const resumoCols = sql`p.id, p.numero, p.status, p.fornecedor_id, f.razao_social as fornecedor_nome,
  p.valor_produtos::text, p.frete::text, p.valor_total::text, p.previsao_entrega::text, p.created_at,
  p.aprovado_em, p.enviado_em, p.cancelado_em,
  (select count(*)::int from pedido_compra_itens i where i.pedido_id = p.id) as itens_count`;

const from = sql`from pedidos_compra p join fornecedores f on f.id = p.fornecedor_id`;

const sorts = {
  data: sql`p.created_at`,
  numero: sql`p.numero`,
  fornecedor: sql`f.razao_social`,
  valor: sql`p.valor_total`,
  status: sql`p.status`,
  previsao: sql`p.previsao_entrega`,
};

const iso = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());

export type PedidoCompraResumo = {
  id: string;
  numero: number;
  status: StatusPedidoCompra;
  fornecedor_id: string;
  fornecedor_nome: string;
  valor_produtos: string;
  frete: string;
  valor_total: string;
  previsao_entrega: string | null;
  created_at: string;
  aprovado_em: string | null;
  enviado_em: string | null;
  cancelado_em: string | null;
  itens_count: number;
};

function resumo(r: Record<string, unknown>): PedidoCompraResumo {
  return {
    ...(r as PedidoCompraResumo),
    numero: Number(r.numero),
    itens_count: Number(r.itens_count),
    created_at: iso(r.created_at)!,
    aprovado_em: iso(r.aprovado_em),
    enviado_em: iso(r.enviado_em),
    cancelado_em: iso(r.cancelado_em),
  };
}

/** GET /api/compras/pedidos — q: the order's número, or words of the supplier's name/CNPJ. */
export async function listPedidosCompra(db: Db, q: PedidosCompraListQuery) {
  const conds: SQL[] = [];
  if (q.status) conds.push(sql`p.status = ${q.status}`);
  if (q.fornecedor_id) conds.push(sql`p.fornecedor_id = ${q.fornecedor_id}`);
  if (q.de) conds.push(sql`p.created_at >= (${q.de}::date)::timestamp at time zone 'America/Sao_Paulo'`);
  if (q.ate) conds.push(sql`p.created_at < (${q.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`);
  const texto = q.q?.trim();
  if (texto) {
    if (/^\d{1,9}$/.test(texto)) conds.push(sql`p.numero = ${Number(texto)}`);
    else {
      // the supplier through its register's indexed search text, then its orders by their index
      const palavras = palavrasBusca(texto);
      if (palavras.length)
        conds.push(
          sql`p.fornecedor_id = any(array(select x.id from fornecedores x where ${sql.join(
            palavras.map((w) => sql`x.busca like ${contem(w)}`),
            sql` and `,
          )}))`,
        );
    }
  }
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  return listPage(q, {
    sorts,
    tieBreaker: sql`p.id` as never,
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

export type ItemPedidoCompra = {
  id: string;
  sequencia: number;
  produto_id: string;
  codigo: string;
  nome: string;
  unidade_base: string;
  unidade: string;
  fator: string;
  quantidade_informada: string;
  preco_informado: string;
  quantidade: string;
  preco: string;
  valor_total: string;
  previsao_entrega: string | null;
  quantidade_recebida: string;
  /** What is still expected (base unit): quantidade − recebida, zero once closed short. */
  quantidade_pendente: string;
  encerrado_em: string | null;
  motivo_encerramento: string | null;
};

export type PedidoCompra = PedidoCompraResumo & {
  versao: number;
  fornecedor_documento: string;
  fornecedor_email: string | null;
  condicao_pagamento_id: string | null;
  condicao_pagamento_nome: string | null;
  observacao: string | null;
  aprovado_por: string | null;
  aprovado_por_email: string | null;
  enviado_para: string | null;
  motivo_cancelamento: string | null;
  created_by: string | null;
  /** The company's limit now, and whether this order's total is above it (needs an approver). */
  limite_aprovacao: string;
  exige_aprovacao: boolean;
  itens: ItemPedidoCompra[];
};

/** GET /api/compras/pedidos/:id */
export async function getPedidoCompra(db: Db, id: string): Promise<PedidoCompra> {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${resumoCols}, p.versao, f.documento as fornecedor_documento,
        coalesce(nullif(trim(f.email), ''), nullif(trim(f.email_nfe), '')) as fornecedor_email,
        p.condicao_pagamento_id, c.nome as condicao_pagamento_nome, p.observacao, p.aprovado_por,
        u.email as aprovado_por_email, p.enviado_para, p.motivo_cancelamento, p.created_by
      ${from} left join condicoes_pagamento c on c.id = p.condicao_pagamento_id
      left join users u on u.id = p.aprovado_por
      where p.id = ${id}`),
  );
  if (!r) throw new AppError('not_found', pedidoCompraMensagens.naoEncontrado);
  const itens = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select i.id, i.sequencia, i.product_id as produto_id, pr.codigo, pr.nome,
        pr.unidade as unidade_base, i.unidade, i.fator::text, i.quantidade_informada::text,
        i.preco_informado::text, i.quantidade::text, i.preco::text, i.valor_total::text,
        i.previsao_entrega::text, i.quantidade_recebida::text,
        (case when i.encerrado_em is null then greatest(i.quantidade - i.quantidade_recebida, 0) else 0 end)::numeric(14,3)::text
          as quantidade_pendente,
        i.encerrado_em, i.motivo_encerramento
      from pedido_compra_itens i join products pr on pr.id = i.product_id
      where i.pedido_id = ${id} order by i.sequencia`),
  ).map(
    (i) => ({ ...i, sequencia: Number(i.sequencia), encerrado_em: iso(i.encerrado_em) }) as ItemPedidoCompra,
  );
  const { limite_aprovacao } = await lerConfiguracaoCompras(db);
  const base = resumo(r);
  return {
    ...base,
    versao: Number(r.versao),
    fornecedor_documento: String(r.fornecedor_documento),
    fornecedor_email: (r.fornecedor_email as string | null) ?? null,
    condicao_pagamento_id: (r.condicao_pagamento_id as string | null) ?? null,
    condicao_pagamento_nome: (r.condicao_pagamento_nome as string | null) ?? null,
    observacao: (r.observacao as string | null) ?? null,
    aprovado_por: (r.aprovado_por as string | null) ?? null,
    aprovado_por_email: (r.aprovado_por_email as string | null) ?? null,
    enviado_para: (r.enviado_para as string | null) ?? null,
    motivo_cancelamento: (r.motivo_cancelamento as string | null) ?? null,
    created_by: (r.created_by as string | null) ?? null,
    limite_aprovacao,
    exige_aprovacao: exigeAprovacaoCompra(base.valor_total, limite_aprovacao),
    itens,
  };
}

export type EmPedido = {
  produto_id: string;
  /** Open quantity in the product's base unit (3 decimals). */
  quantidade: string;
  /** How many open purchase orders hold it. */
  pedidos: number;
  /** The earliest expected delivery among them (line's, else order's), or null. */
  previsao_entrega: string | null;
};

/**
 * «Em pedido» of each product asked (every one answered, zero when none): the open lines (not
 * closed short) of the orders aprovado / enviado / parcialmente_recebido, quantidade − recebida.
 * The purchase suggestion and the stock position read this.
 */
export async function quantidadesEmPedido(db: Db, produtoIds: readonly string[]): Promise<EmPedido[]> {
  if (!produtoIds.length) return [];
  const rows = rowsOf<{
    produto_id: string;
    quantidade: string;
    pedidos: number;
    previsao_entrega: string | null;
  }>(
    await db.execute(sql`select i.product_id as produto_id,
        sum(i.quantidade - i.quantidade_recebida)::numeric(14,3)::text as quantidade,
        count(distinct i.pedido_id)::int as pedidos,
        min(coalesce(i.previsao_entrega, p.previsao_entrega))::text as previsao_entrega
      from pedido_compra_itens i join pedidos_compra p on p.id = i.pedido_id
      where i.product_id = any(array(select jsonb_array_elements_text(${JSON.stringify(produtoIds)}::jsonb)::uuid))
        and i.encerrado_em is null and i.quantidade_recebida < i.quantidade
        and p.status = any(array(select jsonb_array_elements_text(${JSON.stringify(STATUS_PEDIDO_COMPRA_EM_ABERTO)}::jsonb)))
      group by i.product_id`),
  );
  const porProduto = new Map(rows.map((r) => [r.produto_id, r]));
  return produtoIds.map((id) => {
    const r = porProduto.get(id);
    return {
      produto_id: id,
      quantidade: r?.quantidade ?? '0.000',
      pedidos: r ? Number(r.pedidos) : 0,
      previsao_entrega: r?.previsao_entrega ?? null,
    };
  });
}
