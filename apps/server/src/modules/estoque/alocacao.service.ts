import {
  type AlocacaoFefo,
  adicionaErro,
  businessToday,
  CASAS_QUANTIDADE,
  type ChaveSaldo,
  Decimal,
  type ErrosCampos,
  erroCasasDecimais,
  genericMessages,
  type LoteDisponivel,
  movimentoMensagens,
  razaoMensagens,
  selecionaFefo,
  type TipoLocal,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type ChaveOuPadrao,
  type ContextoMovimento,
  permiteEstoqueNegativo,
  type Travados,
  travaComContexto,
  travaSaldos,
} from './razao.service.ts';

// What a movement needs before the ledger posts it: the product, location and lot checked (field
// errors in pt-BR), the quantity checked against the unit's decimals, the default location when
// none is named, and — for a saída or reservation of a product that controls lots and names none —
// the lots FEFO chooses (packages/shared/src/estoque/fefo.ts), on locked balances.

export type ProdutoEstoque = {
  id: string;
  nome: string;
  unidade: string;
  casasDecimais: number;
  controlaLote: boolean;
  ativo: boolean;
};

/** Field names of the request, so errors land on the right input. */
export type Campos = { produto: string; local: string; lote: string; quantidade: string };
const camposPadrao: Campos = {
  produto: 'produto_id',
  local: 'local_id',
  lote: 'lote_id',
  quantidade: 'quantidade',
};

function falha(erros: ErrosCampos): never {
  throw new AppError('validation_failed', genericMessages.validation, { fields: erros });
}

export async function leProduto(tx: Tx, produtoId: string): Promise<ProdutoEstoque | null> {
  const [row] = rowsOf<{
    id: string;
    nome: string;
    unidade: string;
    casas_decimais: number;
    controla_lote: boolean;
    ativo: boolean;
  }>(
    await tx.execute(sql`select p.id, p.nome, p.unidade, u.casas_decimais, p.controla_lote, p.ativo
      from products p join unidades u on u.sigla = p.unidade where p.id = ${produtoId}`),
  );
  return row
    ? {
        id: row.id,
        nome: row.nome,
        unidade: row.unidade,
        casasDecimais: Number(row.casas_decimais),
        controlaLote: row.controla_lote,
        ativo: row.ativo,
      }
    : null;
}

type LocalInfo = { id: string; nome: string; tipo: TipoLocal; ativo: boolean };

export async function leLocal(tx: Tx, localId: string): Promise<LocalInfo | null> {
  const [row] = rowsOf<LocalInfo>(
    await tx.execute(sql`select id, nome, tipo, ativo from locais_estoque where id = ${localId}`),
  );
  return row ?? null;
}

/** The default location of a direction (padrão de entrada / de saída), or a field error. */
export async function localPadrao(tx: Tx, direcao: 'entrada' | 'saida', campo = 'local_id'): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(
      direcao === 'entrada'
        ? sql`select id from locais_estoque where padrao_entrada and ativo`
        : sql`select id from locais_estoque where padrao_saida and ativo`,
    ),
  );
  if (row) return row.id;
  semLocalPadrao(direcao, campo);
}

/** The field error of a movement that names no location when its direction has no default. */
export function semLocalPadrao(direcao: 'entrada' | 'saida', campo = 'local_id'): never {
  falha({
    [campo]: [
      direcao === 'entrada'
        ? movimentoMensagens.semLocalPadraoEntrada
        : movimentoMensagens.semLocalPadraoSaida,
    ],
  });
}

/**
 * What a movement's checks read, in one statement (one round trip per posting, not one per row):
 * the product with its unit's decimals, the named locations and the named lot's product.
 */
