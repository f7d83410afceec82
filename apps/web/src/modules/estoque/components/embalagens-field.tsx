import { Decimal, parseDecimalBR } from '@erp/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { DecimalField, SelectField, TextField } from '@/components/forms/fields.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatQtd } from './formato.ts';

// The Embalagens tab of the product form: one row per packaging (unit, factor to the base unit,
// GTIN) and, across the rows, one "padrão de compra" and one "padrão de venda" radio each — native
// radios sharing a name, so the arrow keys move the choice from row to row.

export type EmbalagemForm = {
  unidade: string;
  fator: string;
  gtin: string;
  padrao_compra: boolean;
  padrao_venda: boolean;
};

const nova = (primeira: boolean): EmbalagemForm => ({
  unidade: '',
  fator: '',
  gtin: '',
  padrao_compra: primeira,
  padrao_venda: primeira,
});

/** "1 CX = 12 UN" for the row, when its factor reads as a number. */
function conversao(e: EmbalagemForm | undefined, base: string): string | null {
  if (!e?.unidade || !base) return null;
  const fator = parseDecimalBR(e.fator ?? '', 3);
  if (!fator || !Decimal.of(fator).isPositive()) return null;
  return `1 ${e.unidade} = ${formatQtd(fator)} ${base}`;
}

export function EmbalagensField({ unidades }: { unidades: { value: string; label: string }[] }) {
  const { control, setValue } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'embalagens' });
  const rows = (useWatch({ control, name: 'embalagens' }) as EmbalagemForm[] | undefined) ?? [];
  const base = (useWatch({ control, name: 'unidade' }) as string | undefined) ?? '';
  const { errors } = useFormState({ control, name: 'embalagens' });
  const e = errors.embalagens as { message?: string; root?: { message?: string } } | undefined;
  const listError = e?.message ?? e?.root?.message;
  const group = useId();

  /** Marks row i as the default of `campo` and clears it on the others. */
  const marca = (campo: 'padrao_compra' | 'padrao_venda', i: number) => {
    rows.forEach((_, j) => {
      setValue(`embalagens.${j}.${campo}`, j === i, { shouldDirty: true, shouldValidate: false });
    });
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold text-muted-foreground">Embalagens</legend>
      <p className="text-sm text-muted-foreground">
        Cada embalagem converte para a unidade base{base ? ` (${base})` : ''}: CX = 12 UN, FD = 6 UN. Sem
        embalagens, a unidade base é o padrão de compra e de venda.
      </p>
      {fields.length === 0 ? <p className="text-sm">Nenhuma embalagem.</p> : null}
      <ul className="grid gap-3" aria-label="Embalagens">
        {fields.map((f, i) => (
          <li key={f.id}>
            <fieldset
              aria-label={`Embalagem ${i + 1}`}
              className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-[minmax(8rem,1fr)_minmax(7rem,1fr)_minmax(10rem,1.5fr)_auto]"
            >
              <SelectField
                name={`embalagens.${i}.unidade`}
                label="Unidade"
                required
                emptyLabel="Selecione"
                options={unidades}
              />
              <DecimalField
                name={`embalagens.${i}.fator`}
                label="Fator"
                required
                kind="quantity"
                unit={base}
                hint={conversao(rows[i], base) ?? `Quantos ${base || 'da unidade base'}`}
              />
              <TextField
                name={`embalagens.${i}.gtin`}
                label="GTIN"
                inputMode="numeric"
                autoComplete="off"
                maxLength={14}
                placeholder="Sem GTIN"
              />
              <Button
                variant="ghost"
                size="icon"
                className="self-end justify-self-end"
                aria-label={`Remover embalagem ${i + 1}${rows[i]?.unidade ? ` (${rows[i]!.unidade})` : ''}`}
                onClick={() => remove(i)}
              >
                <Trash2 aria-hidden />
              </Button>
              <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm sm:col-span-4">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    className="size-4 accent-primary"
                    name={`${group}-compra`}
                    checked={Boolean(rows[i]?.padrao_compra)}
                    onChange={() => marca('padrao_compra', i)}
                  />
                  Padrão de compra
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    className="size-4 accent-primary"
                    name={`${group}-venda`}
                    checked={Boolean(rows[i]?.padrao_venda)}
                    onChange={() => marca('padrao_venda', i)}
                  />
                  Padrão de venda
                </label>
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      {listError ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {listError}
        </p>
      ) : null}
      <div>
        <Button variant="outline" onClick={() => append(nova(fields.length === 0))}>
          <Plus aria-hidden />
          Adicionar embalagem
        </Button>
      </div>
    </fieldset>
  );
}
