import { Decimal, exigeAprovacaoCompra, formatBRL, formatDecimalBR } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { textoEmbalagem } from '@/modules/entradas/components/conversao.ts';
import { useFornecedoresOpcoes } from '@/modules/estoque/api/queries.ts';
import { BuscaRemota } from '@/modules/estoque/components/busca-remota.tsx';
import { formatQtd } from '@/modules/estoque/components/formato.ts';
import type { ProdutoOpcao } from '@/modules/estoque/components/pickers.tsx';
import { comprasApi, comprasKeys, mensagemDe, type PedidoCompra } from '../api/compras-api.ts';
import {
  corpoDoRascunho,
  type ErrosPedidoCompra,
  errosDoRascunho,
  errosDoServidor,
  fatorDe,
  type LinhaPedidoCompra,
  novaLinha,
  quantidadeBase,
  type RascunhoPedidoCompra,
  rascunhoDoPedido,
  rascunhoVazio,
  totaisDoRascunho,
  unidadeInicial,
  unidadesDoProduto,
  valorDaLinha,
} from '../components/rascunho-pedido-compra.ts';

// Novo pedido de compra (/compras/pedidos/novo) and the edit of a draft (/compras/pedidos/:id/editar):
// the supplier, the payment condition, the expected delivery, the freight and a note; items typed
// keyboard first as in order entry — «Adicionar produto» (code, name or GTIN, Enter) adds a line in
// the product's purchase packaging and puts the cursor on its quantity; Enter goes to the price,
// Enter again back to «Adicionar produto». Totals are live, to the cent as the server stores them;
// the server's field errors land on their fields.

const buscaProdutos = async (q: string) =>
  (
    (await unwrap(
      api.estoque.produtos.$get({
        query: { q, pageSize: '20', ativo: 'true', sort: 'nome', dir: 'asc' } as never,
      }),
    )) as unknown as { items: ProdutoOpcao[] }
  ).items;

const condicoesDePagamento = async () =>
  (
    (await unwrap(api.estoque.entradas['condicoes-pagamento'].$get())) as unknown as {
      items: { id: string; nome: string }[];
    }
  ).items;

export function NovoPedidoCompraPage() {
  return <Formulario inicial={rascunhoVazio()} />;
}

export function EditarPedidoCompraPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: comprasKeys.get(id), queryFn: () => comprasApi.get(id) });
  return (
    <RecordLoader query={q} title="Pedido de compra">
      {(p) =>
        p.status === 'rascunho' ? (
          <Formulario key={p.versao} pedido={p} inicial={rascunhoDoPedido(p)} />
        ) : (
          <div className="grid gap-3">
            <PageHeader title={`Pedido de compra nº ${p.numero}`} />
            <p role="alert">Só um pedido de compra em rascunho pode ser alterado.</p>
            <Link to={`/compras/pedidos/${p.id}`} className="underline">
              Voltar ao pedido
            </Link>
          </div>
        )
      }
    </RecordLoader>
  );
}

