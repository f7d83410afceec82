import { useQuery } from '@tanstack/react-query';
import { type Ref, useEffect, useState } from 'react';
import { Combobox } from '@/components/ui/combobox.tsx';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { comercialKeys } from '../api/keys.ts';
import { escolhaDireta, type ProdutoBuscado } from './produto-escolha.ts';

// "Adicionar produto" of the order entry: a product by code, name or GTIN. Enter adds the
// highlighted option; a scanner's code followed at once by Enter (before the list came back) is
// looked up right away and added when it is a product's or a packaging's code or GTIN — in that
// packaging — or the only product found.

export type { ProdutoBuscado };

type Pagina = { items: ProdutoBuscado[] };
type Fonte = 'comercial' | 'estoque';
let fonte: Fonte = 'comercial';

/**
 * The sales product search (GET /api/comercial/produtos) when the server has it, else the stock
 * register's search (admin and estoque only).
 */
export async function buscaProdutosPedido(q: string): Promise<ProdutoBuscado[]> {
  const raiz = api as unknown as Record<string, Record<string, { $get(a: unknown): Promise<Response> }>>;
  if (fonte === 'comercial') {
    try {
      const r = await unwrap(raiz.comercial!.produtos!.$get({ query: { q } }) as never);
      return Array.isArray(r) ? (r as ProdutoBuscado[]) : (r as Pagina).items;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
      fonte = 'estoque';
    }
  }
  const query = { q, pageSize: '20', ativo: 'true', sort: 'nome', dir: 'asc' };
  return ((await unwrap(raiz.estoque!.produtos!.$get({ query }) as never)) as Pagina).items;
}

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function ProdutoAdicionar({
  onAdd,
  ref,
  disabled,
}: {
  onAdd(p: ProdutoBuscado, embalagem?: string): void;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const typed = useDebounced(text.trim(), 250);
  const q = useQuery({
    queryKey: [...comercialKeys.all, 'produtos', typed],
    queryFn: () => buscaProdutosPedido(typed),
    enabled: typed.length > 0,
    staleTime: 30_000,
  });
  const assentado = typed === text.trim() && !q.isFetching && q.data !== undefined;
  const adicionar = (p: ProdutoBuscado, embalagem?: string) => {
    setText('');
    setErro(null);
    onAdd(p, embalagem);
  };
  return (
    <div
      className="grid gap-1"
      onKeyDownCapture={(e) => {
        if (e.key !== 'Enter' || !text.trim()) return;
        const exata = assentado ? escolhaDireta(text, q.data ?? []) : null;
        // an exact code/GTIN wins over the highlighted option; a settled list picks as usual
        if (assentado && !exata) return;
        e.preventDefault();
        e.stopPropagation();
        if (exata) {
          adicionar(exata.produto, exata.embalagem);
          return;
        }
        const lido = text;
        void buscaProdutosPedido(lido.trim()).then(
          (achados) => {
            const escolha = escolhaDireta(lido, achados);
            if (escolha) adicionar(escolha.produto, escolha.embalagem);
            else
              setErro(achados.length ? 'Escolha o produto na lista' : `Nenhum produto para «${lido.trim()}»`);
          },
          (err) =>
            setErro(
              err instanceof ApiError && err.status === 403
                ? 'Seu perfil não pode buscar produtos aqui ainda (falta a busca de produtos do comercial).'
                : 'Não foi possível buscar o produto',
            ),
        );
      }}
    >
      <Combobox<ProdutoBuscado>
        ref={ref}
        aria-label="Adicionar produto"
        disabled={disabled}
        value={text}
        onValueChange={(t) => {
          setText(t);
          setErro(null);
        }}
        options={typed.length > 0 ? (q.data ?? []) : []}
        optionKey={(p) => p.id}
        optionLabel={(p) => (
          <span>
            <span className="font-mono text-xs">{p.codigo}</span> {p.nome}
            <span className="ml-1 text-xs text-muted-foreground">{p.unidade}</span>
          </span>
        )}
        onPick={(p) => adicionar(p)}
        listLabel="Produtos"
        placeholder="Código, nome ou GTIN — Enter adiciona"
        noMatchText={typed !== text.trim() || q.isFetching ? 'Buscando…' : 'Nenhum produto'}
      />
      {erro ? (
        <p role="alert" className="text-xs text-destructive">
          {erro}
        </p>
      ) : null}
    </div>
  );
}
