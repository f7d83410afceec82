import { PAGE_SIZES } from '@erp/shared';
import { ArrowDown, ArrowUp, ArrowUpDown, Inbox, X } from 'lucide-react';
import { Fragment, type MouseEvent, type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import { useIsPhone } from '@/components/ui/use-media-query.ts';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import type { ListState } from '@/lib/list-state.ts';
import { LoadErrorAlert } from './list-states.tsx';

export type Column<T> = {
  /** stable key (also the React key) */
  key: string;
  header: string;
  /** the server's sort key when the column is sortable */
  sortKey?: string;
  cell(row: T): ReactNode;
  className?: string;
  /**
   * Its place on a phone's card: the card's 'title', a 'badge' next to the title, 'hidden', or
   * (default) a "header: value" line.
   */
  card?: 'title' | 'badge' | 'hidden';
  /** the value on the phone's card when it differs from the cell */
  cardCell?(row: T): ReactNode;
};

/** The sortable "Nome" column of a register (name in medium weight). */
export function nomeColumn<T extends { nome: string }>(): Column<T> {
  return {
    key: 'nome',
    header: 'Nome',
    sortKey: 'nome',
    cell: (r) => <span className="font-medium">{r.nome}</span>,
    card: 'title',
  };
}

/** The "Status" column of a register: Ativo / Inativo badge. */
export function ativoColumn<T extends { ativo: boolean }>(): Column<T> {
  return {
    key: 'ativo',
    header: 'Status',
    cell: (r) => <Badge variant={r.ativo ? 'success' : 'outline'}>{r.ativo ? 'Ativo' : 'Inativo'}</Badge>,
    card: 'badge',
  };
}

/** Register tables hold many columns: a tighter cell padding than the base table, wider at the edges. */
const CELL = 'px-2 first:pl-3 last:pr-3';

/**
 * The row actions stay pinned to the right edge while the other columns scroll sideways (a narrow
 * window, an expanded sidebar), on an opaque background with a divider so nothing shows through;
 * on a hovered row the background matches the row's hover tint (muted at 50% over the card).
 */
const STICKY_ACTIONS =
  'sticky right-0 z-10 bg-card shadow-[inset_1px_0_0_var(--color-border)] transition-colors';

/** Clicks on the actions (buttons) do not open the row. */
const stop = (e: MouseEvent) => e.stopPropagation();

export type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number | undefined;
  /** the server stopped counting (COUNT_CAP): "mais de N" */
  totalIsLowerBound?: boolean | undefined;
  loading: boolean;
  /** the last load failed: its message and a retry (shown instead of rows, never as "no records") */
  error?: { message: string; retry(): void } | null;
  state: ListState<string>;
  emptyText?: string;
  rowActions?: (row: T) => ReactNode;
  /** a click on the row (or card) outside its actions; `element` is the row or card */
  onRowClick?: (row: T, element: HTMLElement) => void;
  /** the record just saved: its row is highlighted */
  savedId?: string | number | null;
  caption: string;
  /** what an unfolded row shows under it across the table (in its card on a phone); null when folded */
  expanded?: (row: T) => ReactNode;
  /** a totals row under the rows: its label and the cells of the columns that add up (by key) */
  totals?: { label: string; cells: Partial<Record<string, ReactNode>> } | null;
};

/**
 * A server-paginated list driven by a ListState kept in the URL: a table with sortable headers
 * (aria-sort) from `sm` up, cards with the key fields and a sort select on a phone. Loading shows
 * skeletons (never "no records"), a failed load its error with "Tentar novamente", an empty
 * result its text and, when a search or filter is set, the button that clears them.
 */
export function DataTable<T extends { id: string | number }>(props: DataTableProps<T>) {
  const { state, total, totalIsLowerBound, loading, rows, error } = props;
  const phone = useIsPhone();
  const sizeId = useId();
  const body: Body =
    rows === undefined && loading
      ? 'loading'
      : rows === undefined && error
        ? 'error'
        : rows?.length === 0
          ? 'empty'
          : 'rows';
  return (
    <div className="rounded-lg border border-border bg-card">
      {phone ? <PhoneCards {...props} body={body} /> : <DesktopTable {...props} body={body} />}
      {body === 'error' ? null : (
        <div className="flex flex-wrap items-end justify-between gap-3 border-t border-border px-3 pb-3">
          <div className="flex-1">
            <Pagination
              page={state.page}
              pageSize={state.pageSize}
              total={rows === undefined ? undefined : total}
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
      )}
    </div>
  );
}

