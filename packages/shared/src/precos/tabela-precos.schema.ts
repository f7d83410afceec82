import { z } from 'zod';
import { decimalBR, optionalRef, requiredText, versao } from '../cadastros/campos.ts';
import { isIsoDay } from '../dates.ts';
import { Decimal } from '../decimal.ts';
import { dataObrigatoria, dataOpcional, quantidadeCampo, refObrigatoria } from '../estoque/campos.ts';
import { booleanParam, listQuerySchema } from '../list-params.ts';

// Tabela de preços (screen /estoque/tabela-precos, module `precos`). A table reaches a scope of
// customers during its vigência and holds, per product, a price or a rule, quantity breaks and a
// preço mínimo. The shapes below map to the rows the server keeps (precos.tables.ts):
//   tabelas_preco        (id, nome, vigencia_inicio, vigencia_fim, ativa, escopo, grupo_id,
//                         segmento_id, regiao_id, versao)
//   tabela_preco_clientes (tabela_id, cliente_id)                  — escopo 'clientes'
//   tabela_preco_itens    (tabela_id, produto_id, regra, preco | percentual, preco_minimo)
//   tabela_preco_faixas   (tabela_id, produto_id, quantidade_minima, tipo, preco | percentual)
// Decimal strings: an item's and a break's `valor` is a price (preco_fixo, a 'preco' break) or a
// percentage (the other rules, a 'desconto' break); the server keeps it in `preco` numeric(14,2) or
// `percentual` numeric(6,2), so each column has one meaning. preco_minimo numeric(14,2),
// quantidade_minima numeric(14,3) in the product's base unit.

/** Who a table reaches. Precedence of the resolution (most specific first): see NIVEIS_PRECO. */
export const ESCOPOS_TABELA = ['geral', 'grupo', 'segmento', 'regiao', 'clientes'] as const;
export type EscopoTabela = (typeof ESCOPOS_TABELA)[number];

export const escopoTabelaLabels: Record<EscopoTabela, string> = {
  geral: 'Todos os clientes',
  grupo: 'Grupo empresarial',
  segmento: 'Segmento',
  regiao: 'Região de entrega',
  clientes: 'Lista de clientes',
};

/** How an item prices its product. `valor` is the price (preco_fixo) or the percentage. */
export const REGRAS_PRECO = ['preco_fixo', 'markup_custo', 'acima_base', 'abaixo_base'] as const;
export type RegraPreco = (typeof REGRAS_PRECO)[number];

export const regraPrecoLabels: Record<RegraPreco, string> = {
  preco_fixo: 'Preço fixo',
  markup_custo: '% sobre o custo médio',
  acima_base: '% acima do preço de venda',
  abaixo_base: '% abaixo do preço de venda',
};

/** A quantity break: from `quantidade_minima` (base unit) a price, or a % off the item's price. */
export const TIPOS_FAIXA = ['preco', 'desconto'] as const;
export type TipoFaixa = (typeof TIPOS_FAIXA)[number];

export const tipoFaixaLabels: Record<TipoFaixa, string> = {
  preco: 'Preço',
  desconto: '% de desconto',
};

export const MAX_FAIXAS = 5;
/** Percent rules (markup, acima) and readjustments: at most 1000 %. */
export const PERCENTUAL_MAXIMO = 1000;

export const precoMensagens = {
  precoPositivo: 'Preço deve ser maior que zero',
  percentualMaximo: `Percentual deve ser no máximo ${PERCENTUAL_MAXIMO}`,
  abaixoDe100: 'Percentual abaixo do preço de venda deve ser menor que 100',
  descontoDe100: 'Desconto deve ser menor que 100 %',
  faixaRepetida: 'Quantidade repetida nas faixas',
  minimoAcimaDoPreco: 'Preço mínimo não pode ser maior que o preço',
  faixaAbaixoDoMinimo: 'Preço da faixa abaixo do preço mínimo',
  fimAntesDoInicio: 'Fim da vigência deve ser igual ou posterior ao início',
  informeGrupo: 'Informe o grupo empresarial',
  informeSegmento: 'Informe o segmento',
  informeRegiao: 'Informe a região de entrega',
  informeClientes: 'Informe ao menos um cliente',
  produtoRepetido: 'Produto repetido na tabela',
  tabelaNaoEncontrada: 'Tabela de preços não encontrada',
} as const;

