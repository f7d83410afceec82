import {
  COUNT_CAP,
  Decimal,
  type DevolucoesListQuery,
  devolucoesMensagens,
  type ImpostosItem,
  quantidadeDevolvida,
  saldoADevolver,
  situacaoDevolucaoDocumento,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { contem, palavrasBusca } from '../../lib/busca-listas.ts';
import { AppError } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-query.ts';
import {
  devolucoesAnteriores,
  embalagensDe,
  linhasOriginais,
  notaDeOrigem,
} from './devolucoes-venda.service.ts';

// Reading returns: the list (/comercial/devolucoes), one return with its items, its documents and
// what it did to the money, and the sale note as a return starts from it (each item with what is
// left to return).

const resumoCols = sql`d.id, d.numero, d.tipo, d.status, d.documento, d.created_at, d.pessoa_nome, d.cliente_id,
  d.fornecedor_id, d.nota_id, nf.numero as nota_numero, d.pedido_id, o.numero as pedido_numero,
  d.chave_referenciada, d.nota_devolucao_id, nd.numero as nota_devolucao_numero, nd.status as nota_devolucao_status,
  d.chave_terceiro, d.numero_terceiro, d.valor_total::text, d.valor_abatido::text, d.valor_credito::text,
  d.comissao_estorno::text, d.comissao_estorno_pendente::text,
  (select min(di.motivo) from devolucao_itens di where di.devolucao_id = d.id) as motivo`;

const from = sql`from devolucoes d left join notas_fiscais nf on nf.id = d.nota_id
  left join sales_orders o on o.id = d.pedido_id left join notas_fiscais nd on nd.id = d.nota_devolucao_id`;

const sorts = {
  numero: sql`d.numero`,
  data: sql`d.created_at`,
  pessoa: sql`d.pessoa_nome`,
  valor: sql`d.valor_total`,
  status: sql`d.status`,
};

function resumo(r: Record<string, unknown>) {
  return {
    ...r,
    numero: Number(r.numero),
    nota_numero: r.nota_numero == null ? null : Number(r.nota_numero),
    pedido_numero: r.pedido_numero == null ? null : Number(r.pedido_numero),
    nota_devolucao_numero: r.nota_devolucao_numero == null ? null : Number(r.nota_devolucao_numero),
    created_at: new Date(String(r.created_at)).toISOString(),
  } as DevolucaoResumo;
}

export type DevolucaoResumo = {
  id: string;
  numero: number;
  tipo: 'venda' | 'compra';
  status: string;
  documento: 'propria' | 'terceiro';
  created_at: string;
  pessoa_nome: string;
  cliente_id: string | null;
  fornecedor_id: string | null;
  nota_id: string | null;
  nota_numero: number | null;
  pedido_id: string | null;
  pedido_numero: number | null;
  chave_referenciada: string;
  nota_devolucao_id: string | null;
  nota_devolucao_numero: number | null;
  nota_devolucao_status: string | null;
  chave_terceiro: string | null;
  numero_terceiro: number | null;
  valor_total: string;
  valor_abatido: string;
  valor_credito: string;
  comissao_estorno: string;
  comissao_estorno_pendente: string;
  motivo: string | null;
};

/** GET /api/comercial/devolucoes (tipo venda) — q: número, the customer, a chave (or part of it). */
export async function listDevolucoes(db: Db, tipo: 'venda' | 'compra', q: DevolucoesListQuery) {
  const conds: SQL[] = [sql`d.tipo = ${tipo}`];
  if (q.status) conds.push(sql`d.status = ${q.status}`);
  if (q.cliente_id) conds.push(sql`d.cliente_id = ${q.cliente_id}`);
  if (q.motivo)
    conds.push(
      sql`exists (select 1 from devolucao_itens di where di.devolucao_id = d.id and di.motivo = ${q.motivo})`,
    );
  if (q.de) conds.push(sql`d.created_at >= (${q.de}::date)::timestamp at time zone 'America/Sao_Paulo'`);
  if (q.ate) conds.push(sql`d.created_at < (${q.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`);
  const texto = q.q?.trim();
  if (texto) {
    if (/^\d{1,9}$/.test(texto))
      // each number through its own index (an OR across the joins scanned every return)
      conds.push(sql`d.id = any(array(
        select x.id from devolucoes x where x.numero = ${Number(texto)}
        union select x.id from devolucoes x join notas_fiscais n on n.id = x.nota_id where n.numero = ${Number(texto)}
        union select x.id from devolucoes x join entradas e on e.id = x.entrada_id where e.numero = ${Number(texto)}))`);
    else if (/^[0-9A-Za-z]{10,44}$/.test(texto))
      // part of a chave: selective, through the trigram index of the returns' own text
      conds.push(
        sql`erp_normaliza(d.pessoa_nome || ' ' || d.chave_referenciada || ' ' || coalesce(d.chave_terceiro, '')) like ${contem(texto.toLowerCase())}`,
      );
    else {
      // the customer's (or supplier's) name through its register's indexed search text, then the
      // returns of those people by their index — normalising every return's text per row made a
      // broad word cost a second at 100,000 returns
      const palavras = palavrasBusca(texto);
      const casa = (alias: string) =>
        sql.join(
          palavras.map((w) => sql`${sql.raw(alias)}.busca like ${contem(w)}`),
          sql` and `,
        );
      conds.push(sql`(d.cliente_id = any(array(select c.id from clientes c where ${casa('c')}))
        or d.fornecedor_id = any(array(select f.id from fornecedores f where ${casa('f')})))`);
    }
  }
  const where = sql`where ${sql.join(conds, sql` and `)}`;
  return listPage(q, {
    sorts,
    tieBreaker: sql`d.id` as never,
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

/** GET /api/comercial/devolucoes/:id */
export async function getDevolucao(db: Db, id: string) {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${resumoCols}, d.observacao, d.motivo_cancelamento, d.efetivada_em ${from}
      where d.id = ${id}`),
  );
  if (!r) throw new AppError('not_found', devolucoesMensagens.naoEncontrada);
  const itens = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select di.id, di.sequencia, di.pedido_item_id, di.entrada_item_id, di.product_id,
        p.codigo, p.nome, p.unidade as unidade_base, di.quantidade::text, di.unidade, di.quantidade_informada::text,
        di.motivo, di.destino, di.local_id, l.nome as local_nome, di.lote_id, lt.numero as lote_numero,
        di.custo_unitario::text, di.cfop, di.valores, di.valor_total::text
      from devolucao_itens di join products p on p.id = di.product_id
      left join locais_estoque l on l.id = di.local_id left join lotes lt on lt.id = di.lote_id
      where di.devolucao_id = ${id} order by di.sequencia`),
  );
  const abatimentos = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select a.id, a.titulo_id, f.parcela, f.total_parcelas, f.documento, a.valor::text,
        a.comissao::text, a.data::text, a.estornado, f.saldo::text as saldo_titulo, f.status as status_titulo
      from titulo_abatimentos a join financial_accounts f on f.id = a.titulo_id
      where a.devolucao_id = ${id} order by a.created_at, f.parcela desc, a.id`),
  );
  return {
    ...resumo(r),
    observacao: r.observacao,
    motivo_cancelamento: r.motivo_cancelamento,
    efetivada_em: r.efetivada_em,
    itens,
    abatimentos,
  };
}

/** GET /api/comercial/devolucoes/origem?q= — the sale note a return starts from: chave, note or order number. */
export async function buscaOrigem(db: Db, q: string): Promise<string> {
  const t = q.replace(/\s/g, '');
  const [r] = rowsOf<{ id: string }>(
    /^[0-9A-Z]{44}$/i.test(t)
      ? await db.execute(
          sql`select id from notas_fiscais where chave = ${t.toUpperCase()} and devolucao_id is null`,
        )
      : /^\d{1,12}$/.test(t)
        ? await db.execute(sql`select nf.id from notas_fiscais nf left join sales_orders o on o.id = nf.pedido_id
            where nf.devolucao_id is null and nf.pedido_id is not null and nf.status = 'autorizada'
              and (nf.numero = ${Number(t) <= 999_999_999 ? Number(t) : -1} or o.numero = ${Number(t)})
            order by (nf.numero = ${Number(t) <= 999_999_999 ? Number(t) : -1}) desc, nf.emissao desc limit 1`)
        : { rows: [] },
  );
  if (!r) throw new AppError('not_found', devolucoesMensagens.origemNaoEncontrada);
  return r.id;
}

/** GET /api/comercial/devolucoes/nota/:id — the sale note with each item's saldo a devolver. */
export async function notaParaDevolucao(db: Db, notaId: string) {
  const nota = await notaDeOrigem(db, notaId);
  const linhas = await linhasOriginais(db, nota.pedido_id!, null);
  const embalagens = await embalagensDe(db, [...new Set(linhas.map((l) => l.product_id))]);
  const anteriores = await devolucoesAnteriores(
    db,
    linhas.map((l) => l.id),
  );
  const [cli] = rowsOf<{
    indicador_ie: string;
    documento: string;
    pedido_numero: number | null;
    emissao: string;
  }>(
    await db.execute(sql`select c.indicador_ie, c.documento, o.numero as pedido_numero, nf.emissao
      from notas_fiscais nf join clientes c on c.id = nf.cliente_id left join sales_orders o on o.id = nf.pedido_id
      where nf.id = ${notaId}`),
  );
  const itens = linhas.map((l) => {
    const ant = anteriores
      .filter((a) => a.pedido_item_id === l.id)
      .map((a) => ({ quantidade: a.quantidade, cancelada: false }));
    const imp = l.impostos as ImpostosItem;
    return {
      item_id: l.id,
      sequencia: l.sequencia,
      produto_id: l.product_id,
      codigo: l.codigo,
      nome: l.nome,
      unidade: l.unidade,
      casas_decimais: Number(l.casas_decimais),
      embalagens: embalagens
        .filter((e) => e.produto_id === l.product_id)
        .map((e) => ({ sigla: e.sigla, fator: e.fator, casas_decimais: Number(e.casas_decimais) })),
      quantidade: l.quantidade,
      devolvida: quantidadeDevolvida(ant),
      saldo: saldoADevolver({ quantidade: l.quantidade, anteriores: ant }),
      cfop: imp.CFOP,
      valor_unitario: Decimal.of(imp.vItem).dividedBy(l.quantidade, 4).toFixed(4),
      valor_total: imp.vItem,
    };
  });
  return {
    nota_id: nota.id,
    numero: Number(nota.numero),
    serie: Number(nota.serie),
    chave: nota.chave,
    emissao: new Date(String(cli!.emissao)).toISOString(),
    pedido_id: nota.pedido_id,
    pedido_numero: cli!.pedido_numero == null ? null : Number(cli!.pedido_numero),
    cliente_id: nota.cliente_id,
    cliente_nome: nota.razao_social,
    cliente_documento: cli!.documento,
    // a contribuinte (indicador 1) issues its own NF-e de devolução; otherwise we issue ours
    cliente_contribuinte: cli!.indicador_ie === '1',
    situacao: situacaoDevolucaoDocumento(
      itens.map((i) => ({ quantidade: i.quantidade, devolvida: i.devolvida })),
    ),
    itens,
  };
}
