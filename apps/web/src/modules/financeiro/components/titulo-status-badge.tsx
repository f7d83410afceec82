import { type StatusTitulo, statusTituloLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

const variante = {
  em_aberto: 'secondary',
  parcial: 'warning',
  pago: 'success',
  cancelado: 'outline',
} as const satisfies Record<StatusTitulo, string>;

/** Em aberto / Parcial / Pago / Cancelado, and "Vencido" beside an open one due before today. */
export function TituloStatusBadge({ status, vencido }: { status: StatusTitulo; vencido: boolean }) {
  return (
    <span className="inline-flex flex-col items-start gap-1 whitespace-nowrap">
      <Badge variant={variante[status]}>{statusTituloLabels[status]}</Badge>
      {vencido ? <Badge variant="destructive">Vencido</Badge> : null}
    </span>
  );
}