const dinheiro = (label: string) => decimalBR(label, { max: 999_999_999_999 });

/** An optional money field: '' / null / undefined -> null (no minimum), else "12.50". */
const dinheiroOpcional = (label: string) => {
  const campo = dinheiro(label);
  return z
    .union([z.string(), z.number()], { error: `${label} inválido` })
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (v === '' || v === null || v === undefined) return null;
      const lido = campo.safeParse(v);
      if (lido.success) return lido.data;
      for (const issue of lido.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
};

export const faixaPrecoSchema = z
  .object({
    quantidade_minima: quantidadeCampo('Quantidade mínima'),
    tipo: z.enum(TIPOS_FAIXA, { error: 'Tipo de faixa inválido' }),
    valor: dinheiro('Valor'),
  })
  .superRefine((f, ctx) => {
    const valor = Decimal.of(f.valor);
    if (f.tipo === 'preco' && !valor.isPositive())
      ctx.addIssue({ code: 'custom', path: ['valor'], message: precoMensagens.precoPositivo });
    if (f.tipo === 'desconto' && valor.gte(100))
      ctx.addIssue({ code: 'custom', path: ['valor'], message: precoMensagens.descontoDe100 });
  });
export type FaixaPrecoInput = z.input<typeof faixaPrecoSchema>;
export type FaixaPreco = z.output<typeof faixaPrecoSchema>;

type ItemRegras = { regra: RegraPreco; valor: string; preco_minimo: string | null; faixas: FaixaPreco[] };

function itemRules(v: ItemRegras, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const valor = Decimal.of(v.valor);
  if (v.regra === 'preco_fixo') {
    if (!valor.isPositive()) issue(['valor'], precoMensagens.precoPositivo);
    else if (v.preco_minimo !== null && Decimal.of(v.preco_minimo).gt(valor))
      issue(['preco_minimo'], precoMensagens.minimoAcimaDoPreco);
  } else if (v.regra === 'abaixo_base') {
    if (valor.gte(100)) issue(['valor'], precoMensagens.abaixoDe100);
  } else if (valor.gt(PERCENTUAL_MAXIMO)) issue(['valor'], precoMensagens.percentualMaximo);

  const quantidades = new Set<string>();
  v.faixas.forEach((f, i) => {
    if (quantidades.has(f.quantidade_minima))
      issue(['faixas', i, 'quantidade_minima'], precoMensagens.faixaRepetida);
    quantidades.add(f.quantidade_minima);
    if (f.tipo === 'preco' && v.preco_minimo !== null && Decimal.of(f.valor).lt(v.preco_minimo))
      issue(['faixas', i, 'valor'], precoMensagens.faixaAbaixoDoMinimo);
  });
}

const itemFields = {
  regra: z.enum(REGRAS_PRECO, { error: 'Regra de preço inválida' }),
  valor: dinheiro('Valor'),
  /** Selling below it needs a release (orders). null: no minimum. */
  preco_minimo: dinheiroOpcional('Preço mínimo'),
  faixas: z
    .array(faixaPrecoSchema)
    .max(MAX_FAIXAS, `No máximo ${MAX_FAIXAS} faixas de quantidade por produto`)
    .default([]),
};

/** One product's item (and its breaks), as the item form sends it. */
export const itemTabelaPrecoSchema = z.object(itemFields).superRefine(itemRules);
/** The item with its product, as a list of items (import, copy) carries it. */
export const itemComProdutoSchema = z
  .object({ produto_id: refObrigatoria('Produto'), ...itemFields })
  .superRefine(itemRules);
export type ItemTabelaPrecoInput = z.input<typeof itemComProdutoSchema>;
export type ItemTabelaPreco = z.output<typeof itemComProdutoSchema>;

type TabelaRegras = {
  vigencia_inicio: string;
  vigencia_fim: string | null;
  escopo: EscopoTabela;
  grupo_id: string | null;
  segmento_id: string | null;
  regiao_id: string | null;
  cliente_ids: string[];
};

function tabelaRules(v: TabelaRegras, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.vigencia_fim !== null && v.vigencia_fim < v.vigencia_inicio)
    issue('vigencia_fim', precoMensagens.fimAntesDoInicio);
  if (v.escopo === 'grupo' && !v.grupo_id) issue('grupo_id', precoMensagens.informeGrupo);
  if (v.escopo === 'segmento' && !v.segmento_id) issue('segmento_id', precoMensagens.informeSegmento);
  if (v.escopo === 'regiao' && !v.regiao_id) issue('regiao_id', precoMensagens.informeRegiao);
  if (v.escopo === 'clientes' && v.cliente_ids.length === 0)
    issue('cliente_ids', precoMensagens.informeClientes);
}

