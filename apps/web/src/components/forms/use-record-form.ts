import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';

/** What RegisterFormDialog needs from useRecordForm(). */
export type RecordForm<Values = unknown> = {
  /** create defaults or the record being edited, as form values; null while loading */
  values: Values | null;
  loading: boolean;
  /** creates or updates; resolves to the saved record */
  save(data: unknown): Promise<{ id: string }>;
  /** fetches the record again (after a 409) and returns its form values */
  reload(): Promise<Values>;
};

/**
 * Data side of a register form: loads the record being edited (fresh, not from cache: its
 * versao is what the save will be checked against), maps it to form values, saves (create or
 * update) and invalidates the module's queries.
 */
export function useRecordForm<Row extends { id: string }, Values>({
  queryKey,
  id,
  api,
  toValues,
}: {
  queryKey: readonly string[];
  id: string | null;
  api: {
    get(id: string): Promise<Row>;
    create(input: never): Promise<Row>;
    update(id: string, input: never): Promise<Row>;
  };
  toValues(row: Row | null): Values;
}): RecordForm<Values> {
  const { get, create, update } = api;
  const qc = useQueryClient();
  const record = useQuery({
    queryKey: [...queryKey, 'get', id],
    queryFn: () => get(id!),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const values = useMemo(
    () => (id === null ? toValues(null) : record.data ? toValues(record.data) : null),
    [id, record.data],
  );
  const save = useCallback(
    async (data: unknown) => {
      const row = id === null ? await create(data as never) : await update(id, data as never);
      await qc.invalidateQueries({ queryKey: [queryKey[0]!] });
      return row;
    },
    [id, create, update, qc, queryKey],
  );
  const reload = useCallback(async () => {
    const fresh = await record.refetch();
    return toValues(fresh.data ?? null);
  }, [record, toValues]);
  return { values, loading: id !== null && record.isLoading, save, reload };
}
