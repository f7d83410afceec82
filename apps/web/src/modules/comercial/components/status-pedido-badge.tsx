import { type StatusPedido, statusPedidoLabels, type TipoBloqueio, tipoBloqueioLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

// The order's status as a badge (list, order, kanban, customer panel) and the blocker badges —
// tinted backgrounds with dark text (light text in the dark theme), readable in both (WCAG AA).

const VERMELHO = 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200';
const AMBAR = 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
const VERDE = 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200';
const AZUL = 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200';

const classe: Record<StatusPedido, string> = {
  orcamento: '',
  digitado: 'border-transparent bg-secondary text-secondary-foreground',
  bloqueado: VERMELHO,
  liberado: VERDE,
  em_separacao: AMBAR,
  conferido: AMBAR,
  faturado: AZUL,
  entregue: VERDE,
  cancelado: 'line-through',
};

export function StatusPedidoBadge({ status }: { status: StatusPedido }) {
  return (
    <Badge variant="outline" className={classe[status]}>
      {statusPedidoLabels[status]}
    </Badge>
  );
}

export function BloqueioBadge({ tipo }: { tipo: TipoBloqueio }) {
  return (
    <Badge variant="outline" className={VERMELHO}>
      {tipoBloqueioLabels[tipo]}
    </Badge>
  );
}