/** Only the reference of the chosen scope is kept (a form switching scope may leave others). */
function soEscopo<T extends TabelaRegras>(v: T): T {
  return {
    ...v,
    grupo_id: v.escopo === 'grupo' ? v.grupo_id : null,
    segmento_id: v.escopo === 'segmento' ? v.segmento_id : null,
    regiao_id: v.escopo === 'regiao' ? v.regiao_id : null,
    cliente_ids: v.escopo === 'clientes' ? [...new Set(v.cliente_ids)] : [],
  };
}

const tabelaFields = {
  nome: requiredText(100, 'Nome'),
  vigencia_inicio: dataObrigatoria('Início da vigência'),
  /** null: no end. The first and the last day are inside the vigência. */
  vigencia_fim: dataOpcional('Fim da vigência'),
  ativa: z.boolean({ error: 'Valor inválido' }).default(true),
  escopo: z.enum(ESCOPOS_TABELA, { error: 'Escopo inválido' }),
  grupo_id: optionalRef('Grupo empresarial'),
  segmento_id: optionalRef('Segmento'),
  regiao_id: optionalRef('Região de entrega'),
  cliente_ids: z.array(refObrigatoria('Cliente')).max(5000, 'No máximo 5000 clientes por tabela').default([]),
};

/** Creating a table: its header and scope (items are edited apart). */
export const tabelaPrecoCreateSchema = z.object(tabelaFields).superRefine(tabelaRules).transform(soEscopo);
/** Editing a table: the same plus the version read. */
export const tabelaPrecoUpdateSchema = z
  .object({ ...tabelaFields, versao })
  .superRefine(tabelaRules)
  .transform(soEscopo);
export type TabelaPrecoInput = z.input<typeof tabelaPrecoCreateSchema>;
export type TabelaPrecoCreate = z.output<typeof tabelaPrecoCreateSchema>;
export type TabelaPrecoUpdate = z.output<typeof tabelaPrecoUpdateSchema>;

/** A list of items of one table: each product once. */
export const itensTabelaPrecoSchema = z
  .array(itemComProdutoSchema)
  .max(20_000, 'No máximo 20000 itens por tabela')
  .superRefine((itens, ctx) => {
    const vistos = new Set<string>();
    itens.forEach((item, i) => {
      if (vistos.has(item.produto_id))
        ctx.addIssue({ code: 'custom', path: [i, 'produto_id'], message: precoMensagens.produtoRepetido });
      vistos.add(item.produto_id);
    });
  });

/**
 * What the engine reads: a table with its customers and items, as the server loads it
 * (tabelas_preco + tabela_preco_clientes + tabela_preco_itens + tabela_preco_faixas).
 */
export type TabelaPreco = {
  id: string;
  nome: string;
  vigencia_inicio: string;
  vigencia_fim: string | null;
  ativa: boolean;
  escopo: EscopoTabela;
  grupo_id: string | null;
  segmento_id: string | null;
  regiao_id: string | null;
  cliente_ids: readonly string[];
  itens: readonly ItemTabelaPreco[];
};

