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
import { searchMunicipios } from '@/components/forms/municipio-picker.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { regioesApi } from '../api/cadastros-api.ts';
import { type ClassificacaoConfig, ClassificacaoPage } from './classificacoes-pages.tsx';

const diaCurto = (d: number) => diaSemanaLabels[d]!.slice(0, 3);
const municipioLabel = (codigo: string) => {
  const m = municipioPorCodigo(codigo);
  return m ? `${m.nome} - ${m.uf}` : codigo;
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
