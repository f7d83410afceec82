import type { Uf } from '../cadastros/brasil.ts';

// The percurso of an MDF-e (ide/infPercurso/UFPer): the UFs the vehicle crosses between UFIni and
// UFFim, in order, neither of the two repeated (schema: "Não é necessário repetir as UF de Início e
// Fim"). SEFAZ refuses a chain whose consecutive UFs do not border (rejeição 663 "Percurso informado
// inválido"), so the default is the shortest chain on the land-border graph below and an edited one
// is checked pair by pair.
//
// Ties (several shortest chains) are broken by the alphabetical order of the UFs, first position
// first: breadth-first search visiting neighbours alphabetically keeps the first chain reaching
// each UF, so SP → CE is SP, MG, BA, PE, CE (PE before PI). The user edits the percurso when the
// truck takes another road.

/** Land borders between the UFs (IBGE). Symmetric; checked by the tests. */
export const FRONTEIRAS_UF: Readonly<Record<Uf, readonly Uf[]>> = {
  AC: ['AM', 'RO'],
  AL: ['BA', 'PE', 'SE'],
  AM: ['AC', 'MT', 'PA', 'RO', 'RR'],
  AP: ['PA'],
  BA: ['AL', 'ES', 'GO', 'MG', 'PE', 'PI', 'SE', 'TO'],
  CE: ['PB', 'PE', 'PI', 'RN'],
  DF: ['GO', 'MG'],
  ES: ['BA', 'MG', 'RJ'],
  GO: ['BA', 'DF', 'MG', 'MS', 'MT', 'TO'],
  MA: ['PA', 'PI', 'TO'],
  MG: ['BA', 'DF', 'ES', 'GO', 'MS', 'RJ', 'SP'],
  MS: ['GO', 'MG', 'MT', 'PR', 'SP'],
  MT: ['AM', 'GO', 'MS', 'PA', 'RO', 'TO'],
  PA: ['AM', 'AP', 'MA', 'MT', 'RR', 'TO'],
  PB: ['CE', 'PE', 'RN'],
  PE: ['AL', 'BA', 'CE', 'PB', 'PI'],
  PI: ['BA', 'CE', 'MA', 'PE', 'TO'],
  PR: ['MS', 'SC', 'SP'],
  RJ: ['ES', 'MG', 'SP'],
  RN: ['CE', 'PB'],
  RO: ['AC', 'AM', 'MT'],
  RR: ['AM', 'PA'],
  RS: ['SC'],
  SC: ['PR', 'RS'],
  SE: ['AL', 'BA'],
  SP: ['MG', 'MS', 'PR', 'RJ'],
  TO: ['BA', 'GO', 'MA', 'MT', 'PA', 'PI'],
};

/** infPercurso allows at most 25 UFs. */
export const MAXIMO_UFS_PERCURSO = 25;

export function fazFronteira(a: Uf, b: Uf): boolean {
  return FRONTEIRAS_UF[a].includes(b);
}

/** The UFs crossed between ufIni and ufFim (both excluded) on the shortest land chain. */
export function percursoPadrao(ufIni: Uf, ufFim: Uf): Uf[] {
  if (ufIni === ufFim) return [];
  const anterior = new Map<Uf, Uf | null>([[ufIni, null]]);
  const fila: Uf[] = [ufIni];
  while (fila.length) {
    const atual = fila.shift()!;
    if (atual === ufFim) break;
    for (const vizinho of FRONTEIRAS_UF[atual]) {
      if (anterior.has(vizinho)) continue;
      anterior.set(vizinho, atual);
      fila.push(vizinho);
    }
  }
  const caminho: Uf[] = [];
  for (let uf = anterior.get(ufFim) ?? null; uf && uf !== ufIni; uf = anterior.get(uf) ?? null)
    caminho.unshift(uf);
  return caminho;
}

export const percursoMensagens = {
  naoFaz: (a: string, b: string) =>
    `${a} não faz divisa com ${b}: informe as UFs atravessadas entre elas, na ordem.`,
  repeteInicioFim: (uf: string) =>
    `O percurso não repete a UF de carregamento nem a de descarregamento (${uf}): informe só as UFs atravessadas.`,
  repetida: (uf: string) => `A UF ${uf} aparece mais de uma vez no percurso.`,
  maximo: `O percurso tem no máximo ${MAXIMO_UFS_PERCURSO} UFs.`,
} as const;

/**
 * Every problem of an edited percurso (empty = valid): each consecutive pair of
 * [ufIni, ...percurso, ufFim] must border, no UF twice, ufIni/ufFim not inside, at most 25.
 */
export function validaPercurso(ufIni: Uf, ufFim: Uf, percurso: readonly Uf[]): string[] {
  const erros: string[] = [];
  if (percurso.length > MAXIMO_UFS_PERCURSO) erros.push(percursoMensagens.maximo);
  const vistas = new Set<Uf>();
  for (const uf of percurso) {
    if (uf === ufIni || uf === ufFim) erros.push(percursoMensagens.repeteInicioFim(uf));
    else if (vistas.has(uf)) erros.push(percursoMensagens.repetida(uf));
    vistas.add(uf);
  }
  // intrastate with nothing crossed: nothing to chain
  if (ufIni === ufFim && percurso.length === 0) return erros;
  const cadeia = [ufIni, ...percurso, ufFim];
  for (let i = 1; i < cadeia.length; i++) {
    const a = cadeia[i - 1]!;
    const b = cadeia[i]!;
    if (a !== b && !fazFronteira(a, b)) erros.push(percursoMensagens.naoFaz(a, b));
  }
  return erros;
}
