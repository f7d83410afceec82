import { z } from 'zod';
import {
  ativo,
  decimalBR,
  decimalOpcional,
  optionalRef,
  optionalText,
  requiredText,
  versao,
} from '../cadastros/campos.ts';
import { Decimal } from '../decimal.ts';
import { booleanParam, listQuerySchema, uuidParam } from '../list-params.ts';
import { siglaUnidade } from './cadastros-estoque.schema.ts';
import { adicionaErro, type ErrosCampos } from './campos.ts';
import { gtinOpcional, gtinProduto, SEM_GTIN } from './gtin.ts';
import { cestCampo, ncmCampo } from './ncm.ts';
import { type Origem, origemCampo } from './origem.ts';
import { erroCasasDecimais, type Unidade } from './unidades.ts';

// The product register (Produtos: tabs Dados, Embalagens, Fiscal, Estoque). Quantities are in the
// base unit; custo médio and estoque atual are kept by the ledger and never come from the form.

export const produtoMensagens = {
  padraoCompraFalta: 'Marque uma embalagem como padrão de compra',
  padraoCompraMais: 'Só uma embalagem pode ser o padrão de compra',
  padraoVendaFalta: 'Marque uma embalagem como padrão de venda',
  padraoVendaMais: 'Só uma embalagem pode ser o padrão de venda',
  unidadeRepetida: 'Unidade repetida nas embalagens',
  fatorUnidadeBase: 'A embalagem na unidade base tem fator 1',
  fatorPositivo: 'Fator deve ser maior que zero',
  gtinRepetido: 'GTIN repetido neste produto',
  pesoLiquido: 'Peso líquido não pode ser maior que o peso bruto',
  estoqueMaximo: 'Estoque máximo deve ser maior ou igual ao mínimo',
  unidadeNaoEncontrada: 'Unidade não encontrada',
  medidasIncompletas: 'Informe altura, largura e comprimento, ou deixe os três em branco',
  medidaPositiva: (campo: string) => `${campo} deve ser maior que zero`,
} as const;

const medida = (label: string) => decimalOpcional(label, { max: 999_999, places: 2, genero: 'a' });
/** The outer dimensions of a packaging's box (cm): field and label. */
export const MEDIDAS_EMBALAGEM = [
  ['altura', 'Altura'],
  ['largura', 'Largura'],
  ['comprimento', 'Comprimento'],
] as const;

/** A packaging: a unit with its factor to the base unit (CX = 12 UN), its own GTIN, defaults. */
export const embalagemSchema = z
  .object({
    unidade: siglaUnidade('Unidade'),
    fator: decimalBR('Fator', { max: 999_999, places: 3 }).refine(
      (v) => Decimal.of(v).isPositive(),
      produtoMensagens.fatorPositivo,
    ),
    gtin: gtinOpcional,
    padrao_compra: z.boolean({ error: 'Valor inválido' }).default(false),
    padrao_venda: z.boolean({ error: 'Valor inválido' }).default(false),
    /** The packed box as it ships (optional): gross weight in kg and outer dimensions in cm (carga-fisica.ts). */
    peso_bruto: decimalOpcional('Peso bruto', { max: 999_999, places: 3 }),
    altura: medida('Altura'),
    largura: medida('Largura'),
    comprimento: medida('Comprimento'),
  })
  .superRefine((e, ctx) => {
    if (e.peso_bruto !== null && !Decimal.of(e.peso_bruto).isPositive())
      ctx.addIssue({
        code: 'custom',
        path: ['peso_bruto'],
        message: produtoMensagens.medidaPositiva('Peso bruto'),
      });
    const informadas = MEDIDAS_EMBALAGEM.filter(([campo]) => e[campo] !== null);
    for (const [campo, label] of informadas)
      if (!Decimal.of(e[campo]!).isPositive())
        ctx.addIssue({ code: 'custom', path: [campo], message: produtoMensagens.medidaPositiva(label) });
    if (informadas.length > 0 && informadas.length < MEDIDAS_EMBALAGEM.length)
      for (const [campo] of MEDIDAS_EMBALAGEM)
        if (e[campo] === null)
          ctx.addIssue({ code: 'custom', path: [campo], message: produtoMensagens.medidasIncompletas });
  });
