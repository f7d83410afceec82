import { type AccountTipo, accountTipoLabels, type StockStatus, stockStatusLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

const stockVariant = {
  zerado: 'destructive',
  baixo: 'warning',
  excesso: 'secondary',
  normal: 'outline',
} as const satisfies Record<StockStatus, string>;

/** Zerado / Baixo / Excesso (the rule is stockStatus() in @erp/shared, applied by the server). */
export function StockStatusBadge({ status }: { status: StockStatus }) {
  return <Badge variant={stockVariant[status]}>{stockStatusLabels[status]}</Badge>;
}

export function TipoContaBadge({ tipo }: { tipo: AccountTipo }) {
  return <Badge variant={tipo === 'receber' ? 'success' : 'outline'}>{accountTipoLabels[tipo]}</Badge>;
}

/** Vencida (open and due before today) or Em aberto. */
export function StatusContaBadge({ vencida }: { vencida: boolean }) {
  return vencida ? (
    <Badge variant="destructive">Vencida</Badge>
  ) : (
    <Badge variant="secondary">Em aberto</Badge>
  );
}
