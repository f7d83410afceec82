import { type FornecedorRow, fornecedorCreateSchema, fornecedorUpdateSchema } from '@erp/shared';
import { ativoColumn, type Column } from '@/components/data-table/data-table.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import { FieldGroup, SwitchField, TextareaField, TextField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { useListState } from '@/lib/list-state.ts';
import { fornecedoresApi } from '../api/cadastros-api.ts';
import { PessoaFields, pessoaValues } from '../components/pessoa-fields.tsx';
import { PESSOA_FILTERS, PessoaFilters, pessoaColumns } from '../components/pessoa-list.tsx';

const queryKey = ['cadastros', 'fornecedores'] as const;
const api = fornecedoresApi as unknown as RegisterApi<FornecedorRow> & typeof fornecedoresApi;

const columns: Column<FornecedorRow>[] = [
  ...pessoaColumns<FornecedorRow>(),
  {
    key: 'prazo',
    header: 'Prazo médio (dias)',
    sortKey: 'prazo_medio_entrega',
    cell: (r) => r.prazo_medio_entrega ?? '—',
    className: 'text-right',
  },
  ativoColumn<FornecedorRow>(),
];

export function FornecedoresPage() {
  const state = useListState({
    defaultSort: 'razao_social',
    filterKeys: PESSOA_FILTERS,
    defaultFilters: { ativo: 'true' },
  });
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
      filters={<PessoaFilters state={state} />}
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
    api,
    toValues,
  });
  return (
    <RegisterFormDialog
      title={id ? 'Editar fornecedor' : 'Novo fornecedor'}
      schema={id ? fornecedorUpdateSchema : fornecedorCreateSchema}
      record={form}
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