export type EmbalagemInput = z.input<typeof embalagemSchema>;
export type EmbalagemDados = z.output<typeof embalagemSchema>;

const quantidadeEstoque = (label: string) => decimalBR(label, { max: 99_999_999_999, places: 3 });
const peso = (label: string) => decimalBR(label, { max: 999_999, places: 3 });

const produtoFields = {
  codigo: requiredText(30, 'Código'),
  nome: requiredText(120, 'Nome'),
  descricao_complementar: optionalText(1000, 'Descrição complementar'),
  marca: optionalText(60, 'Marca'),
  grupo_id: optionalRef('Grupo'),
  categoria_id: optionalRef('Categoria'),
  fornecedor_id: optionalRef('Fornecedor principal'),
  unidade: siglaUnidade('Unidade base'),
  gtin: gtinProduto,
  ncm: ncmCampo,
  cest: cestCampo,
  origem: origemCampo,
  /** kg per base unit */
  peso_bruto: peso('Peso bruto'),
  peso_liquido: peso('Peso líquido'),
  /** m³ per base unit */
  volume: decimalBR('Volume', { max: 999_999, places: 6 }),
  preco_venda: decimalBR('Preço de venda', { max: 999_999_999_999 }),
  estoque_minimo: quantidadeEstoque('Estoque mínimo'),
  /** 0 means no maximum. */
  estoque_maximo: quantidadeEstoque('Estoque máximo'),
  controla_lote: z.boolean({ error: 'Valor inválido' }).default(false),
  ativo,
  /**
   * Empty: the base unit is both defaults. Otherwise exactly one purchase default and one sale
   * default; the base unit itself may be listed (fator 1) to be one of them.
   */
  embalagens: z.array(embalagemSchema).max(20, 'No máximo 20 embalagens por produto').default([]),
};

type ProdutoRegras = {
  unidade: string;
  gtin: string;
  peso_bruto: string;
  peso_liquido: string;
  estoque_minimo: string;
  estoque_maximo: string;
  embalagens: EmbalagemDados[];
};

function padraoUnico(
  embalagens: EmbalagemDados[],
  campo: 'padrao_compra' | 'padrao_venda',
  falta: string,
  mais: string,
  ctx: z.RefinementCtx,
) {
  const marcadas = embalagens.filter((e) => e[campo]).length;
  if (marcadas === 0) ctx.addIssue({ code: 'custom', path: ['embalagens'], message: falta });
  if (marcadas > 1) ctx.addIssue({ code: 'custom', path: ['embalagens'], message: mais });
}

function produtoRules(v: ProdutoRegras, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (Decimal.of(v.peso_bruto).isPositive() && Decimal.of(v.peso_liquido).gt(v.peso_bruto))
    issue(['peso_liquido'], produtoMensagens.pesoLiquido);
  if (Decimal.of(v.estoque_maximo).isPositive() && Decimal.of(v.estoque_maximo).lt(v.estoque_minimo))
    issue(['estoque_maximo'], produtoMensagens.estoqueMaximo);

  if (v.embalagens.length === 0) return;
  padraoUnico(
    v.embalagens,
    'padrao_compra',
    produtoMensagens.padraoCompraFalta,
    produtoMensagens.padraoCompraMais,
    ctx,
  );
  padraoUnico(
    v.embalagens,
    'padrao_venda',
    produtoMensagens.padraoVendaFalta,
    produtoMensagens.padraoVendaMais,
    ctx,
  );
  const unidades = new Set<string>();
  const gtins = new Set<string>(v.gtin === SEM_GTIN ? [] : [v.gtin]);
  v.embalagens.forEach((e, i) => {
    if (unidades.has(e.unidade)) issue(['embalagens', i, 'unidade'], produtoMensagens.unidadeRepetida);
    unidades.add(e.unidade);
    if (e.unidade === v.unidade && !Decimal.of(e.fator).eq(1))
      issue(['embalagens', i, 'fator'], produtoMensagens.fatorUnidadeBase);
    if (e.gtin) {
      if (gtins.has(e.gtin)) issue(['embalagens', i, 'gtin'], produtoMensagens.gtinRepetido);
      gtins.add(e.gtin);
    }
  });
}

