import {
  CASAS_QUANTIDADE,
  confereLinhaDevolucao,
  Decimal,
  type DevolucaoCompraInput,
  devolucaoMensagens,
  formatDecimalBR,
  type ItemDevolvivel,
  type LinhaConferida,
  type MotivoDevolucao,
  parseDecimalBR,
} from '@erp/shared';
import type { EntradaOrigem, ItemEntradaOrigem } from '../api/devolucoes-compra-api.ts';

// The return to a supplier being typed on «Nova devolução»: per item of the goods receipt the
// quantity (base unit or a packaging), the reason, and optionally the lot and the location it
// leaves from (empty: the receipt's lots first in, and the location it came in). The first reason
// chosen is the default of every line not set by hand. Each line is checked with the server's own
// rule (confereLinhaDevolucao), so the message on screen is the one the API would give.

export type LinhaCompra = {
  /** As typed: "1,5", "" for none. */
  quantidade: string;
  unidade: string;
  /** '' follows the default reason. */
  motivo: MotivoDevolucao | '';
  /** '' the receipt's lots, first in first out. */
  lote_id: string;
  /** '' where it came in. */
  local_id: string;
};

export type RascunhoCompra = {
  padrao: MotivoDevolucao | '';
  linhas: Record<string, LinhaCompra>;
  observacao: string;
};

export function rascunhoVazio(e: EntradaOrigem): RascunhoCompra {
  return {
    padrao: '',
    linhas: Object.fromEntries(
      e.itens.map((i) => [
        i.item_id,
        { quantidade: '', unidade: i.unidade, motivo: '', lote_id: '', local_id: '' },
      ]),
    ),
    observacao: '',
  };
}

export type OpcaoUnidade = { sigla: string; rotulo: string };

/** The base unit first, then the packagings ("CX (12 UN)"). */
export function unidadesDoItem(item: ItemEntradaOrigem): OpcaoUnidade[] {
  return [
    { sigla: item.unidade, rotulo: item.unidade },
    ...item.embalagens
      .filter((e) => e.sigla !== item.unidade)
      .map((e) => ({
        sigla: e.sigla,
        rotulo: `${e.sigla} (${formatDecimalBR(Decimal.of(e.fator).toString(), 0)} ${item.unidade})`,
      })),
  ];
}

/** The item as the shared saldo rule sees it (named as the server names it). */
function itemDevolvivel(
  item: ItemEntradaOrigem,
  lote?: { quantidade: string; saldo: string },
): ItemDevolvivel {
  const quantidade = lote ? lote.quantidade : item.quantidade;
  const devolvida = lote
    ? Decimal.of(lote.quantidade).minus(lote.saldo).toFixed(CASAS_QUANTIDADE)
    : item.devolvida;
  return {
    descricao: `${item.codigo} - ${item.nome}`,
    quantidade,
    unidadeBase: { sigla: item.unidade, casas_decimais: item.casas_decimais },
    embalagens: item.embalagens.filter((e) => e.sigla !== item.unidade),
    anteriores: [{ quantidade: devolvida, cancelada: false }],
  };
}

export const motivoDaLinha = (r: RascunhoCompra, itemId: string): MotivoDevolucao | '' =>
  r.linhas[itemId]?.motivo || r.padrao;

type Conferida = { ok: true; linha: LinhaConferida } | { ok: false; erro: string } | null;

/** null for an empty line; the saldo check of a typed one (the chosen lot's saldo when one is chosen). */
export function confereLinha(item: ItemEntradaOrigem, l: LinhaCompra | undefined): Conferida {
  if (!l?.quantidade.trim()) return null;
  const q = parseDecimalBR(l.quantidade, CASAS_QUANTIDADE);
  if (q === null) return { ok: false, erro: `Item «${item.codigo} - ${item.nome}»: quantidade inválida.` };
  const lote = l.lote_id ? item.lotes.find((x) => x.lote_id === l.lote_id) : undefined;
  const c = confereLinhaDevolucao(itemDevolvivel(item), q, l.unidade);
  if (!c.ok) return { ok: false, erro: c.mensagem };
  if (lote) {
    const cl = confereLinhaDevolucao(itemDevolvivel(item, lote), q, l.unidade);
    if (!cl.ok) return { ok: false, erro: `${cl.mensagem.replace(/\.$/, '')} no lote ${lote.numero}.` };
  }
  return { ok: true, linha: c };
}

export type ErrosRascunho = { itens: Record<string, string>; observacao?: string; geral?: string };

export function errosDoRascunho(e: EntradaOrigem, r: RascunhoCompra): ErrosRascunho {
  const itens: Record<string, string> = {};
  let algum = false;
  for (const i of e.itens) {
    const c = confereLinha(i, r.linhas[i.item_id]);
    if (!c) continue;
    algum = true;
    if (!c.ok) itens[i.item_id] = c.erro;
    else if (!motivoDaLinha(r, i.item_id)) itens[i.item_id] = 'Escolha o motivo da devolução.';
  }
  const outro = e.itens.some(
    (i) => confereLinha(i, r.linhas[i.item_id]) && motivoDaLinha(r, i.item_id) === 'outro',
  );
  return {
    itens,
    observacao: outro && !r.observacao.trim() ? devolucaoMensagens.observacaoOutro : undefined,
    geral: algum ? undefined : devolucaoMensagens.semItens,
  };
}

export const semErros = (x: ErrosRascunho) => !Object.keys(x.itens).length && !x.observacao && !x.geral;

/** The API body and which item each of its lines is (to place the server's line errors). */
export function corpoDaDevolucao(e: EntradaOrigem, r: RascunhoCompra) {
  const itemDaLinha: string[] = [];
  const itens: DevolucaoCompraInput['itens'] = [];
  for (const i of e.itens) {
    const l = r.linhas[i.item_id];
    if (!l?.quantidade.trim()) continue;
    itemDaLinha.push(i.item_id);
    itens.push({
      item_id: i.item_id,
      quantidade: l.quantidade.trim(),
      unidade: l.unidade,
      motivo: motivoDaLinha(r, i.item_id) as MotivoDevolucao,
      local_id: l.local_id || null,
      lote_id: l.lote_id || null,
    });
  }
  const corpo: DevolucaoCompraInput = {
    entrada_id: e.entrada_id,
    itens,
    observacao: r.observacao.trim() || null,
  };
  return { corpo, itemDaLinha };
}

/** The server's 400 fields (itens.N.campo, observacao) placed on the items. */
export function errosDoServidor(fields: Record<string, string[]>, itemDaLinha: string[]): ErrosRascunho {
  const out: ErrosRascunho = { itens: {} };
  for (const [k, v] of Object.entries(fields)) {
    const m = /^itens\.(\d+)\./.exec(k);
    const item = m ? itemDaLinha[Number(m[1])] : undefined;
    if (item) out.itens[item] = v[0] ?? '';
    else if (k === 'observacao') out.observacao = v[0];
    else out.geral = v[0];
  }
  return out;
}

/** Σ unit value × base quantity of the valid lines (the note computes every tax to the cent). */
export function totalEstimado(e: EntradaOrigem, r: RascunhoCompra): string {
  let total = Decimal.ZERO;
  for (const i of e.itens) {
    const c = confereLinha(i, r.linhas[i.item_id]);
    if (c?.ok && i.valor_unitario)
      total = total.plus(Decimal.of(i.valor_unitario).times(c.linha.quantidadeBase));
  }
  return total.toFixed(2);
}
