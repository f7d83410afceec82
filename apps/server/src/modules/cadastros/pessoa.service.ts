import type { Opcao, PessoaRow, TipoPessoa } from '@erp/shared';
import { formatDocumento, indicadorIeLabels, tipoPessoaLabels } from '@erp/shared';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ativoWhere, type ExportColumn, searchWhere } from '../../lib/list-query.ts';
import type { clientes, fornecedores } from './cadastros.tables.ts';

// Identity, tax, contact and address ("pessoa") parts shared by the clientes and fornecedores
// services: the same columns (cadastros.tables.ts pessoa()), so the same sorts, filters,
// export columns and options list.

type PessoaTable = typeof clientes | typeof fornecedores;

/** Sort keys over the pessoa columns. Name order uses `busca` (normalised razão social first, indexed). */
export function pessoaSorts(t: PessoaTable) {
  return {
    razao_social: t.busca,
    nome_fantasia: t.nomeFantasia,
    documento: t.documento,
    municipio: t.municipio,
    uf: t.uf,
  };
}

type PessoaFilters = {
  q?: string | undefined;
  ativo?: boolean | undefined;
  tipo_pessoa?: TipoPessoa;
  uf?: string;
};

/** Search over name and document, plus the ativo, tipo de pessoa and UF filters. */
export function pessoaConditions(t: PessoaTable, q: PessoaFilters): (SQL | undefined)[] {
  return [
    searchWhere(t.busca, q.q),
    ativoWhere(t.ativo, q.ativo),
    q.tipo_pessoa ? eq(t.tipoPessoa, q.tipo_pessoa) : undefined,
    q.uf ? eq(t.uf, q.uf) : undefined,
  ];
}

/** Export columns of the pessoa fields, in screen order (identity, contact, address). */
export function pessoaExportColumns<R extends PessoaRow>(): ExportColumn<R>[] {
  return [
    { header: 'Razão social / nome', value: (r) => r.razao_social },
    { header: 'Nome fantasia', value: (r) => r.nome_fantasia },
    { header: 'Tipo', value: (r) => tipoPessoaLabels[r.tipo_pessoa] },
    { header: 'CPF/CNPJ', value: (r) => formatDocumento(r.documento) },
    { header: 'Inscrição estadual', value: (r) => r.inscricao_estadual },
    { header: 'Indicador IE', value: (r) => indicadorIeLabels[r.indicador_ie] },
    { header: 'E-mail', value: (r) => r.email },
    { header: 'E-mail NF-e', value: (r) => r.email_nfe },
    { header: 'Telefone', value: (r) => r.telefone },
    { header: 'Celular', value: (r) => r.celular },
    { header: 'CEP', value: (r) => r.cep },
    { header: 'Logradouro', value: (r) => r.logradouro },
    { header: 'Número', value: (r) => r.numero },
    { header: 'Complemento', value: (r) => r.complemento },
    { header: 'Bairro', value: (r) => r.bairro },
    { header: 'Município', value: (r) => r.municipio },
    { header: 'Código IBGE', value: (r) => r.codigo_municipio },
    { header: 'UF', value: (r) => r.uf },
  ];
}

/** Active rows for selects, by name. */
export function listPessoaOpcoes(db: Db, table: PessoaTable): Promise<Opcao[]> {
  // Both tables have the same pessoa columns; one type keeps drizzle's select typing simple.
  const t = table as typeof clientes;
  return db
    .select({ id: t.id, nome: t.razaoSocial, ativo: t.ativo })
    .from(t)
    .where(eq(t.ativo, true))
    .orderBy(asc(t.busca))
    .limit(1000);
}
