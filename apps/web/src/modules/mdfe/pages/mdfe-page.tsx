import { formatBRL, formatCpf, formatDateBR, formatDateTimeBR } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, FileText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Campo, chaveEmGrupos } from '@/components/nfe/nota-campos.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import {
  abreDamdfe,
  baixaXmlMdfe,
  type MdfeAberto,
  type MdfeDetalhe,
  mdfeApi,
  mdfeKeys,
} from '../api/mdfe-api.ts';
import { AcoesMdfe, MotivosAcoes, mensagemDe } from '../components/acoes-mdfe.tsx';
import { EncerrarMdfeDialog } from '../components/encerrar-mdfe-dialog.tsx';
import { EventosMdfe } from '../components/eventos-mdfe.tsx';
import { StatusMdfeBadge } from '../components/status-mdfe-badge.tsx';
import { pesoKg } from './mdfes-page.tsx';

// One manifesto (/expedicao/mdfe/:id): número, série, chave, status, protocolo; the route (UF ini,
// percurso, UF fim), the truck and its drivers, the totals; the NF-e by município de descarregamento;
// SEFAZ's message when rejected (and the open manifesto of the same truck a 611 names, to close it);
// the events; the XML and the DAMDFE; the actions the server allows.

export function MdfePage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: mdfeKeys.get(id), queryFn: () => mdfeApi.get(id) });
  return (
    <RecordLoader query={q} title="MDF-e">
      {(m) => <Mdfe m={m} />}
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

const tpEmisLabels: Record<string, string> = { '1': 'Normal', '2': 'Contingência' };
const ambienteLabel = (a: string) =>
  a === 'producao' || a === '1' ? 'Produção' : a === 'homologacao' || a === '2' ? 'Homologação' : a;

/** The open manifesto of the same truck named in the last rejection (cStat 611). */
function abertoDe(m: MdfeDetalhe): MdfeAberto | null {
  if (m.status !== 'rejeitado') return null;
  const rej = m.eventos.filter((e) => e.tipo === 'rejeicao').at(-1);
  return rej?.detalhe?.aberto ?? null;
}

function Mdfe({ m }: { m: MdfeDetalhe }) {
  const nome = `mdfe-${m.numero}-serie-${m.serie}`;
  const aberto = abertoDe(m);
  const [encerrandoAberto, setEncerrandoAberto] = useState(false);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={`MDF-e nº ${m.numero}`}
        description={`Série ${m.serie} · carga nº ${m.carga_numero} · emitido em ${formatDateTimeBR(m.emissao)}`}
        actions={
          <>
            <AcoesMdfe m={m} />
            <Button variant="outline" asChild>
              <Link to="/expedicao/mdfe">
                <ArrowLeft aria-hidden />
                Manifestos
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <StatusMdfeBadge status={m.status} />
          {m.status === 'autorizado' && m.autorizado_em ? (
            <span className="text-muted-foreground">em {formatDateTimeBR(m.autorizado_em)}</span>
          ) : null}
          {m.status === 'encerrado' && m.encerrado_em ? (
            <span className="text-muted-foreground">
              em {formatDateBR(m.encerramento_data ?? m.encerrado_em.slice(0, 10))}
              {m.encerramento_municipio
                ? ` · ${m.encerramento_municipio}${m.encerramento_uf ? ` - ${m.encerramento_uf}` : ''}`
                : ''}
            </span>
          ) : null}
          {m.status === 'assinado' ? (
            <span className="text-muted-foreground">
              {m.consulta_pendente
                ? 'A SEFAZ não respondeu ao envio: use «Consultar» antes de transmitir de novo.'
                : 'Assinado, aguardando a autorização da SEFAZ: use «Transmitir».'}
            </span>
          ) : null}
        </div>
        <MotivosAcoes m={m} />
      </div>

      {m.status === 'rejeitado' && (m.c_stat || m.x_motivo) ? (
        <div
          role="alert"
          className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 [overflow-wrap:anywhere] dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <p>
            <span className="font-medium">Rejeição da SEFAZ:</span> {m.c_stat} – {m.x_motivo}
          </p>
          {aberto ? (
            <div className="flex flex-wrap items-center gap-2">
              <p>
                O veículo tem o MDF-e{aberto.numero != null ? ` nº ${aberto.numero}` : ''} aberto (chave{' '}
                <span className="break-all font-mono text-xs">{chaveEmGrupos(aberto.chave)}</span>).
              </p>
              {aberto.id ? (
                <>
                  <Button size="sm" variant="outline" asChild>
                    <Link to={`/expedicao/mdfe/${aberto.id}`}>Abrir o MDF-e nº {aberto.numero}</Link>
                  </Button>
                  <Button size="sm" onClick={() => setEncerrandoAberto(true)}>
                    Encerrar
                  </Button>
                </>
              ) : null}
            </div>
          ) : (
            <p className="text-xs">Corrija o que a SEFAZ apontou e use «Transmitir» para enviá-lo de novo.</p>
          )}
        </div>
      ) : null}
      {m.status === 'cancelado' && m.motivo_cancelamento ? (
        <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
          Motivo do cancelamento: {m.motivo_cancelamento}
        </p>
      ) : null}

      <Secao
        titulo="Manifesto"
        acoes={
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void abreDamdfe(m.id, `${nome}-damdfe.pdf`).catch(erroDe('Não foi possível gerar o DAMDFE.'))
              }
            >
              <FileText aria-hidden />
              DAMDFE (PDF)
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void baixaXmlMdfe(m.id, `${m.chave}-mdfe.xml`).catch(erroDe('Não foi possível baixar o XML.'))
              }
            >
              <Download aria-hidden />
              Baixar XML
            </Button>
          </>
        }
      >
        <div className="grid grid-cols-2 gap-0 sm:grid-cols-4">
          <Campo rotulo="Número">{m.numero}</Campo>
          <Campo rotulo="Série">{m.serie}</Campo>
          <Campo rotulo="Ambiente">{ambienteLabel(m.ambiente)}</Campo>
          <Campo rotulo="Tipo de emissão">{tpEmisLabels[m.tp_emis] ?? m.tp_emis}</Campo>
          <Campo rotulo="Chave de acesso" className="col-span-2 sm:col-span-3">
            <span className="font-mono text-xs">{chaveEmGrupos(m.chave)}</span>
          </Campo>
          <Campo rotulo="Protocolo">{m.protocolo ?? '—'}</Campo>
          <Campo rotulo="Carga">
            <Link to={`/expedicao/cargas/${m.carga_id}`} className="underline-offset-4 hover:underline">
              Carga nº {m.carga_numero}
            </Link>
          </Campo>
          <Campo rotulo="Percurso" className="col-span-2 sm:col-span-3">
            {[m.uf_ini, ...m.percurso, m.uf_fim].filter((u, i, a) => i === 0 || u !== a[i - 1]).join(' → ')}
          </Campo>
        </div>
      </Secao>

      <div className="grid gap-4 lg:grid-cols-2">
        <Secao titulo="Veículo e condutores">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Placa</dt>
            <dd className="font-mono">{m.placa}</dd>
            {m.condutores.map((c, i) => (
              <div key={c.cpf} className="contents">
                <dt className="text-muted-foreground">{i === 0 ? 'Condutor' : `Condutor ${i + 1}`}</dt>
                <dd>
                  {c.nome} <span className="text-muted-foreground">· CPF {formatCpf(c.cpf)}</span>
                </dd>
              </div>
            ))}
          </dl>
        </Secao>
        <Secao titulo="Totais">
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>NF-e</dt>
            <dd className={num}>{m.q_nfe}</dd>
            <dt>Peso bruto</dt>
            <dd className={num}>{pesoKg(m.q_carga)}</dd>
            <dt>Valor da carga</dt>
            <dd className={`${num} font-semibold`}>{formatBRL(m.v_carga)}</dd>
          </dl>
        </Secao>
      </div>

      <Secao titulo="Notas por município de descarregamento">
        <div className="grid gap-4">
          {m.municipios.map((g) => (
            <div key={g.codigo} className="grid gap-1">
              <h3 className="text-sm font-medium">
                {g.nome} - {g.uf} <span className="text-xs text-muted-foreground">(IBGE {g.codigo})</span>
              </h3>
              <ul className="grid" aria-label={`Notas de ${g.nome}`}>
                {g.notas.map((n) => (
                  <li
                    key={n.id}
                    className="grid gap-0.5 border-t border-border py-2 text-sm first:border-0 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-baseline sm:gap-x-4"
                  >
                    <span className="whitespace-nowrap">
                      {n.nota_id ? (
                        <Link
                          to={`/notasfiscais/saida/${n.nota_id}`}
                          className="font-medium underline-offset-4 hover:underline"
                        >
                          NF-e nº {n.nota_numero}
                        </Link>
                      ) : (
                        'NF-e'
                      )}
                      {n.incluida_por_evento ? (
                        <span className="text-xs text-muted-foreground"> · incluída por evento</span>
                      ) : null}
                    </span>
                    <span className="grid min-w-0">
                      <span>{n.cliente ?? '—'}</span>
                      <span className="font-mono text-xs text-muted-foreground">
                        {chaveEmGrupos(n.chave)}
                      </span>
                    </span>
                    <span className="whitespace-nowrap tabular-nums sm:text-right">
                      {pesoKg(n.peso)} · {formatBRL(n.valor)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Secao>

      <Secao titulo="Eventos">
        <EventosMdfe m={m} />
      </Secao>

      {encerrandoAberto && aberto?.id ? (
        <EncerrarMdfeDialog
          id={aberto.id}
          numero={aberto.numero}
          municipioPadrao={null}
          onClose={() => setEncerrandoAberto(false)}
        />
      ) : null}
    </div>
  );
}
