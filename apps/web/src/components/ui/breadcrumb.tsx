import { ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export function Breadcrumb({ className, ...props }: ComponentProps<'nav'>) {
  return <nav aria-label="Trilha de navegação" className={className} {...props} />;
}
export function BreadcrumbList({ className, ...props }: ComponentProps<'ol'>) {
  return (
    <ol
      className={cn('flex min-w-0 flex-wrap items-center gap-1.5 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
export function BreadcrumbItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('inline-flex min-w-0 items-center gap-1.5', className)} {...props} />;
}
/** The current page: not a link. */
export function BreadcrumbPage({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span aria-current="page" className={cn('truncate font-medium text-foreground', className)} {...props} />
  );
}
export function BreadcrumbSeparator({ className }: { className?: string }) {
  return <ChevronRight aria-hidden className={cn('size-3.5 shrink-0', className)} />;
}
export const breadcrumbLinkClass =
  'truncate rounded-sm transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';
