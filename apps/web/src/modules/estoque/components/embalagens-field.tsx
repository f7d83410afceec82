import { Decimal, formatDecimalBR, MEDIDAS_EMBALAGEM, parseDecimalBR, volumeEmbalagem } from '@erp/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { DecimalField, SelectField, TextField } from '@/components/forms/fields.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatQtd } from './formato.ts';

// The Embalagens tab of the product form: one row per packaging (unit, factor to the base unit,
// GTIN, and optionally the packed box as it ships: gross weight and outer dimensions, which loads
// count instead of fator × the base unit's figures) and, across the rows, one "padrão de compra"
// and one "padrão de venda" radio each — native radios sharing a name, so the arrow keys move the
// choice from row to row.

export type EmbalagemForm = {
  unidade: string;
  fator: string;
  gtin: string;
  padrao_compra: boolean;
  padrao_venda: boolean;
  peso_bruto: string;
  altura: string;
  largura: string;
  comprimento: string;
};

const nova = (primeira: boolean): EmbalagemForm => ({
  unidade: '',
  fator: '',
  gtin: '',
  padrao_compra: primeira,
  padrao_venda: primeira,
  peso_bruto: '',
  altura: '',
  largura: '',
  comprimento: '',
});

/** "Volume da caixa: 0,015 m³" once the three dimensions read as numbers. */
function volumeDaCaixa(e: EmbalagemForm | undefined): string {
  const medida = (v: string | undefined) => parseDecimalBR(v ?? '', 2);
  const m = { altura: medida(e?.altura), largura: medida(e?.largura), comprimento: medida(e?.comprimento) };
  const v = m.altura && m.largura && m.comprimento ? volumeEmbalagem(m) : null;
  return v ? `Volume da caixa: ${formatDecimalBR(v, 3)} m³` : 'Altura × largura × comprimento, em cm';
}

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
              {/* the base unit's own figures are on the Estoque tab */}
              {rows[i]?.unidade && rows[i]?.unidade === base ? null : (
                <fieldset className="grid grid-cols-2 gap-3 sm:col-span-4 sm:grid-cols-4">
                  <legend className="mb-1 text-xs font-medium text-muted-foreground">
                    Caixa fechada, como é expedida (opcional; a carga usa estas medidas)
                  </legend>
                  <DecimalField
                    name={`embalagens.${i}.peso_bruto`}
                    label="Peso bruto"
                    kind="quantity"
                    unit="kg"
                    hint="Com a caixa"
                  />
                  {MEDIDAS_EMBALAGEM.map(([campo, label]) => (
                    <DecimalField
                      key={campo}
                      name={`embalagens.${i}.${campo}`}
                      label={label}
                      kind="quantity"
                      unit="cm"
                      places={2}
                      hint={campo === 'altura' ? volumeDaCaixa(rows[i]) : undefined}
                    />
                  ))}
                </fieldset>
              )}
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
