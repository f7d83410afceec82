import { isRole, roleLabels } from '@erp/shared';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useMe } from '../api/usuarios-api.ts';
import { PerfilForm } from '../components/perfil-form.tsx';
import { SenhaForm } from '../components/senha-form.tsx';
import { SessoesCard } from '../components/sessoes-card.tsx';

/** /perfil: own data, password and devices (every signed-in user). */
export function PerfilPage() {
  const { data: me, isLoading, isError, refetch } = useMe();
  return (
    <>
      <PageHeader title="Perfil" description="Seus dados, sua senha e suas sessões ativas." />
      {isLoading ? <PageSpinner /> : null}
      {isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm">
          Não foi possível carregar o seu perfil.
          <Button variant="outline" size="sm" onClick={() => refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : null}
      {me ? (
        <div className="grid gap-6 xl:grid-cols-2">
          <div className="grid content-start gap-6">
            <PerfilForm me={me} />
            <Card>
              <CardHeader>
                <CardTitle>Permissões</CardTitle>
                <CardDescription>Definidas pelo administrador do sistema.</CardDescription>
              </CardHeader>
              <CardContent>
                {me.roles.length ? (
                  <ul className="flex flex-wrap gap-2" aria-label="Seus papéis">
                    {me.roles.filter(isRole).map((r) => (
                      <li key={r}>
                        <Badge variant="outline">{roleLabels[r]}</Badge>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">Nenhuma permissão atribuída</p>
                )}
              </CardContent>
            </Card>
          </div>
          <div className="grid content-start gap-6">
            <SenhaForm />
            <SessoesCard />
          </div>
        </div>
      ) : null}
    </>
  );
}