/** Copying a table: the new one's name and vigência (copiaTabela does the rest). */
export const copiaTabelaSchema = z
  .object({
    nome: requiredText(100, 'Nome'),
    vigencia_inicio: dataObrigatoria('Início da vigência'),
    vigencia_fim: dataOpcional('Fim da vigência'),
  })
  .refine((v) => v.vigencia_fim === null || v.vigencia_fim >= v.vigencia_inicio, {
    path: ['vigencia_fim'],
    message: precoMensagens.fimAntesDoInicio,
  });
export type CopiaTabelaInput = z.input<typeof copiaTabelaSchema>;
export type CopiaTabela = z.output<typeof copiaTabelaSchema>;

export const SENTIDOS_REAJUSTE = ['aumento', 'reducao'] as const;
export type SentidoReajuste = (typeof SENTIDOS_REAJUSTE)[number];
export const sentidoReajusteLabels: Record<SentidoReajuste, string> = {
  aumento: 'Aumento',
  reducao: 'Redução',
};

/** Readjusting a table by %: preview (reajustaTabela) and then apply. */
export const reajusteSchema = z
  .object({
    sentido: z.enum(SENTIDOS_REAJUSTE, { error: 'Informe se o reajuste é de aumento ou de redução' }),
    percentual: decimalBR('Percentual', { max: PERCENTUAL_MAXIMO }),
  })
  .superRefine((v, ctx) => {
    const p = Decimal.of(v.percentual);
    if (p.isZero())
      ctx.addIssue({ code: 'custom', path: ['percentual'], message: 'Percentual deve ser maior que zero' });
    else if (v.sentido === 'reducao' && p.gte(100))
      ctx.addIssue({ code: 'custom', path: ['percentual'], message: 'Redução deve ser menor que 100 %' });
  });
export type ReajusteInput = z.input<typeof reajusteSchema>;
export type Reajuste = z.output<typeof reajusteSchema>;

export const TABELA_PRECO_SORTS = ['nome', 'vigencia_inicio', 'vigencia_fim', 'created_at'] as const;
/** The tables' list; `vigente_em`: the tables whose vigência holds that day. */
export const tabelasPrecoListQuerySchema = listQuerySchema(TABELA_PRECO_SORTS, 'nome', {
  ativa: booleanParam.optional(),
  escopo: z.enum(ESCOPOS_TABELA, { error: 'Escopo inválido' }).optional(),
  vigente_em: z.string().refine(isIsoDay, 'Data inválida').optional(),
});
export type TabelasPrecoListQuery = z.input<typeof tabelasPrecoListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The API of the module (server routes /api/precos, screen /estoque/tabela-precos).

/** A table as the list shows it (and, with its customers, as the form reads it). */
export type TabelaPrecoRow = {
  id: string;
  nome: string;
  vigencia_inicio: string;
  vigencia_fim: string | null;
  ativa: boolean;
  escopo: EscopoTabela;
  grupo_id: string | null;
  segmento_id: string | null;
  regiao_id: string | null;
  /** The name of the table's grupo empresarial, segmento or região; null for the other scopes. */
  alcance_nome: string | null;
  /** Customers on the list (escopo 'clientes'). */
  clientes: number;
  /** Products priced by the table. */
  itens: number;
  versao: number;
  created_at: string;
  updated_at: string;
  /** GET /:id (and the answers of a save): the customers of the list, by name. */
  clientes_lista?: { id: string; nome: string }[];
};

/** An item of a table as the items grid shows it: the engine's item and its product. */
export type ItemTabelaPrecoRow = ItemTabelaPreco & {
  produto_codigo: string;
  produto_nome: string;
  produto_unidade: string;
  produto_ativo: boolean;
};

export const ITEM_TABELA_PRECO_SORTS = ['codigo', 'nome'] as const;
/** The items of one table: search by product code or name. */
export const itensTabelaPrecoListQuerySchema = listQuerySchema(ITEM_TABELA_PRECO_SORTS, 'codigo', {});
export type ItensTabelaPrecoListQuery = z.input<typeof itensTabelaPrecoListQuerySchema>;

