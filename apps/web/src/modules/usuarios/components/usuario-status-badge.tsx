import { type UsuarioStatus, usuarioStatusLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';

const variants = {
  ativo: 'success',
  convite_pendente: 'warning',
  // the person, not the admin, has to act (open the confirmation e-mail)
  aguardando_confirmacao: 'outline',
  desativado: 'secondary',
} as const satisfies Record<UsuarioStatus, string>;

export function UsuarioStatusBadge({ status }: { status: UsuarioStatus }) {
  return (
    <Badge variant={variants[status]} className="whitespace-nowrap">
      {usuarioStatusLabels[status]}
    </Badge>
  );
}
