import { type StatusPedido, statusPedidoLabels, type TipoBloqueio, tipoBloqueioLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

// The order's status as a badge (list, order, kanban) and the blocker badges of a card.

type Variante = 'default' | 'secondary' | 'destructive' | 'success' | 'warning' | 'outline';

export const statusPedidoVariant: Record<StatusPedido, Variante> = {
  orcamento: 'outline',
  digitado: 'secondary',
  bloqueado: 'destructive',
  liberado: 'success',
  em_separacao: 'warning',
  conferido: 'warning',
  faturado: 'default',
  entregue: 'success',
  cancelado: 'outline',
};

export function StatusPedidoBadge({ status }: { status: StatusPedido }) {
  return (
    <Badge variant={statusPedidoVariant[status]} className={status === 'cancelado' ? 'line-through' : ''}>
      {statusPedidoLabels[status]}
    </Badge>
  );
}

export function BloqueioBadge({ tipo }: { tipo: TipoBloqueio }) {
  return (
    <Badge variant="destructive" className="bg-destructive/15 text-destructive">
      {tipoBloqueioLabels[tipo]}
    </Badge>
  );
}
