import { formatBRL, formatDateBR, formatDateTimeBR, formatDecimalBR, formatDocumento } from '@erp/shared';
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
import { useAuth } from '@/lib/auth/auth-context.ts';
import { cn } from '@/lib/cn.ts';
import { abreDanfe, baixaXml, entradasKeys, type NotaEntrada, notasEntradaApi } from '../api/entradas-api.ts';
import { StatusEntradaBadge } from '../components/status-entrada.tsx';

// An incoming NF-e (/notasfiscais/entrada/:id) laid out like a DANFE from the stored XML's data:
// emitente and identification, natureza and protocolo, destinatário, fatura/duplicatas, cálculo do
// imposto, transportador, the products, and the dados adicionais; "Baixar XML" gives the file
// exactly as received.

type Nota = NotaEntrada['nota'];

const modFrete: Record<string, string> = {
  '0': 'Remetente (CIF)',
  '1': 'Destinatário (FOB)',
  '2': 'Terceiros',
  '3': 'Próprio por conta do remetente',
  '4': 'Próprio por conta do destinatário',
  '9': 'Sem frete',
};

/** "3525 0612 …" in groups of four, as a DANFE prints the chave. */
export const chaveEmGrupos = (chave: string) => chave.replace(/(.{4})(?=.)/g, '$1 ');

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

