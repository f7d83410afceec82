import { formatDecimalBR, normalizaBusca, parseDecimalBR } from '@erp/shared';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { SearchSelect } from '@/components/ui/combobox.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { AffixInput, Input, Textarea } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Switch } from '@/components/ui/switch.tsx';

// Form fields bound by name to the surrounding react-hook-form (RegisterFormDialog provides it).
// Each shows its label and its pt-BR error next to it (client zod or server field errors).

type Common = { name: string; label: string; required?: boolean; hint?: string; className?: string };

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/** The label, hint and pt-BR error of the field `name` around its input. */
function BoundField({
  name,
  label,
  required,
  hint,
  className,
  children,
}: Common & { children: ReactElement<Record<string, unknown>> }) {
  return (
    <FormField
      label={label}
      required={required}
      hint={hint}
      error={useFieldError(name)}
      className={className}
    >
      {children}
    </FormField>
  );
}

export function TextField({
  name,
  label,
  required,
  hint,
  className,
  ...input
}: Common & Omit<ComponentProps<'input'>, 'name'>) {
  const { register } = useFormContext();
  return (
    <BoundField name={name} label={label} required={required} hint={hint} className={className}>
      <Input {...input} {...register(name)} />
    </BoundField>
  );
}

/** A text input whose value is re-formatted on every keystroke (CPF/CNPJ, CEP, phone). */
export function MaskedField({
  name,
  label,
  required,
  hint,
  className,
  mask,
  ...input
}: Common & { mask(value: string): string } & Omit<ComponentProps<'input'>, 'name'>) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <BoundField name={name} label={label} required={required} hint={hint} className={className}>
          <Input
            {...input}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={(field.value as string | null) ?? ''}
            onChange={(e) => field.onChange(mask(e.target.value))}
          />
        </BoundField>
      )}
    />
  );
}

export function TextareaField({
  name,
  label,
  required,
  hint,
  className,
  ...input
}: Common & Omit<ComponentProps<'textarea'>, 'name'>) {
  const { register } = useFormContext();
  return (
    <BoundField name={name} label={label} required={required} hint={hint} className={className}>
      <Textarea {...input} {...register(name)} />
    </BoundField>
  );
}

export type Option = { value: string; label: string };

/** A native select for a short, fixed list (UF, tipo). `onValueChange` runs after the form took the value. */
export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  emptyLabel,
  onValueChange,
}: Common & { options: Option[]; emptyLabel?: string; onValueChange?(value: string): void }) {
  const { register, control } = useFormContext();
  // controlled by the form's value: options that arrive after the record (a register's options
  // still loading) still show the record's choice instead of the first option
  const value = useWatch({ control, name }) as string | null | undefined;
  return (
    <BoundField name={name} label={label} required={required} hint={hint} className={className}>
      <NativeSelect
        {...register(name, onValueChange ? { onChange: (e) => onValueChange(e.target.value) } : {})}
        value={value ?? ''}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </BoundField>
  );
}

const MAX_PICKER_OPTIONS = 50;

/** The options whose label contains the text (accents and case ignored), all of them for ''. */
export function searchOptions(options: readonly Option[], text: string): Option[] {
  const q = normalizaBusca(text.trim());
  return (q ? options.filter((o) => normalizaBusca(o.label).includes(q)) : options).slice(
    0,
    MAX_PICKER_OPTIONS,
  );
}

/**
 * A reference to another record picked by searching its name (vendedor, usuário, later produto):
 * the form value is the option's value, '' for none (clear the text). `placeholder` says what
 * none means ("Sem vendedor").
 */
export function PickerField({
  name,
  label,
  required,
  hint,
  className,
  options,
  placeholder,
}: Common & { options: readonly Option[]; placeholder?: string }) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <BoundField name={name} label={label} required={required} hint={hint} className={className}>
          <SearchSelect
            ref={field.ref}
            name={field.name}
            selectedLabel={options.find((o) => o.value === field.value)?.label ?? ''}
            search={(text) => searchOptions(options, text)}
            optionKey={(o) => o.value}
            optionLabel={(o) => o.label}
            onPick={(o) => field.onChange(o?.value ?? '')}
            onBlur={field.onBlur}
            listLabel={label}
            placeholder={placeholder}
          />
        </BoundField>
      )}
    />
  );
}

/**
 * Money ("R$" before the value), a percentage ("%" after it) or a quantity (its `unit` after it),
 * up to `places` decimals (default 3 for a quantity, 2 otherwise; a unit cost takes 4), typed
 * pt-BR style and shown formatted once the field is left: "15000,5" becomes "R$ 15.000,50",
 * "12,50" becomes "12,5 %", "1500,250" becomes "1.500,25".
 * A text that is not a number stays as typed for the schema to refuse.
 */
export function DecimalField({
  name,
  label,
  required,
  hint,
  className,
  kind,
  unit,
  places,
}: Common & { kind: DecimalKind; unit?: string; places?: number }) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <BoundField name={name} label={label} required={required} hint={hint} className={className}>
          <AffixInput
            prefix={kind === 'money' ? 'R$' : undefined}
            suffix={kind === 'percent' ? '%' : unit}
            inputMode="decimal"
            autoComplete="off"
            // a unit ("UN", "PCT", "m³") needs more room than "%"
            className={
              unit && kind !== 'percent' ? 'pr-12 text-right tabular-nums' : 'text-right tabular-nums'
            }
            name={field.name}
            ref={field.ref}
            value={(field.value as string | null) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={() => {
              const parsed = parseDecimalBR(
                String(field.value ?? ''),
                places ?? (kind === 'quantity' ? 3 : 2),
              );
              if (parsed) field.onChange(decimalText(parsed, kind));
              field.onBlur();
            }}
          />
        </BoundField>
      )}
    />
  );
}

type DecimalKind = 'money' | 'percent' | 'quantity';

/** A stored decimal ("15000.50") as a DecimalField shows it ("15.000,50"; "12,5" for a percentage or quantity). */
export function decimalText(value: string | null | undefined, kind: DecimalKind): string {
  return formatDecimalBR(value || '0', kind === 'money' ? 2 : 0);
}

/** A pt-BR date (dd/mm/aaaa, calendar); the form value is 'YYYY-MM-DD' or ''. */
export function DateField({
  name,
  label,
  required,
  hint,
  className,
  min,
  max,
}: Common & { min?: string; max?: string }) {
  const { control, setError, clearErrors } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <BoundField name={name} label={label} required={required} hint={hint} className={className}>
          <DateInput
            onTextError={(message) =>
              message ? setError(name, { type: 'date', message }) : clearErrors(name)
            }
            ref={field.ref}
            name={field.name}
            value={(field.value as string | null) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            min={min}
            max={max}
          />
        </BoundField>
      )}
    />
  );
}

export function SwitchField({ name, label, hint, className }: Omit<Common, 'required'>) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormField label={label} hint={hint} className={className}>
          <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} onBlur={field.onBlur} />
        </FormField>
      )}
    />
  );
}

/** A titled group of fields in a grid. */
export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="mb-2 text-sm font-semibold text-muted-foreground">{title}</legend>
      {children}
    </fieldset>
  );
}
