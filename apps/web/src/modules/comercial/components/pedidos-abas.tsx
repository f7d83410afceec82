import { hasAnyRole } from '@erp/shared';
import { NavLink } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { cn } from '@/lib/cn.ts';

// The two views of the orders list: "Todos" (/comercial/pedidos, sellers) and "Bloqueados"
// (/comercial/bloqueados, sellers and the approvers). An approver without the comercial role sees
// only the second, so no tabs.

const aba = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-1.5 text-sm font-medium',
    isActive ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
  );

export function PedidosAbas() {
  const { roles } = useAuth();
  if (!hasAnyRole(roles, ['comercial'])) return null;
  return (
    <nav aria-label="Visões dos pedidos" className="mb-4 inline-flex gap-1 rounded-lg bg-muted p-1">
      <NavLink to="/comercial/pedidos" end className={aba}>
        Todos
      </NavLink>
      <NavLink to="/comercial/bloqueados" className={aba}>
        Bloqueados
      </NavLink>
    </nav>
  );
}
