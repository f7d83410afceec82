import {
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  formatDecimalBR,
  formatDocumento,
  tipoEventoNotaLabels,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import {
  abreDanfeSaida,
  baixaXmlSaida,
  type NotaSaidaDetalhe,
  notasSaidaApi,
  notasSaidaKeys,
} from '../api/notas-saida-api.ts';
import { AcoesSefaz } from '../components/acoes-sefaz.tsx';
import { StatusNotaBadge } from '../components/status-nota-badge.tsx';

// An outgoing NF-e (/notasfiscais/saida/:id): status (with SEFAZ's message), identification, the
// items and totals as the XML says, duplicatas, the events (signature, SEFAZ's answers), the XML
// itself; downloads of the XML and the DANFE.

const chaveEmGrupos = (chave: string) => chave.replace(/(.{4})(?=.)/g, '$1 ');

const tiposEvento: Record<string, string> = {
  ...tipoEventoNotaLabels,
  assinatura: 'Assinatura',
  autorizacao: 'Autorização',
  rejeicao: 'Rejeição',
  denegacao: 'Denegação',
  cancelamento: 'Cancelamento',
  inutilizacao: 'Inutilização',
  cce: 'Carta de correção',
};

function Campo({ rotulo, children, className }: { rotulo: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0 border border-border px-2 py-1', className)}>
      <div className="text-[10px] font-medium uppercase text-muted-foreground">{rotulo}</div>
      <div className="break-words text-sm">{children || '\u00a0'}</div>
    </div>
  );
}

function Bloco({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section aria-label={titulo} className="grid gap-0.5">
      <h2 className="text-xs font-semibold uppercase">{titulo}</h2>
      {children}
    </section>
  );
}

export function NotaSaidaPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: notasSaidaKeys.get(id), queryFn: () => notasSaidaApi.get(id) });
  if (q.isError)
    return (
      <div>
        <PageHeader title="Nota fiscal de saída" />
        <LoadErrorAlert
          message={q.error instanceof ApiError ? q.error.message : 'Não foi possível carregar.'}
          onRetry={() => void q.refetch()}
        />
      </div>
    );
  if (!q.data)
    return (
      <div className="grid gap-3" aria-busy>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  return <Nota n={q.data} />;
}

const th = 'border border-border px-1 py-0.5 font-medium uppercase';
const td = 'border border-border px-1 py-0.5';
const num = `${td} text-right tabular-nums`;

