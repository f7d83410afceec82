import { type Falha, falha } from './resultado.ts';

// The plano gerencial: classes financeiras and centros de custo are trees coded like 1.01.003.
// The code has a fixed mask — level 1 one digit (1–9), level 2 two digits (01–99), levels 3 to 5
// three digits (001–999) — so the parent is the code without its last segment, and codes sorted
// as text come out in tree order. An entry with children is sintética (a total); only analítica
// entries (leaves) receive values: a título's classe and centro, a rateio's centres.
// A classe is receita or despesa, the same as its parent's; a título a receber takes a receita
// classe, a título a pagar a despesa one.

export const PLANO_MASCARA = '9.99.999.999.999';
export const PLANO_NIVEIS = 5;
const LARGURAS = [1, 2, 3, 3, 3] as const;

export const TIPOS_CLASSE = ['receita', 'despesa'] as const;
export type TipoClasse = (typeof TIPOS_CLASSE)[number];
export const tipoClasseLabels: Record<TipoClasse, string> = { receita: 'Receita', despesa: 'Despesa' };

export const planoMensagens = {
  codigoObrigatorio: 'Código é obrigatório',
  codigoFormato: 'Código inválido: use o formato 1.01.001 (níveis de 1, 2 e 3 dígitos)',
  codigoZero: 'Código inválido: nenhum nível pode ser zero',
  codigoNiveis: `Código inválido: no máximo ${PLANO_NIVEIS} níveis`,
  paiNaoEncontrado: (pai: string) => `Conta superior ${pai} não cadastrada`,
  paiComLancamentos: (pai: string) =>
    `A conta ${pai} já tem lançamentos e não pode ter subcontas: crie a subconta em outra conta`,
  tipoDiferenteDoPai: 'A classe deve ser do mesmo tipo (receita ou despesa) da classe superior',
  sintetica: 'Escolha uma conta analítica (sem subcontas)',
  classeReceber: 'Título a receber usa uma classe de receita',
  classePagar: 'Título a pagar usa uma classe de despesa',
} as const;

/** The pt-BR error of a código, or null when it follows the mask. */
export function erroCodigoPlano(codigo: string): string | null {
  const c = codigo.trim();
  if (c === '') return planoMensagens.codigoObrigatorio;
  const segmentos = c.split('.');
  if (segmentos.length > PLANO_NIVEIS) return planoMensagens.codigoNiveis;
  for (const [i, s] of segmentos.entries()) {
    if (!/^\d+$/.test(s) || s.length !== LARGURAS[i]) return planoMensagens.codigoFormato;
  }
  if (segmentos.some((s) => Number(s) === 0)) return planoMensagens.codigoZero;
  return null;
}

/** 1 for '1', 3 for '1.01.003'. */
export function nivelPlano(codigo: string): number {
  return codigo.split('.').length;
}

/** '1.01.003' → '1.01'; a first-level code → null. */
export function codigoPai(codigo: string): string | null {
  const i = codigo.lastIndexOf('.');
  return i < 0 ? null : codigo.slice(0, i);
}

/** '1.01.003' → ['1', '1.01'] (root first). */
export function ancestraisPlano(codigo: string): string[] {
  const segmentos = codigo.split('.');
  return segmentos.slice(1).map((_, i) => segmentos.slice(0, i + 1).join('.'));
}

/** The codes that have no child among `codigos` (the analíticas). */
export function codigosAnaliticos(codigos: Iterable<string>): Set<string> {
  const todos = new Set(codigos);
  const comFilhos = new Set<string>();
  for (const c of todos) {
    const pai = codigoPai(c);
    if (pai) comFilhos.add(pai);
  }
  return new Set([...todos].filter((c) => !comFilhos.has(c)));
}

/** The next free child code of `pai` (null: a first-level code), or null when the level is full. */
export function proximoCodigoFilho(pai: string | null, existentes: Iterable<string>): string | null {
  const nivel = pai === null ? 1 : nivelPlano(pai) + 1;
  if (nivel > PLANO_NIVEIS) return null;
  const largura = LARGURAS[nivel - 1]!;
  let maior = 0;
  for (const c of existentes) {
    if (codigoPai(c) === pai && nivelPlano(c) === nivel) maior = Math.max(maior, Number(c.split('.').pop()));
  }
  if (maior + 1 >= 10 ** largura) return null;
  const segmento = String(maior + 1).padStart(largura, '0');
  return pai === null ? segmento : `${pai}.${segmento}`;
}

/** What a new entry's parent must be, as the service reads it (null: not registered). */
export type PaiPlano = { codigo: string; tipo?: TipoClasse | null; tem_lancamentos: boolean };

/**
 * A new entry against its parent: the parent exists (except at level 1), has no values of its
 * own (it would stop being analítica), and — for classes — is of the same tipo.
 */
export function verificaPai(
  item: { codigo: string; tipo?: TipoClasse | null },
  pai: PaiPlano | null,
): Falha | null {
  const codigo = codigoPai(item.codigo);
  if (codigo === null) return null;
  if (!pai) return falha(planoMensagens.paiNaoEncontrado(codigo), 'codigo');
  if (pai.tem_lancamentos) return falha(planoMensagens.paiComLancamentos(codigo), 'codigo');
  if (item.tipo && pai.tipo && item.tipo !== pai.tipo)
    return falha(planoMensagens.tipoDiferenteDoPai, 'tipo');
  return null;
}

/** The classe tipo a título takes: receber → receita, pagar → despesa. */
export function tipoClasseDoTitulo(tipo: 'receber' | 'pagar'): TipoClasse {
  return tipo === 'receber' ? 'receita' : 'despesa';
}

/** A título's classe must be analítica and of its tipo. */
export function verificaClasseDoTitulo(
  tipoTitulo: 'receber' | 'pagar',
  classe: { tipo: TipoClasse; analitica: boolean },
): Falha | null {
  if (!classe.analitica) return falha(planoMensagens.sintetica, 'classe_financeira_id');
  if (classe.tipo !== tipoClasseDoTitulo(tipoTitulo))
    return falha(
      tipoTitulo === 'receber' ? planoMensagens.classeReceber : planoMensagens.classePagar,
      'classe_financeira_id',
    );
  return null;
}
