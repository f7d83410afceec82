import { formatDateTimeBR, formatDecimalBR, plural, tipoDivergenciaLabels } from '@erp/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, RotateCcw, ScanBarcode, Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { StatusPedidoBadge } from '@/modules/comercial/components/status-pedido-badge.tsx';
import { type Conferencia, cargasApi, conferenciaApi } from '../api/expedicao-api.ts';
import { expedicaoKeys } from '../api/keys.ts';
import { StatusConferenciaBadge } from '../components/status-carga-badge.tsx';

// Conferência de Pedidos (/expedicao/conferencia): choose a load (or find an order by number or
// customer), then check each order BLIND — the screen never shows what the order expects. A
// scanner types the GTIN and Enter (a box's GTIN counts its factor), or type a code and a quantity.
// The scans are saved one by one (a reload resumes). "Finalizar" lists the divergences (falta,
// sobra, produto que não pertence ao pedido): re-count a product or adjust the order to the count.

export function ConferenciaPage() {
  const [params, setParams] = useSearchParams();
  const cargaId = params.get('carga_id') ?? '';
  const conferenciaId = params.get('conferencia') ?? '';
  // ?q= (the order page's link when «Faturar (NF-e)» waits for the check) pre-fills the search
  const [busca, setBusca] = useState(() => params.get('q') ?? '');
  const id = useId();
  const set = (k: string, v: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (v) n.set(k, v);
        else n.delete(k);
        if (k === 'carga_id') n.delete('conferencia');
        return n;
      },
      { replace: k !== 'conferencia' },
    );
  const cargas = useQuery({
    queryKey: expedicaoKeys.cargas({ pageSize: '100', ativas: 'conferencia' }),
    queryFn: async () => {
      const [a, b] = await Promise.all([
        cargasApi.list({ status: 'em_separacao', pageSize: '100' }),
        cargasApi.list({ status: 'conferida', pageSize: '100' }),
      ]);
      return [...a.items, ...b.items];
    },
  });
  const query: Record<string, string> | null = cargaId
    ? { carga_id: cargaId }
    : busca.trim()
      ? { q: busca.trim() }
      : null;
  const pedidos = useQuery({
    queryKey: expedicaoKeys.conferenciaPedidos(query ?? {}),
    queryFn: () => conferenciaApi.pedidos(query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const qc = useQueryClient();
  const abre = async (pedidoId: string) => {
    try {
      const c = await conferenciaApi.inicia(pedidoId);
      qc.setQueryData(expedicaoKeys.conferencia(c.id), c);
      set('conferencia', c.id);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível iniciar a conferência.');
    }
  };

  return (
    <div className="grid grid-cols-1 gap-4 pb-8">
      <PageHeader
        title="Conferência de Pedidos"
        description="Conferência cega: leia os códigos de barras (unidade ou caixa) ou digite código e quantidade. As quantidades do pedido não aparecem."
      />
      <Card>
        <CardContent className="grid gap-3 pt-6 sm:grid-cols-2">
          <div className="grid gap-1">
            <label htmlFor={`${id}-carga`} className="text-sm font-medium">
              Carga
            </label>
            <NativeSelect
              id={`${id}-carga`}
              value={cargaId}
              onChange={(e) => set('carga_id', e.target.value)}
            >
              <option value="">Escolha a carga</option>
              {cargas.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  Carga nº {c.numero} · {c.placa ?? 'sem veículo'} · {c.conferidos}/{c.pedidos} conferidos
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-busca`} className="text-sm font-medium">
              Ou um pedido (número ou cliente)
            </label>
            <Input
              id={`${id}-busca`}
              value={busca}
              placeholder="Ex.: 1234"
              onChange={(e) => {
                setBusca(e.target.value);
                if (cargaId) set('carga_id', '');
              }}
            />
          </div>
        </CardContent>
      </Card>
      <div
        className={conferenciaId ? 'grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]' : 'grid gap-4'}
      >
        {query ? (
          <Card>
            <CardHeader>
              <CardTitle>Pedidos</CardTitle>
            </CardHeader>
            <CardContent>
              {pedidos.isError ? (
                <LoadErrorAlert
                  message="Não foi possível carregar os pedidos."
                  onRetry={() => void pedidos.refetch()}
                />
              ) : null}
              <ul className="grid gap-2" aria-label="Pedidos para conferir">
                {pedidos.data?.length === 0 ? (
                  <li className="text-sm text-muted-foreground">Nenhum pedido em separação encontrado.</li>
                ) : null}
                {pedidos.data?.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      onClick={() => void abre(p.id)}
                      className={cn(
                        'grid w-full gap-1 rounded-md border p-2 text-left text-sm hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring',
                        p.conferencia_id === conferenciaId && conferenciaId && 'border-primary bg-primary/5',
                      )}
                      aria-label={`Conferir o pedido nº ${p.numero}, ${p.cliente_nome}`}
                    >
                      <span className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-medium">Pedido nº {p.numero}</span>
                        {p.conferencia_status ? (
                          <StatusConferenciaBadge status={p.conferencia_status} />
                        ) : (
                          <StatusPedidoBadge status={p.status} />
                        )}
                      </span>
                      <span className="truncate">{p.cliente_nome}</span>
                      <span className="text-xs text-muted-foreground">
                        {plural(p.itens, 'produto', 'produtos')}
                        {p.carga_numero ? ` · carga nº ${p.carga_numero}` : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}
        {conferenciaId ? <Conferir id={conferenciaId} /> : null}
      </div>
    </div>
  );
}

function Conferir({ id }: { id: string }) {
  const qc = useQueryClient();
  const conf = useQuery({ queryKey: expedicaoKeys.conferencia(id), queryFn: () => conferenciaApi.get(id) });
  const [codigo, setCodigo] = useState('');
  const [quantidade, setQuantidade] = useState('1');
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const campo = useRef<HTMLInputElement>(null);
  const fid = useId();
  useEffect(() => {
    campo.current?.focus();
  }, [id]);
  const aplica = (c: Conferencia) => {
    qc.setQueryData(expedicaoKeys.conferencia(id), c);
    void qc.invalidateQueries({ queryKey: ['expedicao', 'conferencia', 'pedidos'] });
    void qc.invalidateQueries({ queryKey: ['expedicao', 'cargas'] });
  };
  const chama = async (fn: () => Promise<Conferencia>, sucesso?: (c: Conferencia) => string | null) => {
    setOcupado(true);
    try {
      const c = await fn();
      aplica(c);
      const msg = sucesso?.(c);
      if (msg) toast.success(msg);
      return true;
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'Não foi possível registrar.';
      setErro(msg);
      toast.error(msg);
      return false;
    } finally {
      setOcupado(false);
    }
  };
  const le = async (e: FormEvent) => {
    e.preventDefault();
    const cod = codigo.trim();
    if (!cod) return;
    setErro(null);
    const ok = await chama(() => conferenciaApi.leitura(id, { codigo: cod, quantidade: quantidade || '1' }));
    if (ok) {
      setCodigo('');
      setQuantidade('1');
    }
    campo.current?.focus();
  };
  const c = conf.data;
  if (conf.isError)
    return (
      <LoadErrorAlert
        message="Não foi possível carregar a conferência."
        onRetry={() => void conf.refetch()}
      />
    );
  if (!c) return <Spinner />;
  const aberta = c.status === 'em_andamento' || c.status === 'divergente';
  const pct = c.progresso.linhas ? Math.round((c.progresso.lidos / c.progresso.linhas) * 100) : 0;
  const naoPertence = c.divergencias.some((d) => d.tipo === 'nao_pertence');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Pedido nº {c.pedido.numero}
          <StatusConferenciaBadge status={c.status} />
        </CardTitle>
        <CardDescription>
          {c.pedido.cliente_nome}
          {c.carga ? ` · carga nº ${c.carga.numero}` : ''} · iniciada em {formatDateTimeBR(c.iniciada_em)}
          {c.finalizada_em
            ? ` · conferida em ${formatDateTimeBR(c.finalizada_em)} por ${c.conferente ?? '—'}`
            : ''}
          {c.ajustada ? ' · pedido ajustado à contagem' : ''}
        </CardDescription>
      </CardHeader>
      {/* grid-cols-1 (minmax(0, 1fr)) here and below: an implicit grid column grows to its longest
          nowrap line, so a long product name pushed the page past the screen instead of truncating */}
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="grid gap-1">
          <div className="flex justify-between text-sm">
            <span className="font-medium">Progresso</span>
            <span className="tabular-nums" data-testid="progresso">
              {c.progresso.lidos} de {c.progresso.linhas} produtos lidos
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="Produtos do pedido já lidos"
            aria-valuemin={0}
            aria-valuemax={c.progresso.linhas}
            aria-valuenow={c.progresso.lidos}
            className="h-2.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-emerald-600 transition-[width]"
              style={{ width: `${pct}%` }}
            />
          </div>
        </div>

        {aberta ? (
          <form
            onSubmit={le}
            className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_7rem_auto] sm:items-end"
            noValidate
          >
            <div className="grid gap-1">
              <label htmlFor={`${fid}-codigo`} className="text-sm font-medium">
                Código de barras ou código do produto
              </label>
              <Input
                ref={campo}
                id={`${fid}-codigo`}
                value={codigo}
                autoComplete="off"
                inputMode="text"
                placeholder="Leia com o leitor ou digite e tecle Enter"
                aria-invalid={erro ? true : undefined}
                aria-describedby={erro ? `${fid}-erro` : undefined}
                onChange={(e) => {
                  setCodigo(e.target.value);
                  setErro(null);
                }}
                className="h-12 text-lg"
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${fid}-qtd`} className="text-sm font-medium">
                Quantidade
              </label>
              <Input
                id={`${fid}-qtd`}
                value={quantidade}
                inputMode="decimal"
                onChange={(e) => setQuantidade(e.target.value)}
                className="h-12 text-lg tabular-nums"
              />
            </div>
            <Button type="submit" className="h-12" disabled={ocupado || !codigo.trim()}>
              <ScanBarcode aria-hidden />
              Registrar
            </Button>
            {erro ? (
              <p
                id={`${fid}-erro`}
                role="alert"
                className="text-sm text-red-700 sm:col-span-3 dark:text-red-300"
              >
                {erro}
              </p>
            ) : null}
          </form>
        ) : null}

        {c.divergencias.length ? (
          <div className="grid gap-2 rounded-md border border-red-300 p-3 dark:border-red-900">
            <h3 className="font-semibold text-red-800 dark:text-red-200">Divergências</h3>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Divergências da conferência</caption>
                <thead>
                  <tr className="text-left text-xs text-muted-foreground">
                    <th className="py-1 pr-2">Tipo</th>
                    <th className="py-1 pr-2">Produto</th>
                    <th className="py-1 pr-2 text-right">Pedido</th>
                    <th className="py-1 pr-2 text-right">Contado</th>
                    <th className="py-1 pr-2 text-right">Diferença</th>
                    <th className="py-1" />
                  </tr>
                </thead>
                <tbody>
                  {c.divergencias.map((d) => (
                    <tr key={d.produto_id} className="border-t">
                      <td className="py-1 pr-2 font-medium">{tipoDivergenciaLabels[d.tipo]}</td>
                      <td className="py-1 pr-2 break-words">
                        {d.codigo} · {d.nome}
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">
                        {formatDecimalBR(d.esperado, 0)} {d.unidade}
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">
                        {formatDecimalBR(d.contado, 0)} {d.unidade}
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">
                        {formatDecimalBR(d.diferenca.replace('-', ''), 0).replace(
                          /^/,
                          d.diferenca.startsWith('-') ? '−' : '+',
                        )}
                      </td>
                      <td className="py-1 text-right">
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={ocupado}
                          onClick={() =>
                            void chama(
                              () => conferenciaApi.reconta(id, d.produto_id),
                              () => `${d.nome}: leituras apagadas, conte de novo.`,
                            )
                          }
                        >
                          <RotateCcw aria-hidden />
                          Recontar
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                disabled={ocupado || naoPertence}
                onClick={() =>
                  void chama(
                    () => conferenciaApi.ajusta(id),
                    (r) => `Pedido nº ${r.pedido.numero} ajustado à contagem e conferido.`,
                  )
                }
              >
                Ajustar pedido à contagem
              </Button>
              {naoPertence ? (
                <span className="text-xs text-muted-foreground">
                  Retire e reconte os produtos que não pertencem ao pedido antes de ajustar.
                </span>
              ) : (
                <span className="text-xs text-muted-foreground">
                  Refaz preços, impostos e bloqueios do pedido com as quantidades contadas.
                </span>
              )}
            </div>
          </div>
        ) : null}

        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="grid grid-cols-1 content-start gap-2">
            <h3 className="text-sm font-semibold">Contagem</h3>
            {c.contagem.length ? (
              <ul className="grid grid-cols-1 gap-1 text-sm" aria-label="Contagem por produto">
                {c.contagem.map((p) => (
                  <li key={p.produto_id} className="flex justify-between gap-2 rounded border px-2 py-1">
                    <span className="min-w-0 truncate" title={`${p.codigo} · ${p.nome}`}>
                      {p.codigo} · {p.nome}
                    </span>
                    <span className="shrink-0 tabular-nums font-medium">
                      {formatDecimalBR(p.quantidade, 0)} {p.unidade}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Nada lido ainda.</p>
            )}
          </div>
          <div className="grid grid-cols-1 content-start gap-2">
            <h3 className="text-sm font-semibold">Últimas leituras</h3>
            <ul className="grid grid-cols-1 gap-1 text-sm" aria-label="Últimas leituras">
              {c.leituras.map((l) => (
                <li key={l.id} className="flex items-center justify-between gap-2 rounded border px-2 py-1">
                  <span className="min-w-0 truncate" title={l.produto_nome}>
                    {formatDecimalBR(l.quantidade, 0)} {l.embalagem} · {l.produto_nome}
                    <span className="block text-xs text-muted-foreground">{l.codigo}</span>
                  </span>
                  {aberta ? (
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-7"
                      aria-label={`Desfazer a leitura de ${l.produto_nome}`}
                      disabled={ocupado}
                      onClick={() => void chama(() => conferenciaApi.removeLeitura(id, l.id))}
                    >
                      <Undo2 aria-hidden />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        </div>

        {aberta ? (
          <div>
            <Button
              variant={c.progresso.lidos === c.progresso.linhas ? 'default' : 'outline'}
              disabled={ocupado}
              onClick={() =>
                void chama(
                  () => conferenciaApi.finaliza(id),
                  (r) =>
                    r.status === 'conferida'
                      ? `Pedido nº ${r.pedido.numero} conferido.`
                      : `${plural(r.divergencias.length, 'divergência', 'divergências')}: reconte ou ajuste o pedido.`,
                )
              }
            >
              <CheckCircle2 aria-hidden />
              Finalizar conferência
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
