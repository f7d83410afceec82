import { type UsuarioStatus, usuarioStatusLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

const variants = {
  ativo: 'success',
  convite_pendente: 'warning',
  aguardando_confirmacao: 'warning',
  desativado: 'secondary',
} as const satisfies Record<UsuarioStatus, string>;

export function UsuarioStatusBadge({ status }: { status: UsuarioStatus }) {
  return <Badge variant={variants[status]}>{usuarioStatusLabels[status]}</Badge>;
}
