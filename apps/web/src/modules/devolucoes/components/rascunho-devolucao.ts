import {
  CASAS_QUANTIDADE,
  confereLinhaDevolucao,
  Decimal,
  type DestinoDevolucao,
  type DevolucaoVendaInput,
  destinoSugerido,
  devolucaoMensagens,
  formatDecimalBR,
  type ItemDevolvivel,
  type LinhaConferida,
  type MotivoDevolucao,
  parseDecimalBR,
} from '@erp/shared';
import type { ItemOrigem, NotaOrigem } from '../api/devolucoes-api.ts';

// The return being typed on «Nova devolução»: per item of the sale note the quantity (in the base
// unit or a packaging), the reason and where the goods go. A clerk picks a reason once: the first
// one chosen (or «Recusa na entrega» when the return comes from a delivery) becomes the default of
// every line not set by hand; the destination follows the line's reason (destinoSugerido) until it
// is chosen by hand. Each line is checked with the server's own rule (confereLinhaDevolucao), so the
// message on screen is the one the API would give.

export type LinhaDevolucao = {
  /** As typed: "1,5", "" for none. */
  quantidade: string;
  /** Sigla of the base unit or of a packaging. */
  unidade: string;
  /** '' follows the return's default reason. */
  motivo: MotivoDevolucao | '';
  /** '' follows the line's reason. */
  destino: DestinoDevolucao | '';
};

export type RascunhoDevolucao = {
  /** The default reason: the first chosen (or recusa_entrega from a delivery); '' before any. */
  padrao: MotivoDevolucao | '';
  linhas: Record<string, LinhaDevolucao>;
  observacao: string;
};

export function rascunhoVazio(nota: NotaOrigem, padrao: MotivoDevolucao | '' = ''): RascunhoDevolucao {
  return {
    padrao,
    linhas: Object.fromEntries(
      nota.itens.map((i) => [i.item_id, { quantidade: '', unidade: i.unidade, motivo: '', destino: '' }]),
    ),
    observacao: '',
  };
}

export type OpcaoUnidade = { sigla: string; fator: string; casas_decimais: number; rotulo: string };

/** The units a line may be typed in: the base unit first, then the packagings ("CX (12 UN)"). */
export function unidadesDoItem(item: ItemOrigem): OpcaoUnidade[] {
  return [
    { sigla: item.unidade, fator: '1', casas_decimais: item.casas_decimais, rotulo: item.unidade },
    ...item.embalagens
      .filter((e) => e.sigla !== item.unidade)
      .map((e) => ({
        ...e,
        rotulo: `${e.sigla} (${formatDecimalBR(Decimal.of(e.fator).toString(), 0)} ${item.unidade})`,
      })),
  ];
}

/** The item as the shared saldo rule sees it (what was returned before counts as one return). */
export function itemDevolvivel(item: ItemOrigem): ItemDevolvivel {
  return {
    descricao: item.nome,
    quantidade: item.quantidade,
    unidadeBase: { sigla: item.unidade, casas_decimais: item.casas_decimais },
    embalagens: item.embalagens.filter((e) => e.sigla !== item.unidade),
    anteriores: [{ quantidade: item.devolvida, cancelada: false }],
  };
}

export const motivoDaLinha = (r: RascunhoDevolucao, itemId: string): MotivoDevolucao | '' =>
  r.linhas[itemId]?.motivo || r.padrao;

export function destinoDaLinha(r: RascunhoDevolucao, itemId: string): DestinoDevolucao {
  const linha = r.linhas[itemId];
  if (linha?.destino) return linha.destino;
  const motivo = motivoDaLinha(r, itemId);
  return motivo ? destinoSugerido(motivo) : 'normal';
}

export function mudaLinha(
  r: RascunhoDevolucao,
  itemId: string,
  patch: Partial<LinhaDevolucao>,
): RascunhoDevolucao {
  const atual = r.linhas[itemId];
  if (!atual) return r;
  const linha = { ...atual, ...patch };
  // the first reason chosen on any line becomes the default of the others
  const padrao = r.padrao || (patch.motivo ? patch.motivo : '');
  return { ...r, padrao, linhas: { ...r.linhas, [itemId]: linha } };
}

/** The default reason changed: every line not set by hand follows it. */
export const mudaPadrao = (r: RascunhoDevolucao, padrao: MotivoDevolucao | ''): RascunhoDevolucao => ({
  ...r,
  padrao,
});

/** «Devolver tudo»: every item with a saldo gets all of it, in the base unit. */
export function devolveTudo(r: RascunhoDevolucao, nota: NotaOrigem): RascunhoDevolucao {
  const linhas = { ...r.linhas };
  for (const i of nota.itens) {
    const atual = linhas[i.item_id];
    if (!atual || !Decimal.of(i.saldo).isPositive()) continue;
    linhas[i.item_id] = {
      ...atual,
      unidade: i.unidade,
      quantidade: formatDecimalBR(Decimal.of(i.saldo).toString(), 0),
    };
  }
  return { ...r, linhas };
}

