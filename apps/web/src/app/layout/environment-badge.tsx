import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge.tsx';
import { api, unwrap } from '@/lib/api-client.ts';

/** The environment badge ("Produção" unless the server is configured otherwise). */
export function EnvironmentBadge() {
  const { data } = useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => unwrap(api.config.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data) return null;
  return (
    <Badge variant="outline" className="shrink-0 gap-1.5 bg-card" data-testid="ambiente">
      <span aria-hidden className="size-1.5 rounded-full bg-success" />
      {data.environmentLabel}
    </Badge>
  );
}
