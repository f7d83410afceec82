import {
  allows,
  menu,
  ROLES,
  type Role,
  roleLabels,
  routePermissions,
  screenTitle,
  usuarioStatusLabels,
} from '@erp/shared';
import { Check, CircleDot, Minus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useUsuariosPorPapel } from '@/modules/usuarios/api/usuarios-api.ts';
import { type AreaAccess, areaAccess, type GuardArea, guardAreas } from '../perfis-areas.ts';

const areas = guardAreas();

const perfilLabel = (p: Role | 'nenhum') => (p === 'nenhum' ? 'Sem papel' : roleLabels[p]);

// On a phone the matrix scrolls sideways inside its card; the area names stay in view.
const stickyFirst = 'sticky left-0 z-10 bg-card';
const rowHeader = `${stickyFirst} text-sm font-medium normal-case tracking-normal text-foreground`;

const roleDescriptions: Record<Role | 'nenhum', string> = {
  admin: 'Acesso a tudo, inclusive usuários, auditoria e configurações.',
  comercial: 'Vendas: pedidos, clientes, vendedores, notas fiscais e expedição.',
  estoque:
    'Produtos, entradas de mercadorias, posição de estoque, lotes e locais, sugestão e pedidos de compra.',
  financeiro: 'Contas a pagar e a receber, bancos, centros de custo e frota.',
  nenhum: 'Sem papel, a pessoa vê apenas o Dashboard e o Perfil.',
};

/** The screens of the menu a holder of exactly these roles can open, grouped as in the sidebar. */
function screensFor(roles: Role[]) {
  return menu
    .map((g) => ({
      label: g.label,
      items: (g.items.length ? g.items : [{ label: g.label, to: g.to! }]).filter((i) => {
        const perm = routePermissions[i.to];
        return perm !== undefined && allows(roles, perm);
      }),
    }))
    .filter((g) => g.items.length > 0);
}

/** One cell of the matrix: all, some (which ones in the tooltip) or none of the area's screens. */
function Allowed({
  access,
  roles,
  area,
  label,
}: {
  access: AreaAccess;
  roles: Role[];
  area: GuardArea;
  label: string;
}) {
  if (access === 'total') {
    return (
      <span className="inline-flex text-success" title={`${label}: acesso`}>
        <Check aria-hidden className="size-4" strokeWidth={3} />
        <span className="sr-only">Sim</span>
      </span>
    );
  }
  if (access === 'parcial') {
    const opens = area.paths
      .filter((p) => allows(roles, routePermissions[p]!))
      .map((p) => screenTitle(p) ?? p)
      .join(', ');
    return (
      <span className="inline-flex text-warning" title={`${label}: parcial (${opens})`}>
        <CircleDot aria-hidden className="size-4" />
        <span className="sr-only">Parcial: {opens}</span>
      </span>
    );
  }
  return (
    <span className="inline-flex text-muted-foreground" title={`${label}: sem acesso`}>
      <Minus aria-hidden className="size-4" />
      <span className="sr-only">Não</span>
    </span>
  );
}

