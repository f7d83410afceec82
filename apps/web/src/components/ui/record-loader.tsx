import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';

/**
 * A record's page (a note, a receipt…) while its data loads (a skeleton) or when loading failed
 * (the page's title and the server's message, with a retry); the record itself once it arrived.
 */
export function RecordLoader<T>({
  query,
  title,
  children,
}: {
  query: UseQueryResult<T>;
  /** The heading shown with the error, e.g. "Nota fiscal de saída". */
  title: string;
  children(data: T): ReactNode;
}) {
  if (query.isError)
    return (
      <div>
        <PageHeader title={title} />
        <LoadErrorAlert
          message={query.error instanceof ApiError ? query.error.message : 'Não foi possível carregar.'}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  if (!query.data)
    return (
      <div className="grid gap-3" aria-busy>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  return children(query.data);
}
