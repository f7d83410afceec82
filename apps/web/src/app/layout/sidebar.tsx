import { type MenuGroup, type MenuItem, menuGroupOf, visibleMenu } from '@erp/shared';
import { Boxes, ChevronDown, LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { cn } from '@/lib/cn.ts';
import { menuIcons } from '../menu-icons.ts';
import { isBoolean, isBooleanRecord, PREFERENCE_KEYS, usePreference } from '../preferences.ts';
import { useSignOut } from '../use-sign-out.ts';

const SIDEBAR_ID = 'menu-lateral';

// Sidebar colours are dark in both themes; focus rings use a light blue that stands out on them.
const rowClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground/85 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-sky-400 [&_svg]:size-4 [&_svg]:shrink-0';
const activeClass = 'bg-white/12 text-white shadow-[inset_3px_0_0_0_#38bdf8]';

/** The route of the menu entry that best matches the path (longest prefix), for aria-current. */
function activeRoute(groups: MenuGroup[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const to of groups.flatMap((g) => (g.to ? [g.to] : g.items.map((i) => i.to)))) {
    const hit = to === pathname || (to !== '/' && pathname.startsWith(`${to}/`));
    if (hit && (!best || to.length > best.length)) best = to;
  }
  return best;
}

export function useSidebarCollapsed() {
  return usePreference<boolean>(PREFERENCE_KEYS.sidebarCollapsed, false, isBoolean);
}

/**
 * The navigation: groups and items of the shared menu the user may see. Expanded, groups are
 * collapsible sections (the one holding the current route opens by itself; each group's state is
 * remembered); collapsed to icons, a group opens its items in a menu beside it.
 */
function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { roles } = useAuth();
  const { pathname } = useLocation();
  const groups = useMemo(() => visibleMenu(roles), [roles]);
  const active = activeRoute(groups, pathname);
  const [open, setOpen] = usePreference<Record<string, boolean>>(
    PREFERENCE_KEYS.sidebarGroups,
    {},
    isBooleanRecord,
  );

  const currentGroup = menuGroupOf(pathname, groups)?.id;
  useEffect(() => {
    if (currentGroup) setOpen((prev) => (prev[currentGroup] ? prev : { ...prev, [currentGroup]: true }));
  }, [currentGroup, setOpen]);

  return (
    <ul className="flex flex-col gap-0.5">
      {groups.map((group) => {
        const Icon = menuIcons[group.icon];
        if (group.to) {
          const isActive = active === group.to;
          return (
            <li key={group.id}>
              <Tooltip content={group.label} side="right" disabled={!collapsed}>
                <Link
                  to={group.to}
                  onClick={onNavigate}
                  aria-current={isActive ? 'page' : undefined}
                  aria-label={collapsed ? group.label : undefined}
                  className={cn(rowClass, collapsed && 'justify-center px-0', isActive && activeClass)}
                >
                  <Icon aria-hidden />
                  {collapsed ? null : <span className="truncate">{group.label}</span>}
                </Link>
              </Tooltip>
            </li>
          );
        }
        const holdsActive = group.items.some((i) => i.to === active);
        if (collapsed) {
          return (
            <li key={group.id}>
              <CollapsedGroup group={group} active={active} holdsActive={holdsActive} />
            </li>
          );
        }
        const isOpen = open[group.id] ?? false;
        return (
          <li key={group.id}>
            <Collapsible open={isOpen} onOpenChange={(o) => setOpen((prev) => ({ ...prev, [group.id]: o }))}>
              <CollapsibleTrigger className={cn(rowClass, holdsActive && !isOpen && activeClass)}>
                <Icon aria-hidden />
                <span className="flex-1 truncate text-left">{group.label}</span>
                <ChevronDown
                  aria-hidden
                  className={cn('transition-transform motion-reduce:transition-none', isOpen && 'rotate-180')}
                />
              </CollapsibleTrigger>
              <CollapsibleContent>
                <ul className="mt-0.5 mb-1 ml-4 flex flex-col gap-0.5 border-l border-white/10 pl-1.5">
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <ItemLink item={item} active={active === item.to} onNavigate={onNavigate} />
                    </li>
                  ))}
                </ul>
              </CollapsibleContent>
            </Collapsible>
          </li>
        );
      })}
    </ul>
  );
}

