import { type StatusTitulo, statusTituloLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';

// Outlined badges coloured by their border (the text keeps the foreground colour): the filled
// warning/success/destructive colours with white text fall below WCAG AA contrast in the dark theme.
const borda: Record<StatusTitulo, string> = {
  em_aberto: 'border-primary/60',
  parcial: 'border-warning border-2',
  pago: 'border-success border-2',
  cancelado: 'text-muted-foreground',
};

/** Em aberto / Parcial / Pago / Cancelado, and "Vencido" under an open one due before today. */
export function TituloStatusBadge({ status, vencido }: { status: StatusTitulo; vencido: boolean }) {
  return (
    <span className="inline-flex flex-col items-start gap-1 whitespace-nowrap">
      <Badge variant="outline" className={borda[status]}>
        {statusTituloLabels[status]}
      </Badge>
      {vencido ? <VencidoBadge /> : null}
    </span>
  );
}

export function VencidoBadge({ className }: { className?: string }) {
  return (
    <Badge variant="outline" className={cn('border-destructive border-2 text-destructive', className)}>
      Vencido
    </Badge>
  );
}
