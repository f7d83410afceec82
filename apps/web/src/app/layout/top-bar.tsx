import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet.tsx';
import { AccountMenu } from './account-menu.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { EnvironmentBadge } from './environment-badge.tsx';
import { DrawerSidebar } from './sidebar.tsx';

/** Below 768 px the sidebar is a drawer opened from the top bar; it closes on navigation. */
function MobileNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // close whenever the route changes
  useEffect(() => setOpen(false), [pathname]);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        aria-label="Abrir menu"
        className="-ml-1 grid size-9 shrink-0 place-items-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:hidden"
      >
        <Menu aria-hidden className="size-5" />
      </SheetTrigger>
      <SheetContent side="left" className="w-72 gap-0 border-none bg-sidebar p-0 text-sidebar-foreground">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Navegação do sistema</SheetDescription>
        <DrawerSidebar onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}

export function TopBar() {
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b border-border bg-card/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-card/75 md:px-6">
      <MobileNav />
      <Breadcrumbs className="min-w-0 flex-1" />
      <EnvironmentBadge />
      <AccountMenu />
    </header>
  );
}
