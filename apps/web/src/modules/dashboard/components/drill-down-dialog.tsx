import { formatBRL, fromCents, toCents } from '@erp/shared';
import { type ReactNode, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
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
import { cn } from '@/lib/cn.ts';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** numbers and money align right */
  numeric?: boolean;
  /** the column's cell in the totals row, when its values add up (money, counts) */
  total?: (rows: T[]) => ReactNode;
};

/** The exact sum of money values (decimal strings, added in integer cents), as BRL. */
export function totalBRL<T>(rows: T[], value: (row: T) => string): string {
  return formatBRL(fromCents(rows.reduce((acc, r) => acc + toCents(value(r)), 0)));
}

/** The sum of whole counts. */
export function totalCount<T>(rows: T[], value: (row: T) => number): number {
  return rows.reduce((acc, r) => acc + value(r), 0);
}

/** Narrower cells on a phone, so three or four columns fit without scrolling sideways. */
const CELL = 'px-2 sm:px-3';
const HEAD = 'normal-case tracking-normal sm:uppercase sm:tracking-wide';

/** Opaque backgrounds so rows scrolling under the sticky header and totals do not show through. */
const STICKY_HEAD = 'sticky top-0 z-10 bg-card shadow-[inset_0_-1px_0_var(--color-border)] [&_tr]:border-0';
const STICKY_FOOT =
  'sticky bottom-0 z-10 border-0 bg-[color-mix(in_oklab,var(--color-muted)_70%,var(--color-card))] shadow-[inset_0_1px_0_var(--color-border)]';

/**
 * A card's drill-down: a dialog with its title and a table (empty text when there are no rows).
 * The table scrolls under its column headers, which stay in view with the dialog's title; when
 * some column adds up, a totals row stays at the bottom.
 */
export function DrillDownDialog<T>({
  open,
  onOpenChange,
  title,
  description,
  columns,
  rows,
  rowKey,
  loading,
  emptyText,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  loading: boolean;
  emptyText: string;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {/* the columns show at once; the rows (or the empty text) once they have arrived */}
        <Table
          aria-busy={loading || undefined}
          containerClassName="max-h-[50dvh] overflow-auto rounded-md border border-border sm:max-h-[min(60dvh,32rem)]"
        >
          <TableHeader className={STICKY_HEAD}>
            <TableRow className="hover:bg-transparent">
              {columns.map((c) => (
                <TableHead key={c.header} className={cn(CELL, HEAD, c.numeric && 'text-right')}>
                  {c.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading ? null : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} className="py-8 text-center text-muted-foreground">
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, i) => (
                <TableRow key={rowKey(row, i)}>
                  {columns.map((c) => (
                    <TableCell key={c.header} className={cn(CELL, c.numeric && 'text-right tabular-nums')}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
          {!loading && rows.length > 0 && columns.some((c) => c.total) ? (
            <TableFooter className={STICKY_FOOT}>
              <TableRow className="hover:bg-transparent" data-testid="linha-total">
                {columns.map((c, i) =>
                  i === 0 && !c.total ? (
                    <th key={c.header} scope="row" className={cn(CELL, 'py-2 text-left font-semibold')}>
                      Total
                    </th>
                  ) : (
                    <TableCell
                      key={c.header}
                      className={cn(CELL, 'font-semibold', c.numeric && 'text-right tabular-nums')}
                    >
                      {c.total?.(rows)}
                    </TableCell>
                  ),
                )}
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
        {loading ? (
          <div className="grid gap-2" aria-hidden>
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Which drill-down of a block is open: `show(d)` from a card, `dialog(d)` spread on its dialog. */
export function useDrillDown<D extends string>() {
  const [drill, setDrill] = useState<D | null>(null);
  return {
    show: (d: D) => setDrill(d),
    dialog: (d: D) => ({
      open: drill === d,
      onOpenChange: (open: boolean) => {
        if (!open) setDrill(null);
      },
    }),
  };
}

/**
 * A DrillDownDialog over a dashboard query hook (`{ linhas }`), fetched only while open.
 * `children` renders above the table once the rows have arrived (e.g. a chart).
 */
export function QueryDrillDownDialog<T>({
  open,
  useRows,
  children,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  columns: Column<T>[];
  rowKey: (row: T, index: number) => string;
  emptyText: string;
  useRows: (enabled: boolean) => { data?: { linhas: T[] }; isPending: boolean };
  children?: (rows: T[]) => ReactNode;
}) {
  const q = useRows(open);
  const rows = q.data?.linhas ?? [];
  return (
    <DrillDownDialog {...props} open={open} rows={rows} loading={q.isPending}>
      {children && !q.isPending ? children(rows) : null}
    </DrillDownDialog>
  );
}
