import { useQuery } from '@tanstack/react-query';
import { Mail, ShieldQuestion } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { api, unwrap } from '@/lib/api-client.ts';

/**
 * What a signed-in user without any role sees on the Dashboard instead of empty blocks: that the
 * account has no access profile yet, and the active administrators to ask (GET
 * /api/me/administradores, open to any signed-in user: name and e-mail only).
 */
export function SemPerfilCard() {
  const admins = useQuery({
    queryKey: ['me', 'administradores'],
    queryFn: () => unwrap(api.me.administradores.$get()),
  });
  return (
    <Card
      role="region"
      aria-labelledby="sem-perfil-titulo"
      className="border-amber-300 dark:border-amber-800"
    >
      <CardHeader>
        <CardTitle id="sem-perfil-titulo" className="flex items-center gap-2">
          <ShieldQuestion aria-hidden className="size-5 text-amber-600 dark:text-amber-400" />
          Você ainda não tem um perfil de acesso
        </CardTitle>
        <CardDescription>
          Sua conta está ativa, mas nenhum perfil (Comercial, Estoque, Financeiro ou Administrador) foi
          atribuído a ela — por isso o menu não mostra telas do sistema. Peça a um administrador que atribua o
          seu perfil em Configurações › Usuários; depois, entre novamente.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <h4 className="font-medium">Administradores</h4>
        {admins.isPending ? (
          <Spinner label="Carregando os administradores" />
        ) : admins.isError ? (
          <p role="alert" className="text-destructive">
            Não foi possível carregar a lista de administradores. Procure o responsável pelo sistema na sua
            empresa.
          </p>
        ) : admins.data.length === 0 ? (
          <p>Nenhum administrador ativo encontrado. Procure o responsável pelo sistema na sua empresa.</p>
        ) : (
          <ul aria-label="Administradores" className="grid gap-1.5">
            {admins.data.map((a) => (
              <li key={a.email} className="flex flex-wrap items-center gap-x-2">
                <span className="font-medium">{a.nome}</span>
                <a
                  href={`mailto:${a.email}?subject=${encodeURIComponent('Perfil de acesso na Plataforma ERP')}`}
                  className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
                >
                  <Mail aria-hidden className="size-3.5 shrink-0" />
                  {a.email}
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
