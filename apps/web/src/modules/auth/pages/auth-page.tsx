import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useSignupEnabled } from '../api/auth-settings.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { RecoveryView } from '../components/recovery-view.tsx';
import { SignupForm } from '../components/signup-form.tsx';

type Tab = 'login' | 'signup';

/** /auth: tabs "Entrar" / "Novo cadastro" and the "Recuperar senha" view (spec section 2). */
export function AuthPage() {
  const auth = useAuth();
  const signupEnabled = useSignupEnabled();
  const [view, setView] = useState<'tabs' | 'recovery'>('tabs');
  const [tab, setTab] = useState<Tab>('login');

  useEffect(() => {
    document.title = 'Entrar · Plataforma ERP';
  }, []);
  useEffect(() => {
    if (!signupEnabled) setTab('login');
  }, [signupEnabled]);

  if (auth.loading) return <PageSpinner />;
  // already signed in (e.g. back from a confirmation link): nothing to do here
  if (auth.user) return <Navigate to="/" replace />;

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
          <TabsContent value="login">
            <LoginForm onForgotPassword={() => setView('recovery')} />
          </TabsContent>
          {signupEnabled ? (
            <TabsContent value="signup">
              <SignupForm />
            </TabsContent>
          ) : null}
        </Tabs>
      )}
    </AuthCard>
  );
}
