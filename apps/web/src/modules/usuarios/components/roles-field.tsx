import { ROLES, type Role, roleLabels } from '@erp/shared';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';

const roleHints: Record<Role, string> = {
  admin: 'Acesso total, inclusive usuários, auditoria e configurações',
  comercial: 'Pedidos, clientes, notas fiscais e expedição',
  estoque: 'Produtos, entradas, posição de estoque e lotes',
  financeiro: 'Contas a pagar e a receber, bancos e frota',
};

/** The roles a user holds, as checkboxes with what each one opens. */
export function RolesField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: readonly Role[];
  onChange(next: Role[]): void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-erro` : undefined}>
      <legend className="mb-1 text-sm font-medium">Papéis</legend>
      {ROLES.map((role) => {
        const checked = value.includes(role);
        return (
          <div key={role} className="flex items-start gap-2.5">
            <Checkbox
              id={`${id}-${role}`}
              checked={checked}
              disabled={disabled}
              onCheckedChange={(on) => onChange(on ? [...value, role] : value.filter((r) => r !== role))}
              className="mt-0.5"
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`${id}-${role}`}>{roleLabels[role]}</Label>
              <span className="text-xs text-muted-foreground">{roleHints[role]}</span>
            </div>
          </div>
        );
      })}
      {value.length === 0 ? (
        <p className="text-xs text-muted-foreground">Sem papel, a pessoa vê apenas o Dashboard e o Perfil.</p>
      ) : null}
      {error ? (
        <p id={`${id}-erro`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
