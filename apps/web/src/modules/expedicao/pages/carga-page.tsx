import {
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  formatDecimalBR,
  ordenaParadas,
  plural,
  statusCargaLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownWideNarrow, FileText, PackageCheck, Plus, Truck, XCircle } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { CancelarDialog } from '@/modules/comercial/components/cancelar-dialog.tsx';
import { CargaMdfe } from '@/modules/mdfe/components/carga-mdfe.tsx';
import { abrePdf, type Carga, type CargaCampos, cargasApi } from '../api/expedicao-api.ts';
import { expedicaoKeys } from '../api/keys.ts';
import { CargaCamposForm } from '../components/carga-campos.tsx';
import { JustificativaDialog } from '../components/justificativa-dialog.tsx';
import { MedidoresCarga, m3 } from '../components/medidores-carga.tsx';
import { ParadasLista } from '../components/paradas-lista.tsx';
import { StatusCargaBadge } from '../components/status-carga-badge.tsx';

// Montagem de carga (/expedicao/cargas/:id): vehicle and crew, the live gauges (weight, volume,
// value against the vehicle), the liberado orders not in a load (filtered by região, city and
// delivery date) to add, the stops in delivery order (drag, ↑ ↓, or "Ordenar por região, cidade e
// CEP"), and the actions: Iniciar separação, Mapa de separação, Romaneio, Cancelar. Over a limit
// the server refuses; an admin may go on with a justification (recorded).

type Pendente = {
  titulo: string;
  motivo: string;
  acao: string;
  repete(justificativa: string): Promise<Carga>;
};

const camposDe = (c: Carga): CargaCampos => ({
  data_saida_prevista: c.data_saida_prevista,
  veiculo_id: c.veiculo?.id ?? null,
  motorista_id: c.motorista?.id ?? null,
  ajudantes: c.ajudantes.map((a) => a.id),
  regioes: c.regioes.map((r) => r.id),
  observacoes: c.observacoes,
});

