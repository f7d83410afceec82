import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TableCell, TableRow } from '@/components/ui/table.tsx';

// The loading, empty and error states of a hand-built list table (usuários, auditoria).

/** "Could not load" with a retry button, in place of the table. */
export function LoadErrorAlert({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="flex items-center justify-between rounded-md border border-destructive/40 p-4 text-sm"
    >
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

/** Skeleton rows while the first page loads, then the empty-state row when there are no items. */
export function TableRowsPlaceholder({
  loading,
  empty,
  colSpan,
  skeletonRows,
  emptyText,
}: {
  loading: boolean;
  empty: boolean;
  colSpan: number;
  skeletonRows: number;
  emptyText: string;
}) {
  return (
    <>
      {loading
        ? Array.from({ length: skeletonRows }, (_, i) => (
            <TableRow key={i}>
              <TableCell colSpan={colSpan}>
                <Skeleton className="h-6 w-full" />
              </TableCell>
            </TableRow>
          ))
        : null}
      {empty ? (
        <TableRow>
          <TableCell colSpan={colSpan} className="py-8 text-center text-muted-foreground">
            {emptyText}
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
