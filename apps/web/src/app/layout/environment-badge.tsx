import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';
import { useShellStatus } from '@/lib/shell-status.ts';

/**
 * The environment badge: "Homologação" in the warning colour while the NF-e go out in homologação,
 * otherwise ENVIRONMENT_LABEL ("Produção" unless the server is configured otherwise) — the server
 * decides (GET /api/shell, system README).
 */
export function EnvironmentBadge() {
  const { data } = useShellStatus();
  if (!data) return null;
  const { rotulo, homologacao } = data.ambiente;
  return (
    <Badge
      variant="outline"
      className={cn('shrink-0 gap-1.5 bg-card', homologacao && 'border-warning/60 bg-warning/10')}
      data-testid="ambiente"
      title={homologacao ? 'As NF-e são emitidas em homologação, sem valor fiscal' : undefined}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', homologacao ? 'bg-warning' : 'bg-success')} />
      {rotulo}
    </Badge>
  );
}