export function CargaPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const { roles } = useAuth();
  const admin = roles.includes('admin');
  const carga = useQuery({ queryKey: expedicaoKeys.carga(id), queryFn: () => cargasApi.get(id) });
  const opcoes = useQuery({ queryKey: expedicaoKeys.opcoes, queryFn: cargasApi.opcoes, staleTime: 60_000 });
  const [campos, setCampos] = useState<CargaCampos | null>(null);
  const [pendente, setPendente] = useState<Pendente | null>(null);
  const [cancelando, setCancelando] = useState(false);
  const [ocupado, setOcupado] = useState(false);
  const c = carga.data;
  useEffect(() => {
    if (c) setCampos(camposDe(c));
  }, [c]);

  const aplica = (nova: Carga) => {
    qc.setQueryData(expedicaoKeys.carga(id), nova);
    void qc.invalidateQueries({ queryKey: ['expedicao', 'montagem'] });
    void qc.invalidateQueries({ queryKey: ['expedicao', 'cargas', 'list'] });
  };

  /** Runs a change; a 422 (capacity, driver) offers the admin the justification dialog. */
  const executa = async (
    fn: (justificativa: string | null) => Promise<Carga>,
    titulo: string,
    sucesso?: string,
  ) => {
    setOcupado(true);
    try {
      aplica(await fn(null));
      if (sucesso) toast.success(sucesso);
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'Não foi possível salvar a carga.';
      if (err instanceof ApiError && err.status === 422 && admin && /só o Administrador libera/.test(msg))
        setPendente({ titulo, motivo: msg, acao: 'Liberar com justificativa', repete: (j) => fn(j) });
      else toast.error(msg);
      if (err instanceof ApiError && err.status === 409) void carga.refetch();
    } finally {
      setOcupado(false);
    }
  };

  if (carga.isError)
    return (
      <LoadErrorAlert
        message={carga.error instanceof ApiError ? carga.error.message : 'Não foi possível carregar a carga.'}
        onRetry={() => void carga.refetch()}
      />
    );
  if (!c || !campos) return <Skeleton className="h-96 w-full" />;

  const montagem = c.status === 'montagem';
  const reordenavel = ['montagem', 'em_separacao', 'conferida'].includes(c.status);
  const pdf = async (nome: 'mapa-separacao.pdf' | 'romaneio.pdf') => {
    if (!(await abrePdf(() => cargasApi.pdf(c.id, nome)))) toast.error('Não foi possível gerar o PDF.');
  };
  const ordem = (ids: string[]) =>
    void executa((_) => cargasApi.sequencia(c.id, { pedido_ids: ids, versao: c.versao }), 'Sequência');

  return (
    <div className="grid grid-cols-1 gap-4 pb-8">
      <PageHeader
        title={`Carga nº ${c.numero}`}
        description={`Saída prevista ${formatDateBR(c.data_saida_prevista)} · ${plural(c.paradas.length, 'pedido', 'pedidos')}`}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/expedicao/cargas">Voltar</Link>
            </Button>
            <Button
              variant="outline"
              disabled={!c.paradas.length}
              onClick={() => void pdf('mapa-separacao.pdf')}
            >
              <FileText aria-hidden />
              Mapa de separação
            </Button>
            <Button variant="outline" disabled={!c.paradas.length} onClick={() => void pdf('romaneio.pdf')}>
              <FileText aria-hidden />
              Romaneio
            </Button>
            {c.transicoes.includes('em_separacao') ? (
              <Button
                disabled={ocupado || !c.paradas.length}
                onClick={() =>
                  void executa(
                    () => cargasApi.transicao(c.id, { para: 'em_separacao', versao: c.versao }),
                    'Iniciar separação',
                    `Carga nº ${c.numero} em separação: os pedidos foram para «Em separação».`,
                  )
                }
              >
                <PackageCheck aria-hidden />
                Iniciar separação
              </Button>
            ) : null}
            {c.status === 'em_separacao' || c.status === 'conferida' ? (
              <Button variant="outline" asChild>
                <Link to={`/expedicao/conferencia?carga_id=${c.id}`}>Conferir pedidos</Link>
              </Button>
            ) : null}
            {c.transicoes.includes('cancelada') ? (
              <Button variant="outline" className="text-destructive" onClick={() => setCancelando(true)}>
                <XCircle aria-hidden />
                Cancelar carga
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusCargaBadge status={c.status} />
        {c.historico.length ? (
          <span className="text-muted-foreground">
            desde {formatDateTimeBR(c.historico.at(-1)!.created_at)}
            {c.historico.at(-1)!.usuario ? ` por ${c.historico.at(-1)!.usuario}` : ''}
          </span>
        ) : null}
        {c.motivo_cancelamento ? (
          <span className="text-muted-foreground">· {c.motivo_cancelamento}</span>
        ) : null}
      </div>
      <CargaMdfe carga={c} />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Truck className="size-5" aria-hidden />
            Veículo e equipe
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CargaCamposForm
            valor={campos}
            opcoes={opcoes.data}
            onChange={setCampos}
            desabilitado={!montagem}
          />
          {c.motorista_liberacao ? (
            <p className="text-xs text-amber-800 dark:text-amber-200">
              Motorista liberado por {c.motorista_liberacao.usuario ?? '—'} em{' '}
              {formatDateTimeBR(c.motorista_liberacao.em)}: {c.motorista_liberacao.justificativa}
            </p>
          ) : null}
          {montagem ? (
            <div>
              <Button
                variant="outline"
                disabled={ocupado}
                onClick={() =>
                  void executa(
                    (j) => cargasApi.update(c.id, { ...campos, justificativa: j, versao: c.versao }),
                    'Liberar veículo e equipe',
                    'Carga salva.',
                  )
                }
              >
                {ocupado ? <Spinner /> : null}
                Salvar veículo e equipe
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Capacidade</CardTitle>
          <CardDescription>
            {formatDecimalBR(c.capacidade.peso, 0)} kg · {m3(c.capacidade.volume)} ·{' '}
            {formatBRL(c.capacidade.valor)} em {plural(c.capacidade.pedidos, 'pedido', 'pedidos')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <MedidoresCarga capacidade={c.capacidade} />
          {c.capacidade.excessos.length ? (
            <div
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
            >
              {c.capacidade.excessos.map((e) => (
                <p key={e}>{e}</p>
              ))}
              {c.excesso ? (
                <p className="mt-1 text-xs">
                  Liberado por {c.excesso.usuario ?? '—'} em {formatDateTimeBR(c.excesso.em)}:{' '}
                  {c.excesso.justificativa}
                </p>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>

      <div className={montagem ? 'grid gap-4 lg:grid-cols-2 [&>*]:min-w-0' : 'grid gap-4 [&>*]:min-w-0'}>
        {montagem ? (
          <Disponiveis
            carga={c}
            ocupado={ocupado}
            onAdicionar={(ids) =>
              executa(
                (j) => cargasApi.adiciona(c.id, { pedido_ids: ids, versao: c.versao, justificativa: j }),
                'Carga acima da capacidade',
                `${plural(ids.length, 'pedido adicionado', 'pedidos adicionados')} à carga.`,
              )
            }
          />
        ) : null}
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
            <div>
              <CardTitle>Paradas</CardTitle>
              <CardDescription>
                Na ordem de entrega: arraste, use ↑ ↓ ou ordene por região, cidade e CEP.
              </CardDescription>
            </div>
            {reordenavel && c.paradas.length > 1 ? (
              <Button
                variant="outline"
                size="sm"
                disabled={ocupado}
                onClick={() => ordem(ordenaParadas(c.paradas.map((p) => ({ ...p }))).map((p) => p.pedido_id))}
              >
                <ArrowDownWideNarrow aria-hidden />
                Ordenar por região, cidade e CEP
              </Button>
            ) : null}
          </CardHeader>
          <CardContent>
            <ParadasLista
              paradas={c.paradas}
              editavel={montagem}
              reordenavel={reordenavel && !ocupado}
              onOrdem={ordem}
              onRemover={(p) =>
                void executa(
                  (_) => cargasApi.remove(c.id, p.pedido_id),
                  'Retirar',
                  `Pedido nº ${p.numero} retirado da carga.`,
                )
              }
            />
          </CardContent>
        </Card>
      </div>

      {c.historico.length ? (
        <Card>
          <CardHeader>
            <CardTitle>Histórico</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-1 text-sm">
              {c.historico.map((h) => (
                <li key={`${h.created_at}-${h.para}`} className="flex flex-wrap gap-x-2">
                  <span className="tabular-nums text-muted-foreground">{formatDateTimeBR(h.created_at)}</span>
                  <span>
                    {h.de ? `${statusCargaLabels[h.de]} → ` : ''}
                    {statusCargaLabels[h.para]}
                  </span>
                  <span className="text-muted-foreground">{h.usuario ?? ''}</span>
                  {h.motivo ? <span className="text-muted-foreground">· {h.motivo}</span> : null}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ) : null}

      {pendente ? (
        <JustificativaDialog
          titulo={pendente.titulo}
          motivo={pendente.motivo}
          acao={pendente.acao}
          onConfirm={async (j) => {
            try {
              aplica(await pendente.repete(j));
              toast.success('Liberado com justificativa (registrado na auditoria).');
              return null;
            } catch (err) {
              return err instanceof ApiError ? err.message : 'Não foi possível salvar.';
            }
          }}
          onClose={() => setPendente(null)}
        />
      ) : null}
      {cancelando ? (
        <CancelarDialog
          numero={c.numero}
          onConfirm={async (motivo) => {
            try {
              aplica(await cargasApi.transicao(c.id, { para: 'cancelada', motivo, versao: c.versao }));
              toast.success(`Carga nº ${c.numero} cancelada: os pedidos podem entrar em outra carga.`);
              return null;
            } catch (err) {
              return err instanceof ApiError ? err.message : 'Não foi possível cancelar a carga.';
            }
          }}
          onClose={() => setCancelando(false)}
        />
      ) : null}
    </div>
  );
}

function Disponiveis({
  carga,
  ocupado,
  onAdicionar,
}: {
  carga: Carga;
  ocupado: boolean;
  onAdicionar(ids: string[]): Promise<void>;
}) {
  const id = useId();
  const [filtros, setFiltros] = useState<Record<string, string>>(
    (): Record<string, string> => (carga.regioes.length === 1 ? { regiao_id: carga.regioes[0]!.id } : {}),
  );
  const [marcados, setMarcados] = useState<Set<string>>(new Set());
  const query = useMemo(() => Object.fromEntries(Object.entries(filtros).filter(([, v]) => v)), [filtros]);
  const lista = useQuery({
    queryKey: expedicaoKeys.disponiveis(query),
    queryFn: () => cargasApi.disponiveis(query),
    placeholderData: keepPreviousData,
  });
  const itens = lista.data?.items ?? [];
  const marcadosVisiveis = itens.filter((p) => marcados.has(p.id));
  const set = (k: string, v: string) =>
    setFiltros((f) => ({ ...f, [k]: v, ...(k === 'regiao_id' ? { cidade: '' } : {}) }));
  const alterna = (pid: string) =>
    setMarcados((m) => {
      const n = new Set(m);
      if (n.has(pid)) n.delete(pid);
      else n.add(pid);
      return n;
    });
  const soma = (campo: 'peso_bruto' | 'valor_total') =>
    marcadosVisiveis.reduce((s, p) => s + Number(p[campo]), 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pedidos disponíveis</CardTitle>
        <CardDescription>
          Liberados e ainda fora de uma carga
          {lista.data ? ` · ${plural(lista.data.total, 'encontrado', 'encontrados')}` : ''}
          {lista.data && lista.data.total > lista.data.limite ? ` (mostrando ${lista.data.limite})` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="grid gap-1">
            <label htmlFor={`${id}-regiao`} className="text-xs font-medium text-muted-foreground">
              Região
            </label>
            <NativeSelect
              id={`${id}-regiao`}
              value={filtros.regiao_id ?? ''}
              onChange={(e) => set('regiao_id', e.target.value)}
            >
              <option value="">Todas</option>
              {lista.data?.regioes
                .filter((r) => r.id)
                .map((r) => (
                  <option key={r.id} value={r.id!}>
                    {r.nome} ({r.quantidade})
                  </option>
                ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-cidade`} className="text-xs font-medium text-muted-foreground">
              Cidade
            </label>
            <NativeSelect
              id={`${id}-cidade`}
              value={filtros.cidade ?? ''}
              onChange={(e) => set('cidade', e.target.value)}
            >
              <option value="">Todas</option>
              {lista.data?.cidades.map((cd) => (
                <option key={cd.cidade} value={cd.cidade}>
                  {cd.cidade}
                  {cd.uf ? `/${cd.uf}` : ''} ({cd.quantidade})
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-entrega`} className="text-xs font-medium text-muted-foreground">
              Entrega até
            </label>
            <DateInput
              id={`${id}-entrega`}
              value={filtros.entrega_ate ?? ''}
              onChange={(v) => set('entrega_ate', v)}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-q`} className="text-xs font-medium text-muted-foreground">
              Número ou cliente
            </label>
            <Input
              id={`${id}-q`}
              value={filtros.q ?? ''}
              onChange={(e) => set('q', e.target.value)}
              placeholder="Buscar"
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm">
          <span className="tabular-nums">
            {plural(marcadosVisiveis.length, 'marcado', 'marcados')} ·{' '}
            {formatDecimalBR(soma('peso_bruto').toFixed(3), 0)} kg ·{' '}
            {formatBRL(soma('valor_total').toFixed(2))}
          </span>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                setMarcados(
                  marcadosVisiveis.length === itens.length ? new Set() : new Set(itens.map((p) => p.id)),
                )
              }
              disabled={!itens.length}
            >
              {marcadosVisiveis.length === itens.length && itens.length ? 'Desmarcar todos' : 'Marcar todos'}
            </Button>
            <Button
              size="sm"
              disabled={ocupado || !marcadosVisiveis.length}
              onClick={async () => {
                await onAdicionar(marcadosVisiveis.map((p) => p.id));
                setMarcados(new Set());
              }}
            >
              <Plus aria-hidden />
              Adicionar à carga
            </Button>
          </div>
        </div>
        {lista.isError ? (
          <LoadErrorAlert
            message="Não foi possível carregar os pedidos disponíveis."
            onRetry={() => void lista.refetch()}
          />
        ) : null}
        <ul className="grid max-h-[28rem] grid-cols-1 gap-1 overflow-y-auto" aria-label="Pedidos disponíveis">
          {!itens.length && !lista.isFetching ? (
            <li className="p-4 text-center text-sm text-muted-foreground">
              Nenhum pedido disponível com estes filtros.
            </li>
          ) : null}
          {itens.map((p) => (
            <li key={p.id}>
              <label className="flex cursor-pointer items-start gap-2 rounded-md border p-2 text-sm hover:bg-muted/40 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-primary"
                  checked={marcados.has(p.id)}
                  onChange={() => alterna(p.id)}
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap justify-between gap-x-2">
                    <span className="font-medium">
                      Nº {p.numero} · {p.cliente_nome}
                    </span>
                    <span className="tabular-nums">{formatBRL(p.valor_total)}</span>
                  </span>
                  <span className="flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
                    <span>
                      {[p.regiao_nome, [p.cidade, p.uf].filter(Boolean).join('/')]
                        .filter(Boolean)
                        .join(' · ')}
                      {p.data_entrega ? ` · entrega ${formatDateBR(p.data_entrega)}` : ''}
                    </span>
                    <span className="tabular-nums">
                      {formatDecimalBR(p.peso_bruto, 0)} kg · {m3(p.volume)}
                    </span>
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
