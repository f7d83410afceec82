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
import { ativoColumn, nomeColumn } from '@/components/data-table/data-table.tsx';
import { MaskedField, useFieldError } from '@/components/forms/fields.tsx';
import { municipioLabel, municipioOptions } from '@/components/forms/municipio-picker.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Combobox } from '@/components/ui/combobox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { regioesApi } from '../api/cadastros-api.ts';
import { type ClassificacaoConfig, ClassificacaoPage } from './classificacoes-pages.tsx';

const diaCurto = (d: number) => diaSemanaLabels[d]!.slice(0, 3);
const codigoLabel = (codigo: string) => {
  const m = municipioPorCodigo(codigo);
  return m ? municipioLabel(m) : codigo;
};

const regioes: ClassificacaoConfig<RegiaoRow> = {
  key: 'regioes',
  title: 'Região de Entrega',
  description: 'Regiões atendidas: municípios ou faixas de CEP cobertos e os dias de entrega.',
  singular: 'região de entrega',
  novo: 'Nova região',
  novoTitulo: 'Nova região de entrega',
  exportBase: 'regioes-entrega',
  api: regioesApi as never,
  createSchema: regiaoCreateSchema,
  updateSchema: regiaoUpdateSchema,
  columns: [
    nomeColumn(),
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
    ativoColumn(),
  ],
  extraValues: (row) => ({
    dias_entrega: row?.dias_entrega ?? [],
    municipios: row?.municipios ?? [],
    faixas_cep: (row?.faixas_cep ?? []).map((f) => ({ inicio: maskCep(f.inicio), fim: maskCep(f.fim) })),
  }),
  extraSections: (
    <>
      <DiasField />
      <MunicipiosField />
      <FaixasCepField />
    </>
  ),
  size: 'lg',
  saved: ['Região cadastrada com sucesso!', 'Região atualizada com sucesso!'],
};

export function RegioesPage() {
  return <ClassificacaoPage cfg={regioes} />;
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
            ? municipioOptions(text)
                .filter((m) => !codigos.includes(m.codigo))
                .slice(0, 20)
            : [];
        const itemErrors = Array.isArray(fieldState.error) ? fieldState.error : [];
        return (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold text-muted-foreground">Municípios atendidos</legend>
            <ul className="flex flex-wrap gap-2" aria-label="Municípios atendidos">
              {codigos.length === 0 ? (
                <li className="text-sm text-muted-foreground">Nenhum município.</li>
              ) : null}
              {codigos.map((c, i) => (
                <li key={c}>
                  <Badge variant={itemErrors[i] ? 'destructive' : 'secondary'} className="gap-1 py-1">
                    {codigoLabel(c)}
                    <button
                      type="button"
                      aria-label={`Remover ${codigoLabel(c)}`}
                      onClick={() => field.onChange(codigos.filter((x) => x !== c))}
                    >
                      <X aria-hidden className="size-3" />
                    </button>
                  </Badge>
                </li>
              ))}
            </ul>
            <Label htmlFor={id} className="sr-only">
              Adicionar município
            </Label>
            <Combobox
              id={id}
              className="max-w-sm"
              value={text}
              onValueChange={setText}
              options={options}
              optionKey={(m) => m.codigo}
              optionLabel={municipioLabel}
              onPick={(m) => {
                field.onChange([...codigos, m.codigo]);
                setText('');
              }}
              listLabel="Municípios"
              placeholder="Adicionar município: digite o nome"
              noMatchText={
                text.trim().length >= 2 ? 'Nenhum município encontrado' : 'Digite ao menos 2 letras'
              }
            />
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
