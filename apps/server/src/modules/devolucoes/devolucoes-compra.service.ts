import {
  CASAS_QUANTIDADE,
  cfopDaDevolucao,
  confereLinhaDevolucao,
  Decimal,
  type DevolucaoCompraDados,
  devolucoesCompraMensagens,
  type ImpostosItem,
  type ItemDevolvivel,
  type MotivoDevolucao,
  quantidadeDevolvida,
  saldoADevolver,
  situacaoDevolucaoDocumento,
  type ValoresDevolucao,
  valorDaDevolucao,
  valoresDaDevolucao,
  valoresDoItem,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { emitenteDaEmpresa } from '../tributacao/emitente.service.ts';
import { embalagensDe } from './devolucoes-venda.service.ts';
import { impostosDaNotaDoFornecedor, itemComSt } from './impostos-entrada.ts';

// Devolução de compra, step 1 (issue 32): the return's draft from a POSTED goods receipt. In ONE
// transaction: the receipt's items being returned are locked FOR UPDATE (two clerks returning the
// same item queue on them; the second sees the first's quantities and is refused past the saldo),
// each typed line is checked against what is left (confereLinhaDevolucao: received − returned in
// the product's base unit, typed in the base unit or a packaging), valued in proportion to the
// supplier's item to the cent (valoresDaDevolucao over the item's taxes read back from the kept XML,
// in our regime — impostos-entrada.ts), given its CFOP (cfopDaDevolucao('compra', the supplier's
// CFOP, ST evidence)) and the location, lot and unit cost it came in with: the location typed or the
// one the receipt posted it to, the lot typed or the receipt's lots first in, first out (less what
// earlier returns took from each), the receipt's unit cost (entrada_itens.custo_unitario). A line
// over two lots becomes two items (each its own det in the NF-e).
//
// Quantities and valores are in the product's BASE unit (qCom of the proportion = the item's
// quantidade_base): the ratio is the supplier's qDev / qCom either way, and a return of 5 UN of a
// box of 12 has no exact quantity in boxes. The NF-e de devolução names the supplier's unit when it
// is the base unit (fator 1), our base unit otherwise (emissao-devolucao-compra.service.ts).

export type EntradaOrigem = {
  id: string;
  status: string;
  origem: 'xml' | 'manual';
  chave: string | null;
  numero: number | null;
  serie: number | null;
  emissao: string | null;
  fornecedor_id: string | null;
  fornecedor_nome: string | null;
  fornecedor_documento: string | null;
  local_id: string | null;
  valor_nota: string;
};

export async function entradaDeOrigem(db: Db | Tx, id: string, travar = false): Promise<EntradaOrigem> {
  const [e] = rowsOf<EntradaOrigem>(
    await db.execute(sql`select e.id, e.status, e.origem, e.chave, e.numero, e.serie, e.emissao, e.fornecedor_id,
        f.razao_social as fornecedor_nome, f.documento as fornecedor_documento, e.local_id,
        e.valor_nota::text as valor_nota
      from entradas e left join fornecedores f on f.id = e.fornecedor_id
      where e.id = ${id} ${travar ? sql`for share of e` : sql``}`),
  );
  if (!e) throw new AppError('not_found', devolucoesCompraMensagens.entradaNaoEncontrada);
  if (e.status !== 'lancada')
    throw new AppError('unprocessable', devolucoesCompraMensagens.entradaNaoLancada(e.numero));
  if (!e.chave) throw new AppError('unprocessable', devolucoesCompraMensagens.entradaSemChave);
  return e;
}

export type ItemDaEntrada = {
  id: string;
  n_item: number;
  c_prod: string;
  c_ean: string | null;
  x_prod: string;
  ncm: string | null;
  cfop: string | null;
  u_com: string;
  q_com: string;
  produto_id: string;
  codigo: string;
  nome: string;
  gtin: string | null;
  unidade: string;
  casas_decimais: number;
  fator: string | null;
  quantidade_base: string;
  custo_unitario: string;
  local_id: string | null;
  controla_lote: boolean;
};

/** The receipt's items (optionally only `ids`), with their product and base unit. */
export async function itensDaEntrada(
  db: Db | Tx,
  entradaId: string,
  ids: readonly string[] | null,
  travar = false,
): Promise<ItemDaEntrada[]> {
  const filtro = ids
    ? sql`and i.id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))`
    : sql``;
  return rowsOf<ItemDaEntrada>(
    await db.execute(sql`select i.id, i.n_item, i.c_prod, i.c_ean, i.x_prod, i.ncm, i.cfop, i.u_com,
        i.q_com::text as q_com, i.produto_id, p.codigo, p.nome, p.gtin, p.unidade,
        coalesce(u.casas_decimais, 0)::int as casas_decimais, i.fator::text as fator,
        i.quantidade_base::text as quantidade_base, i.custo_unitario::text as custo_unitario, i.local_id,
        coalesce(p.controla_lote, false) as controla_lote
      from entrada_itens i join products p on p.id = i.produto_id
      left join unidades u on u.sigla = p.unidade
      where i.entrada_id = ${entradaId} and i.quantidade_base is not null ${filtro}
      order by i.n_item ${travar ? sql`for update of i` : sql``}`),
  );
}

type Anterior = {
  entrada_item_id: string;
  quantidade: string;
  valores: ValoresDevolucao;
  lote_id: string | null;
};

/** The not-cancelled returns of these receipt items (they hold the saldo). */
export async function devolucoesAnterioresCompra(
  db: Db | Tx,
  itemIds: readonly string[],
): Promise<Anterior[]> {
  if (!itemIds.length) return [];
  return rowsOf<Anterior>(
    await db.execute(sql`select di.entrada_item_id, di.quantidade::text as quantidade, di.valores, di.lote_id
      from devolucao_itens di join devolucoes d on d.id = di.devolucao_id
      where d.status <> 'cancelada'
        and di.entrada_item_id = any(array(select jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)::uuid))
      order by d.created_at, di.sequencia`),
  );
}

export type LoteRecebido = {
  item_id: string;
  lote_id: string;
  numero: string;
  quantidade: string;
  validade: string | null;
};

/** The lots each item came in with (entrada_item_lotes, as the posting created them in `lotes`). */
export async function lotesRecebidos(db: Db | Tx, itens: readonly ItemDaEntrada[]): Promise<LoteRecebido[]> {
  if (!itens.length) return [];
  return rowsOf<LoteRecebido>(
    await db.execute(sql`select eil.item_id, l.id as lote_id, eil.numero, eil.quantidade::text as quantidade,
        l.validade::text as validade
      from entrada_item_lotes eil join entrada_itens i on i.id = eil.item_id
      join lotes l on l.produto_id = i.produto_id and l.numero = eil.numero
      where eil.item_id = any(array(select jsonb_array_elements_text(${JSON.stringify(itens.map((i) => i.id))}::jsonb)::uuid))
      order by eil.numero`),
  );
}

/** The location the receipt posted a product (and lot) to, from its ledger rows. */
async function localDaEntrada(
  tx: Tx,
  entradaId: string,
  produtoId: string,
  loteId: string | null,
): Promise<string | null> {
  const [m] = rowsOf<{ local_id: string }>(
    await tx.execute(sql`select m.local_id from estoque_movimentos m
      where m.origem = 'nota_entrada' and m.origem_id = ${entradaId} and m.product_id = ${produtoId}
        and m.tipo = 'entrada' and m.lote_id is not distinct from ${loteId}
      order by m.id limit 1`),
  );
  return m?.local_id ?? null;
}

/** The supplier's items' taxes (by nItem) from the receipt's kept XML, in the company's regime. */
export async function impostosDaEntrada(db: Db | Tx, entradaId: string) {
  const [e] = rowsOf<{ xml_original: Uint8Array | null }>(
    await db.execute(sql`select xml_original from entradas where id = ${entradaId}`),
  );
  if (!e?.xml_original) throw new AppError('unprocessable', devolucoesCompraMensagens.entradaSemXml);
  const { crt } = await emitenteDaEmpresa(db as Db);
  return impostosDaNotaDoFornecedor(Buffer.from(e.xml_original).toString('utf8'), crt);
}

export type ItemCriadoCompra = {
  entrada_item_id: string;
  product_id: string;
  quantidade: string;
  unidade: string;
  quantidade_informada: string;
  motivo: MotivoDevolucao;
  local_id: string;
  lote_id: string | null;
  custo_unitario: string;
  cfop: string;
  valores: ValoresDevolucao;
};

const erroCampo = (campo: string, mensagem: string) =>
  new AppError('validation_failed', mensagem, { fields: { [campo]: [mensagem] } });

/**
 * The checked and valued lines of a return of the receipt (inside the caller's transaction, the
 * receipt's items locked). Throws 400 with the line's field on a quantity the saldo does not allow.
 */
export async function itensDaDevolucaoCompra(
  tx: Tx,
  entrada: EntradaOrigem,
  itens: DevolucaoCompraDados['itens'],
): Promise<ItemCriadoCompra[]> {
  const ids = [...new Set(itens.map((i) => i.item_id))];
  const linhas = new Map((await itensDaEntrada(tx, entrada.id, ids, true)).map((l) => [l.id, l]));
  for (const [n, i] of itens.entries())
    if (!linhas.has(i.item_id))
      throw erroCampo(`itens.${n}.item_id`, devolucoesCompraMensagens.itemDeOutraEntrada);
  const impostos = (await impostosDaEntrada(tx, entrada.id)).itens;
  const embalagens = await embalagensDe(tx, [...new Set([...linhas.values()].map((l) => l.produto_id))]);
  const anteriores = await devolucoesAnterioresCompra(tx, ids);
  const lotes = await lotesRecebidos(tx, [...linhas.values()]);
  const locaisValidos = new Set(
    rowsOf<{ id: string }>(
      await tx.execute(sql`select id from locais_estoque where ativo
        and id = any(array(select jsonb_array_elements_text(${JSON.stringify(itens.flatMap((i) => (i.local_id ? [i.local_id] : [])))}::jsonb)::uuid))`),
    ).map((l) => l.id),
  );

  const criados: ItemCriadoCompra[] = [];
  for (const [n, linha] of itens.entries()) {
    const original = linhas.get(linha.item_id)!;
    const doItem = () => [
      ...anteriores.filter((a) => a.entrada_item_id === linha.item_id),
      ...criados.filter((c) => c.entrada_item_id === linha.item_id),
    ];
    const descricao = `${original.codigo} - ${original.nome}`;
    const item: ItemDevolvivel = {
      descricao,
      quantidade: original.quantidade_base,
      unidadeBase: { sigla: original.unidade, casas_decimais: Number(original.casas_decimais) },
      embalagens: embalagens
        .filter((e) => e.produto_id === original.produto_id)
        .map((e) => ({ sigla: e.sigla, fator: e.fator, casas_decimais: Number(e.casas_decimais) })),
      anteriores: doItem().map((p) => ({ quantidade: p.quantidade, cancelada: false })),
    };
    const conf = confereLinhaDevolucao(item, linha.quantidade, linha.unidade);
    if (!conf.ok) throw erroCampo(`itens.${n}.${conf.campo ?? 'quantidade'}`, conf.mensagem);
    const imp: ImpostosItem | undefined = impostos.get(Number(original.n_item));
    if (!imp)
      throw new AppError('unprocessable', devolucoesCompraMensagens.itemSemImpostos(Number(original.n_item)));
    const cfop = cfopDaDevolucao('compra', imp.CFOP || original.cfop || '', itemComSt(imp));
    if (!cfop.ok)
      throw new AppError('unprocessable', cfop.mensagem, {
        fields: { [`itens.${n}.item_id`]: [cfop.mensagem] },
      });
    if (linha.local_id && !locaisValidos.has(linha.local_id))
      throw erroCampo(`itens.${n}.local_id`, devolucoesCompraMensagens.localInvalido);

    // the lots it leaves from: the one typed, else the receipt's lots first in, less earlier returns
    const lotesItem = lotes.filter((l) => l.item_id === original.id);
    const partes: { quantidade: string; lote_id: string | null }[] = [];
    if (linha.lote_id) {
      if (!lotesItem.some((l) => l.lote_id === linha.lote_id))
        throw erroCampo(`itens.${n}.lote_id`, devolucoesCompraMensagens.loteDeOutroItem);
      partes.push({ quantidade: conf.quantidadeBase, lote_id: linha.lote_id });
    } else if (lotesItem.length) {
      const devolvido = new Map<string, Decimal>();
      for (const p of doItem())
        devolvido.set(p.lote_id ?? '', (devolvido.get(p.lote_id ?? '') ?? Decimal.ZERO).plus(p.quantidade));
      let resta = Decimal.of(conf.quantidadeBase);
      for (const l of lotesItem) {
        if (resta.isZero()) break;
        const livre = Decimal.of(l.quantidade).minus(devolvido.get(l.lote_id) ?? Decimal.ZERO);
        if (!livre.isPositive()) continue;
        const q = resta.min(livre);
        partes.push({ quantidade: q.toFixed(CASAS_QUANTIDADE), lote_id: l.lote_id });
        resta = resta.minus(q);
      }
      // the lots say less than the item (returns typed with another lot): the rest from the last one
      if (resta.isPositive()) {
        const ultimo = lotesItem[lotesItem.length - 1]!.lote_id;
        const p = partes.find((x) => x.lote_id === ultimo);
        if (p) p.quantidade = resta.plus(p.quantidade).toFixed(CASAS_QUANTIDADE);
        else partes.push({ quantidade: resta.toFixed(CASAS_QUANTIDADE), lote_id: ultimo });
      }
    } else {
      partes.push({ quantidade: conf.quantidadeBase, lote_id: null });
    }

    const base = { qCom: original.quantidade_base, valores: valoresDoItem(imp) };
    for (const parte of partes) {
      const antes = doItem().map((a) => ({ quantidade: a.quantidade, valores: a.valores }));
      const valores = valoresDaDevolucao(base, parte.quantidade, antes, descricao);
      const local =
        linha.local_id ??
        (await localDaEntrada(tx, entrada.id, original.produto_id, parte.lote_id)) ??
        original.local_id ??
        entrada.local_id;
      if (!local) throw erroCampo(`itens.${n}.local_id`, devolucoesCompraMensagens.localInvalido);
      criados.push({
        entrada_item_id: linha.item_id,
        product_id: original.produto_id,
        quantidade: parte.quantidade,
        unidade: linha.unidade,
        quantidade_informada:
          partes.length === 1 ? Decimal.of(linha.quantidade).toFixed(CASAS_QUANTIDADE) : parte.quantidade,
        motivo: linha.motivo,
        local_id: local,
        lote_id: parte.lote_id,
        custo_unitario: original.custo_unitario,
        cfop: cfop.cfop,
        valores,
      });
    }
  }
  return criados;
}

/** POST /api/estoque/devolucoes-compra: the draft, with its items checked and valued; its id. */
export async function criaDevolucaoCompra(
  db: Db,
  actor: Actor,
  input: DevolucaoCompraDados,
): Promise<string> {
  return writeTx(db, actor, async (tx) => {
    const entrada = await entradaDeOrigem(tx, input.entrada_id, true);
    const itens = await itensDaDevolucaoCompra(tx, entrada, input.itens);
    return insereDevolucaoCompra(tx, actor, entrada, itens, input.observacao);
  });
}

/** The draft with its checked items (inside the caller's transaction: the route's, or the demo's). */
export async function insereDevolucaoCompra(
  tx: Tx,
  actor: Actor,
  entrada: EntradaOrigem,
  itens: ItemCriadoCompra[],
  observacao: string | null,
): Promise<string> {
  const total = valorDaDevolucao(itens.map((i) => i.valores));
  const [d] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into devolucoes (tipo, documento, entrada_id, fornecedor_id, chave_referenciada,
        pessoa_nome, valor_total, observacao, created_by)
      values ('compra', 'propria', ${entrada.id}, ${entrada.fornecedor_id}, ${entrada.chave},
        ${entrada.fornecedor_nome ?? ''}, ${total}, ${observacao}, ${actor.userId})
      returning id`),
  );
  await tx.execute(sql`insert into devolucao_itens (devolucao_id, sequencia, entrada_item_id, product_id, quantidade,
      unidade, quantidade_informada, motivo, local_id, lote_id, custo_unitario, cfop, valores, valor_total)
    select ${d!.id}, x.sequencia, x.entrada_item_id, x.product_id, x.quantidade, x.unidade, x.quantidade_informada,
      x.motivo, x.local_id, x.lote_id, x.custo_unitario, x.cfop, x.valores, x.valor_total
    from jsonb_to_recordset(${JSON.stringify(
      itens.map((i, n) => ({ ...i, sequencia: n + 1, valor_total: i.valores.vItem })),
    )}::jsonb) as x(sequencia int, entrada_item_id uuid, product_id uuid, quantidade numeric, unidade text,
      quantidade_informada numeric, motivo text, local_id uuid, lote_id uuid, custo_unitario numeric,
      cfop text, valores jsonb, valor_total numeric)`);
  return d!.id;
}

/** GET /api/estoque/devolucoes-compra/origem?q= — the posted receipt: the supplier's chave or NF-e number. */
export async function buscaEntradaOrigem(db: Db, q: string): Promise<string> {
  const t = q.replace(/\s/g, '');
  const [r] = rowsOf<{ id: string }>(
    /^[0-9A-Z]{44}$/i.test(t)
      ? await db.execute(sql`select id from entradas where chave = ${t.toUpperCase()}`)
      : /^\d{1,9}$/.test(t)
        ? await db.execute(sql`select id from entradas where numero = ${Number(t)} and status = 'lancada'
            order by emissao desc nulls last, created_at desc limit 1`)
        : { rows: [] },
  );
  if (!r) throw new AppError('not_found', devolucoesCompraMensagens.origemNaoEncontrada);
  return r.id;
}

/** GET /api/estoque/devolucoes-compra/entrada/:id — the receipt with each item's saldo a devolver. */
export async function entradaParaDevolucao(db: Db, entradaId: string) {
  const entrada = await entradaDeOrigem(db, entradaId);
  const linhas = await itensDaEntrada(db, entradaId, null);
  const embalagens = await embalagensDe(db, [...new Set(linhas.map((l) => l.produto_id))]);
  const anteriores = await devolucoesAnterioresCompra(
    db,
    linhas.map((l) => l.id),
  );
  const lotes = await lotesRecebidos(db, linhas);
  const impostos = entrada.origem === 'xml' ? (await impostosDaEntrada(db, entradaId)).itens : new Map();
  const locais = new Map(
    rowsOf<{ product_id: string; lote_id: string | null; local_id: string; local_nome: string }>(
      await db.execute(sql`select distinct on (m.product_id, m.lote_id) m.product_id, m.lote_id, m.local_id,
          l.nome as local_nome
        from estoque_movimentos m join locais_estoque l on l.id = m.local_id
        where m.origem = 'nota_entrada' and m.origem_id = ${entradaId} and m.tipo = 'entrada'
        order by m.product_id, m.lote_id, m.id`),
    ).map((m) => [`${m.product_id}|${m.lote_id ?? ''}`, m]),
  );
  const itens = linhas.map((l) => {
    const doItem = anteriores.filter((a) => a.entrada_item_id === l.id);
    const ant = doItem.map((a) => ({ quantidade: a.quantidade, cancelada: false }));
    const imp = impostos.get(Number(l.n_item)) as ImpostosItem | undefined;
    const local = locais.get(`${l.produto_id}|`) ?? null;
    return {
      item_id: l.id,
      n_item: Number(l.n_item),
      produto_id: l.produto_id,
      codigo: l.codigo,
      nome: l.nome,
      c_prod: l.c_prod,
      x_prod: l.x_prod,
      u_com: l.u_com,
      q_com: l.q_com,
      unidade: l.unidade,
      casas_decimais: Number(l.casas_decimais),
      embalagens: embalagens
        .filter((e) => e.produto_id === l.produto_id)
        .map((e) => ({ sigla: e.sigla, fator: e.fator, casas_decimais: Number(e.casas_decimais) })),
      quantidade: l.quantidade_base,
      devolvida: quantidadeDevolvida(ant),
      saldo: saldoADevolver({ quantidade: l.quantidade_base, anteriores: ant }),
      custo_unitario: l.custo_unitario,
      cfop: imp?.CFOP ?? l.cfop,
      valor_total: imp?.vItem ?? null,
      valor_unitario: imp ? Decimal.of(imp.vItem).dividedBy(l.quantidade_base, 4).toFixed(4) : null,
      local_id: local?.local_id ?? l.local_id ?? entrada.local_id,
      local_nome: local?.local_nome ?? null,
      lotes: lotes
        .filter((x) => x.item_id === l.id)
        .map((x) => {
          const devolvidoLote = Decimal.sum(
            doItem.filter((a) => a.lote_id === x.lote_id).map((a) => Decimal.of(a.quantidade)),
          );
          const loc = locais.get(`${l.produto_id}|${x.lote_id}`);
          return {
            lote_id: x.lote_id,
            numero: x.numero,
            validade: x.validade,
            quantidade: x.quantidade,
            saldo: Decimal.of(x.quantidade).minus(devolvidoLote).toFixed(CASAS_QUANTIDADE),
            local_id: loc?.local_id ?? null,
            local_nome: loc?.local_nome ?? null,
          };
        }),
    };
  });
  return {
    entrada_id: entrada.id,
    numero: entrada.numero,
    serie: entrada.serie,
    chave: entrada.chave,
    emissao: entrada.emissao ? new Date(String(entrada.emissao)).toISOString() : null,
    fornecedor_id: entrada.fornecedor_id,
    fornecedor_nome: entrada.fornecedor_nome,
    fornecedor_documento: entrada.fornecedor_documento,
    valor_nota: entrada.valor_nota,
    situacao: situacaoDevolucaoDocumento(
      itens.map((i) => ({ quantidade: i.quantidade, devolvida: i.devolvida })),
    ),
    itens,
  };
}
