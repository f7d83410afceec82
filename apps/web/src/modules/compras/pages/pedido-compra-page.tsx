import { Decimal, formatBRL, formatDateBR, formatDateTimeBR, formatDocumento } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Campo } from '@/components/nfe/nota-campos.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { formatCusto, formatQtd } from '@/modules/estoque/components/formato.ts';
import { comprasApi, comprasKeys, type ItemPedidoCompra, type PedidoCompra } from '../api/compras-api.ts';
import { AcoesPedidoCompra } from '../components/acoes-pedido-compra.tsx';
import { StatusPedidoCompraBadge } from '../components/status-pedido-compra-badge.tsx';

// A purchase order (/compras/pedidos/:id): status and what it waits for, the supplier and its
// e-mail, the items as typed (quantity in the packaging, negotiated price) with the base quantity,
// what was received and what is pending per line, the totals; actions by status.

export function PedidoCompraPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: comprasKeys.get(id), queryFn: () => comprasApi.get(id) });
  return (
    <RecordLoader query={q} title="Pedido de compra">
      {(p) => <Pedido p={p} />}
    </RecordLoader>
  );
}

const num = 'text-right whitespace-nowrap tabular-nums';

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section
      aria-label={titulo}
      className="grid min-w-0 content-start gap-2 rounded-lg border border-border bg-card p-4"
    >
      <h2 className="text-sm font-semibold">{titulo}</h2>
      {children}
    </section>
  );
}

function situacao(p: PedidoCompra): string | null {
  if (p.status === 'rascunho')
    return p.exige_aprovacao
      ? `Acima do limite de aprovação (${formatBRL(p.limite_aprovacao)}): precisa ser aprovado por um administrador ou um papel que aprova compras antes do envio.`
      : `Dentro do limite de aprovação (${formatBRL(p.limite_aprovacao)}): pode ser aprovado ou enviado direto ao fornecedor.`;
  if (p.status === 'aprovado')
    return `Aprovado${p.aprovado_por_email ? ` por ${p.aprovado_por_email}` : ''}${p.aprovado_em ? ` em ${formatDateTimeBR(p.aprovado_em)}` : ''}: envie ao fornecedor.`;
  if (p.status === 'enviado' || p.status === 'parcialmente_recebido')
    return `Enviado${p.enviado_para ? ` para ${p.enviado_para}` : ''}${p.enviado_em ? ` em ${formatDateTimeBR(p.enviado_em)}` : ''}.`;
  return null;
}

const qtd = (v: string, un: string) => `${formatQtd(v)} ${un}`;

function Pedido({ p }: { p: PedidoCompra }) {
  const texto = situacao(p);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={`Pedido de compra nº ${p.numero}`}
        description={`${p.fornecedor_nome} · emitido em ${formatDateTimeBR(p.created_at)}`}
        actions={
          <>
            <AcoesPedidoCompra p={p} />
            <Button variant="outline" asChild>
              <Link to="/compras/pedidos">
                <ArrowLeft aria-hidden />
                Pedidos de compra
              </Link>
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusPedidoCompraBadge status={p.status} />
        {texto ? <span className="text-muted-foreground">{texto}</span> : null}
      </div>
      {p.status === 'cancelado' && p.motivo_cancelamento ? (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          Motivo do cancelamento: {p.motivo_cancelamento}
        </p>
      ) : null}
      <Secao titulo="Fornecedor e condições">
        <div className="grid gap-0 sm:grid-cols-3">
          <Campo rotulo="Fornecedor">
            {p.fornecedor_nome}
            <span className="block text-xs text-muted-foreground">
              {formatDocumento(p.fornecedor_documento)}
            </span>
          </Campo>
          <Campo rotulo="E-mail do fornecedor">{p.fornecedor_email ?? 'Sem e-mail no cadastro'}</Campo>
          <Campo rotulo="Condição de pagamento">{p.condicao_pagamento_nome ?? '—'}</Campo>
          <Campo rotulo="Previsão de entrega">
            {p.previsao_entrega ? formatDateBR(p.previsao_entrega) : '—'}
          </Campo>
          <Campo rotulo="Observação" className="sm:col-span-2">
            {p.observacao ?? '—'}
          </Campo>
        </div>
      </Secao>
      <Secao titulo="Itens">
        <ul className="grid gap-2 md:hidden">
          {p.itens.map((i) => (
            <ItemCartao key={i.id} i={i} previsao={p.previsao_entrega} />
          ))}
        </ul>
        <Table containerClassName="hidden md:block">
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>Produto</TableHead>
              <TableHead className="text-right">Quantidade</TableHead>
              <TableHead className="text-right">Preço</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead>Previsão</TableHead>
              <TableHead className="text-right">Recebido</TableHead>
              <TableHead className="text-right">Pendente</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {p.itens.map((i) => (
              <LinhaItem key={i.id} i={i} previsao={p.previsao_entrega} />
            ))}
          </TableBody>
        </Table>
      </Secao>
      <Secao titulo="Totais">
        <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>Produtos</dt>
          <dd className={num}>{formatBRL(p.valor_produtos)}</dd>
          <dt>Frete</dt>
          <dd className={num}>{formatBRL(p.frete)}</dd>
          <dt className="font-semibold">Total do pedido</dt>
          <dd className={`${num} font-semibold`}>{formatBRL(p.valor_total)}</dd>
        </dl>
      </Secao>
    </div>
  );
}

