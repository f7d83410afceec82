import {
  type ArquivoEnviado,
  businessToday,
  type ChaveColunaPrecos,
  COLUNAS_PLANILHA_PRECOS,
  type ErroLinha,
  genericMessages,
  importacaoPrecosMensagens,
  type LinhaPlanilhaPrecos,
  leCabecalhoPrecos,
  linhaPlanilhaPrecos,
  normalizaBusca,
  planejaImportacaoPrecos,
} from '@erp/shared';
import { readSheet } from 'read-excel-file/node';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { type ExportColumn, exportResponse } from '../../lib/list-query.ts';
import { produtosPorCodigo } from '../estoque/produtos-leitura.service.ts';
import { garanteTabela, gravaItens, todosOsItens, travaTabela } from './itens-tabela.service.ts';

// A table's items as an XLSX sheet: the export (the list export's writer, one line per product)
// and the import (read-excel-file reads the first sheet; the engine's planejaImportacaoPrecos
// checks every line and answers the items or every error by line). With any wrong line nothing is
// written; otherwise the items are upserted in one transaction and the other items stay.

type Linha = Record<ChaveColunaPrecos, string | null>;

const colunas: ExportColumn<Linha>[] = COLUNAS_PLANILHA_PRECOS.map((c) => ({
  header: c.titulo,
  value: (l) => l[c.chave],
  type: c.tipo,
}));

/** "Atacado SP – Março" -> "atacado-sp-marco" (a file name). */
const nomeDeArquivo = (nome: string) =>
  normalizaBusca(nome)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

export async function exportaItens(db: Db, tabelaId: string): Promise<Response> {
  const tabela = await garanteTabela(db, tabelaId);
  const itens = await todosOsItens(db, tabelaId);
  const linhas = itens.map((i) => linhaPlanilhaPrecos(i, { codigo: i.produto_codigo, nome: i.produto_nome }));
  const base = `tabela-precos-${nomeDeArquivo(tabela.nome)}`.replace(/-$/, '');
  return exportResponse('xlsx', base, colunas, linhas, businessToday());
}

function comErros(linhas: ErroLinha[]): never {
  throw new AppError('validation_failed', importacaoPrecosMensagens.comErros, { linhas });
}

async function leCelulas(arquivo: ArquivoEnviado): Promise<unknown[][]> {
  try {
    return await readSheet(Buffer.from(await arquivo.arrayBuffer()));
  } catch {
    throw new AppError('validation_failed', genericMessages.validation, {
      fields: { arquivo: [importacaoPrecosMensagens.arquivoInvalido] },
    });
  }
}

const texto = (celula: unknown) => (celula === null || celula === undefined ? '' : String(celula).trim());

export async function importaItens(
  db: Db,
  actor: Actor,
  tabelaId: string,
  arquivo: ArquivoEnviado,
): Promise<{ linhas: number; alterados: number }> {
  await garanteTabela(db, tabelaId);
  const [cabecalho = [], ...corpo] = await leCelulas(arquivo);
  const lido = leCabecalhoPrecos(cabecalho);
  if (!lido.ok) comErros(lido.erros);

  const linhas: LinhaPlanilhaPrecos[] = corpo.map((celulas, i) => {
    const porChave: LinhaPlanilhaPrecos['celulas'] = {};
    lido.colunas.forEach((chave, c) => {
      if (chave) porChave[chave] = celulas[c];
    });
    return { linha: i + 2, celulas: porChave };
  });
  const codigos = linhas.map((l) => texto(l.celulas.codigo)).filter(Boolean);
  const produtos = await produtosPorCodigo(db, codigos);
  const plano = planejaImportacaoPrecos(linhas, produtos);
  if (!plano.ok) comErros(plano.erros);

  const alterados = await writeTx(db, actor, async (tx) => {
    await travaTabela(tx, tabelaId);
    return gravaItens(tx, tabelaId, plano.itens);
  });
  return { linhas: plano.itens.length, alterados };
}
