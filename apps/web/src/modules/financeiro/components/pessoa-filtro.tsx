import { useState } from 'react';
import { FilterSlot } from '@/components/data-table/filter-select.tsx';
import { PessoaBusca, type PessoaOpcao } from './pessoa-busca.tsx';

// The "Cliente" / "Fornecedor" filter of the títulos lists: search and pick one (its id goes to
// the URL as pessoa_id); clearing the text removes the filter.

export function PessoaFiltro({
  tipo,
  value,
  onChange,
}: {
  tipo: 'receber' | 'pagar';
  value: string;
  onChange(id: string): void;
}) {
  const [pessoa, setPessoa] = useState<PessoaOpcao | null>(null);
  const selecionada = value
    ? pessoa?.id === value
      ? pessoa
      : { id: value, nome: 'Pessoa filtrada', documento: '' }
    : null;
  return (
    <FilterSlot label={tipo === 'receber' ? 'Cliente' : 'Fornecedor'}>
      {(id) => (
        <div className="sm:w-56">
          <PessoaBusca
            id={id}
            tipo={tipo}
            selecionada={selecionada}
            onPick={(p) => {
              setPessoa(p);
              onChange(p?.id ?? '');
            }}
          />
        </div>
      )}
    </FilterSlot>
  );
}
