import type { AtualizarEntrada, Conferencia, EntradaManual, MapearItem } from '@erp/shared';
import { Decimal } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError, pgConstraint } from '../../lib/errors.ts';
import { type Entrada, entradaMensagens, getEntrada, statusTexto } from './entradas.service.ts';
import { entradaDuplicatas, entradaItemLotes, entradaItens, entradas } from './entradas.tables.ts';
import {
  embalagensDe,
  gravaMapeamento,
  type ItemParaMapear,
  lembraMapeamento,
  mapeiaAutomaticamente,
} from './mapeamento.service.ts';

// Changes of a receipt before it is posted: header (supplier, condição, location), item mapping
// (remembered per supplier), lots, the supplier created from <emit>, the explicit confirmation of
// an invalid/absent signature, the blind count, deletion and the manual receipt.

export const edicaoMensagens = {
  produtoNaoEncontrado: 'Produto não encontrado.',
  produtoInativo: 'Produto inativo.',
  embalagemNaoEncontrada: 'Embalagem não encontrada para este produto.',
  fornecedorNaoEncontrado: 'Fornecedor não encontrado.',
  condicaoNaoEncontrada: 'Condição de pagamento não encontrada.',
  localNaoEncontrado: 'Local de estoque não encontrado.',
  fornecedorJaVinculado: 'A entrada já tem fornecedor.',
  emitenteSemDocumento: 'O emitente da nota não tem CNPJ/CPF.',
  assinaturaValida: 'A assinatura desta nota é válida: não há o que confirmar.',
  itemDeOutraEntrada: 'Item de outra entrada.',
  loteSemValidade: 'Informe a validade do lote.',
  custoObrigatorio: 'Informe o custo unitário',
} as const;

type Travada = {
  id: string;
  status: 'rascunho' | 'conferida' | 'lancada' | 'estornada';
  origem: 'xml' | 'manual';
  versao: number;
  fornecedor_id: string | null;
  assinatura: string | null;
  emitente: Record<string, unknown> | null;
  emitente_documento: string | null;
};

export async function travaEntrada(tx: Tx, id: string, editavel = true): Promise<Travada> {
  const [e] = rowsOf<Travada>(
    await tx.execute(sql`select id, status, origem, versao, fornecedor_id, assinatura, emitente, emitente_documento
      from entradas where id = ${id} for update`),
  );
  if (!e) throw new AppError('not_found', entradaMensagens.naoEncontrada);
  if (editavel && e.status !== 'rascunho' && e.status !== 'conferida')
    throw new AppError('conflict', entradaMensagens.naoEditavel(statusTexto[e.status]), { reason: 'status' });
  return e;
}

const campo = (c: string, m: string): never => {
  throw new AppError('validation_failed', m, { fields: { [c]: [m] } });
};