/** One line of the readjustment preview, with its product. */
export type LinhaPreviaReajusteRow = {
  produto_id: string;
  produto_codigo: string;
  produto_nome: string;
  campo: 'preco' | 'faixa' | 'preco_minimo';
  quantidade_minima: string | null;
  antes: string;
  depois: string;
};

/** The readjustment preview (POST .../reajuste/previa) and the applied one (POST .../reajuste). */
export type ResultadoReajusteRow = {
  /** Money values that change, the first PREVIA_REAJUSTE_MAX of them. */
  linhas: LinhaPreviaReajusteRow[];
  total_linhas: number;
  /** Items with percent rules only: left as they are. */
  sem_valores: number;
  /** A reduction that would bring a price to R$ 0,00: nothing can be applied. */
  erros: { produto_codigo: string; produto_nome: string; mensagem: string }[];
  /** POST .../reajuste: items written. */
  aplicados?: number;
};
export const PREVIA_REAJUSTE_MAX = 500;

/** The answer of an import with wrong lines (400, `details.linhas`): nothing was changed. */
export type ErrosImportacaoPrecos = { linhas: { linha: number | null; mensagem: string }[] };

/** The largest spreadsheet accepted by the import (the body limit is the server's own). */
export const IMPORTACAO_PRECOS_MAX_BYTES = 1_000_000;

export const importacaoPrecosMensagens = {
  arquivoObrigatorio: 'Envie a planilha (arquivo .xlsx)',
  arquivoInvalido: 'O arquivo não é uma planilha XLSX válida',
  arquivoGrande: 'A planilha deve ter no máximo 1 MB',
  comErros: 'A planilha tem erros; nada foi importado. Corrija as linhas indicadas e importe de novo.',
} as const;

/** An uploaded file as a multipart form carries it (a File; typed structurally: no DOM here). */
export type ArquivoEnviado = { size: number; arrayBuffer(): Promise<ArrayBuffer> };

const ehArquivo = (v: unknown): v is ArquivoEnviado =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ArquivoEnviado).size === 'number' &&
  typeof (v as ArquivoEnviado).arrayBuffer === 'function';

/** The import's multipart form: the .xlsx file in `arquivo`. */
export const importacaoPrecosSchema = z.object({
  arquivo: z
    .custom<ArquivoEnviado>(ehArquivo, { error: importacaoPrecosMensagens.arquivoObrigatorio })
    .refine((f) => f.size <= IMPORTACAO_PRECOS_MAX_BYTES, importacaoPrecosMensagens.arquivoGrande),
});

/** Pieces of a quantity in a query string: '' or absent -> 1. */
const quantidadeConsulta = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? '1' : v),
  quantidadeCampo('Quantidade'),
);

/**
 * "Price of product P for customer C, quantity Q, on day D" (GET /api/precos/preco). No customer:
 * only general tables reach the sale; no date: today in São Paulo; no quantity: 1.
 */
export const consultaPrecoQuerySchema = z.object({
  produto: refObrigatoria('Produto'),
  cliente: optionalRef('Cliente'),
  quantidade: quantidadeConsulta,
  data: dataOpcional('Data'),
});
export type ConsultaPrecoQuery = z.input<typeof consultaPrecoQuerySchema>;

export const MAX_ITENS_CONSULTA = 1000;

/** Every item of an order priced in one call (POST /api/precos/preco/pedido). */
export const consultaPrecosPedidoSchema = z.object({
  cliente_id: optionalRef('Cliente'),
  data: dataOpcional('Data'),
  itens: z
    .array(z.object({ produto_id: refObrigatoria('Produto'), quantidade: quantidadeConsulta }), {
      error: 'Informe os itens',
    })
    .min(1, 'Informe ao menos um item')
    .max(MAX_ITENS_CONSULTA, `No máximo ${MAX_ITENS_CONSULTA} itens por consulta`),
});
export type ConsultaPrecosPedidoInput = z.input<typeof consultaPrecosPedidoSchema>;
