import { formatDocumento } from '@erp/shared';
import type { Ref } from 'react';
import { BuscaRemota } from '@/modules/estoque/components/busca-remota.tsx';
import { pessoasApi } from '../api/financeiro-api.ts';

// The pessoa of a título, searched on the server as the user types: a cliente for a receivable,
// a fornecedor for a payable (razão social, nome fantasia or CPF/CNPJ) — GET /api/financeiro/pessoas, open to the financeiro role.

export type PessoaOpcao = { id: string; nome: string; documento: string };

const buscar = (tipo: 'receber' | 'pagar', q: string): Promise<PessoaOpcao[]> =>
  pessoasApi.buscar(tipo === 'receber' ? 'cliente' : 'fornecedor', q);

export function PessoaBusca({
  tipo,
  selecionada,
  onPick,
  onBlur,
  ref,
  ...input
}: {
  tipo: 'receber' | 'pagar';
  selecionada: PessoaOpcao | null;
  onPick(p: PessoaOpcao | null): void;
  onBlur?(): void;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  name?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  const rotulo = tipo === 'receber' ? 'Clientes' : 'Fornecedores';
  return (
    <BuscaRemota<PessoaOpcao>
      {...input}
      ref={ref}
      selectedLabel={selecionada?.nome ?? ''}
      queryKey={(q) => ['financeiro', 'pessoas', tipo, q]}
      search={(q) => buscar(tipo, q)}
      optionKey={(p) => p.id}
      optionLabel={(p) => (
        <span>
          {p.nome}
          <span className="ml-2 text-xs text-muted-foreground">{formatDocumento(p.documento)}</span>
        </span>
      )}
      onPick={onPick}
      onBlur={onBlur}
      listLabel={rotulo}
      placeholder={tipo === 'receber' ? 'Buscar cliente' : 'Buscar fornecedor'}
    />
  );
}
