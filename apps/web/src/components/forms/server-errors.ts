import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client.ts';

/**
 * Puts a failed save on screen: server field errors next to their fields (same names as the
 * schema), the message as an error toast. Returns true when the record changed under the user
 * (409 on a stale version).
 */
export function showSaveError<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  err: unknown,
): boolean {
  if (!(err instanceof ApiError)) {
    toast.error('Erro ao salvar. Tente novamente.');
    return false;
  }
  const fields = err.fields;
  let first = true;
  for (const [name, messages] of Object.entries(fields)) {
    form.setError(name as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: first });
    first = false;
  }
  toast.error(err.message);
  return err.status === 409 && err.body.details?.reason === 'versao';
}
