import {
  type ClienteVendas,
  calculaPedidoOffline,
  type DadosOffline,
  Decimal,
  formatBRL,
  formatDecimalBR,
  type PedidoDados,
  type ProdutoVendas,
  precosOffline,
} from '@erp/shared';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { Meta } from '../lib/sincronizacao.ts';

// The order built offline: products found by name, code or GTIN, priced for the customer by the
// shared price engine over the synced tables, discounts up to the seller's limit, taxes and totals
// by calculaPedidoOffline — the engines the server runs again when the order is sent.

type Linha = { produto: ProdutoVendas; embalagem: string; quantidade: string; desconto: string };

const normaliza = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function buscaProdutos(produtos: Iterable<ProdutoVendas>, termo: string, max = 20): ProdutoVendas[] {
  const t = normaliza(termo.trim());
  if (!t) return [];
  const out: ProdutoVendas[] = [];
  for (const p of produtos) {
    if (p.gtin === termo.trim() || p.codigo.toLowerCase() === t || normaliza(p.nome).includes(t)) out.push(p);
    if (out.length >= max) break;
  }
  return out;
}

const fatorDe = (p: ProdutoVendas, embalagem: string) =>
  embalagem === p.unidade ? '1' : (p.embalagens.find((e) => e.unidade === embalagem)?.fator ?? '1');

