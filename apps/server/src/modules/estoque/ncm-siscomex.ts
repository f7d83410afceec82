import { createHash } from 'node:crypto';
import { type NcmNo, TabelaNcm } from '@erp/shared';
import type { NcmArquivo } from './ncm-tabela.ts';

// The official NCM table as the Portal Único Siscomex publishes it (Classificação fiscal, "download
// da tabela NCM" in JSON) turned into data/ncm.json, the file the server ships:
//   { "Data_Ultima_Atualizacao_NCM": "Vigente em 21/10/2024", "Ato": "Resolução Gecex nº …",
//     "Nomenclaturas": [{ "Codigo": "0101.21.00", "Descricao": "-- Reprodutores de raça pura",
//                         "Data_Inicio": "01/04/2022", "Data_Fim": "31/12/9999", … }] }
// Codes lose their dots ("0101.21.00" → "01012100"); nodes no longer in force (Data_Fim before
// the day of the update) are left out; every 8-digit code must have its chapter.

export const SISCOMEX_URL = 'https://portalunico.siscomex.gov.br/classif/#/nomenclatura/tabela';

type Nomenclatura = { Codigo?: unknown; Descricao?: unknown; Data_Inicio?: unknown; Data_Fim?: unknown };
type Siscomex = { Data_Ultima_Atualizacao_NCM?: unknown; Ato?: unknown; Nomenclaturas?: unknown };

/** "31/12/9999" → "9999-12-31"; null when there is no such date in the text. */
function dataIso(texto: unknown): string | null {
  const m = /(\d{2})\/(\d{2})\/(\d{4})/.exec(String(texto ?? ''));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * The data file from the Siscomex JSON text. Throws a pt-BR message naming what is wrong
 * (not the expected layout, a malformed code, a leaf without its chapter).
 */
export function converteSiscomex(texto: string, hoje: string): NcmArquivo {
  const json = JSON.parse(texto.replace(/^\uFEFF/, '')) as Siscomex;
  if (!Array.isArray(json.Nomenclaturas))
    throw new Error('arquivo fora do formato do Siscomex: falta a lista "Nomenclaturas"');
  const nos = new Map<string, string>();
  for (const n of json.Nomenclaturas as Nomenclatura[]) {
    const codigo = String(n.Codigo ?? '').replace(/\D/g, '');
    const descricao = String(n.Descricao ?? '').trim();
    if (!/^\d{2}$|^\d{4,8}$/.test(codigo)) throw new Error(`código fora do formato: ${String(n.Codigo)}`);
    if (!descricao) throw new Error(`sem descrição: ${String(n.Codigo)}`);
    const fim = dataIso(n.Data_Fim);
    if (fim && fim < hoje) continue;
    nos.set(codigo, descricao);
  }
  const ordenados: NcmNo[] = [...nos.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([codigo, descricao]) => ({ codigo, descricao }));
  for (const n of ordenados)
    if (n.codigo.length === 8 && !nos.has(n.codigo.slice(0, 2)))
      throw new Error(`código sem capítulo: ${n.codigo}`);
  const tabela = new TabelaNcm(ordenados);
  if (tabela.totalSelecionaveis === 0) throw new Error('nenhum código de 8 dígitos no arquivo');
  const ato = String(json.Ato ?? '').trim();
  return {
    fonte: `Tabela NCM do Portal Único Siscomex${ato ? ` (${ato})` : ''}`,
    pacote: 'siscomex',
    integridade: `sha256-${createHash('sha256').update(texto).digest('base64')}`,
    licenca: 'Dados públicos (Portal Único Siscomex)',
    publicacao: dataIso(json.Data_Ultima_Atualizacao_NCM) ?? hoje,
    referencias: [SISCOMEX_URL, ...(ato ? [ato] : [])],
    nos: ordenados.map((n) => [n.codigo, n.descricao]),
  };
}

/** The file's text: the header, then one node per line (readable diffs), as scripts/ncm-tabela.mjs writes it. */
export function textoArquivoNcm(arquivo: NcmArquivo): string {
  const { nos, ...cabecalho } = arquivo;
  const corpo = nos.map((n) => `    ${JSON.stringify(n)}`).join(',\n');
  return `${JSON.stringify(cabecalho, null, 2).slice(0, -2)},\n  "nos": [\n${corpo}\n  ]\n}\n`;
}
