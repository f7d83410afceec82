import {
  CATEGORIAS_CNH,
  FUNCOES,
  type FuncionarioRow,
  formatCpf,
  formatDateBR,
  funcaoLabels,
  funcionarioCreateSchema,
  funcionarioUpdateSchema,
  maskCnh,
  maskCpf,
  maskTelefone,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { ativoColumn, type Column, nomeColumn } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import {
  DateField,
  FieldGroup,
  MaskedField,
  PickerField,
  SelectField,
  SwitchField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { useListState } from '@/lib/list-state.ts';
import { funcionariosApi } from '../api/frota-api.ts';
import { CnhBadge } from '../components/documento-badge.tsx';
import { filtroCnhOptions } from '../components/filtros.ts';

// Funcionários (/frota/funcionarios): drivers, helpers, checkers and pickers; a driver's CNH with
// the "CNH vencida" / "CNH vence em N dias" badges; filters by função, CNH a vencer and status.

const queryKey = ['frota', 'funcionarios'] as const;
const api = funcionariosApi as unknown as RegisterApi<FuncionarioRow> & typeof funcionariosApi;
const funcaoOptions = FUNCOES.map((f) => ({ value: f, label: funcaoLabels[f] }));

const columns: Column<FuncionarioRow>[] = [
  nomeColumn<FuncionarioRow>(),
  {
    key: 'cpf',
    header: 'CPF',
    cell: (r) => formatCpf(r.cpf),
    className: 'whitespace-nowrap tabular-nums',
  },
  { key: 'funcao', header: 'Função', sortKey: 'funcao', cell: (r) => funcaoLabels[r.funcao] },
  {
    key: 'cnh',
    header: 'CNH',
    sortKey: 'cnh_validade',
    className: 'whitespace-nowrap',
    cell: (r) =>
      r.cnh_numero ? (
        <div>
          <div>
            Categoria <span className="font-medium">{r.cnh_categoria}</span>
          </div>
          <div className="text-xs text-muted-foreground">válida até {formatDateBR(r.cnh_validade)}</div>
        </div>
      ) : (
        '—'
      ),
  },
  {
    key: 'situacao_cnh',
    header: 'Situação da CNH',
    card: 'badge',
    className: 'whitespace-nowrap',
    cell: (r) => <CnhBadge validade={r.cnh_validade} />,
  },
  { key: 'usuario', header: 'Usuário vinculado', cell: (r) => r.user_email ?? '—' },
  ativoColumn<FuncionarioRow>(),
];

export function FuncionariosPage() {
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['funcao', 'cnh', 'ativo'],
    defaultFilters: { ativo: 'true' },
  });
  return (
    <RegisterPage
      title="Funcionários"
      description="Motoristas, ajudantes, conferentes e separadores, com a CNH de cada motorista."
      queryKey={queryKey}
      api={api}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por nome, CPF ou CNH"
      newLabel="Novo funcionário"
      rowLabel={(r) => r.nome}
      exportBase="funcionarios"
      filters={
        <>
          <FilterSelect
            label="Função"
            value={state.filters.funcao}
            options={funcaoOptions}
            onChange={(v) => state.setFilter('funcao', v)}
            allLabel="Todas"
          />
          <FilterSelect
            label="CNH"
            value={state.filters.cnh}
            options={filtroCnhOptions}
            onChange={(v) => state.setFilter('cnh', v)}
          />
          <AtivoFilter state={state} />
        </>
      }
      renderForm={(id, close) => <FuncionarioForm id={id} onClose={close} />}
    />
  );
}

function toValues(row: FuncionarioRow | null) {
  return {
    nome: row?.nome ?? '',
    cpf: maskCpf(row?.cpf ?? ''),
    funcao: row?.funcao ?? 'motorista',
    telefone: maskTelefone(row?.telefone ?? ''),
    email: row?.email ?? '',
    data_admissao: row?.data_admissao ?? '',
    cnh_numero: row?.cnh_numero ?? '',
    cnh_categoria: row?.cnh_categoria ?? '',
    cnh_validade: row?.cnh_validade ?? '',
    user_id: row?.user_id ?? '',
    ativo: row?.ativo ?? true,
    ...(row ? { versao: row.versao } : {}),
  };
}

function FuncionarioForm({ id, onClose }: { id: string | null; onClose(): void }) {
  const form = useRecordForm({ queryKey, id, api, toValues });
  const usuarios = useQuery({ queryKey: ['frota', 'funcionarios', 'usuarios'], queryFn: api.usuarios });
  return (
    <RegisterFormDialog
      title={id ? 'Editar funcionário' : 'Novo funcionário'}
      schema={id ? funcionarioUpdateSchema : funcionarioCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Funcionário atualizado com sucesso!' : 'Funcionário cadastrado com sucesso!'}
    >
      <FieldGroup title="Dados do funcionário">
        <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={100} />
        <MaskedField
          name="cpf"
          label="CPF"
          required
          mask={maskCpf}
          inputMode="numeric"
          placeholder="000.000.000-00"
        />
        <SelectField name="funcao" label="Função" required options={funcaoOptions} />
        <MaskedField name="telefone" label="Telefone" mask={maskTelefone} inputMode="tel" />
        <DateField name="data_admissao" label="Data de admissão" />
        <TextField name="email" label="E-mail" type="email" className="sm:col-span-2" maxLength={255} />
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
        <SwitchField name="ativo" label="Ativo" />
      </FieldGroup>
      <CnhFields />
    </RegisterFormDialog>
  );
}

/** The CNH: required for a driver (número with its check digits, categoria, validade). */
function CnhFields() {
  const funcao = useWatch({ name: 'funcao' }) as string;
  const validade = useWatch({ name: 'cnh_validade' }) as string;
  const motorista = funcao === 'motorista';
  return (
    <FieldGroup title="CNH">
      <MaskedField
        name="cnh_numero"
        label="Número da CNH"
        required={motorista}
        mask={maskCnh}
        inputMode="numeric"
        placeholder="00000000000"
        hint="11 dígitos (número de registro)"
      />
      <SelectField
        name="cnh_categoria"
        label="Categoria"
        required={motorista}
        emptyLabel="Selecione"
        options={CATEGORIAS_CNH.map((c) => ({ value: c, label: c }))}
      />
      <DateField name="cnh_validade" label="Validade" required={motorista} />
      <div className="flex items-end pb-2">
        <CnhBadge validade={validade || null} />
      </div>
    </FieldGroup>
  );
}
