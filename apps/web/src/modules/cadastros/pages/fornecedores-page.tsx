import {
  type FornecedorRow,
  formatDocumento,
  fornecedorCreateSchema,
  fornecedorUpdateSchema,
  TIPOS_PESSOA,
  tipoPessoaLabels,
  UFS,
} from '@erp/shared';
import type { Column } from '@/components/data-table/data-table.tsx';
import { ativoFilterOptions, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import { FieldGroup, SwitchField, TextareaField, TextField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { useListState } from '@/lib/list-state.ts';
import { fornecedoresApi } from '../api/cadastros-api.ts';
import { PessoaFields, pessoaValues } from '../components/pessoa-fields.tsx';

const queryKey = ['cadastros', 'fornecedores'] as const;
const api = fornecedoresApi as unknown as RegisterApi<FornecedorRow> & typeof fornecedoresApi;

const columns: Column<FornecedorRow>[] = [
  {
    key: 'razao_social',
    header: 'Razão social / nome',
    sortKey: 'razao_social',
    className: 'min-w-64',
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
  { key: 'municipio', header: 'Município', sortKey: 'municipio', cell: (r) => r.municipio ?? '—' },
  { key: 'uf', header: 'UF', sortKey: 'uf', cell: (r) => r.uf ?? '—' },
  {
    key: 'prazo',
    header: 'Prazo médio (dias)',
    sortKey: 'prazo_medio_entrega',
    cell: (r) => r.prazo_medio_entrega ?? '—',
    className: 'text-right',
  },
  {
    key: 'ativo',
    header: 'Status',
    cell: (r) => <Badge variant={r.ativo ? 'success' : 'outline'}>{r.ativo ? 'Ativo' : 'Inativo'}</Badge>,
  },
];

const FILTERS = ['ativo', 'uf', 'tipo_pessoa'] as const;

export function FornecedoresPage() {
  const state = useListState({
    defaultSort: 'razao_social',
    filterKeys: FILTERS,
    defaultFilters: { ativo: 'true' },
  });
  const f = state.filters;
  return (
    <RegisterPage
      title="Fornecedores"
      description="Cadastro de fornecedores: identificação fiscal, contato, endereço e prazo de entrega."
      queryKey={queryKey}
      api={api}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por nome, fantasia ou CPF/CNPJ"
      newLabel="Novo fornecedor"
      rowLabel={(r) => r.razao_social}
      exportBase="fornecedores"
      filters={
        <>
          <FilterSelect
            label="Status"
            value={f.ativo}
            options={ativoFilterOptions}
            onChange={(v) => state.setFilter('ativo', v)}
          />
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
      }
      renderForm={(id, close) => <FornecedorForm id={id} onClose={close} />}
    />
  );
}

function toValues(row: FornecedorRow | null) {
  return {
    ...pessoaValues(row),
    prazo_medio_entrega: row?.prazo_medio_entrega == null ? '' : String(row.prazo_medio_entrega),
  };
}

function FornecedorForm({ id, onClose }: { id: string | null; onClose(): void }) {
  const form = useRecordForm({
    queryKey,
    id,
    get: api.get,
    create: api.create,
    update: api.update,
    toValues,
  });
  return (
    <RegisterFormDialog
      title={id ? 'Editar fornecedor' : 'Novo fornecedor'}
      schema={id ? fornecedorUpdateSchema : fornecedorCreateSchema}
      values={form.values as never}
      loading={form.loading}
      onSubmit={form.save}
      onReload={form.reload as never}
      onClose={onClose}
      successMessage={id ? 'Fornecedor atualizado com sucesso!' : 'Fornecedor cadastrado com sucesso!'}
      size="xl"
    >
      <PessoaFields />
      <FieldGroup title="Compras">
        <TextField name="prazo_medio_entrega" label="Prazo médio de entrega (dias)" inputMode="numeric" />
        <SwitchField name="ativo" label="Ativo" />
        <TextareaField name="observacoes" label="Observações" className="sm:col-span-2" maxLength={2000} />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
