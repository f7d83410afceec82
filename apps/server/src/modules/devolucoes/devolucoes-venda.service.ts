import {
  CASAS_QUANTIDADE,
  cfopComSt,
  cfopDaDevolucao,
  confereLinhaDevolucao,
  Decimal,
  type DevolucaoVendaDados,
  devolucoesMensagens,
  type ImpostosItem,
  type ItemDevolvivel,
  type MotivoDevolucao,
  type ValoresDevolucao,
  valorDaDevolucao,
  valoresDaDevolucao,
  valoresDoItem,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';

// Devolução de venda, step 1 (issue 32): the return's draft from an authorised sale NF-e. In ONE
// transaction: the note's order lines being returned are locked FOR UPDATE (two clerks returning
// the same item queue on them: the second sees the first's quantities and is refused past the
// saldo — tested on PostgreSQL), each typed line is checked against what is left
// (confereLinhaDevolucao), valued in proportion to the original item to the cent
// (valoresDaDevolucao, the last return taking the remainders), given its CFOP
// (cfopDaDevolucao) and the lot, location and unit cost the goods left with (the order's saídas in
// the ledger). A line that spans two lots becomes two items (each its own det in the NF-e).

type NotaOrigem = {
  id: string;
  status: string;
  pedido_id: string | null;
  cliente_id: string | null;
  chave: string;
  numero: number;
  serie: number;
  devolucao_id: string | null;
  vendedor_id: string | null;
  razao_social: string;
};

export async function notaDeOrigem(db: Db | Tx, notaId: string, travar = false): Promise<NotaOrigem> {
  const [n] = rowsOf<NotaOrigem>(
    await db.execute(sql`select nf.id, nf.status, nf.pedido_id, nf.cliente_id, nf.chave, nf.numero, nf.serie,
        nf.devolucao_id, o.vendedor_id, c.razao_social
      from notas_fiscais nf join clientes c on c.id = nf.cliente_id
      left join sales_orders o on o.id = nf.pedido_id
      where nf.id = ${notaId} ${travar ? sql`for share of nf` : sql``}`),
  );
  if (!n) throw new AppError('not_found', devolucoesMensagens.notaNaoEncontrada);
  if (n.devolucao_id || !n.pedido_id) throw new AppError('unprocessable', devolucoesMensagens.notaNaoDeVenda);
  if (n.status !== 'autorizada')
    throw new AppError('unprocessable', devolucoesMensagens.notaNaoAutorizada(Number(n.numero)));
  return n;
}

export type LinhaOriginal = {
  id: string;
  sequencia: number;
  product_id: string;
  codigo: string;
  nome: string;
  gtin: string | null;
  ncm: string | null;
  cest: string | null;
  unidade: string;
  casas_decimais: number;
  quantidade: string;
  impostos: ImpostosItem;
};

/** The order lines behind the note (optionally only `ids`), with the product's unit. */
export async function linhasOriginais(
  db: Db | Tx,
  pedidoId: string,
  ids: readonly string[] | null,
  travar = false,
): Promise<LinhaOriginal[]> {
  const filtro = ids
    ? sql`and i.id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))`
    : sql``;
  return rowsOf<LinhaOriginal>(
    await db.execute(sql`select i.id, i.sequencia, i.product_id, p.codigo, coalesce(i.produto_nome, p.nome) as nome,
        p.gtin, p.ncm, p.cest, p.unidade, coalesce(u.casas_decimais, 0)::int as casas_decimais,
        i.quantidade::text as quantidade, i.impostos
      from sales_order_items i join products p on p.id = i.product_id
      left join unidades u on u.sigla = p.unidade
      where i.order_id = ${pedidoId} ${filtro}
      order by i.sequencia, i.id ${travar ? sql`for update of i` : sql``}`),
  );
}

type Embalagem = { produto_id: string; sigla: string; fator: string; casas_decimais: number };

export async function embalagensDe(db: Db | Tx, produtoIds: readonly string[]): Promise<Embalagem[]> {
  if (!produtoIds.length) return [];
  return rowsOf<Embalagem>(
    await db.execute(sql`select pe.produto_id, pe.unidade as sigla, pe.fator::text as fator,
        coalesce(u.casas_decimais, 0)::int as casas_decimais
      from produto_embalagens pe left join unidades u on u.sigla = pe.unidade
      where pe.produto_id = any(array(select jsonb_array_elements_text(${JSON.stringify(produtoIds)}::jsonb)::uuid))
      order by pe.fator`),
  );
}

type Anterior = {
  pedido_item_id: string;
  quantidade: string;
  valores: ValoresDevolucao;
  lote_id: string | null;
};

/** The not-cancelled returns of these order lines (they hold the saldo). */
export async function devolucoesAnteriores(db: Db | Tx, itemIds: readonly string[]): Promise<Anterior[]> {
  if (!itemIds.length) return [];
  return rowsOf<Anterior>(
    await db.execute(sql`select di.pedido_item_id, di.quantidade::text as quantidade, di.valores, di.lote_id
      from devolucao_itens di join devolucoes d on d.id = di.devolucao_id
      where d.status <> 'cancelada'
        and di.pedido_item_id = any(array(select jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)::uuid))
      order by d.created_at, di.sequencia`),
  );
}

type Saida = { lote_id: string | null; local_id: string; custo_unitario: string; quantidade: string };

/** What the order took out of stock for a product, per lot/location/cost, in the order it left. */
async function saidasDoPedido(tx: Tx, pedidoId: string, produtoId: string): Promise<Saida[]> {
  return rowsOf<Saida>(
    await tx.execute(sql`select m.lote_id, m.local_id, m.custo_unitario::text as custo_unitario,
        (-sum(m.quantidade))::text as quantidade
      from estoque_movimentos m
      where m.origem = 'pedido' and m.origem_id = ${pedidoId} and m.product_id = ${produtoId} and m.tipo = 'saida'
        and not exists (select 1 from estoque_movimentos x where x.estorno_de = m.id)
      group by m.lote_id, m.local_id, m.custo_unitario
      order by min(m.id)`),
  );
}

async function localAvaria(tx: Tx): Promise<string> {
  const [l] = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select id from locais_estoque where tipo = 'avaria' and ativo order by codigo limit 1`,
    ),
  );
  if (!l) throw new AppError('unprocessable', devolucoesMensagens.semLocalAvaria);
  return l.id;
}

async function localPadraoEntrada(tx: Tx): Promise<string> {
  const [l] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from locais_estoque where ativo and tipo <> 'avaria'
      order by padrao_entrada desc, codigo limit 1`),
  );
  if (!l) throw new AppError('unprocessable', devolucoesMensagens.semLocal);
  return l.id;
}