async function leContexto(
  tx: Tx,
  produtoId: string,
  localIds: string[],
  loteId: string | null,
): Promise<ContextoMovimento> {
  const [row] = rowsOf<{
    produto: ContextoMovimento['produto'];
    locais: string;
    lote_produto_id: string | null;
  }>(
    await tx.execute(sql`select
        (select json_build_object('id', p.id, 'nome', p.nome, 'unidade', p.unidade, 'casas_decimais', u.casas_decimais,
            'controla_lote', p.controla_lote, 'ativo', p.ativo)
          from products p join unidades u on u.sigla = p.unidade where p.id = ${produtoId}) as produto,
        (select coalesce(json_agg(json_build_object('id', l.id, 'nome', l.nome, 'tipo', l.tipo, 'ativo', l.ativo)), '[]')::text
          from locais_estoque l where l.id in (select jsonb_array_elements_text(${JSON.stringify(localIds)}::jsonb)::uuid)) as locais,
        (select lo.produto_id from lotes lo where lo.id = ${loteId}) as lote_produto_id`),
  );
  const produto = typeof row!.produto === 'string' ? JSON.parse(row!.produto) : row!.produto;
  return { produto, locais: JSON.parse(row!.locais), lote_produto_id: row!.lote_produto_id, padrao: null };
}

type EntradaChecagem = {
  produtoId: string;
  localIds: (string | null | undefined)[];
  loteId?: string | null;
  quantidade?: string;
};
type OpcoesChecagem = { loteObrigatorio: boolean; campos?: Partial<Campos> & { locais?: string[] } };

/**
 * The checks of one movement's product, location(s), lot and quantity on what was read; throws
 * the field errors together.
 */
export function verificaContexto(
  contexto: ContextoMovimento,
  input: EntradaChecagem,
  opts: OpcoesChecagem,
): ProdutoEstoque {
  const campos = { ...camposPadrao, ...opts.campos };
  const erros: ErrosCampos = {};
  const row = contexto.produto;
  if (!row) falha({ [campos.produto]: [movimentoMensagens.produtoNaoEncontrado] });
  const produto: ProdutoEstoque = {
    id: row.id,
    nome: row.nome,
    unidade: row.unidade,
    casasDecimais: Number(row.casas_decimais),
    controlaLote: !!row.controla_lote,
    ativo: !!row.ativo,
  };
  const locais = new Map(contexto.locais.map((l) => [l.id, l]));
  for (const [i, localId] of input.localIds.entries()) {
    if (!localId) continue;
    const campo = opts.campos?.locais?.[i] ?? campos.local;
    const local = locais.get(localId.toLowerCase());
    if (!local) adicionaErro(erros, campo, movimentoMensagens.localNaoEncontrado);
    else if (!local.ativo) adicionaErro(erros, campo, movimentoMensagens.localInativo);
  }
  if (input.loteId) {
    if (!produto.controlaLote) adicionaErro(erros, campos.lote, movimentoMensagens.loteNaoControlado);
    else if (contexto.lote_produto_id !== produto.id)
      adicionaErro(erros, campos.lote, movimentoMensagens.loteDeOutroProduto);
  } else if (produto.controlaLote && opts.loteObrigatorio) {
    adicionaErro(erros, campos.lote, movimentoMensagens.loteObrigatorio);
  }
  if (input.quantidade) {
    const erro = erroCasasDecimais(input.quantidade, {
      sigla: produto.unidade,
      casas_decimais: produto.casasDecimais,
    });
    if (erro) adicionaErro(erros, campos.quantidade, erro);
  }
  if (Object.keys(erros).length) falha(erros);
  return produto;
}

/**
 * Checks one movement's product, location(s), lot and quantity; throws the field errors together.
 * `loteObrigatorio`: a product that controls lots must name one (false where FEFO may choose).
 */
export async function validaMovimento(
  tx: Tx,
  input: EntradaChecagem,
  opts: OpcoesChecagem,
): Promise<ProdutoEstoque> {
  const contexto = await leContexto(
    tx,
    input.produtoId,
    input.localIds.filter((l): l is string => !!l),
    input.loteId ?? null,
  );
  return verificaContexto(contexto, input, opts);
}

/**
 * `validaMovimento` and the ledger's lock of a single movement in one round trip
 * (`travaComContexto`): `chaves` are the balances the movement posts to, a null location standing
 * for the default location of `padrao`. Throws the same field errors; answers the product, that
 * default location (null when there is none — the caller decides whether that is an error) and the
 * locked state for `lancaNoRazao` (null when nothing was locked: a product that controls lots and
 * names none, whose lots FEFO chooses, or no default location).
 */
