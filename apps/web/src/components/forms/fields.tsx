import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
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

export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  emptyLabel,
}: Common & { options: { value: string; label: string }[]; emptyLabel?: string }) {
  const { register } = useFormContext();
  return (
    <BoundField name={name} label={label} required={required} hint={hint} className={className}>
      <NativeSelect {...register(name)}>
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
