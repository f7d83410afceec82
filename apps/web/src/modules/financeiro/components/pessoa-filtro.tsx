import { useId, useState } from 'react';
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
  const id = useId();
  const [pessoa, setPessoa] = useState<PessoaOpcao | null>(null);
  const selecionada = value
    ? pessoa?.id === value
      ? pessoa
      : { id: value, nome: 'Pessoa filtrada', documento: '' }
    : null;
  return (
    <div className="grid min-w-0 content-start gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {tipo === 'receber' ? 'Cliente' : 'Fornecedor'}
      </label>
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
    </div>
  );
}
