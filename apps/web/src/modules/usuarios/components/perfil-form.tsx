import { type Me, perfilUpdateSchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { showApiError } from '../api/form-errors.ts';
import { useAtualizarPerfil } from '../api/usuarios-api.ts';

type FormIn = z.input<typeof perfilUpdateSchema>;
type FormOut = z.output<typeof perfilUpdateSchema>;

/** Own name, cargo and departamento; the e-mail is shown read-only. */
export function PerfilForm({ me }: { me: Me }) {
  const { reloadMe } = useAuth();
  const salvar = useAtualizarPerfil();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(perfilUpdateSchema),
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    form.reset({
      nome_completo: me.profile.nome_completo ?? '',
      cargo: me.profile.cargo ?? '',
      departamento: me.profile.departamento ?? '',
    });
  }, [me, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await salvar.mutateAsync(values);
      // the greeting and the account menu read the profile from the auth state
      await reloadMe().catch(() => {});
      toast.success('Perfil atualizado com sucesso!');
    } catch (err) {
      showApiError(err, {
        setError: form.setError,
        fields: ['nome_completo', 'cargo', 'departamento'],
        fallback: 'Erro ao salvar o perfil. Tente novamente.',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Dados pessoais</CardTitle>
        <CardDescription>Como você aparece para os colegas e no registro de auditoria.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset disabled={salvar.isPending} className="grid gap-4">
            <FormField label="E-mail" hint="O e-mail de acesso não pode ser alterado aqui.">
              <Input type="email" value={me.user.email} readOnly aria-readonly className="bg-muted" />
            </FormField>
            <FormField label="Nome completo" required error={errors.nome_completo?.message}>
              <Input autoComplete="name" {...form.register('nome_completo')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Cargo" error={errors.cargo?.message}>
                <Input autoComplete="organization-title" {...form.register('cargo')} />
              </FormField>
              <FormField label="Departamento" error={errors.departamento?.message}>
                <Input {...form.register('departamento')} />
              </FormField>
            </div>
          </fieldset>
          <div>
            <Button type="submit" disabled={salvar.isPending || !isDirty}>
              {salvar.isPending ? <Spinner label="Salvando" /> : null}
              Salvar alterações
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
