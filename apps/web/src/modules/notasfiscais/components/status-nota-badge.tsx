import { type StatusNota, statusNotaLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

// An outgoing note's status as a badge — tinted backgrounds with dark text (light text in the dark
// theme), as the orders' badges.

const VERMELHO = 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200';
const AMBAR = 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
const VERDE = 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200';
const AZUL = 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200';

const classe: Record<StatusNota, string> = {
  em_digitacao: '',
  assinada: AZUL,
  autorizada: VERDE,
  rejeitada: VERMELHO,
  cancelada: 'line-through',
  denegada: VERMELHO,
  inutilizada: AMBAR,
};

export function StatusNotaBadge({ status }: { status: StatusNota }) {
  return (
    <Badge variant="outline" className={classe[status]}>
      {statusNotaLabels[status]}
    </Badge>
  );
}
