import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useReturnPath } from '@/lib/auth/use-return-path.ts';
import { useSignupEnabled } from '../api/auth-settings.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { MailSentNotice } from '../components/mail-sent-notice.tsx';
import { RecoveryView } from '../components/recovery-view.tsx';
import { SignupForm } from '../components/signup-form.tsx';

type Tab = 'login' | 'signup';

/**
 * /auth: tabs "Entrar" / "Novo cadastro" and the "Recuperar senha" view (spec section 2). After a
 * sign-up it switches to "Entrar" (e-mail filled in) and says where the confirmation link went.
 */
export function AuthPage() {
  const auth = useAuth();
  const returnPath = useReturnPath();
  const signupEnabled = useSignupEnabled();
  const [view, setView] = useState<'tabs' | 'recovery'>('tabs');
  const [tab, setTab] = useState<Tab>('login');
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Entrar · Plataforma ERP';
  }, []);
  useEffect(() => {
    if (!signupEnabled) setTab('login');
  }, [signupEnabled]);

  if (auth.loading) return <PageSpinner />;
  // already signed in (e.g. back from a confirmation link): go where the visitor was headed
  if (auth.user) return <Navigate to={returnPath} replace />;

  return (
    <AuthCard>
      {view === 'recovery' ? (
        <RecoveryView onBack={() => setView('tabs')} />
      ) : (
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="grid gap-5">
          <TabsList>
            <TabsTrigger value="login">Entrar</TabsTrigger>
            {signupEnabled ? <TabsTrigger value="signup">Novo cadastro</TabsTrigger> : null}
          </TabsList>
          <TabsContent value="login" className="grid gap-4">
            {confirmationSentTo ? (
              <MailSentNotice>
                Enviamos um link de confirmação para <strong>{confirmationSentTo}</strong>. Abra-o para ativar
                sua conta e depois entre com seu e-mail e senha. Não encontrou? Verifique também a pasta de
                spam.
              </MailSentNotice>
            ) : null}
            <LoginForm
              key={confirmationSentTo ?? ''}
              defaultEmail={confirmationSentTo ?? ''}
              onForgotPassword={() => setView('recovery')}
            />
          </TabsContent>
          {signupEnabled ? (
            <TabsContent value="signup">
              <SignupForm
                onSignedUp={(email) => {
                  setConfirmationSentTo(email);
                  setTab('login');
                }}
              />
            </TabsContent>
          ) : null}
        </Tabs>
      )}
    </AuthCard>
  );
}
