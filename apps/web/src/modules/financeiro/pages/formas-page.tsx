import {
  type FormaPagamentoRow,
  formaPagamentoCreateSchema,
  formaPagamentoUpdateSchema,
  formatPercentBR,
  isCartao,
  TIPOS_FORMA,
  type TipoForma,
  TPAG,
  tipoFormaLabels,
  tPagPorTipo,
} from '@erp/shared';
import { useWatch } from 'react-hook-form';
import { ativoColumn, type Column, nomeColumn } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { RegisterPage } from '@/components/data-table/register-page.tsx';
import {
  DecimalField,
  decimalText,
  FieldGroup,
  SelectField,
  SwitchField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { useListState } from '@/lib/list-state.ts';
import { formasPagamentoApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';

// Formas de recebimento/pagamento: nome and tipo, the NF-e tPag the tipo maps to (shown, not
// typed), and for cards the acquirer's taxa and the prazo de compensação (D+N).

const KEY = 'formas-pagamento';
const tipoOptions = TIPOS_FORMA.map((t) => ({ value: t, label: tipoFormaLabels[t] }));
const tpagTexto = (tipo: TipoForma) => `${tPagPorTipo[tipo]} - ${TPAG[tPagPorTipo[tipo]] ?? ''}`;

const columns: Column<FormaPagamentoRow>[] = [
  nomeColumn(),
  { key: 'tipo', header: 'Tipo', sortKey: 'tipo', cell: (r) => tipoFormaLabels[r.tipo] },
  {
    key: 'tpag',
    header: 'tPag (NF-e)',
    cell: (r) => <span className="tabular-nums">{tpagTexto(r.tipo)}</span>,
  },
  {
    key: 'taxa',
    header: 'Taxa',
    cell: (r) => (isCartao(r.tipo) ? formatPercentBR(r.taxa_percentual ?? '0') : '—'),
    className: 'text-right',
  },
  {
    key: 'prazo',
    header: 'Compensação',
    cell: (r) => (isCartao(r.tipo) ? `D+${r.prazo_compensacao_dias ?? 0}` : '—'),
    className: 'text-right',
  },
  ativoColumn(),
];

export function FormasRecebimentoPage() {
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['ativo', 'tipo'],
    defaultFilters: { ativo: 'true' },
  });
  return (
    <RegisterPage
      title="Formas de Recebimento"
      description="Como se recebe e se paga: o tipo define o código tPag da NF-e; cartões têm taxa e prazo de compensação."
      queryKey={financeiroKeys.registro(KEY)}
      api={formasPagamentoApi as never}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por nome"
      newLabel="Nova forma"
      rowLabel={(r) => r.nome}
      exportBase="formas-de-recebimento"
      filters={
        <>
          <AtivoFilter state={state} />
          <FilterSelect
            label="Tipo"
            value={state.filters.tipo}
            options={tipoOptions}
            onChange={(v) => state.setFilter('tipo', v)}
          />
        </>
      }
      renderForm={(id, close) => <FormaForm id={id} onClose={close} />}
    />
  );
}

function CamposTipo() {
  const tipo = (useWatch({ name: 'tipo' }) as TipoForma | undefined) ?? 'dinheiro';
  return (
    <>
      <p className="text-sm text-muted-foreground sm:col-span-2" data-testid="tpag">
        tPag na NF-e: <span className="font-medium text-foreground">{tpagTexto(tipo)}</span>
      </p>
      {isCartao(tipo) ? (
        <>
          <DecimalField name="taxa_percentual" label="Taxa da operadora" kind="percent" />
          <TextField
            name="prazo_compensacao_dias"
            label="Prazo de compensação (dias)"
            inputMode="numeric"
            maxLength={3}
            hint="D+N: dias corridos até o crédito"
          />
        </>
      ) : null}
    </>
  );
}

function FormaForm({ id, onClose }: { id: string | null; onClose(savedId?: string): void }) {
  const form = useRecordForm({
    queryKey: financeiroKeys.registro(KEY),
    id,
    api: formasPagamentoApi as never,
    toValues: (row: FormaPagamentoRow | null) => ({
      nome: row?.nome ?? '',
      tipo: row?.tipo ?? 'dinheiro',
      taxa_percentual: row?.taxa_percentual ? decimalText(row.taxa_percentual, 'percent') : '',
      prazo_compensacao_dias: row?.prazo_compensacao_dias?.toString() ?? '',
      ativo: row?.ativo ?? true,
      ...(row ? { versao: row.versao } : {}),
    }),
  });
  return (
    <RegisterFormDialog
      title={id ? 'Editar forma' : 'Nova forma'}
      schema={id ? formaPagamentoUpdateSchema : formaPagamentoCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={id ? 'Forma atualizada com sucesso!' : 'Forma cadastrada com sucesso!'}
    >
      <FieldGroup title="Dados">
        <TextField name="nome" label="Nome" required maxLength={60} />
        <SelectField name="tipo" label="Tipo" required options={tipoOptions} />
        <CamposTipo />
        <SwitchField name="ativo" label="Ativo" />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
