import { type StatusMdfe, statusMdfeLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

// A manifesto's status as a badge, tinted as the notes' and returns' badges (dark text on a light
// background, light text in the dark theme).

const AZUL = 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200';
const VERDE = 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200';
const VERMELHO = 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200';

const classe: Record<StatusMdfe, string> = {
  assinado: AZUL,
  autorizado: VERDE,
  encerrado: '',
  cancelado: 'line-through',
  rejeitado: VERMELHO,
};

export function StatusMdfeBadge({ status }: { status: StatusMdfe }) {
  return (
    <Badge variant="outline" className={classe[status]}>
      {statusMdfeLabels[status] ?? status}
    </Badge>
  );
}
