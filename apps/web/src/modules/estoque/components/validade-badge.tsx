import { situacaoValidade } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

/** "Vencido", "Vence hoje", "Vence em N dias" (up to 30 days), or nothing (shared validade.ts). */
export function ValidadeBadge({ validade, hoje }: { validade: string | null; hoje?: string }) {
  const s = situacaoValidade(validade, hoje);
  if (s.tipo === 'vencido') return <Badge variant="destructive">{s.label}</Badge>;
  if (s.tipo === 'vence') return <Badge variant="warning">{s.label}</Badge>;
  return null;
}
