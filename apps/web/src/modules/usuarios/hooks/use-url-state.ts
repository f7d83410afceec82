import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A list's filters and page kept in the URL (bookmarkable, back/forward work). Values are read
 * through the shared query schema: an invalid value in the URL falls back to the default instead
 * of breaking the screen.
 */
export function useUrlState<S extends z.ZodObject>(schema: S) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => {
    const raw = Object.fromEntries(searchParams);
    const full = schema.safeParse(raw);
    if (full.success) return full.data as z.output<S>;
    // drop the offending keys one by one
    const clean: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) {
      if (schema.safeParse({ ...clean, [k]: v }).success) clean[k] = v;
    }
    return schema.parse(clean) as z.output<S>;
  }, [searchParams, schema]);

  /** Sets some keys (undefined/'' removes them); any filter change goes back to page 1. */
  const update = useCallback(
    (patch: Record<string, string | number | undefined | null>) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: !('page' in patch) },
      );
    },
    [setSearchParams],
  );
  return [state, update] as const;
}

/** A text value that follows `value` after the person stops typing for `ms`. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}
