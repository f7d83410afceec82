import { type ReactNode, useId } from 'react';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { ListState } from '@/lib/list-state.ts';

export type FilterOption = { value: string; label: string };

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
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
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

/** A filter select with a full-size label above it ("" is the `allLabel` option). */
export function LabeledSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  className = 'grid gap-1.5',
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  allLabel: string;
  className?: string;
  /** the options after "all" */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {children}
      </NativeSelect>
    </div>
  );
}
