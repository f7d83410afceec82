import { formatDocumento, type ListPage, type PessoaRow } from '@erp/shared';
import type { Ref } from 'react';
import { clientesApi, fornecedoresApi } from '@/modules/cadastros/api/cadastros-api.ts';
import { BuscaRemota } from '@/modules/estoque/components/busca-remota.tsx';

// The pessoa of a título, searched on the server as the user types: a cliente for a receivable,
// a fornecedor for a payable (razão social, nome fantasia or CPF/CNPJ).

export type PessoaOpcao = { id: string; nome: string; documento: string };

const buscar = async (tipo: 'receber' | 'pagar', q: string): Promise<PessoaOpcao[]> => {
  const query = { q, pageSize: '25', ativo: 'true' };
  const page = (await (tipo === 'receber'
    ? clientesApi.list(query)
    : fornecedoresApi.list(query))) as ListPage<PessoaRow>;
  return page.items.map((p) => ({ id: p.id, nome: p.razao_social, documento: p.documento }));
};

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
      queryKey={(q) => ['cadastros', tipo === 'receber' ? 'clientes' : 'fornecedores', 'busca', q]}
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