function ItemLink({
  item,
  active,
  onNavigate,
}: {
  item: MenuItem;
  active: boolean;
  onNavigate?: () => void;
}) {
  const Icon = menuIcons[item.icon];
  return (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(rowClass, 'gap-2.5 px-2.5 py-1.5 text-[13px] font-normal', active && activeClass)}
    >
      <Icon aria-hidden />
      <span className="truncate">{item.label}</span>
    </Link>
  );
}

function CollapsedGroup({
  group,
  active,
  holdsActive,
}: {
  group: MenuGroup;
  active: string | undefined;
  holdsActive: boolean;
}) {
  const Icon = menuIcons[group.icon];
  return (
    <DropdownMenu>
      <Tooltip content={group.label} side="right">
        <DropdownMenuTrigger
          aria-label={group.label}
          className={cn(rowClass, 'justify-center px-0', holdsActive && activeClass)}
        >
          <Icon aria-hidden />
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent side="right" align="start" className="min-w-56">
        <DropdownMenuLabel>{group.label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {group.items.map((item) => {
          const ItemIcon = menuIcons[item.icon];
          const isActive = active === item.to;
          return (
            <DropdownMenuItem key={item.to} asChild>
              <Link
                to={item.to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(isActive && 'font-semibold text-primary')}
              >
                <ItemIcon aria-hidden />
                {item.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Brand({ collapsed, subtitle = false }: { collapsed: boolean; subtitle?: boolean }) {
  return (
    <Link
      to="/"
      className={cn(
        'flex min-w-0 items-center gap-2.5 rounded-md text-white focus-visible:outline-2 focus-visible:outline-sky-400',
        collapsed && 'justify-center',
      )}
      aria-label={collapsed ? 'Plataforma ERP — início' : undefined}
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary text-primary-foreground">
        <Boxes aria-hidden className="size-4" />
      </span>
      {collapsed ? null : (
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold leading-tight">Plataforma ERP</span>
          {subtitle ? (
            <span className="block truncate text-xs text-sidebar-foreground/70">
              Sistema de gestão para distribuidores
            </span>
          ) : null}
        </span>
      )}
    </Link>
  );
}

function SignOutButton({ collapsed }: { collapsed: boolean }) {
  const signOut = useSignOut();
  return (
    <Tooltip content="Sair" side="right" disabled={!collapsed}>
      <button
        type="button"
        onClick={signOut}
        aria-label={collapsed ? 'Sair' : undefined}
        className={cn(rowClass, collapsed && 'justify-center px-0')}
      >
        <LogOut aria-hidden />
        {collapsed ? null : <span>Sair</span>}
      </button>
    </Tooltip>
  );
}

/** Desktop sidebar (768 px and wider): w-64 expanded, w-16 icon-only, remembered across reloads. */
export function DesktopSidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle(): void }) {
  return (
    <aside
      id={SIDEBAR_ID}
      data-collapsed={collapsed}
      className={cn(
        'sticky top-0 hidden h-dvh shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out motion-reduce:transition-none md:flex',
        collapsed ? 'w-16' : 'w-64',
      )}
    >
      <div
        className={cn('flex h-14 items-center gap-2 px-3', collapsed ? 'justify-center' : 'justify-between')}
      >
        {collapsed ? null : <Brand collapsed={false} />}
        <Tooltip content={collapsed ? 'Expandir menu' : 'Recolher menu'} side="right">
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
            aria-expanded={!collapsed}
            aria-controls={SIDEBAR_ID}
            className={cn(rowClass, 'w-auto p-2')}
          >
            {collapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
          </button>
        </Tooltip>
      </div>
      <nav aria-label="Menu principal" className="flex-1 overflow-y-auto overflow-x-hidden px-2 py-2">
        <SidebarNav collapsed={collapsed} />
      </nav>
      <div className="border-t border-white/10 p-2">
        <SignOutButton collapsed={collapsed} />
      </div>
    </aside>
  );
}

/** The same navigation inside the mobile drawer (always expanded). */
export function DrawerSidebar({ onNavigate }: { onNavigate(): void }) {
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-14 items-center px-4">
        <Brand collapsed={false} subtitle />
      </div>
      <nav aria-label="Menu principal" className="flex-1 overflow-y-auto px-2 py-2">
        <SidebarNav collapsed={false} onNavigate={onNavigate} />
      </nav>
      <div className="border-t border-white/10 p-2">
        <SignOutButton collapsed={false} />
      </div>
    </div>
  );
}
