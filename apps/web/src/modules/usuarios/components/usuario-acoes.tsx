import type { UsuarioListItem } from '@erp/shared';
import { plural } from '@erp/shared';
import { KeyRound, MailPlus, MoreHorizontal, Pencil, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { showApiError } from '../api/form-errors.ts';
import {
  useDesativarUsuario,
  useEnviarRedefinicaoSenha,
  useReativarUsuario,
  useReenviarConvite,
} from '../api/usuarios-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ConviteLinkDialog } from './convite-link-dialog.tsx';

type Pending = 'desativar' | 'reativar' | 'senha' | null;

/** The row menu of the users table. */
export function UsuarioAcoes({
  usuario,
  isSelf,
  onEdit,
}: {
  usuario: UsuarioListItem;
  isSelf: boolean;
  onEdit(): void;
}) {
  const [confirm, setConfirm] = useState<Pending>(null);
  // the new invitation's link when the server could not e-mail it
  const [naoEnviado, setNaoEnviado] = useState<{ email: string; link: string } | null>(null);
  const desativar = useDesativarUsuario();
  const reativar = useReativarUsuario();
  const reenviar = useReenviarConvite();
  const senha = useEnviarRedefinicaoSenha();
  const nome = usuario.nome_completo ?? usuario.email;

  async function run() {
    try {
      if (confirm === 'desativar') {
        const r = await desativar.mutateAsync(usuario.id);
        toast.success(
          r.sessoes_encerradas > 0
            ? `${nome} foi desativado(a) e desconectado(a) de ${plural(r.sessoes_encerradas, 'sessão', 'sessões')}.`
            : `${nome} foi desativado(a).`,
        );
      } else if (confirm === 'reativar') {
        await reativar.mutateAsync(usuario.id);
        toast.success(`${nome} foi reativado(a).`);
      } else if (confirm === 'senha') {
        await senha.mutateAsync(usuario.id);
        toast.success(`E-mail de redefinição de senha enviado para ${usuario.email}.`);
      }
      setConfirm(null);
    } catch (err) {
      showApiError(err, { fallback: 'Não foi possível concluir a ação. Tente novamente.' });
    }
  }

  async function resend() {
    try {
      const r = await reenviar.mutateAsync(usuario.id);
      if (r.convite.enviado) toast.success(`Convite reenviado para ${r.email}.`);
      else setNaoEnviado({ email: r.email, link: r.convite.link });
    } catch (err) {
      showApiError(err, { fallback: 'Erro ao reenviar o convite. Tente novamente.' });
    }
  }

  const pending = desativar.isPending || reativar.isPending || senha.isPending;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Ações para ${nome}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            Editar
          </DropdownMenuItem>
          {usuario.status === 'convite_pendente' ? (
            <DropdownMenuItem onSelect={resend} disabled={reenviar.isPending}>
              <MailPlus aria-hidden />
              Reenviar convite
            </DropdownMenuItem>
          ) : null}
          {usuario.status === 'ativo' ? (
            <DropdownMenuItem onSelect={() => setConfirm('senha')}>
              <KeyRound aria-hidden />
              Enviar redefinição de senha
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          {usuario.status === 'desativado' ? (
            <DropdownMenuItem onSelect={() => setConfirm('reativar')}>
              <UserCheck aria-hidden />
              Reativar
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              onSelect={() => setConfirm('desativar')}
              disabled={isSelf}
              className="text-destructive data-[highlighted]:text-destructive"
            >
              <UserX aria-hidden />
              {isSelf ? 'Desativar (sua conta)' : 'Desativar'}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirm === 'desativar'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Desativar usuário"
        description={
          <>
            <strong>{nome}</strong> será desconectado(a) de todos os dispositivos agora e não poderá mais
            entrar até ser reativado(a).
          </>
        }
        confirmLabel="Desativar"
        destructive
        pending={pending}
        onConfirm={run}
      />
      <ConfirmDialog
        open={confirm === 'reativar'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Reativar usuário"
        description={
          <>
            <strong>{nome}</strong> poderá entrar novamente com a senha que já tinha.
          </>
        }
        confirmLabel="Reativar"
        pending={pending}
        onConfirm={run}
      />
      <ConfirmDialog
        open={confirm === 'senha'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Enviar redefinição de senha"
        description={
          <>
            Um e-mail com um link para definir uma nova senha será enviado para{' '}
            <strong>{usuario.email}</strong>. O link vale por 1 hora.
          </>
        }
        confirmLabel="Enviar e-mail"
        pending={pending}
        onConfirm={run}
      />
      <ConviteLinkDialog convite={naoEnviado} reenvio onClose={() => setNaoEnviado(null)} />
    </>
  );
}
