import { hasArea } from '@erp/shared';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { ComercialBlock } from '../components/comercial-block.tsx';
import { EstoqueBlock } from '../components/estoque-block.tsx';
import { FinanceiroBlock } from '../components/financeiro-block.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { SemPerfilCard } from '../components/sem-perfil-card.tsx';

/**
 * "/" (and the placeholder of a few routes): greeting, profile card and the commercial, stock and
 * finance blocks — each only for users with access to its area (the server refuses the data too).
 * A user without any role is told so first, with the administrators to ask.
 */
export function DashboardPage() {
  const { user, profile, roles, rolesLoading } = useAuth();
  const email = user?.email ?? '';
  const nome = profile?.nome_completo?.trim() || email;
  return (
    <>
      <PageHeader title="Dashboard" description={`Bem-vindo, ${nome}`} />
      {rolesLoading ? (
        <PageSpinner />
      ) : (
        <div className="grid gap-8">
          {roles.length === 0 ? <SemPerfilCard /> : null}
          <ProfileCard email={email} profile={profile} roles={roles} />
          {hasArea(roles, 'commercial') ? <ComercialBlock /> : null}
          {hasArea(roles, 'stock') ? <EstoqueBlock /> : null}
          {hasArea(roles, 'finance') ? <FinanceiroBlock /> : null}
        </div>
      )}
    </>
  );
}