export function PedidoOffline({
  dados,
  meta,
  cliente,
  onSalvar,
}: {
  dados: DadosOffline;
  meta: Meta;
  cliente: ClienteVendas;
  onSalvar: (pedido: PedidoDados, total: string, precosTabela: (string | null)[]) => Promise<void>;
}) {
  const [termo, setTermo] = useState('');
  const [linhas, setLinhas] = useState<Linha[]>([]);
  const [salvando, setSalvando] = useState(false);
  const [condicao, setCondicao] = useState('');
  const [forma, setForma] = useState('');
  const achados = useMemo(() => buscaProdutos(dados.produtos.values(), termo), [dados, termo]);
  const limite = meta.vendedor.desconto_maximo;

  const quantidadeBase = (l: Linha) => {
    try {
      return Decimal.of(l.quantidade.replace(',', '.') || '0')
        .times(fatorDe(l.produto, l.embalagem))
        .toFixed(3);
    } catch {
      return '0';
    }
  };
  const precos = precosOffline(
    dados,
    cliente,
    meta.data,
    linhas.map((l) => ({ produto: l.produto, quantidadeBase: quantidadeBase(l) })),
  );
  const descontoAcima = linhas.some((l) => {
    try {
      return Decimal.of(l.desconto.replace(',', '.') || '0').gt(limite);
    } catch {
      return true;
    }
  });
  const pedido: PedidoDados = {
    cliente_id: cliente.id,
    vendedor_id: null,
    condicao_pagamento_id: condicao || null,
    forma_pagamento_id: forma || null,
    tabela_preco_id: null,
    data_entrega: null,
    modalidade_frete: '0',
    frete: '0',
    desconto_tipo: 'percentual',
    desconto: '0',
    observacoes_internas: null,
    observacoes_nota: null,
    itens: linhas.map((l, i) => ({
      produto_id: l.produto.id,
      embalagem: l.embalagem,
      quantidade: l.quantidade.replace(',', '.') || '0',
      preco: precos[i]?.preco ?? '0',
      desconto_tipo: 'percentual',
      desconto: l.desconto.replace(',', '.') || '0',
    })),
  } as PedidoDados;
  const r = linhas.length ? calculaPedidoOffline(dados, pedido, meta.data) : null;
  const muda = (i: number, campo: Partial<Linha>) =>
    setLinhas((ls) => ls.map((l, j) => (j === i ? { ...l, ...campo } : l)));

  return (
    <section aria-label="Novo pedido" className="space-y-3">
      <Input
        aria-label="Buscar produto"
        placeholder="Produto: nome, código ou GTIN"
        value={termo}
        onChange={(e) => setTermo(e.target.value)}
      />
      {achados.length > 0 && (
        <ul className="max-h-64 divide-y overflow-auto rounded border text-sm">
          {achados.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 p-2">
              <span>
                <span className="text-muted-foreground">{p.codigo}</span> {p.nome}
                <span className="block text-xs text-muted-foreground">
                  Disponível: {formatDecimalBR(p.disponivel, 0)} {p.unidade}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setLinhas((ls) => [
                    ...ls,
                    { produto: p, embalagem: p.unidade, quantidade: '1', desconto: '0' },
                  ]);
                  setTermo('');
                }}
              >
                Adicionar
              </Button>
            </li>
          ))}
        </ul>
      )}
      {linhas.map((l, i) => {
        const it = r?.ok ? r.calculo.itens[i] : undefined;
        return (
          <div
            key={`${l.produto.id}-${i}`}
            className="space-y-1 rounded border p-2 text-sm"
            data-linha={l.produto.codigo}
          >
            <div className="flex justify-between gap-2">
              <strong>{l.produto.nome}</strong>
              <button
                type="button"
                className="text-xs text-destructive"
                onClick={() => setLinhas((ls) => ls.filter((_, j) => j !== i))}
              >
                Remover
              </button>
            </div>
            <div className="grid grid-cols-3 gap-2 text-xs text-muted-foreground" aria-hidden="true">
              <span>Quantidade</span>
              <span>Embalagem</span>
              <span>Desconto %</span>
            </div>
            <div className="grid grid-cols-3 gap-2">
              <Input
                aria-label={`Quantidade de ${l.produto.nome}`}
                inputMode="decimal"
                value={l.quantidade}
                onChange={(e) => muda(i, { quantidade: e.target.value })}
              />
              <NativeSelect
                aria-label={`Embalagem de ${l.produto.nome}`}
                value={l.embalagem}
                onChange={(e) => muda(i, { embalagem: e.target.value })}
              >
                <option value={l.produto.unidade}>{l.produto.unidade}</option>
                {l.produto.embalagens.map((e) => (
                  <option key={e.unidade} value={e.unidade}>
                    {e.unidade} ({formatDecimalBR(e.fator, 0)})
                  </option>
                ))}
              </NativeSelect>
              <Input
                aria-label={`Desconto % de ${l.produto.nome}`}
                inputMode="decimal"
                value={l.desconto}
                onChange={(e) => muda(i, { desconto: e.target.value })}
              />
            </div>
            <div className="flex justify-between text-xs text-muted-foreground">
              <span data-testid="preco-linha">
                Preço: {formatBRL(precos[i]?.preco ?? '0')} / {l.produto.unidade}
              </span>
              <span>{it ? formatBRL(it.total) : '—'}</span>
            </div>
          </div>
        );
      })}
      {linhas.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          <SelectLista
            id="vendas-condicao"
            rotulo="Condição de pagamento"
            valor={condicao}
            opcoes={meta.condicoes}
            aoMudar={setCondicao}
          />
          <SelectLista
            id="vendas-forma"
            rotulo="Forma de pagamento"
            valor={forma}
            opcoes={meta.formas}
            aoMudar={setForma}
          />
        </div>
      )}
      {descontoAcima && (
        <p role="alert" className="text-sm text-destructive">
          Desconto acima do seu limite ({formatDecimalBR(limite)} %).
        </p>
      )}
      {r && !r.ok && (
        <p role="alert" className="text-sm text-destructive">
          {Object.values(r.erros).flat().join(' ')}
        </p>
      )}
      {r?.ok && (
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt>Produtos</dt>
          <dd className="text-right">{formatBRL(r.calculo.totais.produtos)}</dd>
          <dt>Descontos</dt>
          <dd className="text-right">{formatBRL(r.calculo.totais.descontos)}</dd>
          <dt>Impostos (ST + IPI)</dt>
          <dd className="text-right">
            {formatBRL(
              Decimal.of(r.calculo.totais.st)
                .plus(r.calculo.totais.fcpSt)
                .plus(r.calculo.totais.ipi)
                .toFixed(2),
            )}
          </dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold" data-testid="total-pedido">
            {formatBRL(r.calculo.totais.total)}
          </dd>
        </dl>
      )}
      <Button
        disabled={!r?.ok || descontoAcima || salvando}
        onClick={async () => {
          if (!r?.ok) return;
          setSalvando(true);
          try {
            await onSalvar(
              pedido,
              r.calculo.totais.total,
              precos.map((p) => p.preco),
            );
            setLinhas([]);
          } finally {
            setSalvando(false);
          }
        }}
      >
        Salvar pedido (pendente de envio)
      </Button>
    </section>
  );
}

/** A labelled choice from a synced list (condições, formas), «Não informada» when empty. */
function SelectLista(props: {
  id: string;
  rotulo: string;
  valor: string;
  opcoes: { id: string; nome: string }[];
  aoMudar: (v: string) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="text-xs text-muted-foreground">
        {props.rotulo}
      </label>
      <NativeSelect id={props.id} value={props.valor} onChange={(e) => props.aoMudar(e.target.value)}>
        <option value="">Não informada</option>
        {props.opcoes.map((o) => (
          <option key={o.id} value={o.id}>
            {o.nome}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
