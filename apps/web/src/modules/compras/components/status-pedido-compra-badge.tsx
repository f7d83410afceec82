import { type StatusPedidoCompra, statusPedidoCompraLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

// A purchase order's status as a badge, tinted as the other documents' badges (dark text on a
// light background, light text in the dark theme).

const AZUL = 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200';
const VERDE = 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200';
const AMBAR = 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';

const classe: Record<StatusPedidoCompra, string> = {
  rascunho: '',
  aprovado: AZUL,
  enviado: AZUL,
  parcialmente_recebido: AMBAR,
  recebido: VERDE,
  cancelado: 'line-through',
};

export function StatusPedidoCompraBadge({ status }: { status: StatusPedidoCompra }) {
  return (
    <Badge variant="outline" className={classe[status]}>
      {statusPedidoCompraLabels[status]}
    </Badge>
  );
}
