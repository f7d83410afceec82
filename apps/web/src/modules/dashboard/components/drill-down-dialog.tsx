import { type ReactNode, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** numbers and money align right */
  numeric?: boolean;
};

/** A card's drill-down: a dialog with its title and a table (empty text when there are no rows). */
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
        <Table aria-busy={loading || undefined}>
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHead key={c.header} className={cn(c.numeric && 'text-right')}>
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
                    <TableCell key={c.header} className={cn(c.numeric && 'text-right tabular-nums')}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
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
