import {
  Decimal,
  formatBRL,
  formatDecimalBR,
  TIPOS_DESCONTO,
  type TracePreco as Trace,
  tipoDescontoLabels,
} from '@erp/shared';
import { HelpCircle, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useIsPhone } from '@/components/ui/use-media-query.ts';
import { cn } from '@/lib/cn.ts';
import { TracePreco } from '@/modules/precos/components/trace-preco.tsx';
import type { CalculoPedido } from '../api/comercial-api.ts';
import { type Linha, opcoesEmbalagem } from './rascunho-pedido.ts';

// The order's lines, keyboard first: Enter moves to the next field of the line (after the
// discount, back to "Adicionar produto"), Ctrl+Delete removes the line. Each line shows what the
// server computed for it: ST, IPI, disponível, total, and "Por que este preço?". A table from `sm`
// up, a card per line on a phone (the same fields, the same keys).

export type ItemCalculadoTela = CalculoPedido['itens'][number];

/** The fields of a line in Tab/Enter order. */
const CAMPOS = ['embalagem', 'quantidade', 'preco', 'desconto_tipo', 'desconto'] as const;
type Campo = (typeof CAMPOS)[number];

const dinheiro = (v: string | undefined) => (v === undefined ? '—' : formatBRL(v));
const Erro = ({ m }: { m: string | undefined }) =>
  m ? <p className="text-xs text-destructive">{m}</p> : null;

type Props = {
  linhas: Linha[];
  calculados: (ItemCalculadoTela | undefined)[];
  erros: Record<string, string>[];
  somenteLeitura: boolean;
  onChange(index: number, patch: Partial<Linha>): void;
  onRemove(index: number): void;
  /** Enter on a line's last field: back to adding products */
  onFimDaLinha(): void;
};

/** The cells of one line, laid out by the table or the phone's card. */
type Celulas = Record<
  | 'produto'
  | 'embalagem'
  | 'quantidade'
  | 'preco'
  | 'desconto'
  | 'st'
  | 'ipi'
  | 'disponivel'
  | 'total'
  | 'remover',
  ReactNode
>;

