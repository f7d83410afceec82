import { type StatusEntradaApi, statusEntradaLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

// A receipt's status as a badge (Rascunho, Conferida, Lançada, Estornada).

const variant: Record<StatusEntradaApi, 'warning' | 'secondary' | 'success' | 'outline'> = {
  rascunho: 'warning',
  conferida: 'secondary',
  lancada: 'success',
  estornada: 'outline',
};

export function StatusEntradaBadge({ status }: { status: StatusEntradaApi }) {
  return <Badge variant={variant[status]}>{statusEntradaLabels[status]}</Badge>;
}

/** "Nº 1234 / série 1", or "Entrada manual" when there is no number. */
export const numeroNota = (e: { numero: number | null; serie: number | null }) =>
  e.numero === null ? 'Sem número' : `Nº ${e.numero}${e.serie === null ? '' : ` / série ${e.serie}`}`;
