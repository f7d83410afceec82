import {
  Decimal,
  destinoDevolucaoLabels,
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  formatQuantity,
  hasAnyRole,
  motivoDevolucaoLabels,
  type StatusTitulo,
  statusTituloLabels,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Campo, chaveEmGrupos } from '@/components/nfe/nota-campos.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { abreDanfeSaida, baixaXmlSaida } from '@/modules/notasfiscais/api/notas-saida-api.ts';
import { StatusNotaBadge } from '@/modules/notasfiscais/components/status-nota-badge.tsx';
import { type DevolucaoDetalhe, devolucoesApi, devolucoesKeys } from '../api/devolucoes-api.ts';
import { AcoesDevolucao, mensagemDe } from '../components/acoes-devolucao.tsx';
import { CreditoClientePanel } from '../components/credito-cliente.tsx';
import { StatusDevolucaoBadge } from '../components/status-devolucao-badge.tsx';

// A return from a customer (/comercial/devolucoes/:id): its status, the documents (the sale note
// it returns, our NF-e de devolução with its DANFE and XML), the items with reason, destination and
// values, and what it did to the money: the receivables it was deducted from, the crédito left to
// the customer, the commission reversed. Actions: emitir / transmitir the note, cancelar.

export function DevolucaoPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: devolucoesKeys.get(id), queryFn: () => devolucoesApi.get(id) });
  return (
    <RecordLoader query={q} title="Devolução">
      {(d) => <Devolucao d={d} />}
    </RecordLoader>
  );
}

const num = 'text-right whitespace-nowrap tabular-nums';
const erroDe = (msg: string) => (err: unknown) => toast.error(mensagemDe(err, msg));

function Secao({ titulo, children, acoes }: { titulo: string; children: ReactNode; acoes?: ReactNode }) {
  return (
    <section
      aria-label={titulo}
      className="grid content-start gap-2 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{titulo}</h2>
        {acoes ? <div className="flex flex-wrap gap-2">{acoes}</div> : null}
      </div>
      {children}
    </section>
  );
}