type Parte = { quantidade: string; lote_id: string | null; local_id: string | null; custo_unitario: string };

/**
 * Splits a returned base quantity over the lots it left with (the order's saídas, first out first),
 * each lot less what earlier returns of the line took back from it. Without a saída in the ledger
 * (an order invoiced before stock was posted), one part at the product's custo médio.
 */
async function partesPorLote(
  tx: Tx,
  pedidoId: string,
  linha: LinhaOriginal,
  quantidade: string,
  jaDevolvidoPorLote: Map<string, Decimal>,
): Promise<Parte[]> {
  const saidas = await saidasDoPedido(tx, pedidoId, linha.product_id);
  if (!saidas.length) {
    const [p] = rowsOf<{ custo_medio: string }>(
      await tx.execute(
        sql`select custo_medio::text as custo_medio from products where id = ${linha.product_id}`,
      ),
    );
    return [{ quantidade, lote_id: null, local_id: null, custo_unitario: p?.custo_medio ?? '0' }];
  }
  let resta = Decimal.of(quantidade);
  const partes: Parte[] = [];
  for (const s of saidas) {
    if (resta.isZero()) break;
    const chave = s.lote_id ?? '';
    // what earlier returns of the line took back from this lot is no longer there to return
    const devolvido = jaDevolvidoPorLote.get(chave) ?? Decimal.ZERO;
    const usado = devolvido.min(s.quantidade);
    jaDevolvidoPorLote.set(chave, devolvido.minus(usado));
    const livre = Decimal.of(s.quantidade).minus(usado);
    if (!livre.isPositive()) continue;
    const q = resta.min(livre);
    partes.push({
      quantidade: q.toFixed(CASAS_QUANTIDADE),
      lote_id: s.lote_id,
      local_id: s.local_id,
      custo_unitario: s.custo_unitario,
    });
    resta = resta.minus(q);
  }
  // the ledger shows less than the note sold (an adjustment in between): the rest at the last cost
  if (resta.isPositive()) {
    const ultima = saidas[saidas.length - 1]!;
    partes.push({
      quantidade: resta.toFixed(CASAS_QUANTIDADE),
      lote_id: ultima.lote_id,
      local_id: ultima.local_id,
      custo_unitario: ultima.custo_unitario,
    });
  }
  return partes;
}

