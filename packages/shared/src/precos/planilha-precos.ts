import { normalizaBusca } from '../cadastros/normaliza.ts';
import {
  type FaixaPreco,
  type ItemTabelaPreco,
  itemTabelaPrecoSchema,
  MAX_FAIXAS,
  REGRAS_PRECO,
  type RegraPreco,
  regraPrecoLabels,
  TIPOS_FAIXA,
  type TipoFaixa,
  tipoFaixaLabels,
} from './tabela-precos.schema.ts';

// A table's items as a spreadsheet (XLSX export and import), pure. One line per product:
// Código, Produto (informative), Regra, Valor, Preço mínimo, then MAX_FAIXAS groups of
// "Faixa N - a partir de", "Faixa N - tipo", "Faixa N - valor". An empty Regra means a fixed price,
// so a sheet of just Código and Valor is a price list.
//
// Import is a plan: every line is checked (product found, each product once, the item schema) and
// when any line is wrong the answer is the list of errors by line and no item at all — the server
// changes nothing. Otherwise the server upserts the planned items (and replaces their breaks) in one
// transaction; items of products not in the sheet stay as they are.
// Cells come as the reader gives them: text, or numbers for numeric cells. A number is read by its
// shortest decimal text (String), never rounded: 8.455 in a money cell is refused, not made 8.46.

export type ChaveColunaPrecos =
  | 'codigo'
  | 'produto'
  | 'regra'
  | 'valor'
  | 'preco_minimo'
  | `faixa${number}_quantidade`
  | `faixa${number}_tipo`
  | `faixa${number}_valor`;

export type ColunaPlanilhaPrecos = {
  chave: ChaveColunaPrecos;
  titulo: string;
  /** As the list export's ExportColumn types it (money/number: decimal string "8.45"). */
  tipo: 'text' | 'money' | 'number';
};

export const COLUNAS_PLANILHA_PRECOS: readonly ColunaPlanilhaPrecos[] = [
  { chave: 'codigo', titulo: 'Código', tipo: 'text' },
  { chave: 'produto', titulo: 'Produto', tipo: 'text' },
  { chave: 'regra', titulo: 'Regra', tipo: 'text' },
  { chave: 'valor', titulo: 'Valor', tipo: 'number' },
  { chave: 'preco_minimo', titulo: 'Preço mínimo', tipo: 'money' },
  ...Array.from({ length: MAX_FAIXAS }, (_, i): ColunaPlanilhaPrecos[] => [
    { chave: `faixa${i + 1}_quantidade`, titulo: `Faixa ${i + 1} - a partir de`, tipo: 'number' },
    { chave: `faixa${i + 1}_tipo`, titulo: `Faixa ${i + 1} - tipo`, tipo: 'text' },
    { chave: `faixa${i + 1}_valor`, titulo: `Faixa ${i + 1} - valor`, tipo: 'number' },
  ]).flat(),
];

const OBRIGATORIAS: readonly ChaveColunaPrecos[] = ['codigo', 'valor'];

export type LinhaPlanilhaPrecos = {
  /** The line number in the sheet (the header is line 1). */
  linha: number;
  celulas: Partial<Record<ChaveColunaPrecos, unknown>>;
};

export type ErroLinha = {
  /** Sheet line; null for the sheet as a whole. */
  linha: number | null;
  mensagem: string;
};

export const planilhaMensagens = {
  semItens: 'A planilha não tem itens.',
  codigoObrigatorio: 'Código do produto é obrigatório',
  regraInvalida: `Regra inválida: use ${Object.values(regraPrecoLabels)
    .join(', ')
    .replace(/, (?=[^,]*$)/, ' ou ')}`,
  tipoFaixaInvalido: `tipo inválido: use ${Object.values(tipoFaixaLabels).join(' ou ')}`,
  colunaFaltando: (titulo: string) => `Coluna "${titulo}" não encontrada no cabeçalho`,
  colunaRepetida: (titulo: string) => `Coluna "${titulo}" repetida no cabeçalho`,
  produtoNaoEncontrado: (codigo: string) => `Produto ${codigo} não encontrado`,
  produtoRepetido: (codigo: string, linha: number) =>
    `Produto ${codigo} repetido na planilha (linha ${linha})`,
} as const;

const porTitulo = new Map(COLUNAS_PLANILHA_PRECOS.map((c) => [normalizaBusca(c.titulo.trim()), c]));

/**
 * The header line (cells in sheet order) -> the key of each column (null: a column we do not read).
 * Titles compare trimmed, without accents or case.
 */
export function leCabecalhoPrecos(
  cabecalho: readonly unknown[],
): { ok: true; colunas: (ChaveColunaPrecos | null)[] } | { ok: false; erros: ErroLinha[] } {
  const erros: ErroLinha[] = [];
  const vistas = new Set<ChaveColunaPrecos>();
  const colunas = cabecalho.map((celula) => {
    const coluna = porTitulo.get(normalizaBusca(texto(celula)));
    if (!coluna) return null;
    if (vistas.has(coluna.chave))
      erros.push({ linha: 1, mensagem: planilhaMensagens.colunaRepetida(coluna.titulo) });
    vistas.add(coluna.chave);
    return coluna.chave;
  });
  for (const chave of OBRIGATORIAS)
    if (!vistas.has(chave)) {
      const titulo = COLUNAS_PLANILHA_PRECOS.find((c) => c.chave === chave)!.titulo;
      erros.push({ linha: 1, mensagem: planilhaMensagens.colunaFaltando(titulo) });
    }
  return erros.length ? { ok: false, erros } : { ok: true, colunas };
}

