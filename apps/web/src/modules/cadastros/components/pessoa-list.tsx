import { formatDocumento, type PessoaRow, TIPOS_PESSOA, tipoPessoaLabels, UFS } from '@erp/shared';
import type { Column } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import type { ListState } from '@/lib/list-state.ts';

// List columns and filters of the identity/address fields shared by customers and suppliers.

/** Filters every pessoa list has, in toolbar order. */
export const PESSOA_FILTERS = ['ativo', 'uf', 'tipo_pessoa'] as const;

/** Razão social (with nome fantasia below), CPF/CNPJ, município and UF. */
export function pessoaColumns<Row extends PessoaRow>(): Column<Row>[] {
  return [
    {
      key: 'razao_social',
      header: 'Razão social / nome',
      sortKey: 'razao_social',
      className: 'min-w-56',
      card: 'title',
      cell: (r) => (
        <div>
          <div className="font-medium">{r.razao_social}</div>
          {r.nome_fantasia ? <div className="text-xs text-muted-foreground">{r.nome_fantasia}</div> : null}
        </div>
      ),
    },
    {
      key: 'documento',
      header: 'CPF/CNPJ',
      sortKey: 'documento',
      cell: (r) => formatDocumento(r.documento),
      className: 'whitespace-nowrap',
    },
    {
      key: 'municipio',
      header: 'Município',
      sortKey: 'municipio',
      cell: (r) => r.municipio ?? '—',
      cardCell: (r) => [r.municipio, r.uf].filter(Boolean).join(' - ') || '—',
    },
    { key: 'uf', header: 'UF', sortKey: 'uf', cell: (r) => r.uf ?? '—', card: 'hidden' },
  ];
}

/** Status, UF and tipo de pessoa filters. */
export function PessoaFilters({
  state,
}: {
  state: Pick<ListState<(typeof PESSOA_FILTERS)[number]>, 'filters' | 'setFilter'>;
}) {
  const f = state.filters;
  return (
    <>
      <AtivoFilter state={state} />
      <FilterSelect
        label="UF"
        value={f.uf}
        allLabel="Todas"
        options={UFS.map((u) => ({ value: u, label: u }))}
        onChange={(v) => state.setFilter('uf', v)}
      />
      <FilterSelect
        label="Tipo"
        value={f.tipo_pessoa}
        options={TIPOS_PESSOA.map((t) => ({ value: t, label: tipoPessoaLabels[t] }))}
        onChange={(v) => state.setFilter('tipo_pessoa', v)}
      />
    </>
  );
}