export type ItemCriado = {
  pedido_item_id: string;
  product_id: string;
  quantidade: string;
  unidade: string;
  quantidade_informada: string;
  motivo: MotivoDevolucao;
  destino: 'normal' | 'avaria';
  local_id: string;
  lote_id: string | null;
  custo_unitario: string;
  cfop: string;
  valores: ValoresDevolucao;
};

/**
 * The checked and valued lines of a return of `nota` (inside the caller's transaction, the order
 * lines locked). Throws 422 with the line's field on a quantity the saldo does not allow.
 */
export async function itensDaDevolucaoVenda(
  tx: Tx,
  nota: NotaOrigem,
  itens: DevolucaoVendaDados['itens'],
): Promise<ItemCriado[]> {
  const pedidoId = nota.pedido_id!;
  const ids = [...new Set(itens.map((i) => i.item_id))];
  const linhas = new Map((await linhasOriginais(tx, pedidoId, ids, true)).map((l) => [l.id, l]));
  for (const [n, i] of itens.entries())
    if (!linhas.has(i.item_id))
      throw new AppError('validation_failed', devolucoesMensagens.itemDeOutraNota, {
        fields: { [`itens.${n}.item_id`]: [devolucoesMensagens.itemDeOutraNota] },
      });
  const embalagens = await embalagensDe(tx, [...new Set([...linhas.values()].map((l) => l.product_id))]);
  const anteriores = await devolucoesAnteriores(tx, ids);
  let avaria: string | null = null;
  let padrao: string | null = null;

  const criados: ItemCriado[] = [];
  for (const [n, linha] of itens.entries()) {
    const original = linhas.get(linha.item_id)!;
    const prev = [
      ...anteriores.filter((a) => a.pedido_item_id === linha.item_id),
      ...criados.filter((c) => c.pedido_item_id === linha.item_id),
    ];
    const item: ItemDevolvivel = {
      descricao: `${original.codigo} - ${original.nome}`,
      quantidade: original.quantidade,
      unidadeBase: { sigla: original.unidade, casas_decimais: Number(original.casas_decimais) },
      embalagens: embalagens
        .filter((e) => e.produto_id === original.product_id)
        .map((e) => ({ sigla: e.sigla, fator: e.fator, casas_decimais: Number(e.casas_decimais) })),
      anteriores: prev.map((p) => ({ quantidade: p.quantidade, cancelada: false })),
    };
    const conf = confereLinhaDevolucao(item, linha.quantidade, linha.unidade);
    if (!conf.ok)
      throw new AppError('validation_failed', conf.mensagem, {
        fields: { [`itens.${n}.${conf.campo ?? 'quantidade'}`]: [conf.mensagem] },
      });
    const impostos = original.impostos;
    const cfop = cfopDaDevolucao('venda', impostos.CFOP, cfopComSt(impostos.CFOP) || temSt(impostos));
    if (!cfop.ok)
      throw new AppError('unprocessable', cfop.mensagem, {
        fields: { [`itens.${n}.item_id`]: [cfop.mensagem] },
      });
    // lots already returned of this line (not cancelled), to split the new quantity over the rest
    const porLote = new Map<string, Decimal>();
    for (const p of prev)
      porLote.set(p.lote_id ?? '', (porLote.get(p.lote_id ?? '') ?? Decimal.ZERO).plus(p.quantidade));
    const partes = await partesPorLote(tx, pedidoId, original, conf.quantidadeBase, porLote);
    const base = { qCom: original.quantidade, valores: valoresDoItem(impostos) };
    for (const parte of partes) {
      const antes = [
        ...anteriores.filter((a) => a.pedido_item_id === linha.item_id),
        ...criados.filter((c) => c.pedido_item_id === linha.item_id),
      ].map((a) => ({ quantidade: a.quantidade, valores: a.valores }));
      const valores = valoresDaDevolucao(base, parte.quantidade, antes, item.descricao);
      let local = parte.local_id;
      if (linha.destino === 'avaria') local = avaria ??= await localAvaria(tx);
      else if (!local) local = padrao ??= await localPadraoEntrada(tx);
      criados.push({
        pedido_item_id: linha.item_id,
        product_id: original.product_id,
        quantidade: parte.quantidade,
        unidade: linha.unidade,
        // the typed quantity stays with the first part; the others say their base quantity
        quantidade_informada:
          partes.length === 1 ? Decimal.of(linha.quantidade).toFixed(CASAS_QUANTIDADE) : parte.quantidade,
        motivo: linha.motivo,
        destino: linha.destino,
        local_id: local,
        lote_id: parte.lote_id,
        custo_unitario: parte.custo_unitario,
        cfop: cfop.cfop,
        valores,
      });
    }
  }
  return criados;
}

