import { Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { ListState } from '@/lib/list-state.ts';

/** Search box (debounced into the URL), filter slots, "Limpar filtros" and actions (export). */
export function ListToolbar({
  state,
  searchPlaceholder,
  filters,
  actions,
}: {
  state: ListState<string>;
  searchPlaceholder: string;
  filters?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <SearchInput value={state.q} onSearch={state.setSearch} placeholder={searchPlaceholder} />
      {filters ? (
        // phone: the filters fill the width in equal columns (two, or one alone); from sm up they flow in the row
        <div className="grid w-full grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3 sm:contents">
          {filters}
        </div>
      ) : null}
      {state.hasFilters ? (
        <Button variant="ghost" size="sm" onClick={state.clearFilters}>
          <X aria-hidden />
          Limpar filtros
        </Button>
      ) : null}
      {actions ? <div className="ml-auto flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function SearchInput({
  value,
  onSearch,
  placeholder,
}: {
  value: string;
  onSearch(q: string): void;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  // follow the URL (back button, shared link)
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === last.current) return;
    const timer = setTimeout(() => {
      last.current = text;
      onSearch(text);
    }, 300);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="relative w-full max-w-sm">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
      />
      <Input
        type="search"
        role="searchbox"
        aria-label="Buscar"
        className="pl-8"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            last.current = text;
            onSearch(text);
          }
        }}
      />
    </div>
  );
}
