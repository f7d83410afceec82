import type { Ref } from 'react';
import { BuscaRemota } from '@/modules/estoque/components/busca-remota.tsx';
import {
  buscaClientes,
  type ClienteOpcao,
  clienteOpcaoLabel,
} from '@/modules/precos/components/clientes-field.tsx';
import { comercialKeys } from '../api/keys.ts';

// A customer picked by name, fantasia, CPF/CNPJ or code (the customers register's search, active
// ones, 20 at a time): the order's customer and the list's filter.

export type { ClienteOpcao };

export function ClienteBusca({
  value,
  onPick,
  ...input
}: {
  value: string;
  onPick(c: ClienteOpcao | null): void;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <BuscaRemota<ClienteOpcao>
      {...input}
      selectedLabel={value}
      queryKey={comercialKeys.clientes}
      search={buscaClientes}
      optionKey={(c) => c.id}
      optionLabel={clienteOpcaoLabel}
      onPick={onPick}
      listLabel="Clientes"
      placeholder="Nome, fantasia, CPF/CNPJ ou código"
    />
  );
}
