import {
  DIAS_SEMANA,
  diaSemanaLabels,
  maskCep,
  municipioPorCodigo,
  type RegiaoRow,
  regiaoCreateSchema,
  regiaoUpdateSchema,
} from '@erp/shared';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import type { Column } from '@/components/data-table/data-table.tsx';
import { ativoFilterOptions, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import {
  FieldGroup,
  MaskedField,
  SwitchField,
  TextareaField,
  TextField,
  useFieldError,
} from '@/components/forms/fields.tsx';
import { searchMunicipios } from '@/components/forms/municipio-picker.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useListState } from '@/lib/list-state.ts';
import { regioesApi } from '../api/cadastros-api.ts';

const queryKey = ['cadastros', 'regioes'] as const;
const api = regioesApi as unknown as RegisterApi<RegiaoRow> & typeof regioesApi;
const diaCurto = (d: number) => diaSemanaLabels[d]!.slice(0, 3);
const municipioLabel = (codigo: string) => {
  const m = municipioPorCodigo(codigo);
  return m ? `${m.nome} - ${m.uf}` : codigo;
};

const columns: Column<RegiaoRow>[] = [
  {
    key: 'nome',
    header: 'Nome',
    sortKey: 'nome',
    cell: (r) => <span className="font-medium">{r.nome}</span>,
  },
  {
    key: 'dias',
    header: 'Dias de entrega',
    cell: (r) => (r.dias_entrega.length ? r.dias_entrega.map(diaCurto).join(', ') : '—'),
  },
  {
    key: 'abrangencia',
    header: 'Abrangência',
    cell: (r) =>
      [
        r.municipios.length ? `${r.municipios.length} município(s)` : null,
        r.faixas_cep.length ? `${r.faixas_cep.length} faixa(s) de CEP` : null,
      ]
        .filter(Boolean)
        .join(' · ') || '—',
  },
  {
    key: 'ativo',
    header: 'Status',
    cell: (r) => <Badge variant={r.ativo ? 'success' : 'outline'}>{r.ativo ? 'Ativo' : 'Inativo'}</Badge>,
  },
];

export function RegioesPage() {
  const state = useListState({
    defaultSort: 'nome',
    filterKeys: ['ativo'],
    defaultFilters: { ativo: 'true' },
  });
  return (
    <RegisterPage
      title="Região de Entrega"
      description="Regiões atendidas: municípios ou faixas de CEP cobertos e os dias de entrega."
      queryKey={queryKey}
      api={api}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por nome"
      newLabel="Nova região"
      rowLabel={(r) => r.nome}
      exportBase="regioes-entrega"
      filters={
        <FilterSelect
          label="Status"
          value={state.filters.ativo}
          options={ativoFilterOptions}
          onChange={(v) => state.setFilter('ativo', v)}
        />
      }
      renderForm={(id, close) => <RegiaoForm id={id} onClose={close} />}
    />
  );
}

function toValues(row: RegiaoRow | null) {
  return {
    nome: row?.nome ?? '',
    descricao: row?.descricao ?? '',
    ativo: row?.ativo ?? true,
    dias_entrega: row?.dias_entrega ?? [],
    municipios: row?.municipios ?? [],
    faixas_cep: (row?.faixas_cep ?? []).map((f) => ({ inicio: maskCep(f.inicio), fim: maskCep(f.fim) })),
    ...(row ? { versao: row.versao } : {}),
  };
}

function RegiaoForm({ id, onClose }: { id: string | null; onClose(): void }) {
  const form = useRecordForm({
    queryKey,
    id,
    get: api.get,
    create: api.create,
    update: api.update,
    toValues,
  });
  return (
    <RegisterFormDialog
      title={id ? 'Editar região de entrega' : 'Nova região de entrega'}
      schema={id ? regiaoUpdateSchema : regiaoCreateSchema}
      values={form.values as never}
      loading={form.loading}
      onSubmit={form.save}
      onReload={form.reload as never}
      onClose={onClose}
      successMessage={id ? 'Região atualizada com sucesso!' : 'Região cadastrada com sucesso!'}
      size="lg"
    >
      <FieldGroup title="Dados">
        <TextField name="nome" label="Nome" required className="sm:col-span-2" maxLength={100} />
        <SwitchField name="ativo" label="Ativo" />
        <TextareaField
          name="descricao"
          label="Descrição"
          className="sm:col-span-2 lg:col-span-4"
          maxLength={500}
        />
      </FieldGroup>
      <DiasField />
      <MunicipiosField />
      <FaixasCepField />
    </RegisterFormDialog>
  );
}

function DiasField() {
  const { control } = useFormContext();
  return (
    <Controller
      name="dias_entrega"
      control={control}
      render={({ field }) => {
        const dias = (field.value as number[]) ?? [];
        return (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-muted-foreground">Dias de entrega</legend>
            <div className="flex flex-wrap gap-4">
              {DIAS_SEMANA.map((d) => (
                <Label key={d} className="flex items-center gap-2 font-normal">
                  <Checkbox
                    checked={dias.includes(d)}
                    onCheckedChange={(on) =>
                      field.onChange(on ? [...dias, d].sort((a, b) => a - b) : dias.filter((x) => x !== d))
                    }
                  />
                  {diaSemanaLabels[d]}
                </Label>
              ))}
            </div>
          </fieldset>
        );
      }}
    />
  );
}

function MunicipiosField() {
  const { control } = useFormContext();
  const [text, setText] = useState('');
  const id = useId();
  const error = useFieldError('municipios');
  return (
    <Controller
      name="municipios"
      control={control}
      render={({ field, fieldState }) => {
        const codigos = (field.value as string[]) ?? [];
        const options =
          text.trim().length >= 2
            ? searchMunicipios(text)
                .filter((m) => !codigos.includes(m.codigo))
                .slice(0, 8)
            : [];
        const itemErrors = Array.isArray(fieldState.error) ? fieldState.error : [];
        return (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold text-muted-foreground">Municípios atendidos</legend>
            <div className="flex flex-wrap gap-2">
              {codigos.length === 0 ? (
                <span className="text-sm text-muted-foreground">Nenhum município.</span>
              ) : null}
              {codigos.map((c, i) => (
                <Badge key={c} variant={itemErrors[i] ? 'destructive' : 'secondary'} className="gap-1 py-1">
                  {municipioLabel(c)}
                  <button
                    type="button"
                    aria-label={`Remover ${municipioLabel(c)}`}
                    onClick={() => field.onChange(codigos.filter((x) => x !== c))}
                  >
                    <X aria-hidden className="size-3" />
                  </button>
                </Badge>
              ))}
            </div>
            <Label htmlFor={id} className="sr-only">
              Adicionar município
            </Label>
            <Input
              id={id}
              value={text}
              placeholder="Adicionar município: digite o nome"
              onChange={(e) => setText(e.target.value)}
              className="max-w-sm"
            />
            {options.length ? (
              <div className="flex flex-wrap gap-2">
                {options.map((m) => (
                  <Button
                    key={m.codigo}
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      field.onChange([...codigos, m.codigo]);
                      setText('');
                    }}
                  >
                    <Plus aria-hidden />
                    {m.nome} - {m.uf}
                  </Button>
                ))}
              </div>
            ) : null}
            {error ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}

function FaixasCepField() {
  const { control } = useFormContext();
  const faixas = useFieldArray({ control, name: 'faixas_cep' });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold text-muted-foreground">Faixas de CEP</legend>
      {faixas.fields.map((f, i) => (
        <div key={f.id} className="flex flex-wrap items-start gap-3">
          <MaskedField
            name={`faixas_cep.${i}.inicio`}
            label="CEP inicial"
            mask={maskCep}
            inputMode="numeric"
          />
          <MaskedField name={`faixas_cep.${i}.fim`} label="CEP final" mask={maskCep} inputMode="numeric" />
          <Button variant="ghost" size="sm" className="mt-6" onClick={() => faixas.remove(i)}>
            <X aria-hidden />
            Remover faixa
          </Button>
        </div>
      ))}
      <div>
        <Button variant="outline" size="sm" onClick={() => faixas.append({ inicio: '', fim: '' })}>
          <Plus aria-hidden />
          Adicionar faixa de CEP
        </Button>
      </div>
    </fieldset>
  );
}