const endereco = (p: Nota['emit']) => {
  const e = p.endereco;
  if (!e) return '';
  return [
    [e.xLgr, e.nro].filter(Boolean).join(', '),
    e.xCpl,
    e.xBairro,
    [e.xMun, e.UF].filter(Boolean).join(' - '),
    e.CEP ? `CEP ${e.CEP}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
};

export function NotaEntradaPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: entradasKeys.nota(id), queryFn: () => notasEntradaApi.get(id) });
  if (q.isError)
    return (
      <div>
        <PageHeader title="Nota fiscal de entrada" />
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
  return <Danfe dados={q.data} />;
}

function Danfe({ dados }: { dados: NotaEntrada }) {
  const { nota: n, entrada } = dados;
  const { roles } = useAuth();
  const podeEstoque = roles.some((r) => r === 'admin' || r === 'estoque');
  const t = n.total;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={`NF-e nº ${n.ide.nNF} / série ${n.ide.serie}`}
        description={`${n.emit.xNome} · emitida em ${formatDateTimeBR(n.ide.dhEmi)}`}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/notasfiscais/entrada">
                <ArrowLeft aria-hidden />
                Notas de entrada
              </Link>
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                void baixaXml('notas', entrada.id, `${n.chave}.xml`).catch((err) =>
                  toast.error(err instanceof ApiError ? err.message : 'Não foi possível baixar o XML.'),
                )
              }
            >
              <Download aria-hidden />
              Baixar XML
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                void abreDanfe('notas', entrada.id, `${n.chave}-danfe.pdf`).catch((err) =>
                  toast.error(err instanceof ApiError ? err.message : 'Não foi possível gerar o DANFE.'),
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
        <span>Entrada de mercadorias:</span>
        <StatusEntradaBadge status={entrada.status} />
        {podeEstoque ? (
          <Link to={`/estoque/entradas/${entrada.id}`} className="underline-offset-4 hover:underline">
            Abrir a entrada
          </Link>
        ) : null}
      </div>
      <article aria-label="DANFE" className="grid gap-3 rounded-lg border border-border bg-card p-3">
        <div className="grid gap-0 sm:grid-cols-[2fr_1fr_2fr]">
          <Campo rotulo="Emitente">
            <div className="font-semibold">{n.emit.xNome}</div>
            <div className="text-xs">{endereco(n.emit)}</div>
          </Campo>
          <Campo rotulo="DANFE" className="text-center">
            <div className="text-xs">Documento Auxiliar da Nota Fiscal Eletrônica</div>
            <div className="text-xs">{n.ide.tpNF === '0' ? '0 - Entrada' : '1 - Saída'}</div>
            <div className="font-semibold">Nº {n.ide.nNF}</div>
            <div className="text-xs">Série {n.ide.serie}</div>
          </Campo>
          <Campo rotulo="Chave de acesso">
            <span className="font-mono text-xs">{chaveEmGrupos(n.chave)}</span>
          </Campo>
        </div>
        <div className="grid sm:grid-cols-[2fr_2fr]">
          <Campo rotulo="Natureza da operação">{n.ide.natOp}</Campo>
          <Campo rotulo="Protocolo de autorização de uso">
            {n.protNFe?.nProt
              ? `${n.protNFe.nProt} ${n.protNFe.dhRecbto ? formatDateTimeBR(n.protNFe.dhRecbto) : ''}`
              : 'Sem protocolo'}
          </Campo>
        </div>
        <div className="grid sm:grid-cols-3">
          <Campo rotulo="Inscrição estadual">{n.emit.IE}</Campo>
          <Campo rotulo="CNPJ / CPF">{formatDocumento(n.emit.documento)}</Campo>
          <Campo rotulo="Ambiente">{n.ide.tpAmb === '1' ? 'Produção' : 'Homologação'}</Campo>
        </div>
        {n.dest ? (
          <Bloco titulo="Destinatário / remetente">
            <div className="grid sm:grid-cols-[3fr_1fr_1fr]">
              <Campo rotulo="Nome / razão social">{n.dest.xNome}</Campo>
              <Campo rotulo="CNPJ / CPF">{formatDocumento(n.dest.documento)}</Campo>
              <Campo rotulo="Data da emissão">{formatDateBR(n.ide.dhEmi)}</Campo>
              <Campo rotulo="Endereço" className="sm:col-span-2">
                {endereco(n.dest)}
              </Campo>
              <Campo rotulo="Inscrição estadual">{n.dest.IE}</Campo>
            </div>
          </Bloco>
        ) : null}
        {n.cobr.dup.length ? (
          <Bloco titulo="Fatura / duplicatas">
            <div className="grid grid-cols-2 sm:grid-cols-4 lg:grid-cols-6">
              {n.cobr.dup.map((d) => (
                <Campo key={d.nDup} rotulo={`Dup. ${d.nDup}`}>
                  {formatDateBR(d.dVenc)} · {formatBRL(d.vDup)}
                </Campo>
              ))}
            </div>
          </Bloco>
        ) : null}
        <Bloco titulo="Cálculo do imposto">
          <div className="grid grid-cols-2 sm:grid-cols-4 lg:grid-cols-7">
            <Campo rotulo="Base de cálculo do ICMS">{formatBRL(t.vBC)}</Campo>
            <Campo rotulo="Valor do ICMS">{formatBRL(t.vICMS)}</Campo>
            <Campo rotulo="Base de cálculo ICMS ST">{formatBRL(t.vBCST)}</Campo>
            <Campo rotulo="Valor do ICMS ST">{formatBRL(t.vST)}</Campo>
            <Campo rotulo="Valor total dos produtos">{formatBRL(t.vProd)}</Campo>
            <Campo rotulo="Valor do frete">{formatBRL(t.vFrete)}</Campo>
            <Campo rotulo="Valor do seguro">{formatBRL(t.vSeg)}</Campo>
            <Campo rotulo="Desconto">{formatBRL(t.vDesc)}</Campo>
            <Campo rotulo="Outras despesas">{formatBRL(t.vOutro)}</Campo>
            <Campo rotulo="Valor do IPI">{formatBRL(t.vIPI)}</Campo>
            <Campo rotulo="Valor do PIS">{formatBRL(t.vPIS)}</Campo>
            <Campo rotulo="Valor da COFINS">{formatBRL(t.vCOFINS)}</Campo>
            <Campo rotulo="Valor total da nota" className="font-semibold sm:col-span-2">
              {formatBRL(t.vNF)}
            </Campo>
          </div>
        </Bloco>
        <Bloco titulo="Transportador / volumes transportados">
          <div className="grid sm:grid-cols-[1fr_3fr]">
            <Campo rotulo="Frete por conta">
              {n.transp.modFrete ? `${n.transp.modFrete} - ${modFrete[n.transp.modFrete] ?? ''}` : ''}
            </Campo>
            <Campo rotulo="Razão social">{n.transp.transportadora}</Campo>
          </div>
        </Bloco>
        <Bloco titulo="Dados dos produtos / serviços">
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-xs">
              <thead>
                <tr className="text-left">
                  {[
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
                    'IPI',
                  ].map((h) => (
                    <th key={h} className="border border-border px-1 py-0.5 font-medium uppercase">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {n.itens.map((i) => (
                  <tr key={i.nItem}>
                    <td className="border border-border px-1 py-0.5 font-mono">{i.cProd}</td>
                    <td className="min-w-48 border border-border px-1 py-0.5">
                      {i.xProd}
                      {i.rastro.map((r) => (
                        <div key={r.nLote} className="text-muted-foreground">
                          Lote {r.nLote} · qtd {formatDecimalBR(r.qLote, 0)}
                          {r.dVal ? ` · val. ${formatDateBR(r.dVal)}` : ''}
                        </div>
                      ))}
                    </td>
                    <td className="border border-border px-1 py-0.5">{i.NCM}</td>
                    <td className="border border-border px-1 py-0.5">{i.imposto.cst}</td>
                    <td className="border border-border px-1 py-0.5">{i.CFOP}</td>
                    <td className="border border-border px-1 py-0.5">{i.uCom}</td>
                    <td className="border border-border px-1 py-0.5 text-right tabular-nums">
                      {formatDecimalBR(i.qCom, 0)}
                    </td>
                    <td className="border border-border px-1 py-0.5 text-right tabular-nums">
                      {formatDecimalBR(i.vUnCom, 2)}
                    </td>
                    <td className="border border-border px-1 py-0.5 text-right tabular-nums">
                      {formatDecimalBR(i.vProd, 2)}
                    </td>
                    <td className="border border-border px-1 py-0.5 text-right tabular-nums">
                      {formatDecimalBR(i.imposto.vICMS ?? '0', 2)}
                    </td>
                    <td className="border border-border px-1 py-0.5 text-right tabular-nums">
                      {formatDecimalBR(i.imposto.vIPI ?? '0', 2)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Bloco>
        <Bloco titulo="Dados adicionais">
          <div className="grid sm:grid-cols-2">
            <Campo rotulo="Informações complementares">{n.infAdic.infCpl}</Campo>
            <Campo rotulo="Reservado ao fisco">{n.infAdic.infAdFisco}</Campo>
          </div>
        </Bloco>
      </article>
    </div>
  );
}
