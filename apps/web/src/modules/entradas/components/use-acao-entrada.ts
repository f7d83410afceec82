import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client.ts';
import { type Entrada, entradasKeys } from '../api/entradas-api.ts';

// One action on a goods receipt: calls the API, refreshes the receipt and tells the outcome in a toast.

export const erroDe = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Erro inesperado. Tente novamente.';

export function useAcao<A extends unknown[]>(fn: (...a: A) => Promise<Entrada>, ok: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: A) => fn(...a),
    onSuccess: async (e) => {
      qc.setQueryData(entradasKeys.get(e.id), e);
      // told as soon as the server answered: the refreshes below can take a while on a loaded server
      // (every open stock and finance query refetches), and the action stays pending until they end
      toast.success(ok);
      await qc.invalidateQueries({ queryKey: entradasKeys.all });
      await qc.invalidateQueries({ queryKey: ['estoque'] });
      await qc.invalidateQueries({ queryKey: ['financeiro'] });
    },
    onError: (err) => toast.error(erroDe(err)),
  });
}