function celulasDasLinhas(p: Props, abrirTrace: (l: Linha, t: Trace) => void) {
  const { calculados, erros, somenteLeitura, onChange, onRemove, onFimDaLinha } = p;
  const teclas = (index: number, campo: Campo) => (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Delete' && e.ctrlKey) {
      e.preventDefault();
      onRemove(index);
      return;
    }
    if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    const proximo = CAMPOS[CAMPOS.indexOf(campo) + 1];
    if (!proximo) {
      onFimDaLinha();
      return;
    }
    document.querySelector<HTMLElement>(`[data-linha="${index}"] [data-campo="${proximo}"]`)?.focus();
  };
  return (l: Linha, i: number): Celulas => {
    const c = calculados[i];
    const e = erros[i] ?? {};
    const n = i + 1;
    const falta =
      c?.disponivel != null && c.quantidade_base ? Decimal.of(c.disponivel).lt(c.quantidade_base) : false;
    /** A decimal field of the line: its place in the Tab/Enter order, label, error and change. */
    const decimal = (
      campo: 'quantidade' | 'preco' | 'desconto',
      rotulo: string,
      patch: (v: string) => Partial<Linha> = (v) => ({ [campo]: v }),
      placeholder?: string,
    ) => (
      <Input
        data-campo={campo}
        aria-label={`${rotulo} do item ${n}`}
        aria-invalid={e[campo] ? true : undefined}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        className="h-8 text-right tabular-nums"
        readOnly={somenteLeitura}
        value={l[campo]}
        onChange={(ev) => onChange(i, patch(ev.target.value))}
        onKeyDown={teclas(i, campo)}
      />
    );
    /** A choice of the line (packaging, discount type), likewise. */
    const escolha = (
      campo: 'embalagem' | 'desconto_tipo',
      rotulo: string,
      className: string,
      opcoes: { value: string; label: string }[],
    ) => (
      <NativeSelect
        data-campo={campo}
        aria-label={`${rotulo} do item ${n}`}
        className={className}
        disabled={somenteLeitura}
        value={l[campo]}
        onChange={(ev) => onChange(i, { [campo]: ev.target.value } as Partial<Linha>)}
        onKeyDown={teclas(i, campo)}
      >
        {opcoes.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    );
    return {
      produto: (
        <>
          <div className="font-medium">{l.produto.nome}</div>
          <div className="font-mono text-xs text-muted-foreground">{l.produto.codigo}</div>
          <Erro m={e.produto_id} />
        </>
      ),
      embalagem: (
        <>
          {escolha('embalagem', 'Embalagem', 'h-8', opcoesEmbalagem(l.produto))}
          <Erro m={e.embalagem} />
        </>
      ),
      quantidade: (
        <>
          {decimal('quantidade', 'Quantidade')}
          <Erro m={e.quantidade} />
          {c?.quantidade_base && l.embalagem !== l.produto.unidade ? (
            <p className="text-right text-xs text-muted-foreground tabular-nums">
              = {formatDecimalBR(c.quantidade_base, 0)} {l.produto.unidade}
            </p>
          ) : null}
        </>
      ),
      preco: (
        <>
          <div className="flex items-center gap-1">
            {decimal('preco', 'Preço', (v) => ({ preco: v, precoManual: true }), '…')}
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-7 shrink-0"
              tabIndex={-1}
              disabled={!c?.trace}
              aria-label={`Por que este preço? (item ${n})`}
              title="Por que este preço?"
              onClick={() => c?.trace && abrirTrace(l, c.trace)}
            >
              <HelpCircle aria-hidden />
            </Button>
          </div>
          <Erro m={e.preco} />
          {l.precoManual && c?.preco_tabela ? (
            <p className="text-right text-xs text-muted-foreground">tabela {formatBRL(c.preco_tabela)}</p>
          ) : null}
        </>
      ),
      desconto: (
        <>
          <div className="flex gap-1">
            {escolha(
              'desconto_tipo',
              'Tipo de desconto',
              'h-8 w-16 px-2',
              TIPOS_DESCONTO.map((t) => ({ value: t, label: tipoDescontoLabels[t] })),
            )}
            {decimal('desconto', 'Desconto')}
          </div>
          <Erro m={e.desconto} />
        </>
      ),
      st: <span data-valor="st">{dinheiro(c?.valor_st)}</span>,
      ipi: <span data-valor="ipi">{dinheiro(c?.valor_ipi)}</span>,
      disponivel: (
        <span data-valor="disponivel" className={cn(falta && 'font-medium text-destructive')}>
          {c?.disponivel != null ? `${formatDecimalBR(c.disponivel, 0)} ${l.produto.unidade}` : '—'}
        </span>
      ),
      total: (
        <span data-valor="total" className="font-medium">
          {dinheiro(c?.valor_total)}
        </span>
      ),
      remover: somenteLeitura ? null : (
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-8"
          tabIndex={-1}
          aria-label={`Remover o item ${n}`}
          title="Remover (Ctrl+Delete)"
          onClick={() => onRemove(i)}
        >
          <Trash2 aria-hidden />
        </Button>
      ),
    };
  };
}

