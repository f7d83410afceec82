import { formatDateBR } from '../dates.ts';
import { formatBRL, fromCents, toCents } from '../money.ts';
import { plural } from '../plural.ts';

// Conciliação bancária: ranked suggestions for one statement line (linha do extrato) among the
// system's movements not yet reconciled and the open títulos of the account. Pure: the server
// narrows the candidates by SQL (account, sign, period ± the windows) and this ranks them.
//
// Rules (issue #18):
// - exact amount and date within N days: a movement whose signed amount equals the line's and
//   whose date is at most `diasMovimento` away; a título (receber for a credit, pagar for a debit)
//   whose saldo equals the line's amount and whose vencimento is at most `diasTitulo` away;
// - the título's documento, nosso número or the person's name in the memo (histórico) adds points,
//   and a documento / nosso número found in the memo suggests the título even when the amount or
//   the date differ (a payment with juros, a late payment);
// - one line equal to the sum of several open títulos (a batch of boletos credited together): a
//   bounded subset-sum — only when no single candidate has the exact amount, only over the
//   `maxTitulosSoma` títulos whose vencimento is nearest the line's date (within `diasTitulo`),
//   combinations of 2 to `maxItensSoma` títulos, and at most `maxPassosSoma` steps of search; what
//   the bound leaves out is simply not suggested.
// Every suggestion carries its points (0–100) and the reasons in pt-BR.

export type LinhaConciliacao = {
  id: string;
  data: string; // YYYY-MM-DD
  valor: string; // signed: credit > 0, debit < 0
  memo?: string | null;
  documento?: string | null;
};

export type MovimentoConciliacao = {
  id: string;
  data: string;
  valor: string; // signed like the line
  descricao?: string | null;
};

export type TituloConciliacao = {
  id: string;
  tipo: 'receber' | 'pagar';
  documento?: string | null;
  nosso_numero?: string | null;
  pessoa_nome?: string | null;
  vencimento: string;
  saldo: string; // positive
};

export type SugestaoConciliacao = {
  tipo: 'movimento' | 'titulo' | 'titulos';
  ids: string[];
  valor: string; // positive total of what is suggested
  pontos: number;
  motivos: string[];
};

export type OpcoesConciliacao = {
  diasMovimento?: number;
  diasTitulo?: number;
  maxTitulosSoma?: number;
  maxItensSoma?: number;
  maxPassosSoma?: number;
  limite?: number;
};

export const OPCOES_CONCILIACAO: Required<OpcoesConciliacao> = {
  diasMovimento: 3,
  diasTitulo: 7,
  maxTitulosSoma: 20,
  maxItensSoma: 5,
  maxPassosSoma: 20_000,
  limite: 5,
};

const DIA_MS = 86_400_000;
const diaNumero = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / DIA_MS);

