import { plural } from '@erp/shared';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
import type { ListState } from '@/lib/list-state.ts';

/**
 * Search box (debounced into the URL; none without `searchPlaceholder`), filter slots, "Limpar
 * filtros" and actions (export). On a phone the filters fold behind a "Filtros" button that counts
 * the filters in use.
 */
// The row aligns its items at the top, so a message under a filter (a date's error) grows the row
// downwards without moving any control; the items without a label sit one filter label lower
// (FilterSelect's text-xs label and gap) to line up with the filters' controls.
const BELOW_FILTER_LABEL = 'sm:mt-5';

export function ListToolbar({
  state,
  searchPlaceholder,
  filters,
  actions,
}: {
  state: ListState<string>;
  searchPlaceholder?: string;
  filters?: ReactNode;
  actions?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = state.activeFilters;
  const belowLabel = filters ? BELOW_FILTER_LABEL : undefined;
  return (
    <div className="mb-4 flex flex-wrap items-start gap-3">
      {searchPlaceholder ? (
        <SearchInput
          value={state.q}
          onSearch={state.setSearch}
          placeholder={searchPlaceholder}
          className={belowLabel}
        />
      ) : null}
      {filters ? (
        <Button
          variant="outline"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={count ? `Filtros (${plural(count, 'ativo', 'ativos')})` : 'Filtros'}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden />
          Filtros
          {count ? (
            <Badge aria-hidden className="px-1.5">
              {count}
            </Badge>
          ) : null}
        </Button>
      ) : null}
      {filters ? (
        // phone: folded until "Filtros", then equal columns across the width (two, or one alone);
        // from sm up the filters flow in the row
        <div
          id={panelId}
          className={cn(
            'w-full grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3 sm:contents',
            open ? 'grid' : 'hidden',
          )}
        >
          {filters}
        </div>
      ) : null}
      {state.hasFilters ? (
        // an h-8 button beside h-9 controls: half the difference lower
        <Button
          variant="ghost"
          size="sm"
          className={filters ? 'sm:mt-5.5' : undefined}
          onClick={state.clearFilters}
        >
          <X aria-hidden />
          Limpar filtros
        </Button>
      ) : null}
      {actions ? <div className={cn('ml-auto flex flex-wrap gap-2', belowLabel)}>{actions}</div> : null}
    </div>
  );
}

export function SearchInput({
  value,
  onSearch,
  placeholder,
  className,
}: {
  value: string;
  onSearch(q: string): void;
  placeholder: string;
  className?: string | undefined;
}) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  // the latest callback without restarting the debounce: callers pass a new function on every
  // render (ListState.setSearch), and a page that re-renders more often than every 300 ms (a list
  // refetching on a busy machine) would otherwise keep postponing the search for as long as it does
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
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
      onSearchRef.current(text);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className={cn('relative min-w-48 flex-1 sm:w-full sm:max-w-sm sm:flex-none', className)}>
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
