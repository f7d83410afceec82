import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client.ts';

/**
 * Shows a failed request to the person: field errors next to their fields (when the form has
 * them), otherwise the server's message in a toast.
 */
export function showApiError<T extends FieldValues>(
  err: unknown,
  opts: { setError?: UseFormSetError<T>; fields?: readonly string[]; fallback: string },
) {
  if (err instanceof ApiError) {
    const entries = Object.entries(err.fields).filter(([f]) => opts.fields?.includes(f.split('.')[0]!));
    if (opts.setError && entries.length) {
      for (const [field, messages] of entries) {
        opts.setError(field.split('.')[0] as Path<T>, { type: 'server', message: messages[0] });
      }
      return;
    }
    toast.error(err.body.message || opts.fallback);
    return;
  }
  console.error(err);
  toast.error(opts.fallback);
}
