import { type SituacaoDocumento, situacaoCnh, situacaoLicenciamento } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

function DocumentoBadge({ s }: { s: SituacaoDocumento }) {
  if (s.tipo === 'vencido') return <Badge variant="destructive">{s.label}</Badge>;
  if (s.tipo === 'vence') return <Badge variant="warning">{s.label}</Badge>;
  return null;
}

/** "CNH vencida", "CNH vence em N dias" (up to 30 days), or nothing (shared cnh.ts). */
export function CnhBadge({ validade, hoje }: { validade: string | null; hoje?: string }) {
  return <DocumentoBadge s={situacaoCnh(validade, hoje)} />;
}

/** "Licenciamento vencido", "Licenciamento vence em N dias", or nothing. */
export function LicenciamentoBadge({ vencimento, hoje }: { vencimento: string | null; hoje?: string }) {
  return <DocumentoBadge s={situacaoLicenciamento(vencimento, hoje)} />;
}
