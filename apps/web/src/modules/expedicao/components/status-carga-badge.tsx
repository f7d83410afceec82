import {
  type StatusCarga,
  type StatusConferencia,
  statusCargaLabels,
  statusConferenciaLabels,
} from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

// The load's and the check's status as badges (tinted, readable in both themes — as the orders').

const VERMELHO = 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200';
const AMBAR = 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
const VERDE = 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200';
const AZUL = 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200';

const classeCarga: Record<StatusCarga, string> = {
  montagem: 'border-transparent bg-secondary text-secondary-foreground',
  em_separacao: AMBAR,
  conferida: VERDE,
  faturada: AZUL,
  em_rota: AZUL,
  finalizada: VERDE,
  cancelada: 'line-through',
};

export function StatusCargaBadge({ status }: { status: StatusCarga }) {
  return (
    <Badge variant="outline" className={classeCarga[status]}>
      {statusCargaLabels[status]}
    </Badge>
  );
}

const classeConferencia: Record<StatusConferencia, string> = {
  em_andamento: AMBAR,
  divergente: VERMELHO,
  conferida: VERDE,
  cancelada: 'line-through',
};

export function StatusConferenciaBadge({ status }: { status: StatusConferencia }) {
  return (
    <Badge variant="outline" className={classeConferencia[status]}>
      {statusConferenciaLabels[status]}
    </Badge>
  );
}
