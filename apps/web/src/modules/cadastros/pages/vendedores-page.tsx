import {
  formatCpf,
  formatPercentBR,
  maskCpf,
  maskTelefone,
  type VendedorRow,
  vendedorCreateSchema,
  vendedorUpdateSchema,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { ativoColumn, type Column, nomeColumn } from '@/components/data-table/data-table.tsx';
import { AtivoFilter } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import {
  DecimalField,
  decimalText,
  FieldGroup,
  MaskedField,
  PickerField,
  SwitchField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { useListState } from '@/lib/list-state.ts';
import { vendedoresApi } from '../api/cadastros-api.ts';

const queryKey = ['cadastros', 'vendedores'] as const;
const api = vendedoresApi as unknown as RegisterApi<VendedorRow> & typeof vendedoresApi;

const columns: Column<VendedorRow>[] = [
  nomeColumn<VendedorRow>(),
  {
    key: 'cpf',
    header: 'CPF',
    cell: (r) => (r.cpf ? formatCpf(r.cpf) : '—'),
    className: 'whitespace-nowrap',
  },
  { key: 'email', header: 'E-mail', sortKey: 'email', cell: (r) => r.email ?? '—' },
  {
    key: 'comissao',
    header: 'Comissão',
    sortKey: 'comissao',
    cell: (r) => <span className="whitespace-nowrap">{formatPercentBR(r.comissao)}</span>,
    className: 'text-right',
  },
  { key: 'usuario', header: 'Usuário vinculado', cell: (r) => r.user_email ?? '—' },
  ativoColumn<VendedorRow>(),
];

export function VendedoresPage() {
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['ativo'],
    defaultFilters: { ativo: 'true' },
  });
  return (
    <RegisterPage
      title="Vendedores"
      description="Vendedores, comissões e o usuário de cada um no sistema."
      queryKey={queryKey}
      api={api}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por nome, CPF ou e-mail"
      newLabel="Novo vendedor"
      rowLabel={(r) => r.nome}
      exportBase="vendedores"
      filters={<AtivoFilter state={state} />}
      renderForm={(id, close) => <VendedorForm id={id} onClose={close} />}
    />
  );
}

function toValues(row: VendedorRow | null) {
  return {
    nome: row?.nome ?? '',
    cpf: maskCpf(row?.cpf ?? ''),
    email: row?.email ?? '',
    telefone: maskTelefone(row?.telefone ?? ''),
    comissao: decimalText(row?.comissao, 'percent'),
    desconto_maximo: decimalText(row?.desconto_maximo, 'percent'),
    user_id: row?.user_id ?? '',
    ativo: row?.ativo ?? true,
    ...(row ? { versao: row.versao } : {}),
  };
}

function VendedorForm({ id, onClose }: { id: string | null; onClose(): void }) {
  const form = useRecordForm({
    queryKey,
    id,
    api,
    toValues,
  });
  const usuarios = useQuery({ queryKey: ['cadastros', 'vendedores', 'usuarios'], queryFn: api.usuarios });
  return (
    <RegisterFormDialog
      title={id ? 'Editar vendedor' : 'Novo vendedor'}
      schema={id ? vendedorUpdateSchema : vendedorCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Vendedor atualizado com sucesso!' : 'Vendedor cadastrado com sucesso!'}
    >
      <FieldGroup title="Dados do vendedor">
        <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={100} />
        <MaskedField name="cpf" label="CPF" mask={maskCpf} inputMode="numeric" placeholder="000.000.000-00" />
        <DecimalField name="comissao" label="Comissão" kind="percent" />
        <DecimalField
          name="desconto_maximo"
          label="Desconto máximo (%)"
          kind="percent"
          hint="Acima dele, o desconto num pedido exige liberação"
        />
        <TextField name="email" label="E-mail" type="email" className="sm:col-span-2" maxLength={255} />
        <MaskedField name="telefone" label="Telefone" mask={maskTelefone} inputMode="tel" />
        <SwitchField name="ativo" label="Ativo" />
        <PickerField
          name="user_id"
          label="Usuário vinculado"
          placeholder="Nenhum"
          className="sm:col-span-2"
          options={(usuarios.data ?? []).map((u) => ({
            value: u.id,
            label: u.nome ? `${u.nome} (${u.email})` : u.email,
          }))}
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
