import { authMessages, plural, senhaAlteracaoSchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { showApiError } from '../api/form-errors.ts';
import { useAlterarSenha } from '../api/usuarios-api.ts';

// The confirmation is checked here only; the server gets senha_atual and nova_senha.
const formSchema = senhaAlteracaoSchema
  .and(z.object({ confirmar_senha: z.string() }))
  .refine((v) => v.nova_senha === v.confirmar_senha, {
    path: ['confirmar_senha'],
    message: authMessages.passwordsDiffer,
  });
type FormValues = z.input<typeof formSchema>;
const empty: FormValues = { senha_atual: '', nova_senha: '', confirmar_senha: '' };

/** Change own password proving the current one; other devices are signed out, this one stays. */
export function SenhaForm() {
  const alterar = useAlterarSenha();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    reValidateMode: 'onChange',
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ senha_atual, nova_senha }) => {
    try {
      const r = await alterar.mutateAsync({ senha_atual, nova_senha });
      form.reset(empty);
      toast.success('Senha alterada com sucesso!', {
        description:
          r.sessoes_encerradas > 0
            ? `${plural(r.sessoes_encerradas, 'outra sessão foi encerrada', 'outras sessões foram encerradas')}.`
            : undefined,
      });
    } catch (err) {
      showApiError(err, {
        setError: form.setError,
        fields: ['senha_atual', 'nova_senha'],
        fallback: 'Erro ao alterar senha. Tente novamente.',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Alterar senha</CardTitle>
        <CardDescription>
          Ao alterar a senha, seus outros dispositivos são desconectados. Esta sessão continua ativa.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset disabled={alterar.isPending} className="grid gap-4">
            <FormField label="Senha atual" required error={errors.senha_atual?.message}>
              <Input type="password" autoComplete="current-password" {...form.register('senha_atual')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Nova senha" required error={errors.nova_senha?.message}>
                <Input type="password" autoComplete="new-password" {...form.register('nova_senha')} />
              </FormField>
              <FormField label="Confirmar nova senha" required error={errors.confirmar_senha?.message}>
                <Input type="password" autoComplete="new-password" {...form.register('confirmar_senha')} />
              </FormField>
            </div>
          </fieldset>
          <div>
            <Button type="submit" disabled={alterar.isPending}>
              {alterar.isPending ? <Spinner label="Alterando" /> : null}
              Alterar senha
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
