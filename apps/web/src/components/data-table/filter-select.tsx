import { useId } from 'react';
import { DateInput } from '@/components/ui/date-input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { ListState } from '@/lib/list-state.ts';

export type FilterOption = { value: string; label: string };

// A filter slot of the list toolbar: a small label above a control, both kept at the top of the slot
// (content-start) so a message under one control (a date's error) never moves it or its neighbours.
const SLOT = 'grid min-w-0 content-start gap-1';
const SLOT_LABEL = 'text-xs font-medium text-muted-foreground';

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
  const id = useId();
  return (
    <div className={SLOT}>
      <label htmlFor={id} className={SLOT_LABEL}>
        {label}
      </label>
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
    </div>
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
  const id = useId();
  return (
    <div className={SLOT}>
      <label htmlFor={id} className={SLOT_LABEL}>
        {label}
      </label>
      <DateInput id={id} className="sm:w-40" value={value} min={min} max={max} onChange={onChange} />
    </div>
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