/** Upper case, without accents, only letters and digits separated by one space. */
export function normalizarTexto(texto: string | null | undefined): string {
  return (texto ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** A document number as it is compared: letters and digits only, leading zeros dropped. */
export function chaveDocumento(doc: string | null | undefined): string {
  return normalizarTexto(doc)
    .replace(/ /g, '')
    .replace(/^0+(?=.)/, '');
}

const PALAVRAS_VAZIAS = new Set([
  'DE',
  'DA',
  'DO',
  'DAS',
  'DOS',
  'E',
  'LTDA',
  'ME',
  'EPP',
  'SA',
  'S',
  'A',
  'EIRELI',
  'CIA',
  'COM',
  'IND',
]);

/** The words of a name that identify it (3+ letters, without LTDA, DE, ME…). */
export function palavrasNome(nome: string | null | undefined): string[] {
  return normalizarTexto(nome)
    .split(' ')
    .filter((p) => p.length >= 3 && !PALAVRAS_VAZIAS.has(p));
}

/**
 * Tokens of the memo and the line's document: words, and digit runs without leading zeros. The
 * títulos a line's documento search reaches are those indexed under one of them (the server asks
 * its index for these keys).
 */
export function tokensMemo(linha: LinhaConciliacao): Set<string> {
  const texto = `${normalizarTexto(linha.memo)} ${normalizarTexto(linha.documento)}`;
  const tokens = new Set<string>();
  for (const t of texto.split(' ')) {
    if (!t) continue;
    tokens.add(t);
    const k = chaveDocumento(t);
    if (k) tokens.add(k);
    // "NF123" / "DOC000123": the digits inside a word
    for (const m of t.matchAll(/\d{3,}/g)) tokens.add(m[0].replace(/^0+(?=.)/, ''));
  }
  return tokens;
}

/** The document's key found in the memo: as a token, or (several words) as consecutive tokens. */
function documentoNoMemo(doc: string | null | undefined, tokens: Set<string>, memoJunto: string): boolean {
  const k = chaveDocumento(doc);
  if (k.length < 3) return false;
  if (tokens.has(k)) return true;
  const digitos = k.replace(/\D/g, '').replace(/^0+(?=.)/, '');
  if (digitos.length >= 4 && tokens.has(digitos)) return true;
  return k.length >= 5 && memoJunto.includes(k);
}

function nomeNoMemo(nome: string | null | undefined, tokens: Set<string>): boolean {
  const palavras = palavrasNome(nome);
  if (palavras.length === 0) return false;
  const achadas = palavras.filter((p) => tokens.has(p)).length;
  return palavras.length === 1 ? achadas === 1 : achadas >= 2;
}

const textoDias = (d: number, de: string) =>
  d === 0 ? `Mesma data ${de}` : `${plural(d, 'dia', 'dias')} de diferença ${de}`;

type Indice = {
  titulosPorValor: Map<string, TituloConciliacao[]>; // `${tipo}:${cents}`
  titulosPorDocumento: Map<string, TituloConciliacao[]>;
  /** Per side, the títulos due on each day (day number), in input order, with their smallest saldo. */
  titulosPorDia: Record<'receber' | 'pagar', Map<number, { lista: TituloConciliacao[]; minimo: number }>>;
  movimentosPorValor: Map<number, MovimentoConciliacao[]>;
  centavos: Map<TituloConciliacao, number>; // saldo in cents, parsed once
  dias: Map<TituloConciliacao, number>; // vencimento as a day number, parsed once
};

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

/** Indexes built once for many lines (the server asks for a whole period at once). */
export function indexarCandidatos(
  movimentos: readonly MovimentoConciliacao[],
  titulos: readonly TituloConciliacao[],
): Indice {
  const idx: Indice = {
    titulosPorValor: new Map(),
    titulosPorDocumento: new Map(),
    titulosPorDia: { receber: new Map(), pagar: new Map() },
    movimentosPorValor: new Map(),
    centavos: new Map(),
    dias: new Map(),
  };
  for (const m of movimentos) push(idx.movimentosPorValor, toCents(m.valor), m);
  for (const t of titulos) {
    const c = toCents(t.saldo);
    idx.centavos.set(t, c);
    idx.dias.set(t, diaNumero(t.vencimento));
    push(idx.titulosPorValor, `${t.tipo}:${c}`, t);
    for (const d of [t.documento, t.nosso_numero]) {
      const k = chaveDocumento(d);
      if (k.length >= 3) push(idx.titulosPorDocumento, k, t);
      const dig = k.replace(/\D/g, '').replace(/^0+(?=.)/, '');
      if (dig.length >= 4 && dig !== k) push(idx.titulosPorDocumento, dig, t);
    }
    const dia = idx.dias.get(t)!;
    const grupo = idx.titulosPorDia[t.tipo].get(dia);
    if (grupo) {
      grupo.lista.push(t);
      grupo.minimo = Math.min(grupo.minimo, c);
    } else idx.titulosPorDia[t.tipo].set(dia, { lista: [t], minimo: c });
  }
  return idx;
}

/**
 * The sum search's candidates: up to `max` títulos of the side with 0 < saldo < the amount, nearest
 * the line's day first (day − d before day + d; a day's títulos in input order), within `dias`. Walks
 * the days outward and skips a day whose smallest saldo is too large, so it costs O(dias + max)
 * however many títulos the window holds.
 */
function titulosPerto(
  indice: Indice,
  tipo: 'receber' | 'pagar',
  dia: number,
  absoluto: number,
  dias: number,
  max: number,
): TituloConciliacao[] {
  const porDia = indice.titulosPorDia[tipo];
  const perto: TituloConciliacao[] = [];
  const coleta = (n: number) => {
    const g = porDia.get(n);
    if (!g || g.minimo >= absoluto) return;
    for (const t of g.lista) {
      if (perto.length >= max) return;
      const c = indice.centavos.get(t)!;
      if (c > 0 && c < absoluto) perto.push(t);
    }
  };
  for (let d = 0; d <= dias && perto.length < max; d++) {
    coleta(dia - d);
    if (d > 0) coleta(dia + d);
  }
  return perto;
}

/** Bounded subset-sum over positive cents: the first combination of 2..maxItens found, or null. */
export function somaDeSubconjunto(
  valores: readonly number[],
  alvo: number,
  maxItens: number,
  maxPassos: number,
): number[] | null {
  const ordem = valores.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v);
  const sufixo: number[] = new Array(ordem.length + 1).fill(0);
  for (let i = ordem.length - 1; i >= 0; i--) sufixo[i] = sufixo[i + 1]! + ordem[i]!.v;
  let passos = 0;
  const escolhidos: number[] = [];
  const busca = (inicio: number, resto: number): boolean => {
    if (resto === 0) return escolhidos.length >= 2;
    if (escolhidos.length >= maxItens || sufixo[inicio]! < resto) return false;
    for (let i = inicio; i < ordem.length; i++) {
      if (++passos > maxPassos) return false;
      const v = ordem[i]!.v;
      if (v > resto) continue;
      escolhidos.push(ordem[i]!.i);
      if (busca(i + 1, resto - v)) return true;
      escolhidos.pop();
    }
    return false;
  };
  return busca(0, alvo) ? escolhidos.slice().sort((a, b) => a - b) : null;
}

/** Ranked suggestions for one line, best first (at most `limite`). */
export function sugerirConciliacao(
  linha: LinhaConciliacao,
  indice: Indice,
  opcoes: OpcoesConciliacao = {},
): SugestaoConciliacao[] {
  const o = { ...OPCOES_CONCILIACAO, ...opcoes };
  const centavos = toCents(linha.valor);
  if (centavos === 0) return [];
  const absoluto = Math.abs(centavos);
  const tipo: 'receber' | 'pagar' = centavos > 0 ? 'receber' : 'pagar';
  const dia = diaNumero(linha.data);
  const tokens = tokensMemo(linha);
  const memoJunto = normalizarTexto(`${linha.memo ?? ''} ${linha.documento ?? ''}`).replace(/ /g, '');
  const sugestoes: SugestaoConciliacao[] = [];
  const valorTexto = formatBRL(fromCents(absoluto));

  // movements already in the system (baixas, manual entries) with the same signed amount
  for (const m of indice.movimentosPorValor.get(centavos) ?? []) {
    const d = Math.abs(diaNumero(m.data) - dia);
    if (d > o.diasMovimento) continue;
    const motivos = [`Valor igual (${valorTexto})`, textoDias(d, `(${formatDateBR(m.data)})`)];
    let pontos = 60 + Math.max(0, 25 - 8 * d);
    if (m.descricao && palavrasNome(m.descricao).some((p) => tokens.has(p))) {
      pontos += 10;
      motivos.push('Descrição parecida com o histórico');
    }
    sugestoes.push({ tipo: 'movimento', ids: [m.id], valor: fromCents(absoluto), pontos, motivos });
  }

  // open títulos: exact amount within the window, or documento / nosso número in the memo
  const vistos = new Map<string, TituloConciliacao>();
  for (const t of indice.titulosPorValor.get(`${tipo}:${absoluto}`) ?? []) {
    if (Math.abs(diaNumero(t.vencimento) - dia) <= o.diasTitulo) vistos.set(t.id, t);
  }
  for (const tk of tokens) {
    for (const t of indice.titulosPorDocumento.get(tk) ?? []) if (t.tipo === tipo) vistos.set(t.id, t);
  }
  let valorExato = sugestoes.length > 0;
  for (const t of vistos.values()) {
    const motivos: string[] = [];
    let pontos = 0;
    const igual = toCents(t.saldo) === absoluto;
    const d = Math.abs(diaNumero(t.vencimento) - dia);
    if (igual) {
      pontos += 45;
      motivos.push(`Valor igual ao saldo (${valorTexto})`);
      valorExato = true;
    } else {
      motivos.push(`Valor diferente do saldo (${formatBRL(t.saldo)})`);
    }
    if (d <= o.diasTitulo) {
      pontos += Math.max(0, 15 - 2 * d);
      motivos.push(textoDias(d, `do vencimento (${formatDateBR(t.vencimento)})`));
    }
    if (t.nosso_numero && documentoNoMemo(t.nosso_numero, tokens, memoJunto)) {
      pontos += 35;
      motivos.push(`Nosso número ${t.nosso_numero} no histórico`);
    } else if (t.documento && documentoNoMemo(t.documento, tokens, memoJunto)) {
      pontos += 30;
      motivos.push(`Documento ${t.documento} no histórico`);
    }
    if (nomeNoMemo(t.pessoa_nome, tokens)) {
      pontos += 15;
      motivos.push(`Nome de ${t.pessoa_nome} no histórico`);
    }
    sugestoes.push({ tipo: 'titulo', ids: [t.id], valor: t.saldo, pontos: Math.min(pontos, 100), motivos });
  }
  // a name alone (no amount, no document) is not enough to suggest, but the name adds to the sum

  if (!valorExato && o.maxItensSoma >= 2) {
    const perto = titulosPerto(indice, tipo, dia, absoluto, o.diasTitulo, o.maxTitulosSoma);
    const escolha = somaDeSubconjunto(
      perto.map((t) => indice.centavos.get(t)!),
      absoluto,
      o.maxItensSoma,
      o.maxPassosSoma,
    );
    if (escolha) {
      const titulos = escolha.map((i) => perto[i]!);
      const motivos = [`Soma de ${titulos.length} títulos igual ao valor (${valorTexto})`];
      let pontos = 55;
      const nomes = new Set(titulos.map((t) => normalizarTexto(t.pessoa_nome)));
      if (nomes.size === 1 && titulos[0]!.pessoa_nome) {
        pontos += 10;
        motivos.push(`Todos de ${titulos[0]!.pessoa_nome}`);
        if (nomeNoMemo(titulos[0]!.pessoa_nome, tokens)) {
          pontos += 15;
          motivos.push(`Nome de ${titulos[0]!.pessoa_nome} no histórico`);
        }
      }
      motivos.push(`Vencimentos a até ${o.diasTitulo} dias da data do extrato`);
      sugestoes.push({
        tipo: 'titulos',
        ids: titulos.map((t) => t.id),
        valor: fromCents(absoluto),
        pontos,
        motivos,
      });
    }
  }

  return sugestoes.sort((a, b) => b.pontos - a.pontos || (a.ids[0]! < b.ids[0]! ? -1 : 1)).slice(0, o.limite);
}

/** Suggestions for every line of a period: one index for all. */
export function sugerirConciliacoes(
  linhas: readonly LinhaConciliacao[],
  movimentos: readonly MovimentoConciliacao[],
  titulos: readonly TituloConciliacao[],
  opcoes: OpcoesConciliacao = {},
): Map<string, SugestaoConciliacao[]> {
  const indice = indexarCandidatos(movimentos, titulos);
  return new Map(linhas.map((l) => [l.id, sugerirConciliacao(l, indice, opcoes)]));
}

export type SituacaoConciliacao = {
  total_linhas: number;
  conciliadas: number;
  status: 'conciliado' | 'pendente';
  saldo_extrato: string; // sum of every line
  saldo_conciliado: string; // sum of the matched lines
  diferenca: string; // extrato − conciliado
};

/** A period is "conciliado" when every line is matched (and it has lines). */
export function situacaoConciliacao(
  linhas: readonly { valor: string; conciliada: boolean }[],
): SituacaoConciliacao {
  let total = 0;
  let conciliado = 0;
  let n = 0;
  for (const l of linhas) {
    const c = toCents(l.valor);
    total += c;
    if (l.conciliada) {
      conciliado += c;
      n++;
    }
  }
  return {
    total_linhas: linhas.length,
    conciliadas: n,
    status: linhas.length > 0 && n === linhas.length ? 'conciliado' : 'pendente',
    saldo_extrato: fromCents(total),
    saldo_conciliado: fromCents(conciliado),
    diferenca: fromCents(total - conciliado),
  };
}

/** A bank fee recognised from the memo (it becomes a movement of classe "Despesas bancárias"). */
export function pareceTarifaBancaria(memo: string | null | undefined): boolean {
  return /\b(TARIFA|TAR|TARIF|TAXA|CESTA|MANUT|PACOTE SERV|IOF|ENCARGO)/.test(normalizarTexto(memo));
}

export const CLASSE_DESPESAS_BANCARIAS = 'Despesas bancárias';
