import type { Me, Role } from '@erp/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

/** E-mail, cargo and departamento when present, and the permissions as a comma list. */
export function ProfileCard({
  email,
  profile,
  roles,
}: {
  email: string;
  profile: Me['profile'] | null;
  roles: Role[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Seu perfil</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">E-mail</dt>
          <dd className="break-all">{email}</dd>
          {profile?.cargo ? (
            <>
              <dt className="text-muted-foreground">Cargo</dt>
              <dd>{profile.cargo}</dd>
            </>
          ) : null}
          {profile?.departamento ? (
            <>
              <dt className="text-muted-foreground">Departamento</dt>
              <dd>{profile.departamento}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Permissões</dt>
          <dd data-testid="permissoes">
            {roles.length > 0 ? roles.join(', ') : 'Nenhuma permissão atribuída'}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
