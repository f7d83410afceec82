import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

export function Spinner({ className, label = 'Carregando' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle aria-hidden className={cn('size-4 animate-spin', className)} />
    </span>
  );
}

/** The centred spinner used while a screen or the user's roles load. */
export function PageSpinner() {
  return (
    <div className="grid min-h-[50vh] w-full place-items-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
