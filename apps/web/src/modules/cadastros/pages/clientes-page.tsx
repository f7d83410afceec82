import { type ClienteRow, clienteCreateSchema, clienteUpdateSchema, formatBRL } from '@erp/shared';
import { ativoColumn, type Column } from '@/components/data-table/data-table.tsx';
import { FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import {
  DecimalField,
  decimalText,
  FieldGroup,
  PickerField,
  SelectField,
  SwitchField,
  TextareaField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { useListState } from '@/lib/list-state.ts';
import { clientesApi } from '../api/cadastros-api.ts';
import { filterOptions, selectOptions, useOpcoes } from '../api/opcoes.ts';
import { PessoaFields, pessoaValues } from '../components/pessoa-fields.tsx';
import { PESSOA_FILTERS, PessoaFilters, pessoaColumns } from '../components/pessoa-list.tsx';

const queryKey = ['cadastros', 'clientes'] as const;
const api = clientesApi as unknown as RegisterApi<ClienteRow> & typeof clientesApi;

const columns: Column<ClienteRow>[] = [
  ...pessoaColumns<ClienteRow>(),
  { key: 'vendedor', header: 'Vendedor', sortKey: 'vendedor', cell: (r) => r.vendedor_nome ?? '—' },
  {
    key: 'situacao',
    header: 'Situação',
    sortKey: 'situacao',
    cell: (r) =>
      r.situacao_nome ? (
        <Badge variant={r.situacao_bloqueia_vendas ? 'destructive' : 'secondary'}>{r.situacao_nome}</Badge>
      ) : (
        '—'
      ),
  },
  {
    key: 'limite_credito',
    header: 'Limite de crédito',
    sortKey: 'limite_credito',
    // the amount never breaks; the header may take two lines when the table is tight
    cell: (r) => <span className="whitespace-nowrap">{formatBRL(r.limite_credito)}</span>,
    className: 'text-right',
  },
  ativoColumn<ClienteRow>(),
];

const FILTERS = [
  ...PESSOA_FILTERS,
  'vendedor_id',
  'situacao_id',
  'regiao_id',
  'grupo_id',
  'segmento_id',
] as const;

export function ClientesPage() {
  const state = useListState({
    defaultSort: 'razao_social',
    filterKeys: FILTERS,
    defaultFilters: { ativo: 'true' },
  });
  const vendedores = useOpcoes('vendedores');
  const situacoes = useOpcoes('situacoes');
  const regioes = useOpcoes('regioes');
  const grupos = useOpcoes('grupos');
  const segmentos = useOpcoes('segmentos');
  const f = state.filters;
  return (
    <RegisterPage
      title="Clientes"
      description="Cadastro de clientes: identificação fiscal, endereço, vendedor, classificação e crédito."
      queryKey={queryKey}
      api={api}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por nome, fantasia ou CPF/CNPJ"
      newLabel="Novo cliente"
      rowLabel={(r) => r.razao_social}
      exportBase="clientes"
      filters={
        <>
          <PessoaFilters state={state} />
          <FilterSelect
            label="Vendedor"
            value={f.vendedor_id}
            options={filterOptions(vendedores)}
            onChange={(v) => state.setFilter('vendedor_id', v)}
          />
          <FilterSelect
            label="Situação"
            value={f.situacao_id}
            allLabel="Todas"
            options={filterOptions(situacoes)}
            onChange={(v) => state.setFilter('situacao_id', v)}
          />
          <FilterSelect
            label="Região"
            value={f.regiao_id}
            allLabel="Todas"
            options={filterOptions(regioes)}
            onChange={(v) => state.setFilter('regiao_id', v)}
          />
          <FilterSelect
            label="Grupo"
            value={f.grupo_id}
            options={filterOptions(grupos)}
            onChange={(v) => state.setFilter('grupo_id', v)}
          />
          <FilterSelect
            label="Segmento"
            value={f.segmento_id}
            options={filterOptions(segmentos)}
            onChange={(v) => state.setFilter('segmento_id', v)}
          />
        </>
      }
      renderForm={(id, close) => <ClienteForm id={id} onClose={close} />}
    />
  );
}

function toValues(row: ClienteRow | null) {
  return {
    ...pessoaValues(row),
    vendedor_id: row?.vendedor_id ?? '',
    grupo_id: row?.grupo_id ?? '',
    segmento_id: row?.segmento_id ?? '',
    regiao_id: row?.regiao_id ?? '',
    situacao_id: row?.situacao_id ?? '',
    limite_credito: decimalText(row?.limite_credito, 'money'),
  };
}

function ClienteForm({ id, onClose }: { id: string | null; onClose(): void }) {
  const form = useRecordForm({
    queryKey,
    id,
    api,
    toValues,
  });
  const vendedores = useOpcoes('vendedores');
  const grupos = useOpcoes('grupos');
  const segmentos = useOpcoes('segmentos');
  const regioes = useOpcoes('regioes');
  const situacoes = useOpcoes('situacoes');
  const v = form.values;
  return (
    <RegisterFormDialog
      title={id ? 'Editar cliente' : 'Novo cliente'}
      schema={id ? clienteUpdateSchema : clienteCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Cliente atualizado com sucesso!' : 'Cliente cadastrado com sucesso!'}
      size="xl"
    >
      <PessoaFields />
      <FieldGroup title="Comercial">
        <PickerField
          name="vendedor_id"
          label="Vendedor"
          placeholder="Sem vendedor"
          options={selectOptions(vendedores, v?.vendedor_id)}
        />
        <SelectField
          name="situacao_id"
          label="Situação"
          emptyLabel="—"
          options={selectOptions(situacoes, v?.situacao_id)}
        />
        <SelectField
          name="grupo_id"
          label="Grupo empresarial"
          emptyLabel="—"
          options={selectOptions(grupos, v?.grupo_id)}
        />
        <SelectField
          name="segmento_id"
          label="Segmento"
          emptyLabel="—"
          options={selectOptions(segmentos, v?.segmento_id)}
        />
        <SelectField
          name="regiao_id"
          label="Região de entrega"
          emptyLabel="—"
          options={selectOptions(regioes, v?.regiao_id)}
        />
        <DecimalField name="limite_credito" label="Limite de crédito" kind="money" />
        <SwitchField name="ativo" label="Ativo" />
        <TextareaField
          name="observacoes"
          label="Observações"
          className="sm:col-span-2 lg:col-span-4"
          maxLength={2000}
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
