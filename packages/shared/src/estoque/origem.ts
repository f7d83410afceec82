import { z } from 'zod';

// Origem da mercadoria (NF-e `orig`, first digit of the ICMS CST): Tabela A of the Convênio s/nº
// de 1970 as amended by the Ajustes SINIEF 20/2012 and 15/2013.

export const ORIGENS = ['0', '1', '2', '3', '4', '5', '6', '7', '8'] as const;
export type Origem = (typeof ORIGENS)[number];

export const origemLabels: Record<Origem, string> = {
  '0': '0 - Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8',
  '1': '1 - Estrangeira - Importação direta, exceto a indicada no código 6',
  '2': '2 - Estrangeira - Adquirida no mercado interno, exceto a indicada no código 7',
  '3': '3 - Nacional, mercadoria ou bem com Conteúdo de Importação superior a 40% e inferior ou igual a 70%',
  '4': '4 - Nacional, cuja produção tenha sido feita em conformidade com os processos produtivos básicos de que tratam o Decreto-Lei nº 288/1967 e as Leis nºs 8.248/1991, 8.387/1991, 10.176/2001 e 11.484/2007',
  '5': '5 - Nacional, mercadoria ou bem com Conteúdo de Importação inferior ou igual a 40%',
  '6': '6 - Estrangeira - Importação direta, sem similar nacional, constante em lista de Resolução CAMEX e gás natural',
  '7': '7 - Estrangeira - Adquirida no mercado interno, sem similar nacional, constante em lista de Resolução CAMEX e gás natural',
  '8': '8 - Nacional, mercadoria ou bem com Conteúdo de Importação superior a 70%',
};

/** Typed as "0".."8" or the number 0..8; default 0 (nacional). */
export const origemCampo = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v === '' || v === undefined || v === null ? '0' : v),
  z.enum(ORIGENS, { error: 'Origem da mercadoria inválida (use 0 a 8)' }),
);
