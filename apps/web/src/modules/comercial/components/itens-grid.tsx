import {
  Decimal,
  formatBRL,
  formatDecimalBR,
  TIPOS_DESCONTO,
  type TracePreco as Trace,
  tipoDescontoLabels,
} from '@erp/shared';
import { HelpCircle, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
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
import { cn } from '@/lib/cn.ts';
import { TracePreco } from '@/modules/precos/components/trace-preco.tsx';
import type { CalculoPedido } from '../api/comercial-api.ts';
import { type Linha, opcoesEmbalagem } from './rascunho-pedido.ts';

// The order's lines, keyboard first: Enter moves to the next field of the line (after the
// discount, back to "Adicionar produto"), Ctrl+Delete removes the line. Each line shows what the
// server computed for it: ST, IPI, disponível, total, and "Por que este preço?".

export type ItemCalculadoTela = CalculoPedido['itens'][number];

/** The fields of a line in Tab/Enter order. */
const CAMPOS = ['embalagem', 'quantidade', 'preco', 'desconto_tipo', 'desconto'] as const;
type Campo = (typeof CAMPOS)[number];

const dinheiro = (v: string | undefined) => (v === undefined ? '—' : formatBRL(v));

export function ItensGrid({
  linhas,
  calculados,
  erros,
  somenteLeitura,
  onChange,
  onRemove,
  onFimDaLinha,
}: {
  linhas: Linha[];
  calculados: (ItemCalculadoTela | undefined)[];
  erros: Record<string, string>[];
  somenteLeitura: boolean;
  onChange(index: number, patch: Partial<Linha>): void;
  onRemove(index: number): void;
  /** Enter on a line's last field: back to adding products */
  onFimDaLinha(): void;
}) {
  const [trace, setTrace] = useState<{ linha: Linha; trace: Trace } | null>(null);
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
  if (!linhas.length)
    return (
      <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
        Nenhum item. Busque o produto acima (código, nome ou GTIN) e tecle Enter.
      </p>
    );
  return (
    <div className="relative overflow-x-auto rounded-md border border-border">
      <table className="w-full min-w-[1100px] text-sm" aria-label="Itens do pedido">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th className="w-8 px-2 py-2 text-left font-medium">#</th>
            <th className="min-w-56 px-2 py-2 text-left font-medium">Produto</th>
            <th className="w-28 px-2 py-2 text-left font-medium">Embalagem</th>
            <th className="w-24 px-2 py-2 text-right font-medium">Quantidade</th>
            <th className="w-32 px-2 py-2 text-right font-medium">Preço</th>
            <th className="w-36 px-2 py-2 text-right font-medium">Desconto</th>
            <th className="w-20 px-2 py-2 text-right font-medium">ST</th>
            <th className="w-20 px-2 py-2 text-right font-medium">IPI</th>
            <th className="w-24 px-2 py-2 text-right font-medium">Disponível</th>
            <th className="w-28 px-2 py-2 text-right font-medium">Total</th>
            <th className="w-10 px-1 py-2">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {linhas.map((l, i) => {
            const c = calculados[i];
            const e = erros[i] ?? {};
            const n = i + 1;
            const falta =
              c?.disponivel != null && c.quantidade_base
                ? Decimal.of(c.disponivel).lt(c.quantidade_base)
                : false;
            return (
              <tr key={l.key} data-linha={i} className="border-t border-border align-top">
                <td className="px-2 py-2 tabular-nums text-muted-foreground">{n}</td>
                <td className="px-2 py-2">
                  <div className="font-medium">{l.produto.nome}</div>
                  <div className="font-mono text-xs text-muted-foreground">{l.produto.codigo}</div>
                  {e.produto_id ? <p className="text-xs text-destructive">{e.produto_id}</p> : null}
                </td>
                <td className="px-2 py-1.5">
                  <NativeSelect
                    data-campo="embalagem"
                    aria-label={`Embalagem do item ${n}`}
                    className="h-8"
                    disabled={somenteLeitura}
                    value={l.embalagem}
                    onChange={(ev) => onChange(i, { embalagem: ev.target.value })}
                    onKeyDown={teclas(i, 'embalagem')}
                  >
                    {opcoesEmbalagem(l.produto).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                  {e.embalagem ? <p className="text-xs text-destructive">{e.embalagem}</p> : null}
                </td>
                <td className="px-2 py-1.5">
                  <Input
                    data-campo="quantidade"
                    aria-label={`Quantidade do item ${n}`}
                    aria-invalid={e.quantidade ? true : undefined}
                    inputMode="decimal"
                    autoComplete="off"
                    className="h-8 text-right tabular-nums"
                    readOnly={somenteLeitura}
                    value={l.quantidade}
                    onChange={(ev) => onChange(i, { quantidade: ev.target.value })}
                    onKeyDown={teclas(i, 'quantidade')}
                  />
                  {e.quantidade ? <p className="text-xs text-destructive">{e.quantidade}</p> : null}
                  {c?.quantidade_base && l.embalagem !== l.produto.unidade ? (
                    <p className="text-right text-xs text-muted-foreground tabular-nums">
                      = {formatDecimalBR(c.quantidade_base, 0)} {l.produto.unidade}
                    </p>
                  ) : null}
                </td>
                <td className="px-2 py-1.5">
                  <div className="flex items-center gap-1">
                    <Input
                      data-campo="preco"
                      aria-label={`Preço do item ${n}`}
                      aria-invalid={e.preco ? true : undefined}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="…"
                      className="h-8 text-right tabular-nums"
                      readOnly={somenteLeitura}
                      value={l.preco}
                      onChange={(ev) => onChange(i, { preco: ev.target.value, precoManual: true })}
                      onKeyDown={teclas(i, 'preco')}
                    />
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      className="size-7 shrink-0"
                      tabIndex={-1}
                      disabled={!c?.trace}
                      aria-label={`Por que este preço? (item ${n})`}
                      title="Por que este preço?"
                      onClick={() => c?.trace && setTrace({ linha: l, trace: c.trace })}
                    >
                      <HelpCircle aria-hidden />
                    </Button>
                  </div>
                  {e.preco ? <p className="text-xs text-destructive">{e.preco}</p> : null}
                  {l.precoManual && c?.preco_tabela ? (
                    <p className="text-right text-xs text-muted-foreground">
                      tabela {formatBRL(c.preco_tabela)}
                    </p>
                  ) : null}
                </td>
                <td className="px-2 py-1.5">
                  <div className="flex gap-1">
                    <NativeSelect
                      data-campo="desconto_tipo"
                      aria-label={`Tipo de desconto do item ${n}`}
                      className="h-8 w-16 px-2"
                      disabled={somenteLeitura}
                      value={l.desconto_tipo}
                      onChange={(ev) =>
                        onChange(i, { desconto_tipo: ev.target.value as Linha['desconto_tipo'] })
                      }
                      onKeyDown={teclas(i, 'desconto_tipo')}
                    >
                      {TIPOS_DESCONTO.map((t) => (
                        <option key={t} value={t}>
                          {tipoDescontoLabels[t]}
                        </option>
                      ))}
                    </NativeSelect>
                    <Input
                      data-campo="desconto"
                      aria-label={`Desconto do item ${n}`}
                      aria-invalid={e.desconto ? true : undefined}
                      inputMode="decimal"
                      autoComplete="off"
                      className="h-8 text-right tabular-nums"
                      readOnly={somenteLeitura}
                      value={l.desconto}
                      onChange={(ev) => onChange(i, { desconto: ev.target.value })}
                      onKeyDown={teclas(i, 'desconto')}
                    />
                  </div>
                  {e.desconto ? <p className="text-xs text-destructive">{e.desconto}</p> : null}
                </td>
                <td className="px-2 py-2 text-right tabular-nums" data-valor="st">
                  {dinheiro(c?.valor_st)}
                </td>
                <td className="px-2 py-2 text-right tabular-nums" data-valor="ipi">
                  {dinheiro(c?.valor_ipi)}
                </td>
                <td
                  className={cn('px-2 py-2 text-right tabular-nums', falta && 'font-medium text-destructive')}
                  data-valor="disponivel"
                >
                  {c?.disponivel != null ? `${formatDecimalBR(c.disponivel, 0)} ${l.produto.unidade}` : '—'}
                </td>
                <td className="px-2 py-2 text-right font-medium tabular-nums" data-valor="total">
                  {dinheiro(c?.valor_total)}
                </td>
                <td className="px-1 py-1.5">
                  {somenteLeitura ? null : (
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
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
    </div>
  );
}
