import { formatBRL, formatDateBR } from '@erp/shared';
import { Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useOpcoesEstoque } from '@/modules/estoque/api/queries.ts';
import { formatCusto, formatQtd } from '@/modules/estoque/components/formato.ts';
import { type Entrada, entradasApi, type ItemEntrada } from '../api/entradas-api.ts';
import { textoConversao, textoEmbalagem } from './conversao.ts';
import { LinhaPedidoDoItem } from './pedido-compra-entrada.tsx';
export const mapeamentoTexto = { memoria: 'código do fornecedor', gtin: 'GTIN', manual: 'manual' } as const;

import { useAcao } from './use-acao-entrada.ts';

// A goods receipt's items: mapping to our products, packaging per line, quantities and unit cost.

export function Itens({ e, onMapear }: { e: Entrada; onMapear: ((i: ItemEntrada) => void) | null }) {
  const locais = useOpcoesEstoque('locais');
  const nomeLocal = (id: string | null) => locais.find((l) => l.id === id)?.nome ?? null;
  return (
    <section aria-label="Itens" className="grid min-w-0 gap-2">
      <h2 className="text-base font-semibold">
        Itens ({e.itens_mapeados} de {e.itens_total} identificados)
      </h2>
      <div className="overflow-x-auto rounded-lg border border-border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">Nº</TableHead>
              <TableHead>Na nota</TableHead>
              <TableHead>Produto</TableHead>
              <TableHead>Quantidade</TableHead>
              <TableHead className="text-right">Custo total</TableHead>
              <TableHead className="text-right">Custo unitário</TableHead>
              <TableHead>Local / lotes</TableHead>
              {onMapear ? <TableHead className="w-0" /> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {e.itens.map((i) => (
              <TableRow key={i.id} data-testid={`item-${i.n_item}`}>
                <TableCell className="tabular-nums">{i.n_item}</TableCell>
                <TableCell className="min-w-48">
                  <div>{i.x_prod}</div>
                  <div className="text-xs text-muted-foreground">
                    Cód. {i.c_prod}
                    {i.c_ean && /^\d+$/.test(i.c_ean) ? ` · GTIN ${i.c_ean}` : ''} · {formatQtd(i.q_com)}{' '}
                    {i.u_com} × {formatCusto(i.v_un_com)}
                  </div>
                </TableCell>
                <TableCell className="min-w-40">
                  {i.produto_id ? (
                    <div>
                      <div>
                        {i.produto_codigo} - {i.produto_nome}
                      </div>
                      {i.mapeamento ? (
                        <div className="text-xs text-muted-foreground">
                          por {mapeamentoTexto[i.mapeamento]}
                        </div>
                      ) : null}
                    </div>
                  ) : (
                    <Badge variant="warning">Não identificado</Badge>
                  )}
                  {onMapear ? <LinhaPedidoDoItem e={e} item={i} /> : null}
                  {i.produto_id && !i.fator ? (
                    <div className="text-xs text-destructive">
                      Cadastre no produto a embalagem {i.u_com} (com o fator) e identifique de novo.
                    </div>
                  ) : null}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {onMapear && i.produto_id && i.embalagens.length ? (
                    <EmbalagemDaLinha e={e} item={i} />
                  ) : null}
                  <div>{textoConversao(i)}</div>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatBRL(i.custo_total)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {i.custo_unitario
                    ? `${formatCusto(i.custo_unitario)}${i.unidade_base ? ` / ${i.unidade_base}` : ''}`
                    : '—'}
                </TableCell>
                <TableCell className="text-sm">
                  <div>
                    {nomeLocal(i.local_id) ?? (e.local_id ? `${nomeLocal(e.local_id) ?? ''} (padrão)` : '—')}
                  </div>
                  {i.lotes.map((l) => (
                    <div key={l.numero} className="text-xs text-muted-foreground">
                      Lote {l.numero}: {formatQtd(l.quantidade)}
                      {l.validade ? ` · val. ${formatDateBR(l.validade)}` : ''}
                    </div>
                  ))}
                  {i.controla_lote && !i.lotes.length ? (
                    <div className="text-xs text-destructive">Informe lote e validade</div>
                  ) : null}
                </TableCell>
                {onMapear ? (
                  <TableCell>
                    <Button
                      size="sm"
                      variant={i.produto_id ? 'outline' : 'default'}
                      aria-label={`${i.produto_id ? 'Alterar' : 'Identificar'} o item ${i.n_item}`}
                      onClick={() => onMapear(i)}
                    >
                      <Pencil aria-hidden />
                      {i.produto_id ? 'Alterar' : 'Identificar'}
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** The line's packaging (the product's CX-12 / FD-6 / UN…): base quantity and unit cost recomputed. */
export function EmbalagemDaLinha({ e, item }: { e: Entrada; item: ItemEntrada }) {
  const salvar = useAcao(
    (embalagem: string) =>
      entradasApi.mapearItem(e.id, item.id, {
        produto_id: item.produto_id,
        embalagem_id: embalagem || null,
      } as never),
    'Embalagem do item salva.',
  );
  return (
    <NativeSelect
      aria-label={`Embalagem do item ${item.n_item}`}
      className="mb-1 h-8 w-auto min-w-36 text-sm"
      value={item.embalagem_id ?? ''}
      disabled={salvar.isPending}
      onChange={(ev) => salvar.mutate([ev.target.value])}
    >
      {item.embalagem_id ? null : <option value="">Pela unidade da nota ({item.u_com})</option>}
      {item.embalagens.map((x) => (
        <option key={x.id} value={x.id}>
          {textoEmbalagem(x, item.unidade_base)}
        </option>
      ))}
    </NativeSelect>
  );
}
