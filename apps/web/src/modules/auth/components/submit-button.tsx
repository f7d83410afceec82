import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/** A full-width submit button that shows a spinner and stays disabled while the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={pending} aria-busy={pending || undefined}>
      {pending ? <Spinner label="Aguarde" /> : null}
      {children}
    </Button>
  );
}