type Body = 'loading' | 'error' | 'empty' | 'rows';

function DesktopTable<T extends { id: string | number }>({
  columns,
  rows,
  loading,
  error,
  state,
  emptyText = 'Nenhum registro encontrado.',
  rowActions,
  onRowClick,
  savedId,
  caption,
  body,
  expanded,
  totals,
}: DataTableProps<T> & { body: Body }) {
  const colCount = columns.length + (rowActions ? 1 : 0);
  return (
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
        {body === 'loading' ? (
          Array.from({ length: Math.min(state.pageSize, 8) }, (_, i) => (
            <TableRow key={i} data-testid="linha-carregando">
              {Array.from({ length: colCount }, (_, j) => (
                <TableCell key={j}>
                  <Skeleton className="h-4 w-full max-w-48" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : body === 'error' ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={colCount} className="p-3">
              <LoadErrorAlert message={error!.message} onRetry={error!.retry} />
            </TableCell>
          </TableRow>
        ) : body === 'empty' ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={colCount} className="py-12 text-center text-muted-foreground">
              <EmptyState text={emptyText} state={state} />
            </TableCell>
          </TableRow>
        ) : (
          rows?.map((row) => (
            <Fragment key={row.id}>
              <TableRow
                data-saved={row.id === savedId || undefined}
                className={cn('group', onRowClick && 'cursor-pointer', loading && 'opacity-60')}
                onClick={onRowClick ? (e) => onRowClick(row, e.currentTarget) : undefined}
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
                    onClick={stop}
                  >
                    {rowActions(row)}
                  </TableCell>
                ) : null}
              </TableRow>
              <ExpandedRow content={expanded?.(row)} colSpan={colCount} />
            </Fragment>
          ))
        )}
      </TableBody>
      {body === 'rows' && totals ? (
        <TableFooter>
          <TableRow className="hover:bg-transparent">
            {columns.map((col, i) => (
              <TableCell key={col.key} className={cn(CELL, col.className)}>
                {totals.cells[col.key] ?? (i === 0 ? totals.label : null)}
              </TableCell>
            ))}
            {rowActions ? <TableCell className={cn(CELL, STICKY_ACTIONS, 'bg-transparent')} /> : null}
          </TableRow>
        </TableFooter>
      ) : null}
    </Table>
  );
}

/** An unfolded row's details, across the table under it. */
function ExpandedRow({ content, colSpan }: { content: ReactNode; colSpan: number }) {
  if (content === null || content === undefined) return null;
  return (
    <TableRow className="bg-muted/30 hover:bg-muted/30">
      <TableCell colSpan={colSpan} className="p-0">
        {content}
      </TableCell>
    </TableRow>
  );
}

/** An unfolded card's details, at its end (clicks inside do not open the record). */
function ExpandedCard({ content }: { content: ReactNode }) {
  if (content === null || content === undefined) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the card's click; the controls inside handle their own
    // biome-ignore lint/a11y/useKeyWithClickEvents: same
    <div className="-mx-3 -mb-3 border-t border-border bg-muted/30" onClick={stop}>
      {content}
    </div>
  );
}

/** A phone's list: a sort select, then one card per record with its key fields and actions. */
function PhoneCards<T extends { id: string | number }>({
  columns,
  rows,
  loading,
  error,
  state,
  emptyText = 'Nenhum registro encontrado.',
  rowActions,
  onRowClick,
  savedId,
  caption,
  body,
  expanded,
  totals,
}: DataTableProps<T> & { body: Body }) {
  const title = columns.filter((c) => c.card === 'title');
  const badges = columns.filter((c) => c.card === 'badge');
  const fields = columns.filter((c) => c.card === undefined);
  const show = (c: Column<T>, row: T) => (c.cardCell ?? c.cell)(row);
  return (
    <div aria-busy={loading || undefined}>
      <PhoneSort columns={columns} state={state} />
      {body === 'loading' ? (
        <ul aria-label={caption} className="divide-y divide-border border-t border-border">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} data-testid="linha-carregando" className="grid gap-2 p-3">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </li>
          ))}
        </ul>
      ) : body === 'error' ? (
        <div className="border-t border-border p-3">
          <LoadErrorAlert message={error!.message} onRetry={error!.retry} />
        </div>
      ) : body === 'empty' ? (
        <div className="border-t border-border px-3 py-10 text-center text-muted-foreground">
          <EmptyState text={emptyText} state={state} />
        </div>
      ) : (
        <ul aria-label={caption} className="divide-y divide-border border-t border-border">
          {rows?.map((row) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: a shortcut for the pointer; the card's "Editar" button is the keyboard's way
            <li
              key={row.id}
              data-saved={row.id === savedId || undefined}
              className={cn('grid gap-2 p-3', onRowClick && 'cursor-pointer', loading && 'opacity-60')}
              onClick={onRowClick ? (e) => onRowClick(row, e.currentTarget) : undefined}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0 break-words">
                  {title.map((c) => (
                    <div key={c.key}>{show(c, row)}</div>
                  ))}
                </div>
                {badges.length ? (
                  <div className="flex shrink-0 flex-wrap justify-end gap-1">
                    {badges.map((c) => (
                      <div key={c.key}>{show(c, row)}</div>
                    ))}
                  </div>
                ) : null}
              </div>
              {fields.length ? (
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {fields.map((c) => (
                    <div key={c.key} className="contents">
                      <dt className="text-muted-foreground">{c.header}</dt>
                      <dd className="min-w-0 break-words">{show(c, row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {rowActions ? (
                // biome-ignore lint/a11y/noStaticElementInteractions: only stops the card's click; the buttons inside are the controls
                // biome-ignore lint/a11y/useKeyWithClickEvents: same
                <div className="flex justify-end gap-1" onClick={stop}>
                  {rowActions(row)}
                </div>
              ) : null}
              <ExpandedCard content={expanded?.(row)} />
            </li>
          ))}
        </ul>
      )}
      {body === 'rows' && totals ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-border bg-muted/50 p-3 text-sm font-medium">
          <dt className="col-span-2 font-semibold">{totals.label}</dt>
          {columns
            .filter((c) => totals.cells[c.key] !== undefined)
            .map((c) => (
              <div key={c.key} className="contents">
                <dt className="text-muted-foreground">{c.header}</dt>
                <dd className="min-w-0 break-words">{totals.cells[c.key]}</dd>
              </div>
            ))}
        </dl>
      ) : null}
    </div>
  );
}

/** The empty list: its text, and when a search or filter is set, the button that clears them. */
function EmptyState({ text, state }: { text: string; state: ListState<string> }) {
  const searching = Boolean(state.q);
  const filtering = state.hasFilters;
  return (
    <>
      <Inbox aria-hidden className="mx-auto mb-2 size-8 opacity-60" />
      <p>{text}</p>
      {searching || filtering ? (
        <>
          <p className="mt-1 text-xs">Tente outra busca ou limpe os filtros.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={state.clearAll}>
            <X aria-hidden />
            {searching && filtering
              ? 'Limpar busca e filtros'
              : searching
                ? 'Limpar busca'
                : 'Limpar filtros'}
          </Button>
        </>
      ) : null}
    </>
  );
}

/** A phone has no column headers to click: the sortable columns in a select, each way. */
function PhoneSort<T>({ columns, state }: { columns: Column<T>[]; state: ListState<string> }) {
  const id = useId();
  const sortable = columns.filter((c) => c.sortKey);
  if (!sortable.length) return null;
  return (
    <div className="flex items-center gap-2 px-3 py-2 text-sm">
      <label htmlFor={id} className="shrink-0 text-muted-foreground">
        Ordenar por
      </label>
      <NativeSelect
        id={id}
        className="h-8"
        value={`${state.sort}:${state.dir}`}
        onChange={(e) => {
          const [key, dir] = e.target.value.split(':') as [string, 'asc' | 'desc'];
          state.setSort(key, dir);
        }}
      >
        {sortable.flatMap((c) => [
          <option key={`${c.sortKey}:asc`} value={`${c.sortKey}:asc`}>
            {c.header} (crescente)
          </option>,
          <option key={`${c.sortKey}:desc`} value={`${c.sortKey}:desc`}>
            {c.header} (decrescente)
          </option>,
        ])}
      </NativeSelect>
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

/**
 * The DataTable's `error` for a list query: the server's pt-BR message (or `padrao` when the request
 * itself failed) with a retry; null while the query is fine.
 */
export function erroDaLista(
  query: { isError: boolean; error: unknown; refetch(): unknown },
  padrao = 'Não foi possível carregar a lista.',
): { message: string; retry(): void } | null {
  if (!query.isError) return null;
  return {
    message: query.error instanceof ApiError ? query.error.message : padrao,
    retry: () => void query.refetch(),
  };
}
