import { type LoginInput, loginSchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { authClient } from '@/lib/auth/auth-client.ts';
import { useReturnPath } from '@/lib/auth/use-return-path.ts';
import { authToasts, loginErrorText } from '../auth-messages.ts';
import { SubmitButton } from './submit-button.tsx';

/** "Entrar"; after signing in it opens the deep link /auth was opened with, else "/". */
export function LoginForm({
  onForgotPassword,
  defaultEmail = '',
}: {
  onForgotPassword(): void;
  defaultEmail?: string;
}) {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [pending, setPending] = useState(false);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      const { error } = await authClient.signInWithPassword({
        email: values.email,
        password: values.password,
      });
      if (error) {
        toast.error(loginErrorText(error));
        return;
      }
      toast.success(authToasts.loginOk);
      navigate(returnPath, { replace: true });
    } catch (err) {
      console.error('login falhou', err);
      toast.error(authToasts.loginUnexpected);
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <fieldset disabled={pending} className="grid gap-4">
        <FormField label="E-mail" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </FormField>
        <FormField label="Senha" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
      </fieldset>
      <SubmitButton pending={pending}>Entrar</SubmitButton>
      <Button
        type="button"
        variant="link"
        className="justify-self-center"
        onClick={onForgotPassword}
        disabled={pending}
      >
        Esqueci minha senha
      </Button>
    </form>
  );
}
