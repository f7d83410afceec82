import { LogOut, Monitor, Moon, Settings, Sun, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { type ThemeChoice, themeLabels, useTheme } from '../theme.tsx';
import { useSignOut } from '../use-sign-out.ts';

function initials(nameOrEmail: string): string {
  const words = nameOrEmail
    .split('@')[0]!
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

const themeIcons = { light: Sun, dark: Moon, system: Monitor } as const;

/** "Minha Conta": Perfil, Configurações, the theme and Sair. */
export function AccountMenu() {
  const { user } = useAuth();
  const { choice, setChoice, resolved } = useTheme();
  const signOut = useSignOut();
  const name = typeof user?.user_metadata?.name === 'string' ? user.user_metadata.name : '';
  const email = user?.email ?? '';
  const ThemeIcon = resolved === 'dark' ? Moon : Sun;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Minha Conta"
        className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span aria-hidden>{initials(name || email || '?')}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="pb-0">Minha Conta</DropdownMenuLabel>
        {name || email ? (
          <div className="truncate px-2 pb-1.5 text-xs text-muted-foreground">
            {name ? `${name} · ${email}` : email}
          </div>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/perfil">
            <UserRound aria-hidden />
            Perfil
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/configuracoes">
            <Settings aria-hidden />
            Configurações
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <ThemeIcon aria-hidden />
            Tema
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuRadioGroup value={choice} onValueChange={(v) => setChoice(v as ThemeChoice)}>
              {(Object.keys(themeLabels) as ThemeChoice[]).map((t) => {
                const Icon = themeIcons[t];
                return (
                  <DropdownMenuRadioItem key={t} value={t}>
                    <Icon aria-hidden />
                    {themeLabels[t]}
                  </DropdownMenuRadioItem>
                );
              })}
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
