import { textoEvento } from '@erp/shared';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';

/**
 * The text of a fiscal event (a cancellation's or an inutilização's justificativa, a CC-e's
 * correção): the length rule as the hint and a counter of the characters SEFAZ will get (blanks
 * collapsed, as the shared rule counts them). The rule itself is checked by the caller's schema.
 */
export function JustificativaField({
  label,
  value,
  onChange,
  error,
  min,
  max,
  rows = 4,
  autoFocus,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  min: number;
  max: number;
  rows?: number;
  autoFocus?: boolean;
  className?: string;
}) {
  const contados = textoEvento(value).length;
  return (
    // the counter sits on the label's line, at the right, so the hint and the error keep their place
    <div className={cn('relative', className)}>
      <FormField label={label} required error={error} hint={`De ${min} a ${max} caracteres.`}>
        <Textarea
          autoFocus={autoFocus}
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </FormField>
      <p
        data-contador
        className={cn(
          'absolute top-0 right-0 text-xs leading-none tabular-nums',
          contados > max ? 'font-medium text-destructive' : 'text-muted-foreground',
        )}
      >
        {contados} de {max} caracteres
      </p>
    </div>
  );
}
