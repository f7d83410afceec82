import { type Ref, useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * A file field in pt-BR whatever the browser's language: "Escolher arquivo…" and the chosen file's
 * name, or "Nenhum arquivo selecionado" (the native control says "Choose file / No file chosen" in an
 * English browser). The native input stays in the page, invisible but focusable and labelled — the
 * form's label, the keyboard and a screen reader reach it as before — and the box shows its focus.
 * Controlled: `value` is the chosen file; null clears the native input too.
 */
export function FileInput({
  value,
  onChange,
  accept,
  id,
  disabled,
  className,
  ref,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
}: {
  value: File | null;
  onChange(file: File | null): void;
  accept?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const nomeId = `${inputId}-nome`;
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!value && input.current) input.current.value = '';
  }, [value]);
  return (
    <div
      className={cn(
        'flex h-9 w-full min-w-0 items-center gap-3 overflow-hidden rounded-md border border-input bg-card text-sm shadow-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring has-[:disabled]:opacity-50',
        ariaInvalid && 'border-destructive',
        className,
      )}
    >
      <input
        ref={(el) => {
          input.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        aria-invalid={ariaInvalid}
        aria-describedby={[nomeId, describedBy].filter(Boolean).join(' ')}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <label
        htmlFor={inputId}
        aria-hidden
        className="flex h-full shrink-0 cursor-pointer items-center border-r border-input bg-muted px-3 font-medium hover:bg-muted/70"
      >
        Escolher arquivo…
      </label>
      <span
        id={nomeId}
        title={value?.name}
        className={cn('min-w-0 truncate pr-3', value ? 'text-foreground' : 'text-muted-foreground')}
      >
        {value ? value.name : 'Nenhum arquivo selecionado'}
      </span>
    </div>
  );
}
