import { formataNcm } from '../estoque/ncm.ts';
import { crtLabels, operacaoFiscalLabels, sentidoNfLabels, tipoDestinatarioLabels } from './dominios.ts';
import { type Fluxo, fluxoDaOperacao, type PartesOperacao } from './partes.ts';
import type { RegraTributacao } from './regra.schema.ts';

// Which rule of the tabela de tributação taxes an item. A rule applies when it is active and its
// operation, direction and CRT are the operation's, and each of its other match fields is empty
// ("qualquer") or equal to the operation's. Among the rules that apply, the most specific wins,
// compared field by field in this order:
//   1. product (a rule for the product beats any NCM rule), then the longest NCM prefix, then a
//      rule for any product;
//   2. destination: one UF, then "interna"/"interestadual", then any;
//   3. tipo de destinatário given, then any;
//   4. UF de origem given, then any.
// Equal specificity is a conflict (the server refuses to save two rules with the same match): the
// first in the list wins and the result says so. With `explicar` (the "Simular" screen) every
// rule gets the reasons it won, lost or did not apply, in pt-BR.

export type ItemParaRegra = { produtoId: string | null; ncm: string };

export type SituacaoRegra = 'vencedora' | 'perdeu' | 'nao_aplica';
export type AvaliacaoRegra = { regra: RegraTributacao; situacao: SituacaoRegra; motivos: string[] };

export type ResultadoRegra = {
  regra: RegraTributacao | null;
  /** Another applicable rule had the same specificity (the first in the list won). */
  empate: boolean;
  /** Every rule with its reasons (empty unless `explicar`). */
  avaliacoes: AvaliacaoRegra[];
};

export const semRegraMensagem = 'Nenhuma regra de tributação se aplica a este item';

const minuscula = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const nome = (r: RegraTributacao) => `«${r.descricao}»`;

/** Whether a rule applies (the fast path; naoAplica says why not). */
function aplica(r: RegraTributacao, item: ItemParaRegra, partes: PartesOperacao, fluxo: Fluxo): boolean {
  return (
    r.ativa &&
    r.operacao === partes.operacao &&
    r.sentido === partes.sentido &&
    r.crt === partes.emitente.crt &&
    (r.produto_id === null || r.produto_id === item.produtoId) &&
    (r.ncm_prefixo === null || item.ncm.startsWith(r.ncm_prefixo)) &&
    (r.uf_origem === null || r.uf_origem === fluxo.ufOrigem) &&
    (r.destino === null ||
      (r.destino === 'interna'
        ? fluxo.interna
        : r.destino === 'interestadual'
          ? !fluxo.interna
          : r.destino === fluxo.ufDestino)) &&
    (r.tipo_destinatario === null || r.tipo_destinatario === fluxo.tipoDestinatario)
  );
}

/** Why a rule does not apply; null when it does. */
function naoAplica(
  r: RegraTributacao,
  item: ItemParaRegra,
  partes: PartesOperacao,
  fluxo: Fluxo,
): string | null {
  if (!r.ativa) return 'Regra inativa';
  if (r.operacao !== partes.operacao)
    return `A regra é de ${minuscula(operacaoFiscalLabels[r.operacao])}; a operação é ${minuscula(operacaoFiscalLabels[partes.operacao])}`;
  if (r.sentido !== partes.sentido)
    return `A regra é de ${minuscula(sentidoNfLabels[r.sentido])}; o documento é de ${minuscula(sentidoNfLabels[partes.sentido])}`;
  if (r.crt !== partes.emitente.crt)
    return `A regra é do regime ${crtLabels[r.crt]}; a empresa é do regime ${crtLabels[partes.emitente.crt]}`;
  if (r.produto_id !== null && r.produto_id !== item.produtoId) return 'A regra é de outro produto';
  if (r.ncm_prefixo !== null && !item.ncm.startsWith(r.ncm_prefixo))
    return `O NCM ${formataNcm(item.ncm)} não começa com ${formataNcm(r.ncm_prefixo)}`;
  if (r.uf_origem !== null && r.uf_origem !== fluxo.ufOrigem)
    return `A regra é para saídas de ${r.uf_origem}; a mercadoria sai de ${fluxo.ufOrigem}`;
  const trajeto = `${fluxo.ufOrigem} → ${fluxo.ufDestino}`;
  if (r.destino === 'interna' && !fluxo.interna)
    return `A regra é para operação interna; esta é interestadual (${trajeto})`;
  if (r.destino === 'interestadual' && fluxo.interna)
    return `A regra é para operação interestadual; esta é interna (${fluxo.ufOrigem})`;
  if (
    r.destino !== null &&
    r.destino !== 'interna' &&
    r.destino !== 'interestadual' &&
    r.destino !== fluxo.ufDestino
  )
    return `A regra é para destino ${r.destino}; o destino é ${fluxo.ufDestino}`;
  if (r.tipo_destinatario !== null && r.tipo_destinatario !== fluxo.tipoDestinatario)
    return `A regra é para ${minuscula(tipoDestinatarioLabels[r.tipo_destinatario])}; o destinatário é ${minuscula(tipoDestinatarioLabels[fluxo.tipoDestinatario])}`;
  return null;
}

