import { formataNcm, type NcmItem, type ProdutoRow } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/components/forms/fields.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { ncmApi, produtosApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { BuscaRemota } from './busca-remota.tsx';

// Search-and-pick fields of the stock screens over the server: NCM (official table) and produto.

export const ncmLabel = (n: Pick<NcmItem, 'codigo' | 'descricao'>) =>
  `${formataNcm(n.codigo)} - ${n.descricao.replace(/^[\s–-]+/, '')}`;

const buscaNcm = async (q: string) => (await ncmApi.busca(q)) as NcmItem[];

/**
 * The product's NCM, picked from the official table by code (digits, dots ignored) or by words of
 * its description; shows code and description. The form value is the 8 digits.
 */
export function NcmField({ className }: { className?: string }) {
  const { control } = useFormContext();
  const error = useFieldError('ncm');
  const [picked, setPicked] = useState<NcmItem | null>(null);
  return (
    <Controller
      name="ncm"
      control={control}
      render={({ field }) => {
        const codigo = String(field.value ?? '');
        return (
          <FormField
            label="NCM"
            required
            error={error}
            className={className}
            hint={
              picked?.codigo === codigo
                ? picked.caminho
                : 'Digite o código ou palavras da descrição (tabela oficial)'
            }
          >
            <NcmInput
              ref={field.ref}
              name={field.name}
              codigo={codigo}
              picked={picked}
              onPick={(n) => {
                setPicked(n);
                field.onChange(n?.codigo ?? '');
              }}
              onBlur={field.onBlur}
            />
          </FormField>
        );
      }}
    />
  );
}

function NcmInput({
  codigo,
  picked,
  onPick,
  ...props
}: {
  codigo: string;
  picked: NcmItem | null;
  onPick(n: NcmItem | null): void;
  onBlur(): void;
  ref: Ref<HTMLInputElement>;
  name: string;
  // wired by FormField
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  // the chosen code's label: the picked item's, else looked up by its code (an edited product)
  const known = picked?.codigo === codigo ? picked : null;
  const q = useQuery({
    queryKey: estoqueKeys.ncm(codigo),
    queryFn: () => buscaNcm(codigo),
    enabled: !known && codigo.length === 8,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const item = known ?? q.data?.find((n) => n.codigo === codigo);
  return (
    <BuscaRemota<NcmItem>
      {...props}
      selectedLabel={item ? ncmLabel(item) : codigo ? formataNcm(codigo) : ''}
      queryKey={estoqueKeys.ncm}
      search={buscaNcm}
      minChars={2}
      optionKey={(n) => n.codigo}
      optionLabel={(n) => (
        <span>
          <span className="font-mono">{formataNcm(n.codigo)}</span> {n.descricao}
          <span className="block text-xs text-muted-foreground">{n.caminho}</span>
        </span>
      )}
      onPick={onPick}
      listLabel="NCM"
    />
  );
}

export type ProdutoOpcao = Pick<
  ProdutoRow,
  'id' | 'codigo' | 'nome' | 'unidade' | 'controla_lote' | 'gtin' | 'embalagens' | 'custo_medio'
>;

export const produtoLabel = (p: Pick<ProdutoRow, 'codigo' | 'nome'>) => `${p.codigo} - ${p.nome}`;

const buscaProdutos = async (q: string) =>
  (
    (await produtosApi.list({ q, pageSize: '20', ativo: 'true', sort: 'nome', dir: 'asc' })) as {
      items: ProdutoOpcao[];
    }
  ).items;

/** A product picked by code, name or GTIN (active products, 20 at a time). */
export function ProdutoBusca({
  value,
  onPick,
  ...input
}: {
  value: Pick<ProdutoRow, 'codigo' | 'nome'> | null;
  onPick(p: ProdutoOpcao | null): void;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  name?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  return (
    <BuscaRemota<ProdutoOpcao>
      {...input}
      selectedLabel={value ? produtoLabel(value) : ''}
      queryKey={(t) => estoqueKeys.busca('produtos', t)}
      search={buscaProdutos}
      optionKey={(p) => p.id}
      optionLabel={(p) => (
        <span>
          <span className="font-mono text-xs">{p.codigo}</span> {p.nome}
        </span>
      )}
      onPick={onPick}
      listLabel="Produtos"
      placeholder="Código, nome ou GTIN"
    />
  );
}
