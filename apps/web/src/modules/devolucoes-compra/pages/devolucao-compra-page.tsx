import {
  allows,
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  formatDecimalBR,
  formatDocumento,
  formatQuantity,
  motivoDevolucaoLabels,
  permissionForPath,
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
import { StatusNotaBadge } from '@/modules/notasfiscais/components/status-nota-badge.tsx';
import {
  abreDanfeDevolucaoCompra,
  baixaXmlDevolucaoCompra,
  type DevolucaoCompraDetalhe,
  devolucoesCompraApi,
  devolucoesCompraKeys,
} from '../api/devolucoes-compra-api.ts';
import { AcoesDevolucaoCompra, mensagemDe } from '../components/acoes-devolucao-compra.tsx';
import { StatusDevolucaoCompraBadge } from '../components/status-devolucao-compra-badge.tsx';

// A return to a supplier (/estoque/devolucoes-compra/:id): its status, the documents (the supplier's
// NF-e it returns — the goods receipt —, our NF-e de devolução with its DANFE and XML), the items
// with reason, lot, location, entry cost and values, and what it did to the money: the payables it
// was abated from, the crédito left with the supplier. Actions: emitir / transmitir, cancelar.

export function DevolucaoCompraPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: devolucoesCompraKeys.get(id), queryFn: () => devolucoesCompraApi.get(id) });
  return (
    <RecordLoader query={q} title="Devolução de compra">
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

function Devolucao({ d }: { d: DevolucaoCompraDetalhe }) {
  const { roles } = useAuth();
  const notaDev = d.nota_devolucao_id;
  // the notes' and receipts' screens only when the user's guards open them (estoque has no Notas Fiscais)
  const abre = (path: string) => allows(roles, permissionForPath(path) ?? 'authenticated');
  const nomeArquivo = `devolucao-compra-${d.numero}-nfe-${d.nota_devolucao_numero ?? ''}`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={`Devolução de compra nº ${d.numero}`}
        description={`${d.pessoa_nome} · registrada em ${formatDateTimeBR(d.created_at)}`}
        actions={
          <>
            <AcoesDevolucaoCompra d={d} />
            <Button variant="outline" asChild>
              <Link to="/estoque/devolucoes-compra">
                <ArrowLeft aria-hidden />
                Devoluções de Compra
              </Link>
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusDevolucaoCompraBadge status={d.status} />
        {d.efetivada_em ? (
          <span className="text-muted-foreground">
            Saída do estoque e abatimento lançados em {formatDateTimeBR(d.efetivada_em)}
          </span>
        ) : d.status === 'rascunho' ? (
          <span className="text-muted-foreground">
            Rascunho: emita a NF-e de devolução para dar saída no estoque e abater as contas a pagar.
          </span>
        ) : d.status === 'emitida' ? (
          <span className="text-muted-foreground">
            NF-e assinada, aguardando a autorização da SEFAZ: use «Transmitir».
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
          <Campo rotulo="Fornecedor">
            {d.pessoa_nome}
            {d.fornecedor_documento ? (
              <span className="block text-xs text-muted-foreground">
                {formatDocumento(d.fornecedor_documento)}
              </span>
            ) : null}
          </Campo>
          <Campo rotulo="NF-e do fornecedor (entrada)">
            {d.entrada_id && abre('/estoque/entradas') ? (
              <Link to={`/estoque/entradas/${d.entrada_id}`} className="underline-offset-4 hover:underline">
                NF-e nº {d.entrada_numero ?? '—'}
                {d.entrada_serie != null ? ` / série ${d.entrada_serie}` : ''}
              </Link>
            ) : (
              `NF-e nº ${d.entrada_numero ?? '—'}${d.entrada_serie != null ? ` / série ${d.entrada_serie}` : ''}`
            )}
            {d.entrada_emissao ? (
              <span className="block text-xs text-muted-foreground">
                emitida em {formatDateBR(d.entrada_emissao.slice(0, 10))}
              </span>
            ) : null}
          </Campo>
          <Campo rotulo="NF-e de devolução">
            {notaDev ? (
              <span className="flex flex-wrap items-center gap-2">
                {abre('/notasfiscais/saida') ? (
                  <Link to={`/notasfiscais/saida/${notaDev}`} className="underline-offset-4 hover:underline">
                    NF-e nº {d.nota_devolucao_numero}
                  </Link>
                ) : (
                  `NF-e nº ${d.nota_devolucao_numero}`
                )}
                {d.nota_devolucao_status ? <StatusNotaBadge status={d.nota_devolucao_status} /> : null}
              </span>
            ) : (
              'Ainda não emitida'
            )}
          </Campo>
          <Campo rotulo="Chave referenciada (NF-e do fornecedor)" className="sm:col-span-3">
            <span className="break-all font-mono text-xs">{chaveEmGrupos(d.chave_referenciada)}</span>
          </Campo>
        </div>
        {notaDev ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void abreDanfeDevolucaoCompra(d.id, `${nomeArquivo}-danfe.pdf`).catch(
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
                void baixaXmlDevolucaoCompra(d.id, `${nomeArquivo}.xml`).catch(
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
        {/* on a phone, one card per item; the table from sm up */}
        <ul className="grid gap-2 sm:hidden">
          {d.itens.map((i) => (
            <li key={i.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
              <div className="font-medium">
                <span className="font-mono text-xs text-muted-foreground">{i.codigo}</span> {i.nome}
              </div>
              <div className="text-xs text-muted-foreground">
                {formatQuantity(i.quantidade_informada)} {i.unidade} ·{' '}
                {motivoDevolucaoLabels[i.motivo] ?? i.motivo} · CFOP {i.cfop}
                {i.local_nome ? ` · ${i.local_nome}` : ''}
                {i.lote_numero ? ` · lote ${i.lote_numero}` : ''}
              </div>
              <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-xs tabular-nums">
                <dt>Produtos</dt>
                <dd className="text-right">{formatBRL(i.valores?.vProd)}</dd>
                <dt>ICMS / ICMS ST</dt>
                <dd className="text-right">
                  {formatBRL(i.valores?.vICMS)} / {formatBRL(i.valores?.vICMSST)}
                </dd>
                <dt>IPI</dt>
                <dd className="text-right">{formatBRL(i.valores?.vIPI)}</dd>
                <dt className="font-medium">Total</dt>
                <dd className="text-right font-medium">{formatBRL(i.valor_total)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <Table containerClassName="hidden sm:block">
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>Produto</TableHead>
              <TableHead className="text-right">Quantidade</TableHead>
              <TableHead>Motivo · sai de</TableHead>
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
                  {i.c_prod ? (
                    <span className="block text-xs text-muted-foreground">
                      Item {i.n_item} da nota: {i.c_prod}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className={num}>
                  {formatQuantity(i.quantidade_informada)} {i.unidade}
                  {i.unidade !== i.unidade_base ? (
                    <span className="block text-xs text-muted-foreground">
                      {formatQuantity(i.quantidade)} {i.unidade_base}
                    </span>
                  ) : null}
                  <span className="block text-xs text-muted-foreground">
                    custo R$ {formatDecimalBR(i.custo_unitario, 2)}
                  </span>
                </TableCell>
                <TableCell>
                  {motivoDevolucaoLabels[i.motivo] ?? i.motivo}
                  <span className="block text-xs text-muted-foreground">
                    {[i.local_nome, i.lote_numero ? `lote ${i.lote_numero}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
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
            <dt>Abatido nas contas a pagar</dt>
            <dd className={num}>{formatBRL(d.valor_abatido)}</dd>
            <dt>Crédito com o fornecedor</dt>
            <dd className={num}>{formatBRL(d.valor_credito)}</dd>
          </dl>
          {d.observacao ? (
            <p className="border-t border-border pt-2 text-sm">Observação: {d.observacao}</p>
          ) : null}
        </Secao>
        <Secao titulo="Abatido nas contas a pagar">
          {d.abatimentos.length ? (
            <ul className="grid gap-1 text-sm">
              {d.abatimentos.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-border pt-1 first:border-0 first:pt-0"
                >
                  <span className={a.estornado ? 'line-through' : undefined}>
                    {a.documento ? `Documento ${a.documento}` : 'Título'}
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
                ? 'Nenhuma conta a pagar em aberto da entrada: o valor ficou como crédito com o fornecedor.'
                : 'O abatimento é feito quando a NF-e de devolução for autorizada.'}
            </p>
          )}
        </Secao>
      </div>
    </div>
  );
}