function Nota({ n }: { n: NotaSaidaDetalhe }) {
  const t = n.totais;
  const erro = (msg: string) => (err: unknown) => toast.error(err instanceof ApiError ? err.message : msg);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={`NF-e nº ${n.numero} / série ${n.serie}`}
        description={`${n.cliente_nome} · emitida em ${formatDateTimeBR(n.emissao)}`}
        actions={
          <>
            <AcoesSefaz nota={n} />
            <Button variant="outline" asChild>
              <Link to="/notasfiscais/saida">
                <ArrowLeft aria-hidden />
                Notas de saída
              </Link>
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                void baixaXmlSaida(n.id, `${n.chave}.xml`).catch(erro('Não foi possível baixar o XML.'))
              }
            >
              <Download aria-hidden />
              Baixar XML
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                void abreDanfeSaida(n.id, `${n.chave}-danfe.pdf`).catch(
                  erro('Não foi possível gerar o DANFE.'),
                )
              }
            >
              <FileText aria-hidden />
              DANFE (PDF)
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusNotaBadge status={n.status} />
        {n.ambiente === '2' ? (
          <span className="text-muted-foreground">Homologação — sem valor fiscal</span>
        ) : null}
        {n.x_motivo ? (
          <span className={n.status === 'rejeitada' || n.status === 'denegada' ? 'text-destructive' : ''}>
            SEFAZ: {n.c_stat ? `${n.c_stat} - ` : ''}
            {n.x_motivo}
          </span>
        ) : null}
        {n.pedido_id ? (
          <Link to={`/comercial/pedidos/${n.pedido_id}`} className="underline-offset-4 hover:underline">
            Pedido nº {n.pedido_numero}
          </Link>
        ) : null}
      </div>
      <article aria-label="Nota fiscal" className="grid gap-3 rounded-lg border border-border bg-card p-3">
        <div className="grid sm:grid-cols-[2fr_1fr_1fr]">
          <Campo rotulo="Chave de acesso">
            <span className="font-mono text-xs">{chaveEmGrupos(n.chave)}</span>
          </Campo>
          <Campo rotulo="Natureza da operação">{n.natureza}</Campo>
          <Campo rotulo="Protocolo de autorização">{n.protocolo ?? 'Sem protocolo'}</Campo>
        </div>
        <Bloco titulo="Destinatário">
          <div className="grid sm:grid-cols-[3fr_1fr]">
            <Campo rotulo="Nome / razão social">{n.cliente_nome}</Campo>
            <Campo rotulo="CNPJ / CPF">{formatDocumento(n.cliente_documento)}</Campo>
          </div>
        </Bloco>
        {n.duplicatas.length ? (
          <Bloco titulo="Fatura / duplicatas">
            <div className="grid grid-cols-2 sm:grid-cols-4 lg:grid-cols-6">
              {n.duplicatas.map((d) => (
                <Campo key={d.numero} rotulo={`Dup. ${d.numero}`}>
                  {formatDateBR(d.vencimento)} · {formatBRL(d.valor)}
                </Campo>
              ))}
            </div>
          </Bloco>
        ) : null}
        <Bloco titulo="Totais">
          <div className="grid grid-cols-2 sm:grid-cols-4 lg:grid-cols-6">
            <Campo rotulo="Produtos">{formatBRL(t.v_prod)}</Campo>
            <Campo rotulo="Desconto">{formatBRL(t.v_desc)}</Campo>
            <Campo rotulo="Frete">{formatBRL(t.v_frete)}</Campo>
            <Campo rotulo="Base do ICMS">{formatBRL(t.v_bc)}</Campo>
            <Campo rotulo="ICMS">{formatBRL(t.v_icms)}</Campo>
            <Campo rotulo="ICMS ST">{formatBRL(t.v_st)}</Campo>
            <Campo rotulo="IPI">{formatBRL(t.v_ipi)}</Campo>
            <Campo rotulo="PIS">{formatBRL(t.v_pis)}</Campo>
            <Campo rotulo="COFINS">{formatBRL(t.v_cofins)}</Campo>
            <Campo rotulo="IBS">{formatBRL(t.v_ibs)}</Campo>
            <Campo rotulo="CBS">{formatBRL(t.v_cbs)}</Campo>
            <Campo rotulo="Valor total da nota" className="font-semibold">
              {formatBRL(t.v_nf)}
            </Campo>
          </div>
        </Bloco>
        <Bloco titulo="Itens">
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-xs">
              <thead>
                <tr className="text-left">
                  {[
                    '#',
                    'Código',
                    'Descrição',
                    'NCM',
                    'CST',
                    'CFOP',
                    'Un',
                    'Quant.',
                    'Valor unit.',
                    'Valor total',
                    'ICMS',
                    'ICMS ST',
                    'IPI',
                  ].map((h) => (
                    <th key={h} className={th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {n.itens.map((i) => (
                  <tr key={i.n_item}>
                    <td className={td}>{i.n_item}</td>
                    <td className={`${td} font-mono`}>{i.c_prod}</td>
                    <td className={`${td} min-w-48`}>{i.x_prod}</td>
                    <td className={td}>{i.ncm}</td>
                    <td className={td}>{i.cst}</td>
                    <td className={td}>{i.cfop}</td>
                    <td className={td}>{i.u_com}</td>
                    <td className={num}>{formatDecimalBR(i.q_com, 3)}</td>
                    <td className={num}>{formatDecimalBR(i.v_un_com, 2)}</td>
                    <td className={num}>{formatDecimalBR(i.v_prod, 2)}</td>
                    <td className={num}>{formatDecimalBR(i.v_icms, 2)}</td>
                    <td className={num}>{formatDecimalBR(i.v_st, 2)}</td>
                    <td className={num}>{formatDecimalBR(i.v_ipi, 2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Bloco>
        <Bloco titulo="Eventos">
          <ul className="grid gap-1 text-sm">
            {n.eventos.map((e) => (
              <li key={e.id} className="border border-border px-2 py-1">
                <span className="font-medium">{tiposEvento[e.tipo] ?? e.tipo}</span>
                {e.sequencia ? ` nº ${e.sequencia}` : ''} · {formatDateTimeBR(e.created_at)}
                {e.usuario ? ` · ${e.usuario}` : ''}
                {e.c_stat || e.x_motivo ? (
                  <div className="text-muted-foreground">
                    {e.c_stat ? `${e.c_stat} - ` : ''}
                    {e.x_motivo}
                    {e.protocolo ? ` · protocolo ${e.protocolo}` : ''}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </Bloco>
        <details className="rounded border border-border">
          <summary className="cursor-pointer px-2 py-1 text-sm font-medium">
            XML {n.autorizada_xml ? '(nfeProc autorizado)' : '(NF-e assinada)'}
          </summary>
          <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-all p-2 font-mono text-xs">
            {n.xml}
          </pre>
        </details>
      </article>
    </div>
  );
}
