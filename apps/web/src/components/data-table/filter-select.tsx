import { type ReactNode, useId } from 'react';
import { DateInput } from '@/components/ui/date-input.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { cn } from '@/lib/cn.ts';
import type { ListState } from '@/lib/list-state.ts';

export type FilterOption = { value: string; label: string };

// A filter slot of the list toolbar: a small label above a control, both kept at the top of the slot
// (content-start) so a message under one control (a date's error) never moves it or its neighbours.
const SLOT = 'grid min-w-0 content-start gap-1';
const SLOT_LABEL = 'text-xs font-medium text-muted-foreground';

/** A labelled filter slot around any control (a picker, a number): the control takes the given id. */
export function FilterSlot({
  label,
  className,
  children,
}: {
  label: string;
  /** The slot's width, e.g. "sm:w-64". */
  className?: string;
  children(id: string): ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn(SLOT, className)}>
      <label htmlFor={id} className={SLOT_LABEL}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled select for a list filter; "" is "Todos". */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  allLabel = 'Todos',
}: {
  label: string;
  value: string;
  options: FilterOption[];
  onChange(value: string): void;
  allLabel?: string;
}) {
  return (
    <FilterSlot label={label}>
      {(id) => (
        <NativeSelect
          id={id}
          className="h-9 w-full sm:w-auto sm:min-w-36"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{allLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FilterSlot>
  );
}

export const ativoFilterOptions: FilterOption[] = [
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
];

/** The "Status" filter of a register list (ativo=true|false, "" for all). */
export function AtivoFilter({ state }: { state: Pick<ListState<'ativo'>, 'filters' | 'setFilter'> }) {
  return (
    <FilterSelect
      label="Status"
      value={state.filters.ativo}
      options={ativoFilterOptions}
      onChange={(v) => state.setFilter('ativo', v)}
    />
  );
}

/** A labelled dd/mm/aaaa date for a list filter ('YYYY-MM-DD' or ''); its error shows under it. */
export function FilterDate({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  min?: string | undefined;
  max?: string | undefined;
}) {
  return (
    <FilterSlot label={label}>
      {(id) => (
        <DateInput id={id} className="sm:w-40" value={value} min={min} max={max} onChange={onChange} />
      )}
    </FilterSlot>
  );
}

/** A labelled number of at most `digits` digits for a list filter (a série, a code); '' for all. */
export function FilterDigits({
  label,
  value,
  digits,
  onChange,
}: {
  label: string;
  value: string;
  digits: number;
  onChange(value: string): void;
}) {
  return (
    <FilterSlot label={label} className="sm:w-24">
      {(id) => (
        <Input
          id={id}
          inputMode="numeric"
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, digits))}
        />
      )}
    </FilterSlot>
  );
}

/**
 * The "de / até" pair of a period filter: two FilterDate whose bounds follow each other (até never
 * before de). Values 'YYYY-MM-DD' or ''.
 */
export function FilterPeriodo({
  de,
  ate,
  onDe,
  onAte,
  deLabel = 'De',
  ateLabel = 'Até',
}: {
  de: string;
  ate: string;
  onDe(value: string): void;
  onAte(value: string): void;
  deLabel?: string;
  ateLabel?: string;
}) {
  return (
    <>
      <FilterDate label={deLabel} value={de} max={ate || undefined} onChange={onDe} />
      <FilterDate label={ateLabel} value={ate} min={de || undefined} onChange={onAte} />
    </>
  );
}