/** /configuracoes/perfis: each role, what it opens (from the shared permission table) and who holds it. */
export function PerfisPage() {
  const porPapel = useUsuariosPorPapel();
  const perfis: (Role | 'nenhum')[] = [...ROLES, 'nenhum'];
  return (
    <>
      <PageHeader
        title="Perfis de Acesso"
        description="O que cada papel abre no sistema e quem o possui. Para mudar os papéis de alguém, use Usuários."
      />
      {/* grid-cols-1 (minmax(0, 1fr)) lets the matrix scroll inside its card on a narrow screen */}
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Matriz de acesso</CardTitle>
            <CardDescription>
              Áreas que cada papel abre. Dashboard e Perfil abrem para todos. Uma pessoa com vários papéis
              soma os acessos.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Table aria-label="Matriz de acesso: áreas por papel">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col" className={stickyFirst}>
                    Área
                  </TableHead>
                  {perfis.map((p) => (
                    <TableHead key={p} scope="col" className="text-center">
                      {perfilLabel(p)}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {areas.map((a) => (
                  <TableRow key={a.prefix} data-area={a.label}>
                    <TableHead scope="row" className={rowHeader}>
                      {a.label}
                    </TableHead>
                    {perfis.map((p) => {
                      const roles = p === 'nenhum' ? [] : [p];
                      return (
                        <TableCell key={p} className="text-center" data-papel={p}>
                          <Allowed
                            access={areaAccess(roles, a)}
                            roles={roles}
                            area={a}
                            label={`${perfilLabel(p)} × ${a.label}`}
                          />
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
                <TableRow data-area="pessoas">
                  <TableHead scope="row" className={rowHeader}>
                    Pessoas
                  </TableHead>
                  {perfis.map((p) => (
                    <TableCell key={p} className="text-center tabular-nums" data-papel={p}>
                      {porPapel.data ? porPapel.data[p].length : '…'}
                    </TableCell>
                  ))}
                </TableRow>
              </TableBody>
            </Table>
            <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Check aria-hidden className="size-3.5 text-success" strokeWidth={3} /> todas as telas
              </span>
              <span className="inline-flex items-center gap-1">
                <CircleDot aria-hidden className="size-3.5 text-warning" /> parte delas (veja “Telas que
                abre”)
              </span>
              <span className="inline-flex items-center gap-1">
                <Minus aria-hidden className="size-3.5" /> nenhuma
              </span>
            </p>
          </CardContent>
        </Card>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {perfis.map((p) => {
            const label = p === 'nenhum' ? 'Sem papel' : roleLabels[p];
            const holders = porPapel.data?.[p];
            const screens = screensFor(p === 'nenhum' ? [] : [p]);
            return (
              <Card key={p} aria-labelledby={`perfil-${p}`}>
                <CardHeader>
                  <CardTitle id={`perfil-${p}`} className="flex items-center gap-2">
                    {label}
                    {holders ? <Badge variant="secondary">{holders.length}</Badge> : null}
                  </CardTitle>
                  <CardDescription>{roleDescriptions[p]}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <section aria-labelledby={`telas-${p}`}>
                    <h3 id={`telas-${p}`} className="mb-2 text-sm font-semibold">
                      Telas que abre
                    </h3>
                    <ul className="grid gap-1.5 text-sm">
                      {screens.map((g) => (
                        <li key={g.label}>
                          <span className="font-medium">{g.label}:</span>{' '}
                          <span className="text-muted-foreground">
                            {g.items.map((i) => i.label).join(', ')}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </section>
                  <section aria-labelledby={`usuarios-${p}`}>
                    <h3 id={`usuarios-${p}`} className="mb-2 flex items-center gap-2 text-sm font-semibold">
                      <Users aria-hidden className="size-4" />
                      Quem possui
                    </h3>
                    {porPapel.isLoading ? <Skeleton className="h-8 w-full" /> : null}
                    {porPapel.isError ? (
                      <p role="alert" className="text-sm">
                        Não foi possível carregar os usuários.
                      </p>
                    ) : null}
                    {holders && holders.length === 0 ? (
                      <p className="text-sm text-muted-foreground">Ninguém.</p>
                    ) : null}
                    {holders && holders.length > 0 ? (
                      <ul className="grid gap-1 text-sm">
                        {holders.slice(0, 20).map((u) => (
                          <li key={u.id} className="flex flex-wrap items-center gap-2">
                            <span>{u.nome_completo ?? u.email}</span>
                            <span className="text-xs text-muted-foreground">{u.email}</span>
                            {u.status !== 'ativo' ? (
                              <Badge variant="outline">{usuarioStatusLabels[u.status]}</Badge>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <Link
                      to={`/usuarios?papel=${p}`}
                      className="mt-2 inline-block text-sm text-primary underline-offset-4 hover:underline"
                    >
                      {holders && holders.length > 20
                        ? `Ver todos os ${holders.length} em Usuários`
                        : 'Gerenciar em Usuários'}
                    </Link>
                  </section>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </div>
    </>
  );
}
