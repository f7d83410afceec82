import { type Role, type UsuarioListItem, usuarioUpdateSchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { showApiError } from '../api/form-errors.ts';
import { useEditarUsuario } from '../api/usuarios-api.ts';
import { RolesField } from './roles-field.tsx';
import { UsuarioFormDialog } from './usuario-form-dialog.tsx';

type FormIn = z.input<typeof usuarioUpdateSchema>;
type FormOut = z.output<typeof usuarioUpdateSchema>;

const sameRoles = (a: readonly Role[], b: readonly Role[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Edit name, cargo, departamento and the roles of a user. Roles apply on their next request. */
export function EditarUsuarioDialog({
  usuario,
  onOpenChange,
  onSaved,
}: {
  usuario: UsuarioListItem | null;
  onOpenChange(open: boolean): void;
  /** after a save, with the user's id (the list highlights the row) */
  onSaved?(id: string): void;
}) {
  const editar = useEditarUsuario();
  const [roles, setRoles] = useState<Role[]>([]);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(usuarioUpdateSchema),
    reValidateMode: 'onChange',
  });
  const { errors, dirtyFields } = form.formState;

  useEffect(() => {
    if (!usuario) return;
    form.reset({
      nome_completo: usuario.nome_completo ?? '',
      cargo: usuario.cargo ?? '',
      departamento: usuario.departamento ?? '',
    });
    setRoles(usuario.roles);
  }, [usuario, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!usuario) return;
    const perfilChanged = Object.keys(dirtyFields).length > 0;
    const rolesChanged = !sameRoles(roles, usuario.roles);
    if (!perfilChanged && !rolesChanged) {
      onOpenChange(false);
      return;
    }
    try {
      await editar.mutateAsync({
        id: usuario.id,
        ...(perfilChanged ? { perfil: values } : {}),
        ...(rolesChanged ? { papeis: { roles } } : {}),
      });
      toast.success('Usuário atualizado com sucesso!');
      onSaved?.(usuario.id);
      onOpenChange(false);
    } catch (err) {
      showApiError(err, {
        setError: form.setError,
        fields: ['nome_completo', 'cargo', 'departamento'],
        fallback: 'Erro ao salvar o usuário. Tente novamente.',
      });
    }
  });

  return (
    <UsuarioFormDialog
      open={usuario !== null}
      onOpenChange={onOpenChange}
      onCancel={() => onOpenChange(false)}
      title="Editar usuário"
      description={
        <>{usuario?.email}. Mudanças de papéis valem a partir da próxima ação da pessoa, sem novo login.</>
      }
      pending={editar.isPending}
      onSubmit={onSubmit}
      submitContent={
        <>
          {editar.isPending ? <Spinner label="Salvando" /> : null}
          Salvar
        </>
      }
    >
      <FormField label="Nome completo" required error={errors.nome_completo?.message}>
        <Input {...form.register('nome_completo')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Cargo" error={errors.cargo?.message}>
          <Input {...form.register('cargo')} />
        </FormField>
        <FormField label="Departamento" error={errors.departamento?.message}>
          <Input {...form.register('departamento')} />
        </FormField>
      </div>
      <RolesField value={roles} onChange={setRoles} disabled={editar.isPending} />
    </UsuarioFormDialog>
  );
}