export type Conferencia = { ok: true; linha: LinhaConferida } | { ok: false; erro: string } | null;

/** One line against the item's saldo: null when no quantity was typed. */
export function confereLinha(item: ItemOrigem, linha: LinhaDevolucao | undefined): Conferencia {
  const texto = linha?.quantidade.trim() ?? '';
  if (!linha || texto === '') return null;
  const lido = parseDecimalBR(texto, CASAS_QUANTIDADE);
  if (lido === null)
    return {
      ok: false,
      erro:
        parseDecimalBR(texto, 20) === null
          ? 'Quantidade inválida'
          : `A quantidade aceita no máximo ${CASAS_QUANTIDADE} casas decimais`,
    };
  const r = confereLinhaDevolucao(itemDevolvivel(item), lido, linha.unidade);
  if (!r.ok) return { ok: false, erro: r.mensagem };
  const { ok: _, ...conferida } = r;
  return { ok: true, linha: conferida };
}

/** Σ valor unitário × base quantity of the valid lines: the preview, labelled «estimado». */
export function totalEstimado(nota: NotaOrigem, r: RascunhoDevolucao): string {
  let total = Decimal.ZERO;
  for (const i of nota.itens) {
    const c = confereLinha(i, r.linhas[i.item_id]);
    if (c?.ok) total = total.plus(Decimal.of(i.valor_unitario).times(c.linha.quantidadeBase));
  }
  return total.toFixed(2);
}

export type ErrosRascunho = {
  /** Per item id: the quantity's message, or the missing reason. */
  itens: Record<string, string>;
  observacao?: string;
  /** Nothing to return. */
  geral?: string;
};

export const semErros = (e: ErrosRascunho) => !Object.keys(e.itens).length && !e.observacao && !e.geral;

export const rascunhoMensagens = {
  semMotivo: 'Escolha o motivo da devolução',
} as const;

/** What keeps the return from being saved, per field. */
export function errosDoRascunho(nota: NotaOrigem, r: RascunhoDevolucao): ErrosRascunho {
  const erros: ErrosRascunho = { itens: {} };
  let algum = false;
  let outro = false;
  for (const i of nota.itens) {
    const c = confereLinha(i, r.linhas[i.item_id]);
    if (c === null) continue;
    algum = true;
    const motivo = motivoDaLinha(r, i.item_id);
    if (!c.ok) erros.itens[i.item_id] = c.erro;
    else if (!motivo) erros.itens[i.item_id] = rascunhoMensagens.semMotivo;
    if (motivo === 'outro') outro = true;
  }
  if (!algum) erros.geral = devolucaoMensagens.semItens;
  if (outro && !r.observacao.trim()) erros.observacao = devolucaoMensagens.observacaoOutro;
  return erros;
}

/**
 * The body of POST /api/comercial/devolucoes (the lines with a quantity, in the note's order) and
 * the item id of each line, to put the server's `itens.N.campo` messages back on their rows.
 */
export function corpoDaDevolucao(
  nota: NotaOrigem,
  r: RascunhoDevolucao,
): { corpo: DevolucaoVendaInput; itemDaLinha: string[] } {
  const itens: DevolucaoVendaInput['itens'] = [];
  const itemDaLinha: string[] = [];
  for (const i of nota.itens) {
    const linha = r.linhas[i.item_id];
    if (!linha?.quantidade.trim()) continue;
    const motivo = motivoDaLinha(r, i.item_id);
    if (!motivo) continue;
    itens.push({
      item_id: i.item_id,
      quantidade: linha.quantidade.trim(),
      unidade: linha.unidade,
      motivo,
      destino: destinoDaLinha(r, i.item_id),
    });
    itemDaLinha.push(i.item_id);
  }
  const observacao = r.observacao.trim();
  return { corpo: { nota_id: nota.nota_id, itens, observacao: observacao || null }, itemDaLinha };
}

/** The server's field messages (`itens.0.quantidade`, `observacao`) on the screen's fields. */
export function errosDoServidor(fields: Record<string, string[]>, itemDaLinha: string[]): ErrosRascunho {
  const erros: ErrosRascunho = { itens: {} };
  for (const [campo, mensagens] of Object.entries(fields)) {
    const m = /^itens\.(\d+)(?:\.|$)/.exec(campo);
    const itemId = m ? itemDaLinha[Number(m[1])] : undefined;
    if (itemId) erros.itens[itemId] ??= mensagens[0] ?? '';
    else if (campo === 'observacao') erros.observacao = mensagens[0];
    else erros.geral ??= mensagens[0];
  }
  return erros;
}
