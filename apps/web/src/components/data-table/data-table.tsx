import { PAGE_SIZES } from '@erp/shared';
import { ArrowDown, ArrowUp, ArrowUpDown, Inbox } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';
import type { ListState } from '@/lib/list-state.ts';

export type Column<T> = {
  /** stable key (also the React key) */
  key: string;
  header: string;
  /** the server's sort key when the column is sortable */
  sortKey?: string;
  cell(row: T): ReactNode;
  className?: string;
};

/** The sortable "Nome" column of a register (name in medium weight). */
export function nomeColumn<T extends { nome: string }>(): Column<T> {
  return {
    key: 'nome',
    header: 'Nome',
    sortKey: 'nome',
    cell: (r) => <span className="font-medium">{r.nome}</span>,
  };
}

/** The "Status" column of a register: Ativo / Inativo badge. */
export function ativoColumn<T extends { ativo: boolean }>(): Column<T> {
  return {
    key: 'ativo',
    header: 'Status',
    cell: (r) => <Badge variant={r.ativo ? 'success' : 'outline'}>{r.ativo ? 'Ativo' : 'Inativo'}</Badge>,
  };
}

/**
 * The row actions stay pinned to the right edge while the other columns scroll sideways (a narrow
 * window, an expanded sidebar), on an opaque background with a divider so nothing shows through;
 * on a hovered row the background matches the row's hover tint (muted at 50% over the card).
 */
/** Register tables hold many columns: a tighter cell padding than the base table, wider at the edges. */
const CELL = 'px-2 first:pl-3 last:pr-3';

const STICKY_ACTIONS =
  'sticky right-0 z-10 bg-card shadow-[inset_1px_0_0_var(--color-border)] transition-colors';

/**
 * A server-paginated table: sortable headers (aria-sort), loading skeleton, empty state, row
 * count and pagination, all driven by a ListState kept in the URL.
 */
export function DataTable<T extends { id: string }>({
  columns,
  rows,
  total,
  totalIsLowerBound,
  loading,
  state,
  emptyText = 'Nenhum registro encontrado.',
  rowActions,
  onRowClick,
  caption,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number | undefined;
  /** the server stopped counting (COUNT_CAP): "mais de N" */
  totalIsLowerBound?: boolean | undefined;
  loading: boolean;
  state: ListState<string>;
  emptyText?: string;
  rowActions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  caption: string;
}) {
  const colCount = columns.length + (rowActions ? 1 : 0);
  const sizeId = useId();
  return (
    <div className="rounded-lg border border-border bg-card">
      <Table aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((col) => (
              <TableHead
                key={col.key}
                className={cn(CELL, col.className)}
                aria-sort={
                  col.sortKey && state.sort === col.sortKey
                    ? state.dir === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                {col.sortKey ? <SortButton col={col} state={state} /> : col.header}
              </TableHead>
            ))}
            {rowActions ? (
              <TableHead className={cn(CELL, STICKY_ACTIONS, 'w-px text-right')}>
                <span className="sr-only">Ações</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading && !rows ? (
            Array.from({ length: Math.min(state.pageSize, 8) }, (_, i) => (
              <TableRow key={i} data-testid="linha-carregando">
                {Array.from({ length: colCount }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton className="h-4 w-full max-w-48" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : rows && rows.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={colCount} className="py-12 text-center text-muted-foreground">
                <Inbox aria-hidden className="mx-auto mb-2 size-8 opacity-60" />
                <p>{emptyText}</p>
                {state.q || state.hasFilters ? (
                  <p className="mt-1 text-xs">Tente outra busca ou limpe os filtros.</p>
                ) : null}
              </TableCell>
            </TableRow>
          ) : (
            rows?.map((row) => (
              <TableRow
                key={row.id}
                className={cn('group', onRowClick && 'cursor-pointer', loading && 'opacity-60')}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {columns.map((col) => (
                  <TableCell key={col.key} className={cn(CELL, col.className)}>
                    {col.cell(row)}
                  </TableCell>
                ))}
                {rowActions ? (
                  <TableCell
                    className={cn(
                      CELL,
                      STICKY_ACTIONS,
                      'text-right group-hover:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]',
                    )}
                    onClick={(e) => e.stopPropagation()}
                  >
                    {rowActions(row)}
                  </TableCell>
                ) : null}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <div className="flex flex-wrap items-end justify-between gap-3 border-t border-border px-3 pb-3">
        <div className="flex-1">
          <Pagination
            page={state.page}
            pageSize={state.pageSize}
            total={total ?? 0}
            totalIsLowerBound={totalIsLowerBound ?? false}
            onPageChange={state.setPage}
            disabled={loading}
          />
        </div>
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <label htmlFor={sizeId}>Por página</label>
          <NativeSelect
            id={sizeId}
            className="h-8 w-20"
            value={state.pageSize}
            onChange={(e) => state.setPageSize(Number(e.target.value))}
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </div>
  );
}

function SortButton<T>({ col, state }: { col: Column<T>; state: ListState<string> }) {
  const active = state.sort === col.sortKey;
  const Icon = !active ? ArrowUpDown : state.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-foreground"
      onClick={() => state.toggleSort(col.sortKey!)}
      title={`Ordenar por ${col.header.toLowerCase()}`}
    >
      {col.header}
      <Icon aria-hidden className={cn('size-3.5', !active && 'opacity-40')} />
    </button>
  );
}
