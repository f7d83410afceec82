import { Button } from '@/components/ui/button.tsx';

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
