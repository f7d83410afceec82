import 'react-day-picker/style.css';
import { businessToday, formatDateBR } from '@erp/shared';
import { CalendarDays } from 'lucide-react';
import { type Ref, useEffect, useId, useState } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale';
import { cn } from '@/lib/cn.ts';
import { dateTextError, isoToLocalDate, localDateToIso, maskDateBR, parseDateBR } from './date-text.ts';
import { Input } from './input.tsx';
import { Popover, PopoverContent, PopoverTrigger } from './popover.tsx';

/**
 * A pt-BR date field: typed as dd/mm/aaaa (slashes inserted while typing, numeric keyboard on a
 * phone) or picked on a pt-BR calendar (the button, or Alt+↓), whatever the browser's language.
 * The value is 'YYYY-MM-DD' or '' and changes only to a real day inside [min, max]; an impossible
 * or out-of-range text stays on screen with its error until corrected — shown under the input, or
 * handed to `onTextError` (a form shows it as the field's error).
 */
export function DateInput({
  value,
  onChange,
  min,
  max,
  onBlur,
  onTextError,
  className,
  ref,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
  ...input
}: {
  value: string;
  onChange(value: string): void;
  min?: string | undefined;
  max?: string | undefined;
  onBlur?(): void;
  /** takes over showing the text's error (null once it is fine) */
  onTextError?(error: string | null): void;
  className?: string;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  name?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  // the text being typed; null shows the value
  const [text, setText] = useState<string | null>(null);
  const [error, setErrorState] = useState<string | null>(null);
  const setError = (err: string | null) => {
    setErrorState(err);
    onTextError?.(err);
  };
  const [open, setOpen] = useState(false);
  const errorId = useId();
  const range = { min, max };

  // a new value from outside (a calendar pick, "Limpar filtros", the back button) replaces the text
  useEffect(() => {
    setText(null);
    setErrorState(null);
  }, [value]);

  const type = (raw: string) => {
    const t = maskDateBR(raw);
    setText(t);
    if (error) setError(dateTextError(t, range));
    if (t === '') onChange('');
    else if (!dateTextError(t, range)) onChange(parseDateBR(t)!);
  };

  const selected = value ? isoToLocalDate(value) : undefined;
  const disabledDays: Matcher[] = [];
  if (min) disabledDays.push({ before: isoToLocalDate(min) });
  if (max) disabledDays.push({ after: isoToLocalDate(max) });
  const thisYear = Number(businessToday().slice(0, 4));

  return (
    <div className={cn('grid gap-1', className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <div className="relative">
          <Input
            {...input}
            ref={ref}
            inputMode="numeric"
            autoComplete="off"
            placeholder="dd/mm/aaaa"
            maxLength={10}
            className="pr-9"
            value={text ?? formatDateBR(value)}
            aria-invalid={ariaInvalid || error !== null || undefined}
            aria-describedby={
              [describedBy, error && !onTextError ? errorId : null].filter(Boolean).join(' ') || undefined
            }
            onChange={(e) => type(e.target.value)}
            onKeyDown={(e) => {
              if (e.altKey && e.key === 'ArrowDown') {
                e.preventDefault();
                setOpen(true);
              }
            }}
            onBlur={() => {
              if (text !== null) {
                const err = dateTextError(text, range);
                setError(err);
                if (!err) setText(null);
              }
              onBlur?.();
            }}
          />
          <PopoverTrigger
            type="button"
            disabled={input.disabled}
            aria-label="Abrir calendário"
            className="absolute top-1/2 right-1 grid size-7 -translate-y-1/2 place-items-center rounded-sm text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50"
          >
            <CalendarDays aria-hidden className="size-4" />
          </PopoverTrigger>
        </div>
        <PopoverContent className="p-2" aria-label="Calendário">
          <DayPicker
            mode="single"
            locale={ptBR}
            autoFocus
            captionLayout="dropdown"
            startMonth={new Date(1900, 0)}
            endMonth={new Date(thisYear + 10, 11)}
            selected={selected}
            defaultMonth={selected ?? (max ? isoToLocalDate(max) : undefined)}
            disabled={disabledDays}
            onSelect={(d) => {
              if (d) onChange(localDateToIso(d));
              setText(null);
              setError(null);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
      {error && !onTextError ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
