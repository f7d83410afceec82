import {
  businessToday,
  ESCOPOS_TABELA,
  escopoTabelaLabels,
  tabelaPrecoCreateSchema,
  tabelaPrecoUpdateSchema,
} from '@erp/shared';
import { useWatch } from 'react-hook-form';
import {
  DateField,
  FieldGroup,
  PickerField,
  SelectField,
  SwitchField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { selectOptions, useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import { precosKeys } from '../api/keys.ts';
import { type TabelaPrecoTela, tabelasPrecoApi } from '../api/precos-api.ts';
import { ClientesField } from './clientes-field.tsx';

// A price table's header: name, scope (all customers, a grupo empresarial, a segmento, a região
// de entrega or a list of customers — only the chosen one's reference is asked), vigência and
// whether it is active. Items are edited on the table's own page.

function toValues(row: TabelaPrecoTela | null) {
  return {
    nome: row?.nome ?? '',
    escopo: row?.escopo ?? 'geral',
    grupo_id: row?.grupo_id ?? '',
    segmento_id: row?.segmento_id ?? '',
    regiao_id: row?.regiao_id ?? '',
    cliente_ids: (row?.clientes_lista ?? []).map((c) => c.id),
    /** the list's names, for its chips (not sent: the schema keeps only cliente_ids) */
    clientes_lista: row?.clientes_lista ?? [],
    vigencia_inicio: row?.vigencia_inicio ?? businessToday(),
    vigencia_fim: row?.vigencia_fim ?? '',
    ativa: row?.ativa ?? true,
    ...(row ? { versao: row.versao } : {}),
  };
}

export function TabelaForm({ id, onClose }: { id: string | null; onClose(savedId?: string): void }) {
  const form = useRecordForm({ queryKey: precosKeys.tabelas, id, api: tabelasPrecoApi, toValues });
  return (
    <RegisterFormDialog
      title={id ? 'Editar tabela de preços' : 'Nova tabela de preços'}
      description="Quem a tabela alcança e quando vale. Os produtos e seus preços são editados na página da tabela."
      schema={id ? tabelaPrecoUpdateSchema : tabelaPrecoCreateSchema}
      record={form}
      onClose={onClose}
      successMessage={
        id ? 'Tabela de preços atualizada com sucesso!' : 'Tabela de preços cadastrada com sucesso!'
      }
    >
      <TabelaCampos clientes={form.values?.clientes_lista ?? []} />
    </RegisterFormDialog>
  );
}

function TabelaCampos({ clientes }: { clientes: readonly { id: string; nome: string }[] }) {
  const escopo = useWatch({ name: 'escopo' }) as string;
  const grupos = useOpcoes('grupos');
  const segmentos = useOpcoes('segmentos');
  const regioes = useOpcoes('regioes');
  const grupoId = useWatch({ name: 'grupo_id' }) as string;
  const segmentoId = useWatch({ name: 'segmento_id' }) as string;
  const regiaoId = useWatch({ name: 'regiao_id' }) as string;
  return (
    <>
      <FieldGroup title="Tabela">
        <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={100} />
        <DateField name="vigencia_inicio" label="Início da vigência" required />
        <DateField name="vigencia_fim" label="Fim da vigência" hint="Vazio: sem data para terminar" />
        <SwitchField name="ativa" label="Ativa" hint="Inativa, a tabela não vale para nenhuma venda" />
      </FieldGroup>
      <FieldGroup title="Escopo">
        <SelectField
          name="escopo"
          label="Vale para"
          required
          className="sm:col-span-2"
          options={ESCOPOS_TABELA.map((e) => ({ value: e, label: escopoTabelaLabels[e] }))}
        />
        {escopo === 'grupo' ? (
          <PickerField
            name="grupo_id"
            label="Grupo empresarial"
            required
            className="sm:col-span-2"
            options={selectOptions(grupos, grupoId)}
          />
        ) : null}
        {escopo === 'segmento' ? (
          <PickerField
            name="segmento_id"
            label="Segmento"
            required
            className="sm:col-span-2"
            options={selectOptions(segmentos, segmentoId)}
          />
        ) : null}
        {escopo === 'regiao' ? (
          <PickerField
            name="regiao_id"
            label="Região de entrega"
            required
            className="sm:col-span-2"
            options={selectOptions(regioes, regiaoId)}
          />
        ) : null}
        {escopo === 'clientes' ? <ClientesField iniciais={clientes} /> : null}
      </FieldGroup>
    </>
  );
}
