import { type StatusDevolucao, statusDevolucaoLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

// A return's status as a badge, tinted as the notes' badges (dark text on a light background, light
// text in the dark theme).

const AZUL = 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200';
const VERDE = 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200';

const classe: Record<StatusDevolucao, string> = {
  rascunho: '',
  emitida: AZUL,
  autorizada: VERDE,
  lancada: VERDE,
  cancelada: 'line-through',
};

export function StatusDevolucaoCompraBadge({ status }: { status: StatusDevolucao }) {
  return (
    <Badge variant="outline" className={classe[status]}>
      {statusDevolucaoLabels[status]}
    </Badge>
  );
}
