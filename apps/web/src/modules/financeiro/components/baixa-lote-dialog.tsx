import { baixaEmLoteSchema, businessToday, Decimal, formatBRL, plural, type TituloRow } from '@erp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  DateField,
  DecimalField,
  FieldGroup,
  SelectField,
  TextareaField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { type TipoTituloApi, titulosApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';
import { useContasOpcoes, useFormasOpcoes } from '../api/queries.ts';
import { tituloResumo } from './titulo-resumo.ts';

// Baixa em lote: one payment over the títulos selected in the list. The server allocates it in
// due-date order (the shared alocarBaixaEmLote); an empty valor pago settles them all on the date.

export function BaixaLoteDialog({
  tipo,
  titulos,
  onClose,
}: {
  tipo: TipoTituloApi;
  titulos: TituloRow[];
  onClose(savedId?: string): void;
}) {
  const qc = useQueryClient();
  const contas = useContasOpcoes();
  const formas = useFormasOpcoes();
  const saldo = Decimal.sum(titulos.map((t) => t.saldo)).toFixed(2);
  const record: RecordForm = useMemo(
    () => ({
      values: {
        titulo_ids: titulos.map((t) => t.id),
        versoes: Object.fromEntries(titulos.map((t) => [t.id, t.versao])),
        data_pagamento: businessToday(),
        conta_bancaria_id: '',
        forma_id: '',
        valor_pago: '',
        observacao: '',
      },
      loading: false,
      save: async (data: unknown) => {
        await titulosApi(tipo).baixaEmLote(data);
        await qc.invalidateQueries({ queryKey: financeiroKeys.all });
        return { id: titulos[0]!.id };
      },
      reload: async () => ({}),
    }),
    [],
  );
  return (
    <RegisterFormDialog
      title="Baixa em lote"
      description={`${plural(titulos.length, 'título selecionado', 'títulos selecionados')}, saldo ${formatBRL(saldo)}. Um único pagamento, distribuído por ordem de vencimento; juros e multa calculados na data.`}
      schema={baixaEmLoteSchema}
      record={record}
      onClose={onClose}
      successMessage="Baixa em lote registrada com sucesso!"
      submitLabel="Registrar baixa em lote"
      size="lg"
    >
      <FieldGroup title="Pagamento">
        <DateField name="data_pagamento" label="Data do pagamento" required max={businessToday()} />
        <SelectField
          name="conta_bancaria_id"
          label="Conta bancária"
          required
          emptyLabel="Selecione"
          options={contas}
        />
        <SelectField name="forma_id" label="Forma" emptyLabel="Não informada" options={formas} />
        <DecimalField name="valor_pago" label="Valor pago" kind="money" hint="Vazio: quita todos na data" />
        <TextareaField
          name="observacao"
          label="Observação"
          maxLength={500}
          className="sm:col-span-2 lg:col-span-4"
        />
      </FieldGroup>
      <ul className="grid gap-1 text-sm" aria-label="Títulos do lote">
        {titulos.map((t) => (
          <li key={t.id} className="flex justify-between gap-2">
            <span>{tituloResumo(t)}</span>
            <span className="tabular-nums">{formatBRL(t.saldo)}</span>
          </li>
        ))}
      </ul>
    </RegisterFormDialog>
  );
}
