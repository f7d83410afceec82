import {
  type ClienteVendas,
  type Crt,
  type FaixaPreco,
  type PedidoVendasResumo,
  type ProdutoVendas,
  posicaoCredito,
  type RegraTributacao,
  STATUS_LIBERADOS_NAO_FATURADOS,
  STATUS_TITULO_ABERTOS,
  type TabelaPreco,
  type TituloVendas,
} from '@erp/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { columnsByName } from '../../lib/crud.ts';
import { regrasTributacao } from '../tributacao/tributacao.tables.ts';

// The sync's reads, each for one seller and either everything in scope (ids null) or only the ids
// the change log named (the ones not returned are no longer in scope: removals). Scope is decided
// here, on the server, for every read: the customers whose vendedor_id is the seller's, their open
// títulos, the seller's own open orders, the active products, the price tables reaching the carteira.

const lista = (valores: readonly string[]) =>
  sql.join(
    valores.map((v) => sql`${v}::uuid`),
    sql`, `,
  );
const soIds = (coluna: SQL, ids: readonly string[] | null) =>
  ids === null ? sql`true` : ids.length ? sql`${coluna} in (${lista(ids)})` : sql`false`;

const STATUS_FECHADOS = ['faturado', 'entregue', 'cancelado'];

export async function clientesDaCarteira(
  db: Db | Tx,
  vendedorId: string,
  ids: readonly string[] | null,
  hoje: string,
): Promise<ClienteVendas[]> {
  const rows = rowsOf<{
    id: string;
    razao_social: string;
    nome_fantasia: string | null;
    documento: string;
    cidade: string | null;
    uf: string;
    indicador_ie: ClienteVendas['indicador_ie'];
    grupo_id: string | null;
    segmento_id: string | null;
    regiao_id: string | null;
    situacao_nome: string | null;
    bloqueia_vendas: boolean | null;
    limite: string;
    abertos: string | null;
    vencidos_qtd: number | null;
    vencidos_valor: string | null;
    vencimento_mais_antigo: string | null;
    liberados: string | null;
  }>(
    await (db as Db).execute(sql`
      select c.id, c.razao_social, c.nome_fantasia, c.documento, c.municipio as cidade, coalesce(c.uf, '') as uf,
        c.indicador_ie, c.grupo_id, c.segmento_id, c.regiao_id, s.nome as situacao_nome, s.bloqueia_vendas,
        c.limite_credito::text as limite, f.abertos, f.vencidos_qtd, f.vencidos_valor,
        f.vencimento_mais_antigo, o.liberados
      from clientes c
      left join situacoes_cliente s on s.id = c.situacao_id
      left join (
        select f.cliente_id, sum(f.saldo)::text as abertos,
          (count(*) filter (where f.data_vencimento < ${hoje}::date))::int as vencidos_qtd,
          (coalesce(sum(f.saldo) filter (where f.data_vencimento < ${hoje}::date), 0))::text as vencidos_valor,
          (min(f.data_vencimento) filter (where f.data_vencimento < ${hoje}::date))::text as vencimento_mais_antigo
        from financial_accounts f join clientes cc on cc.id = f.cliente_id
        where f.tipo = 'receber' and f.status in (${sql.join(
          STATUS_TITULO_ABERTOS.map((s) => sql`${s}`),
          sql`, `,
        )}) and cc.vendedor_id = ${vendedorId}
        group by f.cliente_id) f on f.cliente_id = c.id
      left join (
        select o.cliente_id, sum(o.valor_total)::text as liberados
        from sales_orders o join clientes cc on cc.id = o.cliente_id
        where o.status in (${sql.join(
          STATUS_LIBERADOS_NAO_FATURADOS.map((s) => sql`${s}`),
          sql`, `,
        )}) and cc.vendedor_id = ${vendedorId}
        group by o.cliente_id) o on o.cliente_id = c.id
      where c.vendedor_id = ${vendedorId} and c.ativo and ${soIds(sql`c.id`, ids)}
      order by c.razao_social, c.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    razao_social: r.razao_social,
    nome_fantasia: r.nome_fantasia,
    documento: r.documento,
    cidade: r.cidade,
    uf: r.uf,
    indicador_ie: r.indicador_ie,
    grupo_id: r.grupo_id,
    segmento_id: r.segmento_id,
    regiao_id: r.regiao_id,
    situacao: r.situacao_nome ? { nome: r.situacao_nome, bloqueia_vendas: !!r.bloqueia_vendas } : null,
    credito: posicaoCredito({
      limite: r.limite,
      titulosEmAberto: r.abertos ?? '0',
      vencidos: {
        quantidade: Number(r.vencidos_qtd ?? 0),
        valor: r.vencidos_valor ?? '0',
        vencimentoMaisAntigo: r.vencimento_mais_antigo,
      },
      pedidosLiberados: r.liberados ?? '0',
      hoje,
    }),
  }));
}

/**
 * Active products with their packagings and what a reservation could take (the rule of
 * comercial's disponivelPorProduto: the default saída location for products without lots; unexpired
 * lots in active, non-avaria locations for the others).
 */
export async function produtosAtivos(
  db: Db | Tx,
  ids: readonly string[] | null,
  hoje: string,
): Promise<ProdutoVendas[]> {
  const rows = rowsOf<Omit<ProdutoVendas, 'embalagens'> & { embalagens: ProdutoVendas['embalagens'] | null }>(
    await (db as Db).execute(sql`
      select p.id, p.codigo, p.nome, p.gtin, p.unidade, p.preco_venda::text as preco_venda,
        p.custo_medio::text as custo_medio, coalesce(p.ncm, '') as ncm, p.origem::text as origem,
        p.peso_bruto::text as peso_bruto, p.peso_liquido::text as peso_liquido, p.volume::text as volume,
        greatest(coalesce(d.disponivel, 0), 0)::numeric(14,3)::text as disponivel, e.embalagens
      from products p
      left join (
        select s.produto_id, sum(s.saldo - s.reservado) as disponivel
        from estoque_saldos s
        join products pp on pp.id = s.produto_id
        join locais_estoque lo on lo.id = s.local_id
        left join lotes l on l.id = s.lote_id
        where lo.ativo and lo.tipo <> 'avaria' and ${soIds(sql`s.produto_id`, ids)}
          and case when pp.controla_lote then s.lote_id is not null and l.validade >= ${hoje}::date
                   else s.lote_id is null and lo.padrao_saida end
        group by s.produto_id) d on d.produto_id = p.id
      left join (
        select produto_id, jsonb_agg(jsonb_build_object('unidade', unidade, 'fator', fator::text,
          'peso_bruto', peso_bruto::text, 'altura', altura::text, 'largura', largura::text,
          'comprimento', comprimento::text) order by unidade) as embalagens
        from produto_embalagens where ${soIds(sql`produto_id`, ids)} group by produto_id) e on e.produto_id = p.id
      where p.ativo and ${soIds(sql`p.id`, ids)}
      order by p.codigo`),
  );
  return rows.map((r) => ({ ...r, embalagens: r.embalagens ?? [] }));
}

/**
 * The price tables whose scope reaches a customer of the carteira (or, with `clienteIds`, one of
 * those customers), with their items and breaks; an escopo 'clientes' table lists only the
 * carteira's customers.
 */
export async function tabelasDaCarteira(
  db: Db | Tx,
  vendedorId: string,
  filtro: { ids: readonly string[] | null; clienteIds?: readonly string[] },
): Promise<TabelaPreco[]> {
  const carteira = filtro.clienteIds
    ? sql`(select * from clientes where vendedor_id = ${vendedorId} and ${soIds(sql`id`, filtro.clienteIds)})`
    : sql`(select * from clientes where vendedor_id = ${vendedorId})`;
  const tabelas = rowsOf<Omit<TabelaPreco, 'itens' | 'cliente_ids'> & { cliente_ids: string[] | null }>(
    await (db as Db).execute(sql`
      with carteira as ${carteira}
      select t.id, t.nome, t.vigencia_inicio::text as vigencia_inicio, t.vigencia_fim::text as vigencia_fim,
        t.ativa, t.escopo, t.grupo_id, t.segmento_id, t.regiao_id,
        (select array_agg(tc.cliente_id order by tc.cliente_id) from tabela_preco_clientes tc
          where tc.tabela_id = t.id and tc.cliente_id in (select id from carteira)) as cliente_ids
      from tabelas_preco t
      where ${soIds(sql`t.id`, filtro.ids)} and (
        ${filtro.clienteIds ? sql`false` : sql`t.escopo = 'geral'`}
        or t.escopo = 'grupo' and t.grupo_id in (select grupo_id from carteira)
        or t.escopo = 'segmento' and t.segmento_id in (select segmento_id from carteira)
        or t.escopo = 'regiao' and t.regiao_id in (select regiao_id from carteira)
        or t.escopo = 'clientes' and exists (select 1 from tabela_preco_clientes tc
          where tc.tabela_id = t.id and tc.cliente_id in (select id from carteira)))
      order by t.id`),
  );
  if (!tabelas.length) return [];
  const ids = tabelas.map((t) => t.id);
  const itens = rowsOf<{
    tabela_id: string;
    produto_id: string;
    regra: TabelaPreco['itens'][number]['regra'];
    valor: string;
    preco_minimo: string | null;
  }>(
    await (db as Db).execute(sql`select tabela_id, produto_id, regra,
        coalesce(preco, percentual)::text as valor, preco_minimo::text as preco_minimo
      from tabela_preco_itens where tabela_id in (${lista(ids)}) order by tabela_id, produto_id`),
  );
  const faixas = rowsOf<FaixaPreco & { tabela_id: string; produto_id: string }>(
    await (db as Db).execute(sql`select tabela_id, produto_id, quantidade_minima::text as quantidade_minima,
        tipo, coalesce(preco, percentual)::text as valor
      from tabela_preco_faixas where tabela_id in (${lista(ids)})
      order by tabela_id, produto_id, quantidade_minima`),
  );
  const faixasPorItem = new Map<string, FaixaPreco[]>();
  for (const { tabela_id, produto_id, ...f } of faixas) {
    const k = `${tabela_id} ${produto_id}`;
    faixasPorItem.set(k, [...(faixasPorItem.get(k) ?? []), f]);
  }
  const porTabela = new Map<string, TabelaPreco['itens'][number][]>();
  for (const { tabela_id, ...i } of itens)
    porTabela.set(tabela_id, [
      ...(porTabela.get(tabela_id) ?? []),
      { ...i, faixas: faixasPorItem.get(`${tabela_id} ${i.produto_id}`) ?? [] },
    ]);
  return tabelas.map((t) => ({ ...t, cliente_ids: t.cliente_ids ?? [], itens: porTabela.get(t.id) ?? [] }));
}

export async function pedidosAbertos(
  db: Db | Tx,
  vendedorId: string,
  ids: readonly string[] | null,
): Promise<PedidoVendasResumo[]> {
  return rowsOf<PedidoVendasResumo>(
    await (db as Db).execute(sql`select o.id, o.numero::int as numero, o.cliente_id,
        o.data_emissao::text as data_emissao, o.status, o.valor_total::text as valor_total,
        case when o.bloqueios_pendentes > 0 then array(select b.tipo from pedido_bloqueios b
          where b.order_id = o.id and not exists (select 1 from pedido_liberacoes l where l.order_id = b.order_id
            and l.tipo = b.tipo and l.impressao = b.impressao) order by b.tipo) else '{}'::text[] end as bloqueios
      from sales_orders o
      where o.vendedor_id = ${vendedorId} and o.status not in (${sql.join(
        STATUS_FECHADOS.map((s) => sql`${s}`),
        sql`, `,
      )}) and ${soIds(sql`o.id`, ids)}
      order by o.numero desc`),
  );
}

/** The open receivables of the carteira (by id, or by customer for customers that joined it). */
export async function titulosAbertos(
  db: Db | Tx,
  vendedorId: string,
  filtro: { ids: readonly string[] | null; clienteIds?: readonly string[] },
): Promise<TituloVendas[]> {
  const alvo =
    filtro.ids === null
      ? sql`true`
      : sql`(${soIds(sql`f.id`, filtro.ids)} or ${soIds(sql`f.cliente_id`, filtro.clienteIds ?? [])})`;
  return rowsOf<TituloVendas>(
    await (db as Db).execute(sql`select f.id, f.cliente_id, f.documento as numero,
        f.data_vencimento::text as data_vencimento, f.valor::text as valor, coalesce(f.saldo, f.valor)::text as saldo
      from financial_accounts f join clientes c on c.id = f.cliente_id
      where f.tipo = 'receber' and f.status in (${sql.join(
        STATUS_TITULO_ABERTOS.map((s) => sql`${s}`),
        sql`, `,
      )}) and c.vendedor_id = ${vendedorId} and ${alvo}
      order by f.data_vencimento, f.id`),
  );
}

const colunasDaRegra = columnsByName(regrasTributacao, ['busca', 'versao', 'created_at', 'updated_at']);

/**
 * Every active sale rule of the company's regime (matchRule on the device picks among them, as
 * carregaRegras narrows them on the server), oldest first — matchRule's tie order.
 */
export async function regrasDeVenda(db: Db | Tx, crt: Crt): Promise<RegraTributacao[]> {
  const t = regrasTributacao;
  const rows = await (db as Db)
    .select(colunasDaRegra)
    .from(t)
    .where(and(eq(t.ativa, true), eq(t.operacao, 'venda'), eq(t.sentido, 'saida'), eq(t.crt, crt)))
    .orderBy(asc(t.createdAt), asc(t.id));
  return rows as unknown as RegraTributacao[];
}