function Formulario({ inicial, pedido }: { inicial: RascunhoPedidoCompra; pedido?: PedidoCompra }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const fornecedores = useFornecedoresOpcoes();
  const condicoes =
    useQuery({ queryKey: ['compras', 'condicoes'], queryFn: condicoesDePagamento, staleTime: 60_000 }).data ??
    [];
  const config = useQuery({
    queryKey: ['compras', 'configuracao'],
    queryFn: comprasApi.configuracao,
    staleTime: 60_000,
  }).data;
  const [r, setR] = useState<RascunhoPedidoCompra>(inicial);
  const [erros, setErros] = useState<ErrosPedidoCompra>({});
  const busca = useRef<HTMLInputElement>(null);
  const buscaId = useId();
  const quantidades = useRef(new Map<number, HTMLInputElement | null>());
  const precos = useRef(new Map<number, HTMLInputElement | null>());
  const focoPendente = useRef<number | null>(null);

  const limpa = (...campos: string[]) =>
    setErros((e) =>
      campos.some((c) => c in e)
        ? Object.fromEntries(Object.entries(e).filter(([k]) => !campos.includes(k)))
        : e,
    );
  const muda = (patch: Partial<RascunhoPedidoCompra>, ...campos: string[]) => {
    setR((x) => ({ ...x, ...patch }));
    limpa(...campos);
  };
  const mudaLinha = (chave: number, patch: Partial<LinhaPedidoCompra>) => {
    setR((x) => ({ ...x, linhas: x.linhas.map((l) => (l.chave === chave ? { ...l, ...patch } : l)) }));
    limpa(...Object.keys(patch).map((k) => `${chave}.${k === 'produto' ? 'produto_id' : k}`), 'itens');
  };
  const adiciona = (p: ProdutoOpcao) => {
    const unidade = unidadeInicial(p);
    const custo = Decimal.of(p.custo_medio || '0');
    const linha: LinhaPedidoCompra = {
      ...novaLinha(),
      produto: p,
      unidade,
      preco: custo.isPositive() ? formatDecimalBR(custo.times(fatorDe(p, unidade)).toFixed(2), 2) : '',
    };
    focoPendente.current = linha.chave;
    // the blank line a new order starts with is replaced by the first product
    setR((x) => ({ ...x, linhas: [...x.linhas.filter((l) => l.produto || l.quantidade || l.preco), linha] }));
    limpa('itens');
  };

  const totais = totaisDoRascunho(r);
  const limite = config?.limite_aprovacao ?? pedido?.limite_aprovacao;
  const acimaDoLimite = limite ? exigeAprovacaoCompra(totais.total, limite) : false;

  const salvar = useMutation({
    mutationFn: () => {
      const corpo = corpoDoRascunho(r);
      return pedido
        ? comprasApi.atualizar(pedido.id, { ...corpo, versao: pedido.versao })
        : comprasApi.criar(corpo);
    },
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: ['compras'] });
      toast.success(`Pedido de compra nº ${p.numero} salvo como rascunho.`);
      navigate(`/compras/pedidos/${p.id}`);
    },
    onError: (err) => {
      if (err instanceof ApiError) setErros(errosDoServidor(err.fields, r));
      toast.error(mensagemDe(err, 'Não foi possível salvar o pedido de compra.'));
    },
  });

  const enviar = () => {
    const e = errosDoRascunho(r);
    setErros(e);
    if (Object.keys(e).length) {
      toast.error('Confira os campos marcados.');
      return;
    }
    salvar.mutate();
  };

  const enterVai = (e: KeyboardEvent<HTMLInputElement>, destino: () => HTMLElement | null | undefined) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    destino()?.focus();
  };
  const linhas = r.linhas.filter((l) => l.produto);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={pedido ? `Editar o pedido de compra nº ${pedido.numero}` : 'Novo pedido de compra'}
        description="Fornecedor, itens com embalagem, quantidade e preço negociado; o pedido é salvo como rascunho."
        actions={
          <Button variant="outline" asChild>
            <Link to={pedido ? `/compras/pedidos/${pedido.id}` : '/compras/pedidos'}>
              <ArrowLeft aria-hidden />
              {pedido ? 'Voltar ao pedido' : 'Pedidos de compra'}
            </Link>
          </Button>
        }
      />
      <form
        aria-label={pedido ? 'Editar pedido de compra' : 'Novo pedido de compra'}
        noValidate
        className="grid gap-4"
        onSubmit={(ev) => {
          ev.preventDefault();
          enviar();
        }}
      >
        <section
          aria-label="Cabeçalho"
          className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <FormField label="Fornecedor" required error={erros.fornecedor_id} className="sm:col-span-2">
            <NativeSelect
              autoFocus={!pedido}
              value={r.fornecedorId}
              onChange={(ev) => muda({ fornecedorId: ev.target.value }, 'fornecedor_id')}
            >
              <option value="">Selecione</option>
              {fornecedores.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.nome}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Condição de pagamento" error={erros.condicao_pagamento_id}>
            <NativeSelect
              value={r.condicaoId}
              onChange={(ev) => muda({ condicaoId: ev.target.value }, 'condicao_pagamento_id')}
            >
              <option value="">A combinar</option>
              {condicoes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Previsão de entrega" error={erros.previsao_entrega}>
            <DateInput value={r.previsao} onChange={(v) => muda({ previsao: v }, 'previsao_entrega')} />
          </FormField>
          <FormField label="Frete" error={erros.frete} hint="R$, somado ao total do pedido">
            <Input
              inputMode="decimal"
              autoComplete="off"
              className="text-right tabular-nums"
              value={r.frete}
              onChange={(ev) => muda({ frete: ev.target.value }, 'frete')}
            />
          </FormField>
          <FormField label="Observação" error={erros.observacao} className="sm:col-span-2 lg:col-span-3">
            <Textarea
              rows={1}
              maxLength={2000}
              value={r.observacao}
              onChange={(ev) => muda({ observacao: ev.target.value }, 'observacao')}
            />
          </FormField>
        </section>

        <section aria-label="Itens" className="grid gap-3 rounded-lg border border-border bg-card p-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 className="text-base font-semibold">Itens</h2>
            <div className="grid w-full gap-1 sm:w-96">
              <label htmlFor={buscaId} className="text-xs font-medium text-muted-foreground">
                Adicionar produto
              </label>
              <BuscaRemota<ProdutoOpcao>
                ref={busca}
                id={buscaId}
                selectedLabel=""
                queryKey={(t) => ['compras', 'produtos', t]}
                search={buscaProdutos}
                minChars={1}
                optionKey={(p) => p.id}
                optionLabel={(p) => (
                  <span>
                    <span className="font-mono text-xs">{p.codigo}</span> {p.nome}
                    <span className="ml-1 text-xs text-muted-foreground">{p.unidade}</span>
                  </span>
                )}
                onPick={(p) => (p ? adiciona(p) : undefined)}
                listLabel="Produtos"
                placeholder="Código, nome ou GTIN — Enter"
              />
            </div>
          </div>
          {erros.itens ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {erros.itens}
            </p>
          ) : null}
          {linhas.some((l) => l.produto) ? (
            <ol className="grid gap-2">
              {linhas.map((l, idx) => (
                <LinhaForm
                  key={l.chave}
                  l={l}
                  n={idx + 1}
                  erros={erros}
                  onChange={(patch) => mudaLinha(l.chave, patch)}
                  onRemove={() =>
                    setR((x) => ({ ...x, linhas: x.linhas.filter((y) => y.chave !== l.chave) }))
                  }
                  quantidadeRef={(el) => {
                    quantidades.current.set(l.chave, el);
                    if (el && focoPendente.current === l.chave) {
                      focoPendente.current = null;
                      el.focus();
                      el.select();
                    }
                  }}
                  precoRef={(el) => {
                    precos.current.set(l.chave, el);
                  }}
                  onEnterQuantidade={(e) => enterVai(e, () => precos.current.get(l.chave))}
                  onEnterPreco={(e) => enterVai(e, () => busca.current)}
                />
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">
              Nenhum item ainda: busque o produto acima e tecle Enter para incluí-lo.
            </p>
          )}
        </section>

        <section
          aria-label="Totais"
          className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-border bg-card p-4"
        >
          <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm" aria-live="polite">
            <dt>Produtos</dt>
            <dd className="text-right tabular-nums" data-testid="total-produtos">
              {formatBRL(totais.produtos)}
            </dd>
            <dt>Frete</dt>
            <dd className="text-right tabular-nums">{formatBRL(totais.frete)}</dd>
            <dt className="font-semibold">Total do pedido</dt>
            <dd className="text-right text-lg font-semibold tabular-nums" data-testid="total-pedido">
              {formatBRL(totais.total)}
            </dd>
          </dl>
          <div className="grid justify-items-end gap-2">
            {limite ? (
              <p className="max-w-md text-right text-xs text-muted-foreground">
                {acimaDoLimite
                  ? `Acima do limite de aprovação (${formatBRL(limite)}): o pedido precisará ser aprovado por um administrador ou um papel que aprova compras.`
                  : `Dentro do limite de aprovação (${formatBRL(limite)}).`}
                {totais.incompletas
                  ? ` ${totais.incompletas} item(ns) sem quantidade ou preço fora do total.`
                  : ''}
              </p>
            ) : null}
            <Button type="submit" disabled={salvar.isPending}>
              {salvar.isPending ? <Spinner /> : <Save aria-hidden />}
              Salvar rascunho
            </Button>
          </div>
        </section>
      </form>
    </div>
  );
}

function LinhaForm({
  l,
  n,
  erros,
  onChange,
  onRemove,
  quantidadeRef,
  precoRef,
  onEnterQuantidade,
  onEnterPreco,
}: {
  l: LinhaPedidoCompra;
  n: number;
  erros: ErrosPedidoCompra;
  onChange(patch: Partial<LinhaPedidoCompra>): void;
  onRemove(): void;
  quantidadeRef(el: HTMLInputElement | null): void;
  precoRef(el: HTMLInputElement | null): void;
  onEnterQuantidade(e: KeyboardEvent<HTMLInputElement>): void;
  onEnterPreco(e: KeyboardEvent<HTMLInputElement>): void;
}) {
  const p = l.produto;
  if (!p) return null;
  const err = (c: string) => erros[`${l.chave}.${c}`];
  const valor = valorDaLinha(l);
  const base = quantidadeBase(l);
  const nome = `${p.codigo} — ${p.nome}`;
  return (
    <li
      aria-label={`Item ${n}: ${nome}`}
      className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_8rem_7rem_8rem_10rem_7rem_auto] sm:items-start"
    >
      <div className="min-w-0 sm:pt-7">
        <span className="font-mono text-xs text-muted-foreground">{p.codigo}</span>{' '}
        <span className="font-medium">{p.nome}</span>
        {err('produto_id') ? (
          <p role="alert" className="text-xs font-medium text-destructive">
            {err('produto_id')}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:contents">
        <FormField label="Embalagem" error={err('unidade')}>
          <NativeSelect
            aria-label={`Embalagem de ${p.nome}`}
            value={l.unidade || p.unidade}
            onChange={(ev) => onChange({ unidade: ev.target.value })}
          >
            {unidadesDoProduto(p).map((e) => (
              <option key={e.unidade} value={e.unidade}>
                {textoEmbalagem(e, p.unidade)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Quantidade"
          required
          error={err('quantidade')}
          hint={base && l.unidade !== p.unidade ? `${formatQtd(base)} ${p.unidade}` : undefined}
        >
          <Input
            ref={quantidadeRef}
            aria-label={`Quantidade de ${p.nome}`}
            inputMode="decimal"
            autoComplete="off"
            className="text-right tabular-nums"
            value={l.quantidade}
            onChange={(ev) => onChange({ quantidade: ev.target.value })}
            onKeyDown={onEnterQuantidade}
          />
        </FormField>
        <FormField label="Preço" required error={err('preco')} hint={`por ${l.unidade || p.unidade}`}>
          <Input
            ref={precoRef}
            aria-label={`Preço de ${p.nome}`}
            inputMode="decimal"
            autoComplete="off"
            className="text-right tabular-nums"
            value={l.preco}
            onChange={(ev) => onChange({ preco: ev.target.value })}
            onKeyDown={onEnterPreco}
          />
        </FormField>
        <FormField label="Previsão" error={err('previsao_entrega')}>
          <DateInput value={l.previsao} onChange={(v) => onChange({ previsao: v })} />
        </FormField>
      </div>
      <div className="flex items-center justify-between gap-2 sm:contents">
        <p className="text-right text-sm font-medium tabular-nums sm:pt-8" data-testid={`valor-item-${n}`}>
          {valor ? formatBRL(valor) : '—'}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="sm:mt-6"
          aria-label={`Remover o item ${n}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}
