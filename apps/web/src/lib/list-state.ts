import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@erp/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// The state of a server-paginated list lives in the URL (?q=&page=&pageSize=&sort=&dir=&<filters>),
// so a filtered, sorted page is a link that can be bookmarked and shared. Defaults are left out
// of the URL; changing the search, a filter or the sort goes back to page 1.

export type SortDir = 'asc' | 'desc';

export type ListState<F extends string> = {
  q: string;
  page: number;
  pageSize: number;
  sort: string;
  dir: SortDir;
  filters: Record<F, string>;
  /** The query-string object for the API (only non-empty values). */
  query: Record<string, string>;
  setSearch(q: string): void;
  setPage(page: number): void;
  setPageSize(size: number): void;
  /** Click on a column header: same column flips the direction, another column sorts ascending. */
  toggleSort(key: string): void;
  setSort(key: string, dir: SortDir): void;
  setFilter(key: F, value: string): void;
  /** Several filters in one change (one URL update). */
  setFilters(patch: Partial<Record<F, string>>): void;
  clearFilters(): void;
  /** Clears the search and the filters (the empty list's "limpe os filtros"). */
  clearAll(): void;
  /** Some filter differs from its default. */
  hasFilters: boolean;
  /** How many filters differ from their defaults (the phone's "Filtros" count). */
  activeFilters: number;
};

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

export function useListState<const F extends string = never>(opts: {
  defaultSort: string;
  defaultDir?: SortDir;
  filterKeys?: readonly F[];
  /** filter values applied when the URL has none (e.g. ativo=true) */
  defaultFilters?: Partial<Record<F, string>>;
}): ListState<F> {
  const [params, setParams] = useSearchParams();
  const { defaultSort, defaultDir = 'asc' } = opts;
  const filterKeys = opts.filterKeys ?? ([] as readonly F[]);
  const defaults: Partial<Record<F, string>> = opts.defaultFilters ?? {};

  const q = params.get('q') ?? '';
  const page = positiveInt(params.get('page'), 1);
  const sizeParam = positiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const sort = params.get('sort') || defaultSort;
  const dir: SortDir =
    params.get('dir') === 'desc' ? 'desc' : params.get('dir') === 'asc' ? 'asc' : defaultDir;
  const filterSig = filterKeys.map((k) => `${k}=${params.get(k) ?? ''}`).join('&');

  const filters = useMemo(() => {
    const out = {} as Record<F, string>;
    for (const k of filterKeys) {
      const v = params.get(k);
      // "" in the URL means "explicitly all", a missing key means "the default"
      out[k] = v === null ? (defaults[k] ?? '') : v;
    }
    return out;
  }, [filterSig]);

  const update = useCallback(
    (patch: Record<string, string | number | null>, resetPage = true) => {
      setParams(
        () => {
          // from the address bar, not the rendered params: two changes before the next render
          // (a filter, then another) must both land
          const next = new URLSearchParams(window.location.search);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null) next.delete(k);
            else next.set(k, String(v));
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const query = useMemo(() => {
    const out: Record<string, string> = { page: String(page), pageSize: String(pageSize), sort, dir };
    if (q.trim()) out.q = q.trim();
    for (const [k, v] of Object.entries(filters) as [string, string][]) if (v) out[k] = v;
    return out;
  }, [q, page, pageSize, sort, dir, filters]);

  const activeFilters = (Object.entries(filters) as [F, string][]).filter(
    ([k, v]) => v !== (defaults[k] ?? ''),
  ).length;

  const setSort = (key: string, nextDir: SortDir) =>
    update({
      sort: key === defaultSort ? null : key,
      dir: key === defaultSort && nextDir === defaultDir ? null : nextDir,
    });

  return {
    q,
    page,
    pageSize,
    sort,
    dir,
    filters,
    query,
    hasFilters: activeFilters > 0,
    activeFilters,
    setSearch: (value) => update({ q: value.trim() ? value : null }),
    setPage: (p) => update({ page: p > 1 ? p : null }, false),
    setPageSize: (size) => update({ pageSize: size === DEFAULT_PAGE_SIZE ? null : size }),
    setSort,
    toggleSort: (key) => setSort(key, key === sort && dir === 'asc' ? 'desc' : 'asc'),
    setFilter: (key, value) => update({ [key]: value === (defaults[key] ?? '') ? null : value }),
    setFilters: (patch) =>
      update(
        Object.fromEntries(
          (Object.entries(patch) as [F, string][]).map(([k, v]) => [k, v === (defaults[k] ?? '') ? null : v]),
        ),
      ),
    clearFilters: () => update(Object.fromEntries(filterKeys.map((k) => [k, null]))),
    clearAll: () => update({ q: null, ...Object.fromEntries(filterKeys.map((k) => [k, null])) }),
  };
}

/** The record being edited in a register screen's form dialog: ?editar=<id> or ?editar=novo. */
export function useEditParam(): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        () => {
          // from the address bar, as in useListState: a callback kept from an earlier render (a
          // save that closes the dialog when it ends) must not bring back that render's search
          const next = new URLSearchParams(window.location.search);
          if (value) next.set('editar', value);
          else next.delete('editar');
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  return [params.get('editar'), set];
}
