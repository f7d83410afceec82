import { type RecoveryInput, recoverySchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { authClient } from '@/lib/auth/auth-client.ts';
import { authToasts, recoveryErrorText } from '../auth-messages.ts';
import { MailSentNotice } from './mail-sent-notice.tsx';
import { SubmitButton } from './submit-button.tsx';

/** "Recuperar senha": asks for the e-mail, then the sent state with "Voltar para login". */
export function RecoveryView({ onBack }: { onBack(): void }) {
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RecoveryInput>({
    resolver: zodResolver(recoverySchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      const { error } = await authClient.resetPasswordForEmail(values.email, {
        redirectTo: `${window.location.origin}/reset-password`,
      });
      if (error) {
        toast.error(recoveryErrorText(error));
        return;
      }
      toast.success(authToasts.recoveryOk);
      setSentTo(values.email);
    } catch (err) {
      console.error('recuperação falhou', err);
      toast.error(authToasts.recoveryUnexpected);
    } finally {
      setPending(false);
    }
  });

  return (
    <section aria-labelledby="recuperar-senha" className="grid gap-4">
      <h2 id="recuperar-senha" className="text-lg font-semibold">
        Recuperar senha
      </h2>
      {sentTo ? (
        <>
          <MailSentNotice>
            Se houver uma conta com o e-mail <strong>{sentTo}</strong>, enviamos um link para redefinir a
            senha. Verifique sua caixa de entrada e também a pasta de spam.
          </MailSentNotice>
          <Button type="button" className="w-full" onClick={onBack}>
            Voltar para login
          </Button>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            Informe seu e-mail para receber o link de recuperação de senha.
          </p>
          <fieldset disabled={pending} className="grid gap-4">
            <FormField label="E-mail" error={errors.email?.message}>
              <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
            </FormField>
          </fieldset>
          <SubmitButton pending={pending}>Enviar link de recuperação</SubmitButton>
          <Button
            type="button"
            variant="link"
            className="justify-self-center"
            onClick={onBack}
            disabled={pending}
          >
            Voltar para login
          </Button>
        </form>
      )}
    </section>
  );
}
