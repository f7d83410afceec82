import { type Role, usuarioConviteSchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { showApiError } from '../api/form-errors.ts';
import { useConvidarUsuario } from '../api/usuarios-api.ts';
import { ConviteLinkDialog } from './convite-link-dialog.tsx';
import { RolesField } from './roles-field.tsx';
import { UsuarioFormDialog } from './usuario-form-dialog.tsx';

type FormIn = z.input<typeof usuarioConviteSchema>;
type FormOut = z.output<typeof usuarioConviteSchema>;
const empty: FormIn = { nome_completo: '', email: '', cargo: '', departamento: '', roles: [] };

/**
 * Invite a person by e-mail: they get a link to choose a password and land signed in. When the
 * server could not send the e-mail (no e-mail configured) the admin is told so and gets the link.
 */
export function ConvidarUsuarioDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange(o: boolean): void;
  /** after the invitation, with the new user's id (the list highlights the row) */
  onInvited?(id: string): void;
}) {
  const convidar = useConvidarUsuario();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(usuarioConviteSchema),
    reValidateMode: 'onChange',
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const [naoEnviado, setNaoEnviado] = useState<{ email: string; link: string } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await convidar.mutateAsync(values);
      form.reset(empty);
      onInvited?.(created.id);
      onOpenChange(false);
      if (created.convite.enviado) toast.success(`Convite enviado para ${created.email}.`);
      else setNaoEnviado({ email: created.email, link: created.convite.link });
    } catch (err) {
      showApiError(err, {
        setError: form.setError,
        fields: ['nome_completo', 'email', 'cargo', 'departamento', 'roles'],
        fallback: 'Erro ao enviar o convite. Tente novamente.',
      });
    }
  });

  return (
    <>
      <UsuarioFormDialog
        open={open}
        onOpenChange={(o) => {
          if (!o) form.reset(empty);
          onOpenChange(o);
        }}
        onCancel={() => onOpenChange(false)}
        title="Convidar usuário"
        description="A pessoa recebe um e-mail com um link para definir a senha. O link vale por 7 dias."
        pending={convidar.isPending}
        onSubmit={onSubmit}
        submitContent={
          <>
            {convidar.isPending ? <Spinner label="Enviando" /> : <Send aria-hidden />}
            Enviar convite
          </>
        }
      >
        <FormField label="Nome completo" required error={errors.nome_completo?.message}>
          <Input autoComplete="off" {...form.register('nome_completo')} />
        </FormField>
        <FormField label="E-mail" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Cargo" error={errors.cargo?.message}>
            <Input {...form.register('cargo')} />
          </FormField>
          <FormField label="Departamento" error={errors.departamento?.message}>
            <Input {...form.register('departamento')} />
          </FormField>
        </div>
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <RolesField
              value={(field.value ?? []) as Role[]}
              onChange={field.onChange}
              error={errors.roles?.message}
              disabled={convidar.isPending}
            />
          )}
        />
      </UsuarioFormDialog>
      <ConviteLinkDialog convite={naoEnviado} onClose={() => setNaoEnviado(null)} />
    </>
  );
}
