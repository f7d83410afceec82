import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { cn } from '@/lib/cn.ts';

/**
 * A dashboard figure. With `onOpen` the whole card is a button that opens its drill-down dialog.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  loading = false,
  unit,
  hint,
  valueClassName,
  onOpen,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  loading?: boolean;
  /** what the value counts ("produtos"), after it in small type */
  unit?: string;
  hint?: ReactNode;
  valueClassName?: string;
  onOpen?: () => void;
}) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        <span
          data-stat-value
          className={cn(
            'mt-1 block whitespace-nowrap text-2xl font-semibold tracking-tight tabular-nums xl:text-xl 2xl:text-2xl',
            valueClassName,
          )}
        >
          {value}
          {unit ? <span className="ml-1.5 text-sm font-normal text-muted-foreground">{unit}</span> : null}
        </span>
      )}
      {hint ? (
        <span
          className="mt-1 block truncate text-xs text-muted-foreground"
          title={typeof hint === 'string' ? hint : undefined}
        >
          {hint}
        </span>
      ) : null}
    </>
  );
  const base =
    'flex w-full min-w-0 flex-col justify-start rounded-lg border border-border bg-card p-5 text-left text-card-foreground shadow-sm';
  if (!onOpen) return <div className={base}>{body}</div>;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onOpen}
      className={cn(
        base,
        'cursor-pointer transition-colors hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      {body}
    </button>
  );
}