async function existe(tx: Tx, tabela: string, id: string): Promise<boolean> {
  const [r] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select true as ok from ${sql.identifier(tabela)} where id = ${id}`),
  );
  return !!r;
}

async function toca(tx: Tx, id: string) {
  await tx.execute(sql`update entradas set versao = versao + 1, updated_at = now() where id = ${id}`);
}

/** PUT /:id — fornecedor, condição, default location, notes. */
export async function atualizaEntrada(
  db: Db,
  actor: Actor,
  id: string,
  input: AtualizarEntrada,
): Promise<Entrada> {
  await writeTx(db, actor, async (tx) => {
    const e = await travaEntrada(tx, id);
    if (e.versao !== input.versao)
      throw new AppError('conflict', entradaMensagens.versao, { reason: 'versao' });
    if (input.fornecedor_id && !(await existe(tx, 'fornecedores', input.fornecedor_id)))
      campo('fornecedor_id', edicaoMensagens.fornecedorNaoEncontrado);
    if (
      input.condicao_pagamento_id &&
      !(await existe(tx, 'condicoes_pagamento', input.condicao_pagamento_id))
    )
      campo('condicao_pagamento_id', edicaoMensagens.condicaoNaoEncontrada);
    if (input.local_id && !(await existe(tx, 'locais_estoque', input.local_id)))
      campo('local_id', edicaoMensagens.localNaoEncontrado);
    const sets = [sql`versao = versao + 1`, sql`updated_at = now()`];
    if (input.fornecedor_id !== undefined) sets.push(sql`fornecedor_id = ${input.fornecedor_id}`);
    if (input.condicao_pagamento_id !== undefined)
      sets.push(sql`condicao_pagamento_id = ${input.condicao_pagamento_id}`);
    if (input.local_id !== undefined) sets.push(sql`local_id = ${input.local_id}`);
    if (input.observacoes !== undefined) sets.push(sql`observacoes = ${input.observacoes}`);
    await tx.execute(sql`update entradas set ${sql.join(sets, sql`, `)} where id = ${id}`);
    if (input.fornecedor_id && input.fornecedor_id !== e.fornecedor_id)
      await mapeiaAutomaticamente(tx, id, input.fornecedor_id);
  });
  return getEntrada(db, id);
}

/** PUT /:id/itens/:itemId — product (+ packaging), location, lots; remembered for the supplier. */
export async function mapeiaItem(
  db: Db,
  actor: Actor,
  id: string,
  itemId: string,
  input: MapearItem,
): Promise<Entrada> {
  await writeTx(db, actor, async (tx) => {
    const e = await travaEntrada(tx, id);
    const [item] = rowsOf<ItemParaMapear & { entrada_id: string }>(
      await tx.execute(sql`select id, entrada_id, c_prod, c_ean, c_ean_trib, u_com, q_com::text as q_com, u_trib,
        q_trib::text as q_trib, custo_total::text as custo_total from entrada_itens where id = ${itemId}`),
    );
    if (!item || item.entrada_id !== id) throw new AppError('not_found', entradaMensagens.itemNaoEncontrado);
    const [produto] = rowsOf<{ id: string; unidade: string; ativo: boolean }>(
      await tx.execute(sql`select id, unidade, ativo from products where id = ${input.produto_id}`),
    );
    if (!produto) return campo('produto_id', edicaoMensagens.produtoNaoEncontrado);
    if (!produto.ativo) campo('produto_id', edicaoMensagens.produtoInativo);
    const embalagens = await embalagensDe(tx, [produto.id]);
    if (input.embalagem_id && !embalagens.some((x) => x.id === input.embalagem_id))
      campo('embalagem_id', edicaoMensagens.embalagemNaoEncontrada);
    if (input.local_id && !(await existe(tx, 'locais_estoque', input.local_id)))
      campo('local_id', edicaoMensagens.localNaoEncontrado);
    // a typed (manual) line's quantity is in its packaging: the unit follows the packaging chosen
    if (e.origem === 'manual') {
      const unidade = embalagens.find((x) => x.id === input.embalagem_id)?.unidade ?? produto.unidade;
      await tx.execute(sql`update entrada_itens set u_com = ${unidade} where id = ${itemId}`);
      item.u_com = unidade;
    }
    await gravaMapeamento(tx, itemId, item, produto, embalagens, input.embalagem_id ?? null, 'manual');
    if (input.local_id !== undefined)
      await tx.execute(sql`update entrada_itens set local_id = ${input.local_id} where id = ${itemId}`);
    if (input.lotes) {
      await tx.execute(sql`delete from entrada_item_lotes where item_id = ${itemId}`);
      if (input.lotes.length)
        await tx.insert(entradaItemLotes).values(
          input.lotes.map((l) => ({
            itemId,
            numero: l.numero,
            quantidade: l.quantidade,
            fabricacao: l.fabricacao,
            validade: l.validade,
            origem: 'digitado' as const,
          })),
        );
    }
    if (e.fornecedor_id)
      await lembraMapeamento(
        tx,
        e.fornecedor_id,
        item.c_prod,
        produto.id,
        input.embalagem_id ?? null,
        item.u_com,
      );
    await toca(tx, id);
  });
  return getEntrada(db, id);
}

/** POST /:id/fornecedor — the supplier created from <emit> (or found by its document) and linked. */
export async function criaFornecedorDoEmitente(db: Db, actor: Actor, id: string): Promise<Entrada> {
  await writeTx(db, actor, async (tx) => {
    const e = await travaEntrada(tx, id);
    if (e.fornecedor_id) throw new AppError('conflict', edicaoMensagens.fornecedorJaVinculado);
    const em = (e.emitente ?? {}) as {
      documento?: string;
      tipoDocumento?: string;
      xNome?: string;
      xFant?: string | null;
      IE?: string | null;
      email?: string | null;
      endereco?: Record<string, string | null> | null;
    };
    const documento = (em.documento ?? e.emitente_documento ?? '').toUpperCase();
    if (!documento) throw new AppError('unprocessable', edicaoMensagens.emitenteSemDocumento);
    const [existente] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from fornecedores where documento = ${documento}`),
    );
    let fornecedorId = existente?.id;
    if (!fornecedorId) {
      const end = em.endereco ?? {};
      const ie = em.IE?.trim() || null;
      const [novo] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into fornecedores (tipo_pessoa, documento, razao_social, nome_fantasia,
          inscricao_estadual, indicador_ie, email, telefone, cep, logradouro, numero, complemento, bairro,
          municipio, codigo_municipio, uf)
          values (${documento.length === 11 ? 'F' : 'J'}, ${documento}, ${(em.xNome ?? documento).slice(0, 200)},
            ${em.xFant ?? null}, ${ie}, ${ie ? (ie.toUpperCase() === 'ISENTO' ? '2' : '1') : '9'}, ${em.email ?? null},
            ${end.fone ?? null}, ${end.CEP ?? null}, ${end.xLgr ?? null}, ${end.nro ?? null}, ${end.xCpl ?? null},
            ${end.xBairro ?? null}, ${end.xMun ?? null}, ${end.cMun ?? null}, ${end.UF ?? null})
          returning id`),
      );
      fornecedorId = novo!.id;
    }
    await tx.execute(sql`update entradas set fornecedor_id = ${fornecedorId}, versao = versao + 1,
      updated_at = now() where id = ${id}`);
    await mapeiaAutomaticamente(tx, id, fornecedorId);
  });
  return getEntrada(db, id);
}

/** POST /:id/confirmar-assinatura — the explicit acceptance of an invalid or absent signature. */
export async function confirmaAssinatura(db: Db, actor: Actor, id: string): Promise<Entrada> {
  await writeTx(db, actor, async (tx) => {
    const e = await travaEntrada(tx, id);
    if (!e.assinatura || e.assinatura === 'valida')
      throw new AppError('conflict', edicaoMensagens.assinaturaValida);
    await tx.execute(sql`update entradas set assinatura_confirmada_por = ${actor.userId},
      assinatura_confirmada_em = now(), versao = versao + 1, updated_at = now() where id = ${id}`);
  });
  return getEntrada(db, id);
}

/** POST /:id/conferencia — blind count per item (base unit); the receipt becomes conferida. */
export async function confereEntrada(db: Db, actor: Actor, id: string, input: Conferencia): Promise<Entrada> {
  await writeTx(db, actor, async (tx) => {
    await travaEntrada(tx, id);
    const ids = new Set(
      rowsOf<{ id: string }>(
        await tx.execute(sql`select id from entrada_itens where entrada_id = ${id}`),
      ).map((r) => r.id),
    );
    for (const [i, c] of input.contagens.entries()) {
      if (!ids.has(c.item_id))
        throw new AppError('validation_failed', edicaoMensagens.itemDeOutraEntrada, {
          fields: { [`contagens.${i}.item_id`]: [edicaoMensagens.itemDeOutraEntrada] },
        });
      await tx.execute(
        sql`update entrada_itens set quantidade_conferida = ${c.quantidade} where id = ${c.item_id}`,
      );
    }
    await tx.execute(sql`update entradas set status = 'conferida', conferida_por = ${actor.userId},
      conferida_em = now(), versao = versao + 1, updated_at = now() where id = ${id}`);
  });
  return getEntrada(db, id);
}

/** DELETE /:id — a receipt not posted yet (its XML may be imported again). */
export async function excluiEntrada(db: Db, actor: Actor, id: string): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    await travaEntrada(tx, id);
    await tx.execute(sql`delete from entradas where id = ${id}`);
  });
}

/** POST /manual — typed items (quantity in the packaging or base unit, unit cost), same lifecycle. */
export async function criaEntradaManual(db: Db, actor: Actor, input: EntradaManual): Promise<Entrada> {
  const id = await writeTx(db, actor, async (tx) => {
    const [forn] = rowsOf<{ id: string; documento: string; razao_social: string }>(
      await tx.execute(
        sql`select id, documento, razao_social from fornecedores where id = ${input.fornecedor_id}`,
      ),
    );
    if (!forn) campo('fornecedor_id', edicaoMensagens.fornecedorNaoEncontrado);
    if (
      input.condicao_pagamento_id &&
      !(await existe(tx, 'condicoes_pagamento', input.condicao_pagamento_id))
    )
      campo('condicao_pagamento_id', edicaoMensagens.condicaoNaoEncontrada);
    const produtoIds = [...new Set(input.itens.map((i) => i.produto_id))];
    const produtos = new Map(
      rowsOf<{ id: string; codigo: string; nome: string; unidade: string; ativo: boolean; custo: string }>(
        await tx.execute(sql`select id, codigo, nome, unidade, ativo, custo_medio::text as custo from products
          where id in (${sql.join(
            produtoIds.map((p) => sql`${p}`),
            sql`, `,
          )})`),
      ).map((p) => [p.id, p]),
    );
    const embalagens = await embalagensDe(tx, produtoIds);
    const linhas = input.itens.map((i, idx) => {
      const p = produtos.get(i.produto_id);
      if (!p) return campo(`itens.${idx}.produto_id`, edicaoMensagens.produtoNaoEncontrado);
      const emb = i.embalagem_id
        ? embalagens.find((e) => e.id === i.embalagem_id && e.produto_id === p.id)
        : null;
      if (i.embalagem_id && !emb) campo(`itens.${idx}.embalagem_id`, edicaoMensagens.embalagemNaoEncontrada);
      const custoUn = i.custo_unitario ?? p.custo;
      if (!Decimal.of(custoUn).isPositive())
        campo(`itens.${idx}.custo_unitario`, edicaoMensagens.custoObrigatorio);
      const total = Decimal.of(i.quantidade).times(custoUn).toFixed(2);
      return { i, p, emb, custoUn, total };
    });
    const valor = linhas.reduce((s, l) => s.plus(l.total), Decimal.ZERO).toFixed(2);
    const [e] = await tx
      .insert(entradas)
      .values({
        origem: 'manual',
        numero: input.numero ?? null,
        serie: input.serie ?? null,
        emissao: new Date(`${input.emissao}T12:00:00-03:00`),
        fornecedorId: forn!.id,
        emitenteDocumento: forn!.documento,
        emitenteNome: forn!.razao_social,
        valorProdutos: valor,
        valorNota: valor,
        condicaoPagamentoId: input.condicao_pagamento_id ?? null,
        localId: input.local_id ?? null,
        observacoes: input.observacoes ?? null,
        criadoPor: actor.userId,
      })
      .returning({ id: entradas.id });
    for (const [idx, l] of linhas.entries()) {
      const unidade = l.emb?.unidade ?? l.p.unidade;
      const [it] = await tx
        .insert(entradaItens)
        .values({
          entradaId: e!.id,
          nItem: idx + 1,
          cProd: l.p.codigo,
          xProd: l.p.nome,
          uCom: unidade,
          qCom: l.i.quantidade,
          vUnCom: l.custoUn,
          vProd: l.total,
          custoTotal: l.total,
          produtoId: l.p.id,
          embalagemId: l.emb?.id ?? null,
          mapeamento: 'manual',
          localId: l.i.local_id ?? null,
        })
        .returning({ id: entradaItens.id });
      await gravaMapeamento(
        tx,
        it!.id,
        {
          id: it!.id,
          c_prod: l.p.codigo,
          c_ean: null,
          c_ean_trib: null,
          u_com: unidade,
          q_com: l.i.quantidade,
          u_trib: null,
          q_trib: null,
          custo_total: l.total,
        },
        { id: l.p.id, unidade: l.p.unidade },
        embalagens.filter((x) => x.produto_id === l.p.id),
        l.emb?.id ?? null,
        'manual',
      );
      if (l.i.lotes?.length)
        await tx.insert(entradaItemLotes).values(
          l.i.lotes.map((lo) => ({
            itemId: it!.id,
            numero: lo.numero,
            quantidade: lo.quantidade,
            fabricacao: lo.fabricacao,
            validade: lo.validade,
            origem: 'digitado' as const,
          })),
        );
    }
    if (input.duplicatas?.length)
      await tx.insert(entradaDuplicatas).values(
        input.duplicatas.map((d) => ({
          entradaId: e!.id,
          numero: d.numero,
          vencimento: d.vencimento,
          valor: d.valor,
        })),
      );
    return e!.id;
  }).catch((err) => {
    if (pgConstraint(err)) throw new AppError('validation_failed', edicaoMensagens.produtoNaoEncontrado);
    throw err;
  });
  return getEntrada(db, id);
}
