import {
  allows,
  formatBRL,
  formatDateBR,
  formatDecimalBR,
  guards,
  plural,
  statusEntregaLabels,
} from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, FileText, PackageX, Truck, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { StatusPedidoBadge } from '@/modules/comercial/components/status-pedido-badge.tsx';
import { abrePdf, type Carga, type CargaResumo, cargasApi, type ParadaCarga } from '../api/expedicao-api.ts';
import { expedicaoKeys } from '../api/keys.ts';
import { JustificativaDialog } from '../components/justificativa-dialog.tsx';
import { StatusCargaBadge } from '../components/status-carga-badge.tsx';
import { FaturamentoProgresso } from './faturamento-progresso.tsx';

// Faturamento de Cargas (/expedicao/faturamento): the loads whose orders are all conferidos and what
// follows — «Faturar carga» (the queue emits and transmits every order's NF-e, progress live,
// per-order retry; faturada when every note is authorised), the driver's PDF, "Saiu para
// entrega", and the return: each stop entregue or devolvido (with the reason, kept for a later
// devolução), then "Finalizar carga".

const STATUS = ['conferida', 'faturada', 'em_rota', 'finalizada'] as const;

export function FaturamentoPage() {
  const [params, setParams] = useSearchParams();
  const cargaId = params.get('carga_id') ?? '';
  const id = useId();
  const cargas = useQuery({
    queryKey: expedicaoKeys.cargas({ faturamento: '1' }),
    queryFn: async () => {
      const listas = await Promise.all(STATUS.map((status) => cargasApi.list({ status, pageSize: '50' })));
      return listas.flatMap((l) => l.items).sort((a, b) => b.numero - a.numero);
    },
  });
  return (
    <div className="grid grid-cols-1 gap-4 pb-8">
      <PageHeader
        title="Faturamento de Cargas"
        description="Cargas conferidas: faturamento, saída para entrega e o retorno de cada parada."
      />
      {cargas.isError ? (
        <LoadErrorAlert
          message="Não foi possível carregar as cargas."
          onRetry={() => void cargas.refetch()}
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>Cargas</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <label htmlFor={`${id}-carga`} className="sr-only">
              Carga
            </label>
            <NativeSelect
              id={`${id}-carga`}
              className="lg:hidden"
              value={cargaId}
              onChange={(e) => setParams({ carga_id: e.target.value })}
            >
              <option value="">Escolha a carga</option>
              {cargas.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  Carga nº {c.numero}
                </option>
              ))}
            </NativeSelect>
            <ul className="hidden gap-2 lg:grid" aria-label="Cargas conferidas">
              {cargas.data?.length === 0 ? (
                <li className="text-sm text-muted-foreground">Nenhuma carga conferida.</li>
              ) : null}
              {cargas.data?.map((c) => (
                <li key={c.id}>
                  <ItemCarga c={c} ativo={c.id === cargaId} onClick={() => setParams({ carga_id: c.id })} />
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        {cargaId ? (
          <DetalheCarga id={cargaId} />
        ) : (
          <p className="text-sm text-muted-foreground">Escolha uma carga.</p>
        )}
      </div>
    </div>
  );
}

function ItemCarga({ c, ativo, onClick }: { c: CargaResumo; ativo: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`grid w-full gap-1 rounded-md border p-2 text-left text-sm hover:bg-muted/40 ${ativo ? 'border-primary bg-primary/5' : ''}`}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="font-medium">Carga nº {c.numero}</span>
        <StatusCargaBadge status={c.status} />
      </span>
      <span className="text-xs text-muted-foreground">
        {formatDateBR(c.data_saida_prevista)} · {c.placa ?? '—'} · {plural(c.pedidos, 'pedido', 'pedidos')} ·{' '}
        {formatBRL(c.valor)}
      </span>
    </button>
  );
}

function DetalheCarga({ id }: { id: string }) {
  const qc = useQueryClient();
  const { roles } = useAuth();
  const carga = useQuery({ queryKey: expedicaoKeys.carga(id), queryFn: () => cargasApi.get(id) });
  const [ocupado, setOcupado] = useState(false);
  const [devolvendo, setDevolvendo] = useState<ParadaCarga | null>(null);
  const navigate = useNavigate();
  const c = carga.data;
  const aplica = (n: Carga) => {
    qc.setQueryData(expedicaoKeys.carga(id), n);
    void qc.invalidateQueries({ queryKey: ['expedicao', 'cargas', 'list'] });
  };
  const chama = async (fn: () => Promise<Carga>, ok: string) => {
    setOcupado(true);
    try {
      aplica(await fn());
      toast.success(ok);
    } catch (err) {
      // a load that needs its MDF-e (issue 33): the message says why, the action leads to the emission
      if (err instanceof ApiError && err.body.details?.reason === 'mdfe')
        toast.error(err.message, {
          duration: 15_000,
          action: { label: 'Emitir MDF-e', onClick: () => void navigate(`/expedicao/cargas/${id}`) },
        });
      else toast.error(err instanceof ApiError ? err.message : 'Não foi possível salvar.');
    } finally {
      setOcupado(false);
    }
  };
  if (carga.isError)
    return (
      <LoadErrorAlert message="Não foi possível carregar a carga." onRetry={() => void carga.refetch()} />
    );
  if (!c) return <Spinner />;
  const faturados = c.paradas.filter((p) => p.status === 'faturado' || p.status === 'entregue').length;
  const pendentes = c.paradas.filter((p) => p.entrega_status === 'pendente').length;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle className="flex items-center gap-2">
            Carga nº {c.numero} <StatusCargaBadge status={c.status} />
          </CardTitle>
          <CardDescription>
            {c.veiculo?.descricao ?? '—'} · {c.motorista?.nome ?? '—'} ·{' '}
            {formatDecimalBR(c.capacidade.peso, 0)} kg · {formatBRL(c.capacidade.valor)}
          </CardDescription>
        </div>
        <Button
          variant="outline"
          onClick={async () =>
            (await abrePdf(() => cargasApi.pdf(c.id, 'romaneio.pdf'))) ||
            toast.error('Não foi possível gerar o romaneio.')
          }
        >
          <FileText aria-hidden />
          Romaneio
        </Button>
        {allows(roles, guards.adminFinanceiro) && faturados > 0 ? (
          <Button
            variant="outline"
            onClick={async () =>
              (await abrePdf(() => cargasApi.boletosPdf(c.id))) ||
              toast.error('Nenhum boleto em aberto nas notas desta carga.')
            }
          >
            <FileText aria-hidden />
            Boletos
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <div className="flex justify-between text-sm">
            <span className="font-medium">Notas autorizadas</span>
            <span className="tabular-nums">
              {faturados} de {c.paradas.length}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="Pedidos faturados"
            aria-valuemin={0}
            aria-valuemax={c.paradas.length}
            aria-valuenow={faturados}
            className="h-2.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-blue-600"
              style={{ width: `${c.paradas.length ? (faturados / c.paradas.length) * 100 : 0}%` }}
            />
          </div>
        </div>
        <FaturamentoProgresso
          cargaId={c.id}
          status={c.status}
          onMudou={() => {
            void carga.refetch();
            void qc.invalidateQueries({ queryKey: ['expedicao', 'cargas', 'list'] });
          }}
        />
        <div className="flex flex-wrap gap-2">
          {c.transicoes.includes('faturada') ? (
            <Button
              disabled={ocupado || faturados < c.paradas.length}
              onClick={() =>
                void chama(
                  () => cargasApi.transicao(c.id, { para: 'faturada', versao: c.versao }),
                  `Carga nº ${c.numero} faturada.`,
                )
              }
            >
              Marcar como faturada
            </Button>
          ) : null}
          {c.transicoes.includes('em_rota') ? (
            <Button
              disabled={ocupado}
              onClick={() =>
                void chama(
                  () => cargasApi.transicao(c.id, { para: 'em_rota', versao: c.versao }),
                  `Carga nº ${c.numero} saiu para entrega.`,
                )
              }
            >
              <Truck aria-hidden />
              Saiu para entrega
            </Button>
          ) : null}
          {c.transicoes.includes('finalizada') ? (
            <Button
              disabled={ocupado || pendentes > 0}
              onClick={() =>
                void chama(
                  () => cargasApi.transicao(c.id, { para: 'finalizada', versao: c.versao }),
                  `Carga nº ${c.numero} finalizada.`,
                )
              }
            >
              <CheckCheck aria-hidden />
              Finalizar carga
            </Button>
          ) : null}
        </div>
        <ol className="grid gap-2" aria-label="Paradas">
          {c.paradas.map((p, i) => (
            <li key={p.pedido_id} className="grid gap-1 rounded-md border p-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {i + 1}. Pedido nº {p.numero} · {p.cliente_nome}
                </span>
                <span className="flex flex-wrap gap-1">
                  <StatusPedidoBadge status={p.status} />
                  <span className="rounded border px-1.5 text-xs">
                    {statusEntregaLabels[p.entrega_status]}
                  </span>
                </span>
              </div>
              <span className="text-xs text-muted-foreground">
                {[p.endereco, p.cidade].filter(Boolean).join(' · ')} · {formatBRL(p.valor_total)}
                {p.entrega_motivo ? ` · ${p.entrega_motivo}` : ''}
              </span>
              {p.nota_autorizada_id && p.entrega_status !== 'pendente' ? (
                <div>
                  <Button
                    asChild
                    size="sm"
                    variant={p.entrega_status === 'devolvido' ? 'default' : 'outline'}
                  >
                    <Link
                      to={`/comercial/devolucoes/nova?nota_id=${p.nota_autorizada_id}&motivo=recusa_entrega`}
                    >
                      <Undo2 aria-hidden />
                      {p.entrega_status === 'devolvido' ? 'Registrar devolução (NF-e)' : 'Devolução parcial'}
                    </Link>
                  </Button>
                </div>
              ) : null}
              {c.status === 'em_rota' && p.entrega_status === 'pendente' ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    disabled={ocupado}
                    onClick={() =>
                      void chama(
                        () => cargasApi.entrega(c.id, p.pedido_id, { status: 'entregue' }),
                        `Pedido nº ${p.numero} entregue.`,
                      )
                    }
                  >
                    Entregue
                  </Button>
                  <Button size="sm" variant="outline" disabled={ocupado} onClick={() => setDevolvendo(p)}>
                    <PackageX aria-hidden />
                    Devolvido
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </CardContent>
      {devolvendo ? (
        <JustificativaDialog
          titulo={`Devolução do pedido nº ${devolvendo.numero}`}
          motivo="Informe o motivo: fica registrado para a nota de devolução."
          acao="Registrar devolução"
          onConfirm={async (motivo) => {
            try {
              aplica(await cargasApi.entrega(c.id, devolvendo.pedido_id, { status: 'devolvido', motivo }));
              return null;
            } catch (err) {
              return err instanceof ApiError ? err.message : 'Não foi possível registrar.';
            }
          }}
          onClose={() => setDevolvendo(null)}
        />
      ) : null}
    </Card>
  );
}