/** On a phone, one item as a card: what was ordered, its value, what was received and is pending. */
function ItemCartao({ i, previsao }: { i: ItemPedidoCompra; previsao: string | null }) {
  const data = i.previsao_entrega ?? previsao;
  return (
    <li className="grid gap-1 rounded-md border border-border p-3 text-sm">
      <div>
        <span className="font-mono text-xs text-muted-foreground">{i.codigo}</span> {i.nome}
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 tabular-nums">
        <span>
          {qtd(i.quantidade_informada, i.unidade)} × {formatCusto(i.preco_informado)}
          {i.unidade !== i.unidade_base ? (
            <span className="text-xs text-muted-foreground"> ({qtd(i.quantidade, i.unidade_base)})</span>
          ) : null}
        </span>
        <span className="font-medium">{formatBRL(i.valor_total)}</span>
      </div>
      <div className="text-xs text-muted-foreground tabular-nums">
        Previsão {data ? formatDateBR(data) : '—'} · recebido{' '}
        {Decimal.of(i.quantidade_recebida).isZero() ? '—' : qtd(i.quantidade_recebida, i.unidade_base)} ·{' '}
        {i.encerrado_em ? 'encerrado' : `pendente ${qtd(i.quantidade_pendente, i.unidade_base)}`}
      </div>
    </li>
  );
}

function LinhaItem({ i, previsao }: { i: ItemPedidoCompra; previsao: string | null }) {
  const recebido = Decimal.of(i.quantidade_recebida);
  return (
    <TableRow>
      <TableCell>{i.sequencia}</TableCell>
      <TableCell className="min-w-48">
        <span className="font-mono text-xs text-muted-foreground">{i.codigo}</span> {i.nome}
      </TableCell>
      <TableCell className={num}>
        {qtd(i.quantidade_informada, i.unidade)}
        {i.unidade !== i.unidade_base ? (
          <span className="block text-xs text-muted-foreground">{qtd(i.quantidade, i.unidade_base)}</span>
        ) : null}
      </TableCell>
      <TableCell className={num}>
        {formatCusto(i.preco_informado)}
        <span className="block text-xs text-muted-foreground">por {i.unidade}</span>
      </TableCell>
      <TableCell className={`${num} font-medium`}>{formatBRL(i.valor_total)}</TableCell>
      <TableCell className="whitespace-nowrap">
        {i.previsao_entrega ? formatDateBR(i.previsao_entrega) : previsao ? formatDateBR(previsao) : '—'}
      </TableCell>
      <TableCell className={num}>
        {recebido.isZero() ? '—' : qtd(i.quantidade_recebida, i.unidade_base)}
      </TableCell>
      <TableCell className={num}>
        {i.encerrado_em ? (
          <span title={i.motivo_encerramento ?? undefined}>Encerrado</span>
        ) : (
          qtd(i.quantidade_pendente, i.unidade_base)
        )}
      </TableCell>
    </TableRow>
  );
}