/** Specificity, field by field (greater is more specific). */
function especificidade(r: RegraTributacao): number[] {
  const alvo = r.produto_id !== null ? 9 : r.ncm_prefixo !== null ? r.ncm_prefixo.length : 0;
  const destino = r.destino === null ? 0 : r.destino === 'interna' || r.destino === 'interestadual' ? 1 : 2;
  return [alvo, destino, r.tipo_destinatario !== null ? 1 : 0, r.uf_origem !== null ? 1 : 0];
}

/** The first field where `a` and `b` differ, or -1. */
function primeiraDiferenca(a: number[], b: number[]): number {
  return a.findIndex((v, i) => v !== b[i]);
}

/** Why a rule applies (the winner's reasons). */
function porqueAplica(r: RegraTributacao, item: ItemParaRegra, fluxo: Fluxo): string[] {
  const motivos: string[] = [];
  if (r.produto_id !== null) motivos.push('Regra do produto');
  else if (r.ncm_prefixo !== null)
    motivos.push(
      `O NCM ${formataNcm(item.ncm)} começa com ${formataNcm(r.ncm_prefixo)} (${r.ncm_prefixo.length} dígitos)`,
    );
  else motivos.push('Regra para qualquer produto');
  if (r.destino === 'interna') motivos.push(`Operação interna (${fluxo.ufOrigem})`);
  else if (r.destino === 'interestadual')
    motivos.push(`Operação interestadual (${fluxo.ufOrigem} → ${fluxo.ufDestino})`);
  else if (r.destino !== null) motivos.push(`Destino ${r.destino}`);
  if (r.tipo_destinatario !== null)
    motivos.push(`Destinatário: ${minuscula(tipoDestinatarioLabels[r.tipo_destinatario])}`);
  if (r.uf_origem !== null) motivos.push(`Origem ${r.uf_origem}`);
  return motivos;
}

/** Why `perdedora` lost to `vencedora`, by the first field where the winner is more specific. */
function porquePerdeu(vencedora: RegraTributacao, campo: number): string {
  const v = nome(vencedora);
  if (campo === 0) {
    if (vencedora.produto_id !== null) return `Perde para ${v}, que é do produto`;
    return `Perde para ${v}, de NCM mais específico (${formataNcm(vencedora.ncm_prefixo ?? '')})`;
  }
  if (campo === 1)
    return vencedora.destino === 'interna' || vencedora.destino === 'interestadual'
      ? `Perde para ${v}, que é para operação ${vencedora.destino}`
      : `Perde para ${v}, que é para o destino ${vencedora.destino}`;
  if (campo === 2) return `Perde para ${v}, que define o tipo de destinatário`;
  return `Perde para ${v}, que define a UF de origem`;
}

/**
 * The rule that taxes `item` in the operation `partes`. With `explicar: false` (orders, NF-e) only
 * the winner is computed; with the default `true` every rule gets its reasons (Simular).
 */
export function matchRule(
  regras: readonly RegraTributacao[],
  item: ItemParaRegra,
  partes: PartesOperacao,
  opcoes: { explicar?: boolean } = {},
): ResultadoRegra {
  const explicar = opcoes.explicar ?? true;
  const fluxo = fluxoDaOperacao(partes);
  type Aplicavel = { regra: RegraTributacao; esp: number[] };
  const aplicaveis: Aplicavel[] = [];
  const motivosNao = new Map<RegraTributacao, string>();

  for (const regra of regras) {
    if (aplica(regra, item, partes, fluxo)) aplicaveis.push({ regra, esp: especificidade(regra) });
    else if (explicar) motivosNao.set(regra, naoAplica(regra, item, partes, fluxo) ?? '');
  }

  let melhor: Aplicavel | null = null;
  for (const a of aplicaveis) {
    if (melhor === null) melhor = a;
    else {
      const campo = primeiraDiferenca(a.esp, melhor.esp);
      if (campo >= 0 && (a.esp[campo] as number) > (melhor.esp[campo] as number)) melhor = a;
    }
  }
  const empate =
    melhor !== null && aplicaveis.some((a) => a !== melhor && primeiraDiferenca(a.esp, melhor.esp) === -1);

  const avaliacoes: AvaliacaoRegra[] = [];
  if (explicar) {
    const porRegra = new Map(aplicaveis.map((a) => [a.regra, a]));
    for (const regra of regras) {
      const motivo = motivosNao.get(regra);
      if (motivo !== undefined) {
        avaliacoes.push({ regra, situacao: 'nao_aplica', motivos: [motivo] });
        continue;
      }
      const a = porRegra.get(regra);
      if (a === undefined || melhor === null) continue;
      if (a === melhor) {
        const motivos = porqueAplica(regra, item, fluxo);
        if (empate) motivos.push('Empata com outra regra de mesma especificidade: vale a primeira da lista');
        avaliacoes.push({ regra, situacao: 'vencedora', motivos });
      } else {
        const campo = primeiraDiferenca(melhor.esp, a.esp);
        const motivo =
          campo === -1
            ? `Empata com ${nome(melhor.regra)} (mesma especificidade): vale a primeira da lista`
            : porquePerdeu(melhor.regra, campo);
        avaliacoes.push({ regra, situacao: 'perdeu', motivos: [motivo] });
      }
    }
  }
  return { regra: melhor?.regra ?? null, empate, avaliacoes };
}
