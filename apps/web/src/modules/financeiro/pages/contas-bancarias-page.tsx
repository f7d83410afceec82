import {
  type ContaBancariaRow,
  contaBancariaCreateSchema,
  contaBancariaUpdateSchema,
  formatBRL,
  listarBancos,
  rotuloBanco,
  TIPOS_CHAVE_PIX,
  TIPOS_CONTA_BANCARIA,
  type TipoContaBancaria,
  tipoChavePixLabels,
  tipoContaBancariaLabels,
} from '@erp/shared';
import { Barcode, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ativoColumn, type Column, nomeColumn } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { RegisterPage } from '@/components/data-table/register-page.tsx';
import {
  DateField,
  DecimalField,
  decimalText,
  FieldGroup,
  PickerField,
  SelectField,
  SwitchField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { Button } from '@/components/ui/button.tsx';
import { useListState } from '@/lib/list-state.ts';
import { contasBancariasApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';
import { CarteiraCobrancaDialog } from '../components/carteira-cobranca-form.tsx';

// Contas bancárias and caixas: banco from the Banco Central list (COMPE code and name), agência,
// conta and dígito, tipo, titular, saldo inicial at a date, chave PIX, carteira/convênio; the
// list shows the current balance (saldo inicial + movements) and opens each account's extrato and,
// for a bank account, its cobrança registrada (carteira-cobranca-form.tsx).

const KEY = 'contas-bancarias';
type Row = ContaBancariaRow & { ativo: boolean };

const bancoOptions = listarBancos().map((b) => ({ value: b.codigo, label: rotuloBanco(b) }));

const agenciaConta = (r: ContaBancariaRow) =>
  r.tipo === 'caixa'
    ? '—'
    : `Ag. ${r.agencia}${r.agencia_digito ? `-${r.agencia_digito}` : ''} · C/C ${r.conta}-${r.conta_digito}`;

const columns: Column<Row>[] = [
  nomeColumn(),
  {
    key: 'banco',
    header: 'Banco',
    sortKey: 'banco_codigo',
    cell: (r) => (r.banco_codigo ? `${r.banco_codigo} - ${r.banco_nome ?? ''}` : 'Caixa'),
  },
  { key: 'agencia', header: 'Agência / conta', cell: agenciaConta, className: 'whitespace-nowrap' },
  { key: 'tipo', header: 'Tipo', cell: (r) => tipoContaBancariaLabels[r.tipo] },
  {
    key: 'saldo',
    header: 'Saldo atual',
    cell: (r) => <span className="tabular-nums">{formatBRL(r.saldo_atual)}</span>,
    className: 'text-right whitespace-nowrap',
  },
  ativoColumn(),
];

export function ContasBancariasPage() {
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['ativo', 'tipo'],
    defaultFilters: { ativo: 'true' },
  });
  const [cobranca, setCobranca] = useState<Row | null>(null);
  return (
    <>
      <RegisterPage
        title="Contas Bancárias"
        description="Contas e caixas da empresa: o saldo é o saldo inicial mais os movimentos (baixas e estornos)."
        queryKey={financeiroKeys.registro(KEY)}
        api={contasBancariasApi as never}
        state={state}
        columns={columns}
        searchPlaceholder="Buscar por nome"
        newLabel="Nova conta"
        rowLabel={(r) => r.nome}
        exportBase="contas-bancarias"
        filters={
          <>
            <AtivoFilter state={state} />
            <FilterSelect
              label="Tipo"
              value={state.filters.tipo}
              options={TIPOS_CONTA_BANCARIA.map((t) => ({ value: t, label: tipoContaBancariaLabels[t] }))}
              onChange={(v) => state.setFilter('tipo', v)}
            />
          </>
        }
        extraRowActions={(r) => (
          <>
            {r.banco_codigo ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Cobrança registrada de ${r.nome}`}
                title="Cobrança registrada"
                onClick={() => setCobranca(r)}
              >
                <Barcode aria-hidden />
              </Button>
            ) : null}
            <Button asChild size="sm" variant="ghost" aria-label={`Extrato de ${r.nome}`} title="Extrato">
              <Link to={`/financeiro/contas-bancarias/${r.id}`}>
                <ScrollText aria-hidden />
              </Link>
            </Button>
          </>
        )}
        renderForm={(id, close) => <ContaForm id={id} onClose={close} />}
      />
      {cobranca ? <CarteiraCobrancaDialog conta={cobranca} onClose={() => setCobranca(null)} /> : null}
    </>
  );
}

function CamposBanco() {
  const tipo = (useWatch({ name: 'tipo' }) as TipoContaBancaria | undefined) ?? 'corrente';
  if (tipo === 'caixa') return null;
  return (
    <>
      <PickerField
        name="banco_codigo"
        label="Banco"
        required
        className="sm:col-span-2"
        options={bancoOptions}
        placeholder="Busque pelo código ou nome"
      />
      <TextField name="agencia" label="Agência" required inputMode="numeric" maxLength={5} />
      <TextField name="agencia_digito" label="Dígito da agência" maxLength={1} />
      <TextField name="conta" label="Conta" required inputMode="numeric" maxLength={13} />
      <TextField name="conta_digito" label="Dígito da conta" required maxLength={2} />
      <SelectField
        name="tipo_chave_pix"
        label="Tipo da chave PIX"
        emptyLabel="Sem chave PIX"
        options={TIPOS_CHAVE_PIX.map((t) => ({ value: t, label: tipoChavePixLabels[t] }))}
      />
      <TextField name="chave_pix" label="Chave PIX" maxLength={77} autoComplete="off" />
      <TextField name="carteira" label="Carteira" maxLength={10} hint="Para boletos" />
      <TextField name="convenio" label="Convênio" maxLength={20} hint="Para boletos" />
    </>
  );
}

function ContaForm({ id, onClose }: { id: string | null; onClose(savedId?: string): void }) {
  const form = useRecordForm({
    queryKey: financeiroKeys.registro(KEY),
    id,
    api: contasBancariasApi as never,
    toValues: (row: Row | null) => ({
      nome: row?.nome ?? '',
      tipo: row?.tipo ?? 'corrente',
      banco_codigo: row?.banco_codigo ?? '',
      agencia: row?.agencia ?? '',
      agencia_digito: row?.agencia_digito ?? '',
      conta: row?.conta ?? '',
      conta_digito: row?.conta_digito ?? '',
      titular: row?.titular ?? '',
      saldo_inicial: decimalText(row?.saldo_inicial ?? '0', 'money'),
      data_saldo_inicial: row?.data_saldo_inicial ?? '',
      tipo_chave_pix: row?.tipo_chave_pix ?? '',
      chave_pix: row?.chave_pix ?? '',
      carteira: row?.carteira ?? '',
      convenio: row?.convenio ?? '',
      ativa: row?.ativa ?? true,
      ...(row ? { versao: row.versao } : {}),
    }),
  });
  return (
    <RegisterFormDialog
      title={id ? 'Editar conta' : 'Nova conta'}
      schema={id ? contaBancariaUpdateSchema : contaBancariaCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Conta atualizada com sucesso!' : 'Conta cadastrada com sucesso!'}
      size="lg"
    >
      <FieldGroup title="Conta">
        <TextField
          name="nome"
          label="Nome"
          required
          maxLength={60}
          hint="Como aparece nas baixas: Itaú Movimento, Caixa da loja"
        />
        <SelectField
          name="tipo"
          label="Tipo"
          required
          options={TIPOS_CONTA_BANCARIA.map((t) => ({ value: t, label: tipoContaBancariaLabels[t] }))}
        />
        <CamposBanco />
        <TextField name="titular" label="Titular" className="sm:col-span-2" maxLength={150} />
      </FieldGroup>
      <FieldGroup title="Saldo">
        <DecimalField name="saldo_inicial" label="Saldo inicial" kind="money" required />
        <DateField name="data_saldo_inicial" label="Data do saldo inicial" required />
        <SwitchField name="ativa" label="Ativa" />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
