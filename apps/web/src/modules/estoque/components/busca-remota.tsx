import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { Combobox } from '@/components/ui/combobox.tsx';

/** The text after the user stopped typing for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The app's combobox holding one choice, searching on the server as the user types (products,
 * NCM): shows the chosen option's label, asks the server for the typed text (debounced), picks on
 * Enter or click. Leaving without picking keeps the choice; clearing the text clears it.
 */
export function BuscaRemota<T>({
  selectedLabel,
  queryKey,
  search,
  optionKey,
  optionLabel,
  onPick,
  onBlur,
  listLabel,
  placeholder,
  minChars = 0,
  ref,
  ...input
}: {
  selectedLabel: string;
  queryKey: (text: string) => readonly unknown[];
  search(text: string): Promise<readonly T[]>;
  optionKey(option: T): string;
  optionLabel(option: T): ReactNode;
  onPick(option: T | null): void;
  onBlur?(): void;
  listLabel: string;
  placeholder?: string;
  /** characters typed before the first search */
  minChars?: number;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  name?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  const [text, setText] = useState<string | null>(null);
  // before anything is typed, the search for '' (when allowed): the first options to browse
  const typed = useDebounced((text ?? '').trim(), 250);
  const enabled = typed.length >= minChars;
  const q = useQuery({
    queryKey: queryKey(typed),
    queryFn: () => search(typed),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const short = (text ?? '').trim().length < minChars;
  const waiting = (text ?? '').trim() !== typed || q.isFetching;
  return (
    <Combobox
      {...input}
      ref={ref}
      value={text ?? selectedLabel}
      options={enabled && !short ? (q.data ?? []) : []}
      optionKey={optionKey}
      optionLabel={optionLabel}
      listLabel={listLabel}
      placeholder={placeholder}
      noMatchText={
        short ? `Digite ao menos ${minChars} caracteres` : waiting ? 'Buscando…' : 'Nenhum resultado'
      }
      onValueChange={(t) => {
        setText(t);
        if (t === '') onPick(null);
      }}
      onPick={(o) => {
        setText(null);
        onPick(o);
      }}
      onBlur={() => {
        setText(null);
        onBlur?.();
      }}
    />
  );
}
