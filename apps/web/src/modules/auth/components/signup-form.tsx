import { type SignupInput, signupSchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { authClient } from '@/lib/auth/auth-client.ts';
import { authToasts, signupErrorText } from '../auth-messages.ts';
import { SubmitButton } from './submit-button.tsx';

const empty: SignupInput = { name: '', email: '', password: '', confirmPassword: '' };

/** "Novo cadastro"; on success the form is cleared and `onSignedUp` gets the e-mail the link went to. */
export function SignupForm({ onSignedUp }: { onSignedUp(email: string): void }) {
  const [pending, setPending] = useState(false);
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      // confirmPassword is checked here and never sent
      const { error } = await authClient.signUp({
        email: values.email,
        password: values.password,
        options: { emailRedirectTo: `${window.location.origin}/`, data: { name: values.name } },
      });
      if (error) {
        toast.error(signupErrorText(error));
        return;
      }
      toast.success(authToasts.signupOk);
      form.reset(empty);
      onSignedUp(values.email);
    } catch (err) {
      console.error('cadastro falhou', err);
      toast.error(authToasts.signupUnexpected);
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4">
        <FormField label="Nome" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label="E-mail" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </FormField>
        <FormField label="Senha" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirmar senha" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
      </fieldset>
      <SubmitButton pending={pending}>Criar conta</SubmitButton>
    </form>
  );
}
