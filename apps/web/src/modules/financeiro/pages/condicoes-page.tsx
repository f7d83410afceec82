import {
  businessToday,
  type CondicaoPagamentoRow,
  condicaoPagamentoCreateSchema,
  condicaoPagamentoUpdateSchema,
  formatDecimalBR,
  TIPOS_CONDICAO,
  type TipoCondicao,
  textoDias,
  tipoCondicaoLabels,
} from '@erp/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ativoColumn, type Column, nomeColumn } from '@/components/data-table/data-table.tsx';
import { AtivoFilter } from '@/components/data-table/filter-select.tsx';
import { RegisterPage } from '@/components/data-table/register-page.tsx';
import { DecimalField, FieldGroup, SelectField, SwitchField, TextField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { DateInput } from '@/components/ui/date-input.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useListState } from '@/lib/list-state.ts';
import { condicoesPagamentoApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';
import { type CondicaoFormValues, previewParcelas } from '../components/parcelas-preview.ts';
import { ParcelasPreviewTable } from '../components/parcelas-preview-table.tsx';

// Condições de pagamento: the prazos in days ("28/35/42") or "N parcelas a cada X dias" with the
// first after Y days, an optional entrada (%), and a live preview of the instalments of a sample
// value from a sample base date (the shared gerarParcelas: holidays, the remainder cent).

const KEY = 'condicoes-pagamento';

const columns: Column<CondicaoPagamentoRow>[] = [
  nomeColumn(),
  { key: 'descricao', header: 'Condição', cell: (r) => r.descricao },
  {
    key: 'parcelas',
    header: 'Parcelas',
    cell: (r) => r.dias.length + (r.entrada_percentual ? 1 : 0),
    className: 'text-right',
  },
  ativoColumn(),
];

export function CondicoesPagamentoPage() {
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['ativo'],
    defaultFilters: { ativo: 'true' },
  });
  return (
    <RegisterPage
      title="Condições de Pagamento"
      description="Prazos das parcelas dos pedidos e títulos; vencimentos em fim de semana ou feriado passam para o dia útil seguinte."
      queryKey={financeiroKeys.registro(KEY)}
      api={condicoesPagamentoApi as never}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por nome"
      newLabel="Nova condição"
      rowLabel={(r) => r.nome}
      exportBase="condicoes-de-pagamento"
      filters={<AtivoFilter state={state} />}
      renderForm={(id, close) => <CondicaoForm id={id} onClose={close} />}
    />
  );
}

/** The instalments of a sample value under what the form holds now. */
function PreviewCondicao() {
  const [valor, setValor] = useState('1.000,00');
  const [base, setBase] = useState(businessToday());
  const v = useWatch() as CondicaoFormValues;
  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <FormField label="Valor de exemplo">
        <Input
          value={valor}
          onChange={(e) => setValor(e.target.value)}
          inputMode="decimal"
          className="text-right"
        />
      </FormField>
      <FormField label="Data base">
        <DateInput value={base} onChange={(d) => setBase(d ?? '')} />
      </FormField>
      <div className="sm:col-span-2">
        <ParcelasPreviewTable preview={previewParcelas(v, valor, base)} titulo="Simulação das parcelas" />
      </div>
    </div>
  );
}

function CamposTipo() {
  const tipo = (useWatch({ name: 'tipo' }) as TipoCondicao | undefined) ?? 'dias';
  return tipo === 'dias' ? (
    <TextField
      name="dias"
      label="Prazos (dias)"
      required
      autoComplete="off"
      hint="Separados por barra: 0/30/60, 28/35/42"
    />
  ) : (
    <>
      <TextField name="parcelas" label="Número de parcelas" required inputMode="numeric" maxLength={2} />
      <TextField name="intervalo_dias" label="A cada (dias)" inputMode="numeric" maxLength={3} />
      <TextField
        name="primeiro_vencimento_dias"
        label="Primeira em (dias)"
        inputMode="numeric"
        maxLength={3}
        hint="Vazio: o mesmo intervalo"
      />
    </>
  );
}

function CondicaoForm({ id, onClose }: { id: string | null; onClose(savedId?: string): void }) {
  const form = useRecordForm({
    queryKey: financeiroKeys.registro(KEY),
    id,
    api: condicoesPagamentoApi as never,
    toValues: (row: CondicaoPagamentoRow | null) => ({
      nome: row?.nome ?? '',
      tipo: row?.tipo ?? 'dias',
      dias: row ? textoDias(row.dias) : '',
      parcelas: row?.parcelas?.toString() ?? '',
      intervalo_dias: row?.intervalo_dias?.toString() ?? '',
      primeiro_vencimento_dias: row?.primeiro_vencimento_dias?.toString() ?? '',
      entrada_percentual: row?.entrada_percentual ? formatDecimalBR(row.entrada_percentual, 0) : '',
      ativo: row?.ativo ?? true,
      ...(row ? { versao: row.versao } : {}),
    }),
  });
  return (
    <RegisterFormDialog
      title={id ? 'Editar condição' : 'Nova condição'}
      schema={id ? condicaoPagamentoUpdateSchema : condicaoPagamentoCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Condição atualizada com sucesso!' : 'Condição cadastrada com sucesso!'}
      size="lg"
    >
      <FieldGroup title="Condição">
        <TextField name="nome" label="Nome" required maxLength={60} />
        <SelectField
          name="tipo"
          label="Forma dos prazos"
          required
          className="sm:col-span-2"
          options={TIPOS_CONDICAO.map((t) => ({ value: t, label: tipoCondicaoLabels[t] }))}
        />
        <CamposTipo />
        <DecimalField
          name="entrada_percentual"
          label="Entrada"
          kind="percent"
          hint="Opcional: paga na data base"
        />
        <SwitchField name="ativo" label="Ativo" />
      </FieldGroup>
      <FieldGroup title="Simulação">
        <PreviewCondicao />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
