import { businessToday, copiaTabelaSchema } from '@erp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DateField, FieldGroup, TextField } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { precosKeys } from '../api/keys.ts';
import { tabelasPrecoApi } from '../api/precos-api.ts';

/**
 * "Copiar": the table's scope, customers, items and breaks under a new name and vigência. The copy
 * is created inactive (it never competes with the original before someone reviews it); `onClose`
 * gets its id.
 */
export function CopiaDialog({
  tabela,
  onClose,
}: {
  tabela: { id: string; nome: string };
  onClose(copiaId?: string): void;
}) {
  const qc = useQueryClient();
  const record = useMemo<RecordForm<Record<string, string>>>(() => {
    const values = {
      nome: `${tabela.nome} (cópia)`.slice(0, 100),
      vigencia_inicio: businessToday(),
      vigencia_fim: '',
    };
    return {
      values,
      loading: false,
      save: async (data) => {
        const copia = await tabelasPrecoApi.copia(tabela.id, data as never);
        await qc.invalidateQueries({ queryKey: precosKeys.all });
        return copia;
      },
      reload: async () => values,
    };
  }, [tabela, qc]);
  return (
    <RegisterFormDialog
      title={`Copiar ${tabela.nome}`}
      description="A cópia leva o escopo, os clientes, os produtos e as faixas da tabela, com outro nome e outra vigência. Ela é criada inativa: revise e ative quando for a hora."
      schema={copiaTabelaSchema}
      record={record}
      onClose={onClose}
      successMessage="Tabela copiada. A cópia está inativa."
      submitLabel="Copiar"
    >
      <FieldGroup title="Nova tabela">
        <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={100} />
        <DateField name="vigencia_inicio" label="Início da vigência" required />
        <DateField name="vigencia_fim" label="Fim da vigência" hint="Vazio: sem data para terminar" />
      </FieldGroup>
    </RegisterFormDialog>
  );
}