/** The item's own evidence of ICMS-ST (the CFOP of the sale may not say it). */
function temSt(i: ImpostosItem): boolean {
  const icms = i.ICMS as unknown as Record<string, string | null | undefined>;
  return (
    Decimal.of(icms.vICMSST ?? '0').gt(0) ||
    ['10', '30', '60', '70', '201', '202', '203', '500'].includes(String(icms.CST ?? icms.CSOSN ?? ''))
  );
}

/** POST /api/comercial/devolucoes: the draft, with its items checked and valued; its id. */
export async function criaDevolucaoVenda(
  db: Db,
  actor: Actor,
  input: DevolucaoVendaDados & { documento?: 'propria' | 'terceiro' },
): Promise<string> {
  return writeTx(db, actor, async (tx) => {
    const nota = await notaDeOrigem(tx, input.nota_id, true);
    const itens = await itensDaDevolucaoVenda(tx, nota, input.itens);
    return insereDevolucaoVenda(tx, actor, nota, itens, input.observacao, input.documento ?? 'propria');
  });
}

export async function insereDevolucaoVenda(
  tx: Tx,
  actor: Actor,
  nota: NotaOrigem,
  itens: ItemCriado[],
  observacao: string | null,
  documento: 'propria' | 'terceiro',
  terceiro?: { chave: string; numero: number; serie: number; emissao: string; xml: string },
): Promise<string> {
  const total = valorDaDevolucao(itens.map((i) => i.valores));
  const [d] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into devolucoes (tipo, documento, nota_id, pedido_id, cliente_id, vendedor_id,
        chave_referenciada, pessoa_nome, valor_total, observacao, created_by,
        chave_terceiro, numero_terceiro, serie_terceiro, emissao_terceiro, xml_terceiro)
      values ('venda', ${documento}, ${nota.id}, ${nota.pedido_id}, ${nota.cliente_id}, ${nota.vendedor_id},
        ${nota.chave}, ${nota.razao_social}, ${total}, ${observacao}, ${actor.userId},
        ${terceiro?.chave ?? null}, ${terceiro?.numero ?? null}, ${terceiro?.serie ?? null},
        ${terceiro?.emissao ?? null}, ${terceiro?.xml ?? null})
      returning id`),
  );
  await tx.execute(sql`insert into devolucao_itens (devolucao_id, sequencia, pedido_item_id, product_id, quantidade,
      unidade, quantidade_informada, motivo, destino, local_id, lote_id, custo_unitario, cfop, valores, valor_total)
    select ${d!.id}, x.sequencia, x.pedido_item_id, x.product_id, x.quantidade, x.unidade, x.quantidade_informada,
      x.motivo, x.destino, x.local_id, x.lote_id, x.custo_unitario, x.cfop, x.valores, x.valor_total
    from jsonb_to_recordset(${JSON.stringify(
      itens.map((i, n) => ({ ...i, sequencia: n + 1, valor_total: i.valores.vItem })),
    )}::jsonb) as x(sequencia int, pedido_item_id uuid, product_id uuid, quantidade numeric, unidade text,
      quantidade_informada numeric, motivo text, destino text, local_id uuid, lote_id uuid, custo_unitario numeric,
      cfop text, valores jsonb, valor_total numeric)`);
  return d!.id;
}
