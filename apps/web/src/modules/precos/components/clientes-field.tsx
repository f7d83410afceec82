import { type ClienteRow, formatDocumento } from '@erp/shared';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/components/forms/fields.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { api, unwrap } from '@/lib/api-client.ts';
import { BuscaRemota } from '@/modules/estoque/components/busca-remota.tsx';
import { precosKeys } from '../api/keys.ts';

// Customer pickers of the price screens, searching the customers register on the server (by name
// or CPF/CNPJ, active ones, 20 at a time): one customer (the price query) or a list (a table of
// escopo "Lista de clientes", its form value `cliente_ids`).

export type ClienteOpcao = Pick<ClienteRow, 'id' | 'razao_social' | 'nome_fantasia' | 'documento'>;

export const buscaClientes = async (q: string) =>
  (
    (await unwrap(api.cadastros.clientes.$get({ query: { q, pageSize: '20', ativo: 'true' } as never }))) as {
      items: ClienteOpcao[];
    }
  ).items;

export function clienteOpcaoLabel(c: ClienteOpcao) {
  return (
    <span>
      {c.razao_social}
      <span className="block text-xs text-muted-foreground">
        {formatDocumento(c.documento)}
        {c.nome_fantasia ? ` · ${c.nome_fantasia}` : ''}
      </span>
    </span>
  );
}

/** The customers of a list: search and add (Enter or click), each shown as a chip to remove. */
export function ClientesField({ iniciais }: { iniciais: readonly { id: string; nome: string }[] }) {
  const { control } = useFormContext();
  const error = useFieldError('cliente_ids');
  const [nomes, setNomes] = useState(() => new Map(iniciais.map((c) => [c.id, c.nome])));
  return (
    <Controller
      name="cliente_ids"
      control={control}
      render={({ field }) => {
        const ids = (field.value as string[] | undefined) ?? [];
        return (
          <div className="grid gap-2 sm:col-span-2 lg:col-span-4">
            <FormField
              label="Clientes"
              required
              error={error}
              hint="Busque pelo nome ou CPF/CNPJ; cada cliente escolhido entra na lista."
            >
              <BuscaRemota<ClienteOpcao>
                ref={field.ref}
                name={field.name}
                selectedLabel=""
                queryKey={precosKeys.clientes}
                search={buscaClientes}
                optionKey={(c) => c.id}
                optionLabel={clienteOpcaoLabel}
                onPick={(c) => {
                  if (!c || ids.includes(c.id)) return;
                  setNomes((m) => new Map(m).set(c.id, c.razao_social));
                  field.onChange([...ids, c.id]);
                }}
                onBlur={field.onBlur}
                listLabel="Clientes"
                placeholder="Adicionar cliente…"
              />
            </FormField>
            {ids.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Clientes da lista">
                {ids.map((id) => (
                  <li
                    key={id}
                    className="flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm"
                  >
                    {nomes.get(id) ?? id}
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-6"
                      aria-label={`Remover ${nomes.get(id) ?? 'cliente'}`}
                      onClick={() => field.onChange(ids.filter((x) => x !== id))}
                    >
                      <X aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      }}
    />
  );
}