export async function validaETrava(
  tx: Tx,
  input: EntradaChecagem,
  opts: OpcoesChecagem & { padrao?: 'entrada' | 'saida' },
  chaves: ChaveOuPadrao[],
): Promise<{ produto: ProdutoEstoque; localPadrao: string | null; travados: Travados | null }> {
  const { contexto, travados } = await travaComContexto(tx, chaves, {
    produtoId: input.produtoId,
    localIds: input.localIds.filter((l): l is string => !!l),
    loteId: input.loteId ?? null,
    padrao: opts.padrao ?? null,
  });
  const produto = verificaContexto(contexto, input, opts);
  return { produto, localPadrao: contexto.padrao, travados };
}

export type Alocacao = { chave: ChaveSaldo; quantidade: string };

/**
 * Where a saída or reservation of `quantidade` is taken from: the named lot (in the named or the
 * default saída location); for a product that controls lots and names none, the lots FEFO picks
 * among the locked balances (of the named location, or of every location); otherwise the named or
 * default location.
 */
export async function alocaSaida(
  tx: Tx,
  produto: ProdutoEstoque,
  pedido: { quantidade: string; localId?: string | null; loteId?: string | null },
): Promise<Alocacao[]> {
  if (pedido.loteId || !produto.controlaLote) {
    const localId = pedido.localId ?? (await localPadrao(tx, 'saida'));
    return [
      {
        chave: { produtoId: produto.id, localId, loteId: pedido.loteId ?? null },
        quantidade: pedido.quantidade,
      },
    ];
  }
  const alocacoes = await alocaFefo(tx, produto, pedido.quantidade, pedido.localId ?? null);
  return alocacoes.map((a) => ({
    chave: { produtoId: produto.id, localId: a.localId, loteId: a.loteId },
    quantidade: a.quantidade,
  }));
}

async function alocaFefo(
  tx: Tx,
  produto: ProdutoEstoque,
  quantidade: string,
  localId: string | null,
): Promise<AlocacaoFefo[]> {
  const candidatos = rowsOf<{
    local_id: string;
    lote_id: string;
    numero: string;
    validade: string;
    tipo: TipoLocal;
  }>(
    await tx.execute(sql`
      select s.local_id, s.lote_id, l.numero, l.validade, lo.tipo
      from estoque_saldos s
      join lotes l on l.id = s.lote_id
      join locais_estoque lo on lo.id = s.local_id
      where s.produto_id = ${produto.id} and lo.ativo and s.saldo > 0
        ${localId ? sql`and s.local_id = ${localId}` : sql``}`),
  );
  // the choice is made on locked balances, so a concurrent saída cannot take the same units
  const travados = await travaSaldos(
    tx,
    candidatos.map((c) => ({ produtoId: produto.id, localId: c.local_id, loteId: c.lote_id })),
  );
  const lotes: LoteDisponivel[] = candidatos.map((c) => {
    const s = travados.get(`${produto.id}|${c.local_id}|${c.lote_id}`)!;
    return {
      loteId: c.lote_id,
      numero: c.numero,
      localId: c.local_id,
      localTipo: c.tipo,
      validade: c.validade,
      disponivel: Decimal.of(s.saldo).minus(s.reservado).toFixed(CASAS_QUANTIDADE),
    };
  });
  const hoje = businessToday();
  const r = selecionaFefo(lotes, quantidade, hoje);
  if (r.ok) return r.alocacoes;
  if (Decimal.of(r.disponivel).isPositive() && (await permiteEstoqueNegativo(tx))) {
    // negative stock allowed: what the usable lots lack comes out of the last one FEFO took
    const parcial = selecionaFefo(lotes, r.disponivel, hoje);
    if (parcial.ok) {
      const ultimo = parcial.alocacoes.at(-1)!;
      const quantidadeUltimo = Decimal.of(ultimo.quantidade).plus(r.faltante).toFixed(CASAS_QUANTIDADE);
      return [...parcial.alocacoes.slice(0, -1), { ...ultimo, quantidade: quantidadeUltimo }];
    }
  }
  const local = localId ? ((await leLocal(tx, localId))?.nome ?? localId) : movimentoMensagens.todosOsLocais;
  throw new AppError('unprocessable', razaoMensagens.estoqueInsuficiente(produto.nome, local, r.disponivel), {
    reason: 'estoque_insuficiente',
    produto_id: produto.id,
    disponivel: r.disponivel,
  });
}