/** A cell as text: numbers by their shortest decimal text, nothing -> ''. */
function texto(celula: unknown): string {
  if (celula === null || celula === undefined) return '';
  if (typeof celula === 'number') return Number.isFinite(celula) ? String(celula) : '';
  return String(celula).trim();
}

function escolha<T extends string>(
  celula: unknown,
  codigos: readonly T[],
  labels: Record<T, string>,
): T | null {
  const lido = normalizaBusca(texto(celula));
  return codigos.find((c) => c === lido || normalizaBusca(labels[c]) === lido) ?? null;
}

/** "faixas.1.valor" -> "Faixa 2: " (the sheet's own numbering); "valor" -> "". */
function prefixo(path: readonly PropertyKey[], numeros: readonly number[]): string {
  return path[0] === 'faixas' && typeof path[1] === 'number' ? `Faixa ${numeros[path[1]]}: ` : '';
}

export type ProdutoPlanilha = { id: string };

export type PlanoImportacaoPrecos =
  | { ok: true; itens: ItemTabelaPreco[] }
  | { ok: false; erros: ErroLinha[] };

/** Check every line; the items to upsert, or every error and nothing to change. */
export function planejaImportacaoPrecos(
  linhas: readonly LinhaPlanilhaPrecos[],
  produtos: ReadonlyMap<string, ProdutoPlanilha>,
): PlanoImportacaoPrecos {
  const erros: ErroLinha[] = [];
  const itens: ItemTabelaPreco[] = [];
  const linhaDoProduto = new Map<string, number>();

  for (const { linha, celulas } of linhas) {
    if (Object.values(celulas).every((c) => texto(c) === '')) continue;
    const erro = (mensagem: string) => erros.push({ linha, mensagem });
    const antes = erros.length;

    const codigo = texto(celulas.codigo);
    const produto = codigo ? produtos.get(codigo) : undefined;
    if (!codigo) erro(planilhaMensagens.codigoObrigatorio);
    else if (!produto) erro(planilhaMensagens.produtoNaoEncontrado(codigo));
    else {
      const anterior = linhaDoProduto.get(produto.id);
      if (anterior !== undefined) erro(planilhaMensagens.produtoRepetido(codigo, anterior));
      else linhaDoProduto.set(produto.id, linha);
    }

    let regra: RegraPreco | null = 'preco_fixo';
    if (texto(celulas.regra) !== '') regra = escolha(celulas.regra, REGRAS_PRECO, regraPrecoLabels);
    if (!regra) erro(planilhaMensagens.regraInvalida);

    const faixas: Record<keyof FaixaPreco, unknown>[] = [];
    const numeros: number[] = [];
    for (let n = 1; n <= MAX_FAIXAS; n++) {
      const q = celulas[`faixa${n}_quantidade`];
      const t = celulas[`faixa${n}_tipo`];
      const v = celulas[`faixa${n}_valor`];
      if ([q, t, v].every((c) => texto(c) === '')) continue;
      const tipo: TipoFaixa | null = escolha(t, TIPOS_FAIXA, tipoFaixaLabels);
      if (!tipo) erro(`Faixa ${n}: ${planilhaMensagens.tipoFaixaInvalido}`);
      faixas.push({ quantidade_minima: texto(q), tipo: tipo ?? 'preco', valor: texto(v) });
      numeros.push(n);
    }

    const lido = itemTabelaPrecoSchema.safeParse({
      regra: regra ?? 'preco_fixo',
      valor: texto(celulas.valor),
      preco_minimo: texto(celulas.preco_minimo),
      faixas,
    });
    if (!lido.success) for (const i of lido.error.issues) erro(`${prefixo(i.path, numeros)}${i.message}`);

    if (erros.length === antes && produto) itens.push({ produto_id: produto.id, ...lido.data! });
  }

  if (erros.length > 0) return { ok: false, erros };
  if (itens.length === 0)
    return { ok: false, erros: [{ linha: null, mensagem: planilhaMensagens.semItens }] };
  return { ok: true, itens };
}

/** One item as a sheet line (decimal strings, as ExportColumn money/number expect). */
export function linhaPlanilhaPrecos(
  item: ItemTabelaPreco,
  produto: { codigo: string; nome: string },
): Record<ChaveColunaPrecos, string | null> {
  const linha: Partial<Record<ChaveColunaPrecos, string | null>> = {
    codigo: produto.codigo,
    produto: produto.nome,
    regra: regraPrecoLabels[item.regra],
    valor: item.valor,
    preco_minimo: item.preco_minimo,
  };
  for (let n = 1; n <= MAX_FAIXAS; n++) {
    const f = item.faixas[n - 1];
    linha[`faixa${n}_quantidade`] = f?.quantidade_minima ?? null;
    linha[`faixa${n}_tipo`] = f ? tipoFaixaLabels[f.tipo] : null;
    linha[`faixa${n}_valor`] = f?.valor ?? null;
  }
  return linha as Record<ChaveColunaPrecos, string | null>;
}
