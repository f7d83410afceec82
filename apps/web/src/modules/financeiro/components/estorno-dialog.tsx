import {
  type BaixaRow,
  cancelamentoTituloSchema,
  estornoBaixaSchema,
  formatBRL,
  formatDateBR,
  type TituloRow,
} from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { FieldGroup, SelectField, TextareaField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { type TipoTituloApi, titulosApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';
import { tituloResumo } from './titulo-resumo.ts';

// Estorno of one of a título's active baixas (a reversal movement, never a delete: the saldo comes
// back) and the cancelamento of a título without active baixas — both with the motivo the shared
// schemas require (10 to 500 characters).

const estornoFormSchema = estornoBaixaSchema.extend({
  baixa_id: z.string({ error: 'Escolha a baixa' }).min(1, 'Escolha a baixa'),
});

export const baixaLabel = (b: BaixaRow) =>
  `${formatDateBR(b.data_pagamento)} · ${formatBRL(b.valor_pago)} (abateu ${formatBRL(b.principal)})`;

export function useBaixas(tipo: TipoTituloApi, tituloId: string) {
  return useQuery({
    queryKey: [...financeiroKeys.all, tipo, 'baixas', tituloId],
    queryFn: () => titulosApi(tipo).baixas(tituloId) as Promise<BaixaRow[]>,
  });
}

export function EstornoDialog({
  tipo,
  titulo,
  onClose,
}: {
  tipo: TipoTituloApi;
  titulo: TituloRow;
  onClose(savedId?: string): void;
}) {
  const qc = useQueryClient();
  const baixas = useBaixas(tipo, titulo.id);
  const ativas = (baixas.data ?? []).filter((b) => !b.estornada);
  const record: RecordForm = useMemo(
    () => ({
      values: baixas.data ? { baixa_id: ativas.length === 1 ? ativas[0]!.id : '', motivo: '' } : null,
      loading: baixas.isPending,
      save: async (data: unknown) => {
        const { baixa_id, motivo } = data as z.output<typeof estornoFormSchema>;
        await titulosApi(tipo).estornar(baixa_id, motivo);
        await qc.invalidateQueries({ queryKey: financeiroKeys.all });
        return { id: titulo.id };
      },
      reload: async () => ({ baixa_id: '', motivo: '' }),
    }),
    [baixas.data, baixas.isPending],
  );
  return (
    <RegisterFormDialog
      title="Estornar baixa"
      description={`${tituloResumo(titulo)}. O estorno lança o movimento contrário na conta e devolve o valor ao saldo do título.`}
      schema={estornoFormSchema}
      record={record}
      onClose={onClose}
      successMessage="Baixa estornada com sucesso!"
      submitLabel="Estornar"
    >
      <FieldGroup title="Estorno">
        <SelectField
          name="baixa_id"
          label="Baixa"
          required
          emptyLabel={ativas.length ? 'Selecione' : 'Nenhuma baixa ativa'}
          className="sm:col-span-2 lg:col-span-4"
          options={ativas.map((b) => ({ value: b.id, label: baixaLabel(b) }))}
        />
        <TextareaField
          name="motivo"
          label="Motivo"
          required
          maxLength={500}
          className="sm:col-span-2 lg:col-span-4"
          hint="Ao menos 10 caracteres"
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}

export function CancelamentoDialog({
  tipo,
  titulo,
  onClose,
}: {
  tipo: TipoTituloApi;
  titulo: TituloRow;
  onClose(savedId?: string): void;
}) {
  const qc = useQueryClient();
  const record: RecordForm = useMemo(
    () => ({
      values: { motivo: '' },
      loading: false,
      save: async (data: unknown) => {
        await titulosApi(tipo).cancelar(titulo.id, (data as { motivo: string }).motivo);
        await qc.invalidateQueries({ queryKey: financeiroKeys.all });
        return { id: titulo.id };
      },
      reload: async () => ({ motivo: '' }),
    }),
    [],
  );
  return (
    <RegisterFormDialog
      title="Cancelar título"
      description={`${tituloResumo(titulo)} · ${formatBRL(titulo.valor)}. O título cancelado deixa de estar em aberto.`}
      schema={cancelamentoTituloSchema}
      record={record}
      onClose={onClose}
      successMessage="Título cancelado com sucesso!"
      submitLabel="Cancelar título"
    >
      <FieldGroup title="Cancelamento">
        <TextareaField
          name="motivo"
          label="Motivo"
          required
          maxLength={500}
          className="sm:col-span-2 lg:col-span-4"
          hint="Ao menos 10 caracteres"
        />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