function Devolucao({ d }: { d: DevolucaoDetalhe }) {
  const { roles } = useAuth();
  const financeiro = hasAnyRole(roles, ['financeiro']);
  const notaDev = d.nota_devolucao_id;
  const nomeArquivo = `devolucao-${d.numero}-nfe-${d.nota_devolucao_numero ?? ''}`;
  const pendente = Decimal.of(d.comissao_estorno_pendente).isPositive();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={`Devolução nº ${d.numero}`}
        description={`${d.pessoa_nome} · registrada em ${formatDateTimeBR(d.created_at)}`}
        actions={
          <>
            <AcoesDevolucao d={d} />
            <Button variant="outline" asChild>
              <Link to="/comercial/devolucoes">
                <ArrowLeft aria-hidden />
                Devoluções
              </Link>
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusDevolucaoBadge status={d.status} />
        {d.efetivada_em ? (
          <span className="text-muted-foreground">
            Estoque e financeiro lançados em {formatDateTimeBR(d.efetivada_em)}
          </span>
        ) : d.status === 'rascunho' ? (
          <span className="text-muted-foreground">
            {d.documento === 'terceiro'
              ? 'Rascunho da NF-e do cliente: confira os itens e use «Lançar devolução» para lançar o estoque e o financeiro.'
              : 'Rascunho: emita a NF-e de devolução para lançar o estoque e o financeiro.'}
          </span>
        ) : d.status === 'emitida' ? (
          <span className="text-muted-foreground">
            {d.nota_devolucao_status === 'rejeitada'
              ? 'A SEFAZ rejeitou a NF-e de devolução (o motivo está na página da nota): use «Transmitir» para enviá-la de novo.'
              : 'NF-e assinada, aguardando a autorização da SEFAZ: use «Transmitir».'}
          </span>
        ) : null}
      </div>
      {d.status === 'cancelada' && d.motivo_cancelamento ? (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          Motivo do cancelamento: {d.motivo_cancelamento}
        </p>
      ) : null}

      <Secao titulo="Documentos">
        <div className="grid gap-0 sm:grid-cols-3">
          <Campo rotulo="NF-e de origem">
            {d.nota_id ? (
              <Link to={`/notasfiscais/saida/${d.nota_id}`} className="underline-offset-4 hover:underline">
                NF-e nº {d.nota_numero}
              </Link>
            ) : (
              '—'
            )}
          </Campo>
          <Campo rotulo="Pedido">
            {d.pedido_id ? (
              <Link to={`/comercial/pedidos/${d.pedido_id}`} className="underline-offset-4 hover:underline">
                Pedido nº {d.pedido_numero}
              </Link>
            ) : (
              '—'
            )}
          </Campo>
          <Campo rotulo="NF-e de devolução">
            {notaDev ? (
              <span className="flex flex-wrap items-center gap-2">
                <Link to={`/notasfiscais/saida/${notaDev}`} className="underline-offset-4 hover:underline">
                  NF-e nº {d.nota_devolucao_numero}
                </Link>
                {d.nota_devolucao_status ? <StatusNotaBadge status={d.nota_devolucao_status} /> : null}
              </span>
            ) : d.documento === 'terceiro' ? (
              `NF-e do cliente${d.numero_terceiro != null ? ` nº ${d.numero_terceiro}` : ''}`
            ) : (
              'Ainda não emitida'
            )}
          </Campo>
          <Campo rotulo="Chave referenciada (NF-e de origem)" className="sm:col-span-3">
            <span className="font-mono text-xs">{chaveEmGrupos(d.chave_referenciada)}</span>
          </Campo>
          {d.chave_terceiro ? (
            <Campo rotulo="Chave da NF-e do cliente" className="sm:col-span-3">
              <span className="font-mono text-xs">{chaveEmGrupos(d.chave_terceiro)}</span>
            </Campo>
          ) : null}
        </div>
        {notaDev ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void abreDanfeSaida(notaDev, `${nomeArquivo}-danfe.pdf`).catch(
                  erroDe('Não foi possível gerar o DANFE.'),
                )
              }
            >
              <FileText aria-hidden />
              DANFE (PDF)
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void baixaXmlSaida(notaDev, `${nomeArquivo}.xml`).catch(
                  erroDe('Não foi possível baixar o XML.'),
                )
              }
            >
              <Download aria-hidden />
              Baixar XML
            </Button>
          </div>
        ) : null}
      </Secao>

      <Secao titulo="Itens devolvidos">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>Produto</TableHead>
              <TableHead className="text-right">Quantidade</TableHead>
              <TableHead>Motivo</TableHead>
              <TableHead>Destino</TableHead>
              <TableHead>CFOP</TableHead>
              <TableHead className="text-right">Produtos</TableHead>
              <TableHead className="text-right">ICMS</TableHead>
              <TableHead className="text-right">ICMS ST</TableHead>
              <TableHead className="text-right">IPI</TableHead>
              <TableHead className="text-right">Total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {d.itens.map((i) => (
              <TableRow key={i.id}>
                <TableCell>{i.sequencia}</TableCell>
                <TableCell className="min-w-48">
                  <span className="font-mono text-xs text-muted-foreground">{i.codigo}</span> {i.nome}
                </TableCell>
                <TableCell className={num}>
                  {formatQuantity(i.quantidade_informada)} {i.unidade}
                  {i.unidade !== i.unidade_base ? (
                    <span className="block text-xs text-muted-foreground">
                      {formatQuantity(i.quantidade)} {i.unidade_base}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell>{motivoDevolucaoLabels[i.motivo] ?? i.motivo}</TableCell>
                <TableCell>
                  {destinoDevolucaoLabels[i.destino] ?? i.destino}
                  {i.local_nome || i.lote_numero ? (
                    <span className="block text-xs text-muted-foreground">
                      {[i.local_nome, i.lote_numero ? `lote ${i.lote_numero}` : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell>{i.cfop}</TableCell>
                <TableCell className={num}>{formatBRL(i.valores?.vProd)}</TableCell>
                <TableCell className={num}>{formatBRL(i.valores?.vICMS)}</TableCell>
                <TableCell className={num}>{formatBRL(i.valores?.vICMSST)}</TableCell>
                <TableCell className={num}>{formatBRL(i.valores?.vIPI)}</TableCell>
                <TableCell className={`${num} font-medium`}>{formatBRL(i.valor_total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Secao>

      <div className="grid gap-4 lg:grid-cols-2">
        <Secao titulo="Valores">
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>Valor da devolução</dt>
            <dd className={`${num} font-semibold`}>{formatBRL(d.valor_total)}</dd>
            <dt>Abatido nos títulos</dt>
            <dd className={num}>{formatBRL(d.valor_abatido)}</dd>
            <dt>Crédito do cliente</dt>
            <dd className={num}>{formatBRL(d.valor_credito)}</dd>
            <dt>Estorno de comissão</dt>
            <dd className={num}>{formatBRL(d.comissao_estorno)}</dd>
            {pendente ? (
              <>
                <dt>Estorno de comissão pendente</dt>
                <dd className={num}>{formatBRL(d.comissao_estorno_pendente)}</dd>
              </>
            ) : null}
          </dl>
          {pendente ? (
            <p className="text-xs text-muted-foreground">
              A parte do estorno que não coube na comissão ainda não ganha dos títulos abatidos fica pendente
              para o próximo acerto de comissões do vendedor.
            </p>
          ) : null}
          {d.observacao ? (
            <p className="border-t border-border pt-2 text-sm">Observação: {d.observacao}</p>
          ) : null}
        </Secao>
        <Secao titulo="Abatido nos títulos">
          {d.abatimentos.length ? (
            <ul className="grid gap-1 text-sm">
              {d.abatimentos.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-border pt-1 first:border-0 first:pt-0"
                >
                  <span className={a.estornado ? 'line-through' : undefined}>
                    {a.documento ?? 'Título'}
                    {a.parcela != null ? ` · parcela ${a.parcela}/${a.total_parcelas ?? a.parcela}` : ''}
                    <span className="text-muted-foreground"> · {formatDateBR(a.data)}</span>
                  </span>
                  <span className="tabular-nums">
                    {formatBRL(a.valor)}
                    <span className="text-xs text-muted-foreground">
                      {' '}
                      · saldo {formatBRL(a.saldo_titulo)} (
                      {statusTituloLabels[a.status_titulo as StatusTitulo] ?? a.status_titulo})
                    </span>
                    {a.estornado ? <span className="text-xs text-muted-foreground"> · estornado</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              {d.efetivada_em
                ? 'Nenhum título em aberto da venda: o valor ficou como crédito do cliente.'
                : 'O abatimento é feito quando a NF-e de devolução for autorizada.'}
            </p>
          )}
        </Secao>
      </div>
      {financeiro && d.cliente_id && Decimal.of(d.valor_credito).isPositive() ? (
        <CreditoClientePanel clienteId={d.cliente_id} />
      ) : null}
    </div>
  );
}
