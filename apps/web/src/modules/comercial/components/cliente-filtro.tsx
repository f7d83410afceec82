import { useState } from 'react';
import { FilterSlot } from '@/components/data-table/filter-select.tsx';
import { ClienteBusca } from './cliente-busca.tsx';

// The "Cliente" filter of a list (orders, outgoing notes): search and pick one customer (its id
// goes to the URL as cliente_id); clearing the text removes the filter.

export function ClienteFiltro({ value, onChange }: { value: string; onChange(id: string): void }) {
  // the name of the customer picked here; one that came in the URL shows a neutral label
  const [nome, setNome] = useState('');
  return (
    <FilterSlot label="Cliente" className="sm:w-64">
      {(id) => (
        <ClienteBusca
          id={id}
          value={value ? nome || 'Cliente escolhido' : ''}
          onPick={(c) => {
            setNome(c?.razao_social ?? '');
            onChange(c?.id ?? '');
          }}
        />
      )}
    </FilterSlot>
  );
}
