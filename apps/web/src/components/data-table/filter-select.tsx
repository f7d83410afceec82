import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select.tsx';

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
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <NativeSelect
        id={id}
        className="h-9 w-auto min-w-36"
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
