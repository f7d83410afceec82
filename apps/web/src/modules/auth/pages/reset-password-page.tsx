import { type ResetPasswordInput, resetPasswordSchema } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { authClient, initialLocation } from '@/lib/auth/auth-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { authToasts, resetErrorText } from '../auth-messages.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { SubmitButton } from '../components/submit-button.tsx';

const invalidLinkText = authToasts.invalidLink;

// The fragment this page load arrived with (the auth client clears it once it took the session).
// A recovery link carries type=recovery; an invitation link type=invite (the invited person sets
// their first password here). Spent after a successful change.
let linkSpent = false;
function linkType(): 'recovery' | 'invite' | null {
  if (linkSpent || initialLocation.pathname !== '/reset-password') return null;
  const params = new URLSearchParams(initialLocation.hash.replace(/^#/, ''));
  const type = params.get('type');
  if (!params.get('access_token') || (type !== 'recovery' && type !== 'invite')) return null;
  return type;
}

/** /reset-password: "Redefinir senha", only when entered from a recovery (or invitation) link. */
export function ResetPasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [type] = useState(linkType);
  const [pending, setPending] = useState(false);
  const rejected = useRef(false);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  // the link's session is in place once the client finished reading the URL
  const invalid = type === null || (!auth.loading && !auth.session);

  useEffect(() => {
    document.title = 'Redefinir senha · Plataforma ERP';
  }, []);
  useEffect(() => {
    if (!invalid || rejected.current) return;
    rejected.current = true;
    toast.error(invalidLinkText);
    navigate('/auth', { replace: true });
  }, [invalid, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      const { error } = await authClient.updateUser({ password: values.password });
      if (error) {
        toast.error(resetErrorText(error));
        return;
      }
      linkSpent = true;
      rejected.current = true;
      toast.success(authToasts.resetOk);
      // back to the login screen, to sign in with the new password
      await authClient.signOut({ scope: 'local' });
      navigate('/auth', { replace: true });
    } catch (err) {
      console.error('troca de senha falhou', err);
      toast.error(authToasts.resetUnexpected);
    } finally {
      setPending(false);
    }
  });

  if (invalid) {
    return (
      <AuthCard>
        <p role="alert" className="text-center text-sm font-medium text-destructive">
          {invalidLinkText}
        </p>
      </AuthCard>
    );
  }
  if (auth.loading) return <PageSpinner />;

  const title = type === 'invite' ? 'Definir senha' : 'Redefinir senha';
  return (
    <AuthCard>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="redefinir-senha">
        <h2 id="redefinir-senha" className="text-lg font-semibold">
          {title}
        </h2>
        {type === 'invite' ? (
          <p className="text-sm text-muted-foreground">Escolha a senha para acessar a Plataforma ERP.</p>
        ) : null}
        <fieldset disabled={pending} className="grid gap-4">
          <FormField label="Nova senha" error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label="Confirmar nova senha" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </fieldset>
        <SubmitButton pending={pending}>Alterar senha</SubmitButton>
      </form>
    </AuthCard>
  );
}