export function ItensGrid(props: Props) {
  const [trace, setTrace] = useState<{ linha: Linha; trace: Trace } | null>(null);
  const phone = useIsPhone();
  const celulas = celulasDasLinhas(props, (linha, t) => setTrace({ linha, trace: t }));
  const { linhas } = props;
  if (!linhas.length)
    return (
      <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
        Nenhum item. Busque o produto acima (código, nome ou GTIN) e tecle Enter.
      </p>
    );
  return (
    <>
      {phone ? <Cartoes linhas={linhas} celulas={celulas} /> : <Tabela linhas={linhas} celulas={celulas} />}
      {trace ? (
        <Dialog open onOpenChange={(open) => (open ? undefined : setTrace(null))}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>Por que este preço?</DialogTitle>
              <DialogDescription>
                {trace.linha.produto.codigo} - {trace.linha.produto.nome}
              </DialogDescription>
            </DialogHeader>
            <TracePreco resultado={{ trace: trace.trace } as never} />
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

type Layout = { linhas: Linha[]; celulas: (l: Linha, i: number) => Celulas };

function Tabela({ linhas, celulas }: Layout) {
  const num = 'px-2 py-2 text-right tabular-nums';
  return (
    <div className="relative overflow-x-auto rounded-md border border-border">
      <table className="w-full min-w-[950px] text-sm" aria-label="Itens do pedido">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th className="w-8 px-2 py-2 text-left font-medium">#</th>
            <th className="min-w-44 px-2 py-2 text-left font-medium">Produto</th>
            <th className="w-24 px-2 py-2 text-left font-medium">Embalagem</th>
            <th className="w-20 px-2 py-2 text-right font-medium">Quantidade</th>
            <th className="w-28 px-2 py-2 text-right font-medium">Preço</th>
            <th className="w-32 px-2 py-2 text-right font-medium">Desconto</th>
            <th className="w-24 px-2 py-2 text-right font-medium">ST / IPI</th>
            <th className="w-24 px-2 py-2 text-right font-medium">Disponível</th>
            <th className="w-28 px-2 py-2 text-right font-medium">Total</th>
            <th className="w-10 px-1 py-2">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {linhas.map((l, i) => {
            const c = celulas(l, i);
            return (
              <tr key={l.key} data-linha={i} className="border-t border-border align-top">
                <td className="px-2 py-2 tabular-nums text-muted-foreground">{i + 1}</td>
                <td className="px-2 py-2">{c.produto}</td>
                <td className="px-2 py-1.5">{c.embalagem}</td>
                <td className="px-2 py-1.5">{c.quantidade}</td>
                <td className="px-2 py-1.5">{c.preco}</td>
                <td className="px-2 py-1.5">{c.desconto}</td>
                <td className={num}>
                  <div>{c.st}</div>
                  <div className="text-xs text-muted-foreground">{c.ipi}</div>
                </td>
                <td className={num}>{c.disponivel}</td>
                <td className={num}>{c.total}</td>
                <td className="px-1 py-1.5">{c.remover}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Cartoes({ linhas, celulas }: Layout) {
  const rotulo = 'text-xs text-muted-foreground';
  return (
    <ol className="grid gap-2" aria-label="Itens do pedido">
      {linhas.map((l, i) => {
        const c = celulas(l, i);
        return (
          <li key={l.key} data-linha={i} className="grid gap-2 rounded-md border border-border p-2 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="flex gap-2">
                <span className="tabular-nums text-muted-foreground">{i + 1}</span>
                <div>{c.produto}</div>
              </div>
              {c.remover}
            </div>
            <div className="grid grid-cols-2 gap-2">
              <div className="grid gap-1">
                <span className={rotulo}>Embalagem</span>
                {c.embalagem}
              </div>
              <div className="grid gap-1">
                <span className={rotulo}>Quantidade</span>
                {c.quantidade}
              </div>
              <div className="grid gap-1">
                <span className={rotulo}>Preço</span>
                {c.preco}
              </div>
              <div className="grid gap-1">
                <span className={rotulo}>Desconto</span>
                {c.desconto}
              </div>
            </div>
            <dl className="grid grid-cols-4 gap-1 text-xs tabular-nums">
              <div>
                <dt className={rotulo}>ST</dt>
                <dd>{c.st}</dd>
              </div>
              <div>
                <dt className={rotulo}>IPI</dt>
                <dd>{c.ipi}</dd>
              </div>
              <div>
                <dt className={rotulo}>Disponível</dt>
                <dd>{c.disponivel}</dd>
              </div>
              <div className="text-right">
                <dt className={rotulo}>Total</dt>
                <dd className="text-sm">{c.total}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
