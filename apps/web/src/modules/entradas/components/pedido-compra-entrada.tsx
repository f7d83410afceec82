import { Decimal, formatBRL, formatDateBR, formatPercentBR, statusPedidoCompraLabels } from '@erp/shared';
import { AlertTriangle, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { formatCusto, formatQtd } from '@/modules/estoque/components/formato.ts';
import { type Entrada, entradasApi, type ItemEntrada, type RecebimentoPedido } from '../api/entradas-api.ts';
import { Aviso } from './entrada-blocos.tsx';
import { useAcao } from './use-acao-entrada.ts';

// The receipt checked against a purchase order of its supplier (issue 34): the supplier's open
// orders to choose from (nothing is linked automatically), then the comparison per order line —
// ordered, received before, on this note, left, the prices — with the divergences beyond the
// tolerances, the items no line takes, what the order becomes once posted and, when something
// diverges, the justification «Lançar» requires.

const situacaoLabels = {
  aberta: 'Em aberto',
  parcial: 'Parcial',
  atendida: 'Atendida',
  encerrada: 'Encerrada',
} as const;

const JUSTIFICATIVA_MINIMA = 15;
const JUSTIFICATIVA_MAXIMA = 500;

export function PedidoCompraEntrada({ e, editavel }: { e: Entrada; editavel: boolean }) {
  const pc = e.pedido_compra;
  if (!pc && !editavel) return null;
  return (
    <section aria-label="Pedido de compra" className="grid min-w-0 gap-3 rounded-lg border border-border p-3">
      <h2 className="text-base font-semibold">Pedido de compra</h2>
      {pc ? <Comparacao e={e} pc={pc} editavel={editavel} /> : <Propostas e={e} />}
    </section>
  );
}

function Propostas({ e }: { e: Entrada }) {
  const vincular = useAcao(
    (id: string) => entradasApi.pedidoCompra(e.id, id),
    'Pedido de compra vinculado à entrada.',
  );
  if (!e.fornecedor_id)
    return (
      <p className="text-sm text-muted-foreground">
        Cadastre o fornecedor da nota para conferir a entrada contra um pedido de compra.
      </p>
    );
  if (!e.pedidos_compra_propostos.length)
    return (
      <p className="text-sm text-muted-foreground">
        Nenhum pedido de compra em aberto deste fornecedor: a entrada é lançada sem pedido.
      </p>
    );
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        Pedidos em aberto do fornecedor — escolha o que esta nota atende para conferir quantidades e preços:
      </p>
      <ul className="grid gap-2">
        {e.pedidos_compra_propostos.map((p) => (
          <li
            key={p.id}
            aria-label={`Pedido nº ${p.numero}`}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2 text-sm"
          >
            <div className="grid min-w-0 gap-0.5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">Pedido nº {p.numero}</span>
                <Badge variant="outline">{statusPedidoCompraLabels[p.status]}</Badge>
              </div>
              <div className="text-xs text-muted-foreground">
                {[
                  `de ${formatDateBR(p.created_at.slice(0, 10))}`,
                  p.previsao_entrega ? `previsão ${formatDateBR(p.previsao_entrega)}` : null,
                  formatBRL(p.valor_total),
                  `${p.produtos_em_comum} ${p.produtos_em_comum === 1 ? 'produto' : 'produtos'} da nota`,
                  `${p.linhas_abertas} ${p.linhas_abertas === 1 ? 'linha' : 'linhas'} em aberto`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </div>
            <Button
              size="sm"
              aria-label={`Conferir contra o pedido nº ${p.numero}`}
              disabled={vincular.isPending}
              onClick={() => vincular.mutate([p.id])}
            >
              {vincular.isPending && vincular.variables?.[0] === p.id ? <Spinner /> : <Link2 aria-hidden />}
              Conferir contra este pedido
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "+5 %" / "−2 %" — the invoice's price against the order's. */
function diferenca(p: string | null) {
  if (p === null) return null;
  const d = Decimal.of(p);
  if (d.isZero()) return '0 %';
  return `${d.isNegative() ? '\u2212' : '+'}${formatPercentBR(d.abs().toString())}`;
}

function Comparacao({ e, pc, editavel }: { e: Entrada; pc: RecebimentoPedido; editavel: boolean }) {
  const desvincular = useAcao(
    () => entradasApi.pedidoCompra(e.id, null),
    'Entrada desvinculada do pedido de compra.',
  );
  const ficara = pc.status_resultante
    ? statusPedidoCompraLabels[pc.status_resultante]
    : statusPedidoCompraLabels[pc.pedido.status];
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Link
            to={`/compras/pedidos/${pc.pedido.id}`}
            className="font-medium underline-offset-4 hover:underline"
          >
            Pedido nº {pc.pedido.numero}
          </Link>
          <Badge variant="outline">{statusPedidoCompraLabels[pc.pedido.status]}</Badge>
          <span className="text-muted-foreground">
            Tolerâncias: quantidade {formatPercentBR(pc.tolerancia.quantidade_percentual)} acima, preço{' '}
            {formatPercentBR(pc.tolerancia.preco_percentual)}
          </span>
        </div>
        {editavel ? (
          <Button
            size="sm"
            variant="outline"
            disabled={desvincular.isPending}
            onClick={() => desvincular.mutate([])}
          >
            {desvincular.isPending ? <Spinner /> : <Unlink aria-hidden />}
            Desvincular
          </Button>
        ) : null}
      </div>
      <div className="overflow-x-auto rounded-md border border-border">
        <Table aria-label={`Conferência com o pedido nº ${pc.pedido.numero}`}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">Linha</TableHead>
              <TableHead>Produto</TableHead>
              <TableHead className="text-right">Pedida</TableHead>
              <TableHead className="text-right">Recebida antes</TableHead>
              <TableHead className="text-right">Nesta nota</TableHead>
              <TableHead className="text-right">Restante</TableHead>
              <TableHead className="text-right">Preço pedido</TableHead>
              <TableHead className="text-right">Preço na nota</TableHead>
              <TableHead>Situação</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {pc.linhas.map((l) => {
              const diverge = l.divergencias.length > 0;
              return [
                <TableRow
                  key={l.id}
                  data-testid={`linha-pedido-${l.sequencia}`}
                  className={diverge ? 'bg-destructive/5 hover:bg-destructive/10' : undefined}
                >
                  <TableCell className="tabular-nums">{l.sequencia}</TableCell>
                  <TableCell className="min-w-48">
                    <div>
                      {l.produto_codigo} - {l.produto_nome}
                    </div>
                    {l.itens.length ? (
                      <div className="text-xs text-muted-foreground">
                        {l.itens.length === 1 ? 'Item' : 'Itens'} da nota{' '}
                        {l.itens
                          .map((i) => `${i.n_item}${i.escolhida && editavel ? ' (escolhido)' : ''}`)
                          .join(', ')}
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatQtd(l.pedida)} {l.unidade}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatQtd(l.recebida_antes)}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">
                    {formatQtd(l.recebida_agora)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatQtd(l.restante)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatCusto(l.preco_pedido)}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {l.preco_nota ? formatCusto(l.preco_nota) : '—'}
                    {l.diferenca_preco_percentual !== null ? (
                      <div
                        className={
                          l.divergencias.some((d) => d.codigo.startsWith('preco'))
                            ? 'text-xs text-destructive'
                            : 'text-xs text-muted-foreground'
                        }
                      >
                        {diferenca(l.diferenca_preco_percentual)}
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {diverge ? (
                      <Badge variant="destructive">Divergente</Badge>
                    ) : (
                      <Badge
                        variant={
                          l.situacao === 'atendida'
                            ? 'success'
                            : l.situacao === 'aberta'
                              ? 'outline'
                              : 'secondary'
                        }
                      >
                        {situacaoLabels[l.situacao]}
                      </Badge>
                    )}
                  </TableCell>
                </TableRow>,
                // the divergences across the whole row: readable at 390 px too, next to their line
                diverge ? (
                  <TableRow
                    key={`${l.id}-divergencias`}
                    data-testid={`divergencias-linha-${l.sequencia}`}
                    className="bg-destructive/5 hover:bg-destructive/10"
                  >
                    <TableCell colSpan={9} className="pt-0 whitespace-normal">
                      {/* sticky and no wider than the screen: readable without scrolling the table sideways */}
                      <div className="sticky left-2 grid max-w-[calc(100vw-6rem)] gap-0.5">
                        {l.divergencias.map((d) => (
                          <div key={d.codigo} className="flex items-start gap-1 text-xs text-destructive">
                            <AlertTriangle aria-hidden className="mt-0.5 size-3 shrink-0" />
                            <span>{d.mensagem}</span>
                          </div>
                        ))}
                      </div>
                    </TableCell>
                  </TableRow>
                ) : null,
              ];
            })}
          </TableBody>
        </Table>
      </div>
      {pc.itens_sem_pedido.length ? (
        <Aviso tom="alerta" icone={<AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <p className="font-medium">Itens sem linha no pedido</p>
          <ul className="list-disc pl-4">
            {pc.itens_sem_pedido.map((i) => (
              <li key={i.item_id}>
                Item {i.n_item} — {i.x_prod}: {i.mensagem}
              </li>
            ))}
          </ul>
        </Aviso>
      ) : null}
      <p className="text-sm">
        {e.status === 'lancada' || e.status === 'estornada' ? (
          <>
            O pedido está <strong>{statusPedidoCompraLabels[pc.pedido.status]}</strong>.
          </>
        ) : (
          <>
            Ao lançar esta entrada, o pedido ficará <strong>{ficara}</strong>.
          </>
        )}
      </p>
      {editavel && (pc.exige_justificativa || e.justificativa_divergencia) ? (
        <Justificativa e={e} exige={pc.exige_justificativa} />
      ) : null}
      {!editavel && e.justificativa_divergencia ? (
        <p className="text-sm [overflow-wrap:anywhere]">
          <span className="text-muted-foreground">Justificativa da divergência: </span>
          {e.justificativa_divergencia}
        </p>
      ) : null}
    </div>
  );
}

function Justificativa({ e, exige }: { e: Entrada; exige: boolean }) {
  const [texto, setTexto] = useState(e.justificativa_divergencia ?? '');
  const salvar = useAcao(
    (j: string | null) => entradasApi.justificativaDivergencia(e.id, j),
    'Justificativa salva.',
  );
  const t = texto.trim();
  const valida = t.length >= JUSTIFICATIVA_MINIMA && t.length <= JUSTIFICATIVA_MAXIMA;
  const mudou = t !== (e.justificativa_divergencia ?? '');
  return (
    <div className="grid gap-1">
      <Label htmlFor="justificativa-divergencia">
        Justificativa da divergência{exige ? ' (obrigatória para lançar)' : ''}
      </Label>
      <textarea
        id="justificativa-divergencia"
        className="min-h-20 rounded-md border border-input bg-background p-2 text-sm"
        maxLength={JUSTIFICATIVA_MAXIMA}
        placeholder="Por que a nota difere do pedido (ex.: o fornecedor mandou a mais e aceitamos; preço reajustado combinado com o comprador)"
        value={texto}
        onChange={(ev) => setTexto(ev.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground tabular-nums">
          {t.length < JUSTIFICATIVA_MINIMA
            ? `Mínimo de ${JUSTIFICATIVA_MINIMA} caracteres (${t.length}).`
            : `${t.length} de ${JUSTIFICATIVA_MAXIMA} caracteres.`}
        </span>
        <Button
          size="sm"
          disabled={!mudou || (t !== '' && !valida) || salvar.isPending}
          onClick={() => salvar.mutate([t || null])}
        >
          {salvar.isPending ? <Spinner /> : null}
          Salvar justificativa
        </Button>
      </div>
    </div>
  );
}

/**
 * An item's line of the chosen order: automatic (the first open line its product still fills) or
 * one picked by hand among the order's lines of the same product not closed short.
 */
export function LinhaPedidoDoItem({ e, item }: { e: Entrada; item: ItemEntrada }) {
  const pc = e.pedido_compra;
  const salvar = useAcao(
    (linha: string) => entradasApi.linhaPedidoCompra(e.id, item.id, linha || null),
    'Linha do pedido salva.',
  );
  if (!pc || !item.produto_id) return null;
  const linhas = pc.linhas.filter(
    (l) => l.produto_id === item.produto_id && (!l.encerrada || l.id === item.pedido_compra_item_id),
  );
  if (!linhas.length) return null;
  const automatica = pc.linhas.find((l) => l.itens.some((i) => i.item_id === item.id && !i.escolhida));
  return (
    <NativeSelect
      aria-label={`Linha do pedido do item ${item.n_item}`}
      className="mt-1 h-8 w-auto min-w-36 text-sm"
      value={item.pedido_compra_item_id ?? ''}
      disabled={salvar.isPending}
      onChange={(ev) => salvar.mutate([ev.target.value])}
    >
      <option value="">{automatica ? `Automática (linha ${automatica.sequencia})` : 'Automática'}</option>
      {linhas.map((l) => (
        <option key={l.id} value={l.id}>
          Linha {l.sequencia} · {formatQtd(l.pedida)} {l.unidade} no pedido
        </option>
      ))}
    </NativeSelect>
  );
}
