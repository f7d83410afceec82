import {
  adicionaErro,
  type EmbalagemDados,
  type EmbalagemRow,
  type ErrosCampos,
  errosUnidadesProduto,
  formataNcm,
  genericMessages,
  type Opcao,
  type ProdutoCreate,
  type ProdutoRow,
  type ProdutoUpdate,
  type produtosListQuerySchema,
  SEM_GTIN,
  type Unidade,
} from '@erp/shared';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  type RegisterTable,
  rethrowFieldConflict,
  toColumnValues,
  updateVersioned,
} from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import {
  ativoWhere,
  type ExportColumn,
  exportFrom,
  type ListSource,
  listFrom,
  searchWhere,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { categorias, gruposEstoque, products, produtoEmbalagens } from './estoque.tables.ts';

// The product register: the spec's product columns plus packaging, fiscal data and weights,
// written with its embalagens in one transaction. Search by code, name or GTIN (a packaging's too);
// filters grupo, categoria, ativo, abaixo do mínimo. estoque_atual and custo_medio are the
// ledger's: read here, never written.

type Query = z.output<typeof produtosListQuerySchema>;

export const produtoServicoMensagens = {
  codigoDuplicado: 'Já existe um produto com este código.',
  gtinDuplicado: 'Já existe um produto com este GTIN.',
  gtinEmUso: (produto: string) => `GTIN já usado no produto ${produto}`,
  grupoNaoEncontrado: 'Grupo não encontrado',
  categoriaNaoEncontrada: 'Categoria não encontrada',
  fornecedorNaoEncontrado: 'Fornecedor não encontrado',
  unidadeComMovimentos: 'A unidade base não pode mudar depois que o produto tem movimentos de estoque',
  saldoEmLotes: 'O produto tem saldo em lotes: zere-o antes de deixar de controlar lote',
  saldoSemLote: 'O produto tem saldo sem lote: zere-o antes de passar a controlar lote',
} as const;

const unique: Record<string, [string, string]> = {
  products_codigo_key: ['codigo', produtoServicoMensagens.codigoDuplicado],
  products_gtin_key: ['gtin', produtoServicoMensagens.gtinDuplicado],
  produto_embalagens_gtin_key: ['embalagens', produtoServicoMensagens.gtinDuplicado],
};
const refs: Record<string, [string, string]> = {
  products_grupo_id_grupos_estoque_id_fk: ['grupo_id', produtoServicoMensagens.grupoNaoEncontrado],
  products_categoria_id_categorias_id_fk: ['categoria_id', produtoServicoMensagens.categoriaNaoEncontrada],
  products_fornecedor_id_fornecedores_id_fk: [
    'fornecedor_id',
    produtoServicoMensagens.fornecedorNaoEncontrado,
  ],
};
const rethrow = (err: unknown) => rethrowFieldConflict(err, unique, refs);

const embalagensJson = sql<EmbalagemRow[]>`coalesce((
  select jsonb_agg(jsonb_build_object('id', e.id, 'unidade', e.unidade, 'fator', e.fator::text, 'gtin', e.gtin,
    'padrao_compra', e.padrao_compra, 'padrao_venda', e.padrao_venda, 'peso_bruto', e.peso_bruto::text,
    'altura', e.altura::text, 'largura', e.largura::text, 'comprimento', e.comprimento::text)
    order by e.fator, e.unidade)
  from produto_embalagens e where e.produto_id = ${products.id}), '[]'::jsonb)`;

const rowFields = {
  ...columnsByName(products),
  grupo_nome: gruposEstoque.nome,
  categoria_nome: categorias.nome,
  fornecedor_nome: fornecedores.razaoSocial,
  embalagens: embalagensJson,
};

const selectRows = (db: Db) =>
  db
    .select(rowFields)
    .from(products)
    .leftJoin(gruposEstoque, eq(gruposEstoque.id, products.grupoId))
    .leftJoin(categorias, eq(categorias.id, products.categoriaId))
    .leftJoin(fornecedores, eq(fornecedores.id, products.fornecedorId))
    .$dynamic();

/** A GTIN typed in full: also looked up among the packagings' GTINs. */
const gtinDigitado = (q: string | undefined) => /^\d{8,14}$/.test(q?.trim() ?? '');

/** Code, name or GTIN (the search text), or a packaging's GTIN typed in full. */
function buscaProduto(q: string | undefined): SQL | undefined {
  const texto = searchWhere(products.busca, q);
  const digitos = q?.trim() ?? '';
  if (!gtinDigitado(q)) return texto;
  // `id = any(array(…))`, not `exists (…)`: an OR with an indexable condition on each side lets the
  // planner combine the trigram index and the primary key (BitmapOr) instead of reading every
  // product (docs/benchmarks.md, "Busca do pedido")
  return or(
    texto,
    sql`${products.id} = any(array(select e.produto_id from produto_embalagens e where e.gtin = ${digitos}))`,
  );
}

const produtosList: ListSource<ProdutoRow, Query> = {
  table: products,
  select: selectRows,
  whereOf: (q) =>
    and(
      ...[
        buscaProduto(q.q),
        ativoWhere(products.ativo, q.ativo),
        q.grupo_id ? eq(products.grupoId, q.grupo_id) : undefined,
        q.categoria_id ? eq(products.categoriaId, q.categoria_id) : undefined,
        q.abaixo_minimo === undefined
          ? undefined
          : q.abaixo_minimo
            ? sql`${products.estoqueAtual} <= ${products.estoqueMinimo}`
            : sql`${products.estoqueAtual} > ${products.estoqueMinimo}`,
      ].filter(Boolean),
    ),
  sorts: {
    codigo: products.codigo,
    // `busca` starts with the normalised name
    nome: products.busca,
    marca: sql`erp_normaliza(coalesce(${products.marca}, ''))`,
    estoque_atual: products.estoqueAtual,
    custo_medio: products.custoMedio,
    preco_venda: products.precoVenda,
    created_at: products.createdAt,
  },
  tieBreaker: products.id,
  // a packaging's GTIN is ORed with the search text (buscaProduto)
  searchColumn: (q) => (gtinDigitado(q.q) ? undefined : products.busca),
};

export async function getProduto(db: Db | Tx, id: string): Promise<ProdutoRow> {
  return foundOrThrow(await selectRows(db as Db).where(eq(products.id, id))) as unknown as ProdutoRow;
}

function falha(erros: ErrosCampos): never {
  throw new AppError('validation_failed', genericMessages.validation, { fields: erros });
}

/**
 * What the shared schema cannot check: units exist and fit (errosUnidadesProduto), GTINs are not
 * another product's (base or packaging), and — on an update — the base unit and lot control do
 * not change under existing stock.
 */
async function validaNoBanco(tx: Tx, input: ProdutoCreate, id: string | null): Promise<void> {
  const unidadesDb = rowsOf<{ sigla: string; casas_decimais: number }>(
    await tx.execute(sql`select sigla, casas_decimais from unidades`),
  );
  const mapa = new Map<string, Unidade>(
    unidadesDb.map((u) => [u.sigla, { sigla: u.sigla, casas_decimais: Number(u.casas_decimais) }]),
  );
  const erros = errosUnidadesProduto(input, mapa);

  const gtins: [campo: string, gtin: string][] = [
    ...(input.gtin !== SEM_GTIN ? [['gtin', input.gtin] as [string, string]] : []),
    ...input.embalagens.flatMap((e, i) =>
      e.gtin ? [[`embalagens.${i}.gtin`, e.gtin] as [string, string]] : [],
    ),
  ];
  for (const [campo, gtin] of gtins) {
    const [outro] = rowsOf<{ nome: string }>(
      await tx.execute(sql`
        select p.nome from products p
        where p.id <> coalesce(${id}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
          and (p.gtin = ${gtin} or exists (select 1 from produto_embalagens e where e.produto_id = p.id and e.gtin = ${gtin}))
        limit 1`),
    );
    if (outro) adicionaErro(erros, campo, produtoServicoMensagens.gtinEmUso(outro.nome));
  }

  if (id) {
    const [atual] = rowsOf<{ unidade: string; movimentos: boolean; com_lote: boolean; sem_lote: boolean }>(
      await tx.execute(sql`select p.unidade,
          exists (select 1 from estoque_movimentos m where m.product_id = p.id) as movimentos,
          exists (select 1 from estoque_saldos s where s.produto_id = p.id and s.lote_id is not null
            and (s.saldo <> 0 or s.reservado <> 0)) as com_lote,
          exists (select 1 from estoque_saldos s where s.produto_id = p.id and s.lote_id is null
            and (s.saldo <> 0 or s.reservado <> 0)) as sem_lote
        from products p where p.id = ${id}`),
    );
    if (atual) {
      if (atual.unidade !== input.unidade && atual.movimentos)
        adicionaErro(erros, 'unidade', produtoServicoMensagens.unidadeComMovimentos);
      if (!input.controla_lote && atual.com_lote)
        adicionaErro(erros, 'controla_lote', produtoServicoMensagens.saldoEmLotes);
      if (input.controla_lote && atual.sem_lote)
        adicionaErro(erros, 'controla_lote', produtoServicoMensagens.saldoSemLote);
    }
  }
  if (Object.keys(erros).length) falha(erros);
}

const embalagemValores = (produtoId: string, e: EmbalagemDados) => ({
  produtoId,
  unidade: e.unidade,
  fator: e.fator,
  gtin: e.gtin,
  padraoCompra: e.padrao_compra,
  padraoVenda: e.padrao_venda,
  pesoBruto: e.peso_bruto,
  altura: e.altura,
  largura: e.largura,
  comprimento: e.comprimento,
});

/**
 * Writes the product's packagings as given, changing only what changed (each change is audited):
 * removed units go, defaults moving away are cleared before any is set (the partial unique indexes
 * hold at every row), then the rest is updated or inserted.
 */
async function gravaEmbalagens(tx: Tx, produtoId: string, embalagens: EmbalagemDados[]): Promise<void> {
  const atuais = await tx.select().from(produtoEmbalagens).where(eq(produtoEmbalagens.produtoId, produtoId));
  const novas = new Map(embalagens.map((e) => [e.unidade, e]));
  for (const a of atuais) {
    const n = novas.get(a.unidade);
    if (!n) {
      await tx.delete(produtoEmbalagens).where(eq(produtoEmbalagens.id, a.id));
      continue;
    }
    const compra = a.padraoCompra && !n.padrao_compra;
    const venda = a.padraoVenda && !n.padrao_venda;
    if (compra || venda)
      await tx
        .update(produtoEmbalagens)
        .set({ ...(compra ? { padraoCompra: false } : {}), ...(venda ? { padraoVenda: false } : {}) })
        .where(eq(produtoEmbalagens.id, a.id));
  }
  // GTINs moving between packagings of the product: clear the old holders first
  const porUnidade = new Map(atuais.map((a) => [a.unidade, a]));
  for (const a of atuais) {
    const n = novas.get(a.unidade);
    if (n && a.gtin && a.gtin !== n.gtin)
      await tx.update(produtoEmbalagens).set({ gtin: null }).where(eq(produtoEmbalagens.id, a.id));
  }
  for (const e of embalagens) {
    const a = porUnidade.get(e.unidade);
    if (!a) {
      await tx.insert(produtoEmbalagens).values(embalagemValores(produtoId, e));
      continue;
    }
    const mudou =
      a.fator !== e.fator ||
      a.gtin !== e.gtin ||
      a.padraoCompra !== e.padrao_compra ||
      a.padraoVenda !== e.padrao_venda ||
      a.pesoBruto !== e.peso_bruto ||
      a.altura !== e.altura ||
      a.largura !== e.largura ||
      a.comprimento !== e.comprimento;
    if (mudou)
      await tx
        .update(produtoEmbalagens)
        .set({ ...embalagemValores(produtoId, e), updatedAt: new Date() })
        .where(eq(produtoEmbalagens.id, a.id));
  }
}

/** Fields the form may write (the ledger's columns are never taken from the input). */
function camposDoFormulario(input: ProdutoCreate): Record<string, unknown> {
  const { embalagens: _e, ...resto } = input;
  return resto;
}

export const produtosService: RegisterService<Query, ProdutoCreate, ProdutoUpdate, ProdutoRow> = {
  list: (db, q) => listFrom(db, q, produtosList),
  exportRows: (db, q) => exportFrom(db, q, produtosList),
  get: getProduto,
  async create(db: Db, actor: Actor, input) {
    const id = await writeTx(db, actor, async (tx) => {
      await validaNoBanco(tx, input, null);
      const [row] = await tx
        .insert(products)
        // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
        .values(toColumnValues(products, camposDoFormulario(input)) as any)
        .returning({ id: products.id });
      await gravaEmbalagens(tx, row!.id, input.embalagens);
      return row!.id;
    }).catch(rethrow);
    return getProduto(db, id);
  },
  async update(db, actor, id, input) {
    await writeTx(db, actor, async (tx) => {
      await validaNoBanco(tx, input, id);
      await updateVersioned(
        tx,
        products as unknown as RegisterTable,
        id,
        input.versao,
        camposDoFormulario(input),
      );
      await gravaEmbalagens(tx, id, input.embalagens);
    }).catch(rethrow);
    return getProduto(db, id);
  },
  remove: (db, actor, id) => deleteRegister(db, actor, products as unknown as RegisterTable, id),
  async opcoes(db): Promise<Opcao[]> {
    const rows = await db
      .select({ id: products.id, codigo: products.codigo, nome: products.nome, ativo: products.ativo })
      .from(products)
      .orderBy(asc(products.busca))
      .limit(2000);
    return rows.map((r) => ({ id: r.id, nome: `${r.codigo} - ${r.nome}`, ativo: r.ativo }));
  },
};

export const produtoExportColumns: ExportColumn<ProdutoRow>[] = [
  { header: 'Código', value: (r) => r.codigo },
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Marca', value: (r) => r.marca },
  { header: 'Grupo', value: (r) => r.grupo_nome },
  { header: 'Categoria', value: (r) => r.categoria_nome },
  { header: 'Unidade', value: (r) => r.unidade },
  { header: 'GTIN', value: (r) => r.gtin },
  { header: 'NCM', value: (r) => (r.ncm ? formataNcm(r.ncm) : '') },
  { header: 'Estoque atual', value: (r) => r.estoque_atual, type: 'number' },
  { header: 'Estoque mínimo', value: (r) => r.estoque_minimo, type: 'number' },
  { header: 'Estoque máximo', value: (r) => r.estoque_maximo, type: 'number' },
  { header: 'Custo médio', value: (r) => r.custo_medio, type: 'number' },
  { header: 'Preço de venda', value: (r) => r.preco_venda, type: 'money' },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];
