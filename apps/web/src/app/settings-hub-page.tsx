import { allows, canAccessModule, menu, routePermissions } from '@erp/shared';
import { ChevronRight, Monitor, Moon, Sun } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { cn } from '@/lib/cn.ts';
import { GeneralSettings } from '@/modules/configuracoes/components/general-settings.tsx';
import { menuIcons } from './menu-icons.ts';
import { type ThemeChoice, themeLabels, useTheme } from './theme.tsx';

const descriptions: Record<string, string> = {
  '/configuracoes/perfis': 'O que cada papel abre no sistema e quem o possui.',
  '/configuracoes/fiscais': 'Parâmetros fiscais da empresa para a emissão de notas.',
  '/configuracoes/compras':
    'Aprovação dos pedidos de compra, tolerâncias do recebimento e padrões da sugestão.',
  '/estoque/tabela-tributacao': 'Regras de tributação aplicadas aos produtos.',
  '/usuarios': 'Convites, papéis de acesso e desativação de contas.',
  '/auditoria': 'Quem fez o quê e quando, com os valores antes e depois.',
  '/perfil': 'Seus dados, sua senha e suas sessões ativas.',
};

/** The settings screens of the menu's "Configurações" group, then the user's own profile. */
const settingsScreens = [
  ...(menu.find((g) => g.id === 'configuracoes')?.items ?? []),
  ...menu.filter((g) => g.id === 'perfil').map((g) => ({ label: 'Meu perfil', to: g.to!, icon: g.icon })),
];

const themeIcons = { light: Sun, dark: Moon, system: Monitor } as const;

function ThemeSetting() {
  const { choice, setChoice } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="aparencia">Aparência</CardTitle>
        <CardDescription>
          O tema vale para este navegador. "Sistema" segue a configuração do aparelho.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-labelledby="aparencia" className="grid gap-2 sm:grid-cols-3">
          {(Object.keys(themeLabels) as ThemeChoice[]).map((t) => {
            const Icon = themeIcons[t];
            const selected = choice === t;
            return (
              <label
                key={t}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2.5 text-sm transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  selected && 'border-primary bg-accent text-accent-foreground',
                )}
              >
                <input
                  type="radio"
                  name="tema"
                  value={t}
                  checked={selected}
                  onChange={() => setChoice(t)}
                  className="sr-only"
                />
                <Icon aria-hidden className="size-4" />
                {themeLabels[t]}
              </label>
            );
          })}
        </div>
      </CardContent>
    </Card>
  );
}

/** /configuracoes: links to the settings screens this user may open, the theme, general settings. */
export function SettingsHubPage() {
  const { roles } = useAuth();
  const screens = settingsScreens.filter((s) => {
    const perm = routePermissions[s.to];
    return perm !== undefined && allows(roles, perm);
  });
  return (
    <>
      <PageHeader title="Configurações" description="Ajustes do sistema e da sua conta." />
      <div className="grid gap-6">
        <section aria-labelledby="telas-de-configuracao">
          <h2 id="telas-de-configuracao" className="sr-only">
            Telas de configuração
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {screens.map((s) => {
              const Icon = menuIcons[s.icon];
              return (
                <li key={s.to}>
                  <Link
                    to={s.to}
                    className="group flex h-full items-start gap-3 rounded-lg border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="grid size-9 shrink-0 place-items-center rounded-md bg-accent text-accent-foreground">
                      <Icon aria-hidden className="size-4" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{s.label}</span>
                      <span className="mt-0.5 block text-sm text-muted-foreground">{descriptions[s.to]}</span>
                    </span>
                    <ChevronRight
                      aria-hidden
                      className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    />
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
        <ThemeSetting />
        {canAccessModule(roles, 'configuracoes') ? <GeneralSettings /> : null}
      </div>
    </>
  );
}