/** POST /api/estoque/produtos (and the create form). Existence of the NCM: comNcmOficial(). */
export const produtoCreateSchema = z.object(produtoFields).superRefine(produtoRules);
/** PUT /api/estoque/produtos/:id: the same fields plus the version read. */
export const produtoUpdateSchema = z.object({ ...produtoFields, versao }).superRefine(produtoRules);
export type ProdutoInput = z.input<typeof produtoCreateSchema>;
export type ProdutoCreate = z.output<typeof produtoCreateSchema>;
export type ProdutoUpdate = z.output<typeof produtoUpdateSchema>;

/**
 * The checks that need the unit register (the server reads it): the base unit and every packaging
 * unit exist, and the stock levels and packaging factors respect the base unit's decimals.
 */
export function errosUnidadesProduto(
  produto: Pick<ProdutoCreate, 'unidade' | 'estoque_minimo' | 'estoque_maximo' | 'embalagens'>,
  unidades: ReadonlyMap<string, Unidade>,
): ErrosCampos {
  const erros: ErrosCampos = {};
  const base = unidades.get(produto.unidade);
  if (!base) {
    adicionaErro(erros, 'unidade', produtoMensagens.unidadeNaoEncontrada);
    return erros;
  }
  for (const [campo, label] of [
    ['estoque_minimo', 'Estoque mínimo'],
    ['estoque_maximo', 'Estoque máximo'],
  ] as const) {
    const erro = erroCasasDecimais(produto[campo], base, label);
    if (erro) adicionaErro(erros, campo, erro);
  }
  produto.embalagens.forEach((e, i) => {
    if (!unidades.has(e.unidade))
      adicionaErro(erros, `embalagens.${i}.unidade`, produtoMensagens.unidadeNaoEncontrada);
    const erro = erroCasasDecimais(e.fator, base, 'Fator');
    if (erro) adicionaErro(erros, `embalagens.${i}.fator`, erro);
  });
  return erros;
}

export const PRODUTO_SORTS = [
  'codigo',
  'nome',
  'marca',
  'estoque_atual',
  'custo_medio',
  'preco_venda',
  'created_at',
] as const;

export const produtosListQuerySchema = listQuerySchema(PRODUTO_SORTS, 'nome', {
  ativo: booleanParam.optional(),
  grupo_id: uuidParam.optional(),
  categoria_id: uuidParam.optional(),
  abaixo_minimo: booleanParam.optional(),
});
export type ProdutosListQuery = z.input<typeof produtosListQuerySchema>;

export type EmbalagemRow = {
  /** The packaging's id (a goods receipt line names its packaging by it). */
  id: string;
  unidade: string;
  fator: string;
  gtin: string | null;
  padrao_compra: boolean;
  padrao_venda: boolean;
  /** kg of the packed box, or null (carga-fisica.ts). */
  peso_bruto: string | null;
  /** Outer dimensions in cm, all three or none. */
  altura: string | null;
  largura: string | null;
  comprimento: string | null;
};

export type ProdutoRow = {
  id: string;
  codigo: string;
  nome: string;
  descricao_complementar: string | null;
  marca: string | null;
  grupo_id: string | null;
  grupo_nome: string | null;
  categoria_id: string | null;
  categoria_nome: string | null;
  fornecedor_id: string | null;
  fornecedor_nome: string | null;
  unidade: string;
  gtin: string;
  ncm: string;
  cest: string | null;
  origem: Origem;
  peso_bruto: string;
  peso_liquido: string;
  volume: string;
  preco_venda: string;
  /** Kept by the ledger (4 decimals); read-only. */
  custo_medio: string;
  /** Sum of the balances; read-only. */
  estoque_atual: string;
  estoque_minimo: string;
  estoque_maximo: string;
  controla_lote: boolean;
  ativo: boolean;
  versao: number;
  created_at: string;
  updated_at: string;
  embalagens: EmbalagemRow[];
};
