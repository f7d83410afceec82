import { plural } from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileStack, Receipt, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { abrePdf, cargasApi, type FaturamentoCarga, type SituacaoFaturamento } from '../api/expedicao-api.ts';
import { expedicaoKeys } from '../api/keys.ts';

// «Faturar carga» on the Faturamento de Cargas screen: queues every order's NF-e on the server
// (emission + transmission), then shows the progress live — polled every 1.5 s while anything is
// queued — n of N authorised, each rejection with cStat – xMotivo and its «Reprocessar» button; once
// faturada, the driver's PDF (every DANFE and the romaneio).

const rotulos: Record<SituacaoFaturamento, string> = {
  pendente: 'Na fila',
  processando: 'Processando',
  autorizada: 'Autorizada',
  rejeitada: 'Rejeitada',
  erro: 'Erro',
};
const cores: Record<SituacaoFaturamento, string> = {
  pendente: 'bg-muted text-muted-foreground',
  processando: 'bg-blue-100 text-blue-900',
  autorizada: 'bg-green-100 text-green-900',
  rejeitada: 'bg-red-100 text-red-900',
  erro: 'bg-amber-100 text-amber-900',
};

export function FaturamentoProgresso({
  cargaId,
  status,
  onMudou,
}: {
  cargaId: string;
  status: string;
  /** The load changed (faturada): the page reloads it. */
  onMudou(): void;
}) {
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState(false);
  const prog = useQuery({
    queryKey: expedicaoKeys.faturamento(cargaId),
    queryFn: () => cargasApi.faturamento(cargaId),
    refetchInterval: (q) => (q.state.data?.em_andamento ? 1500 : false),
  });
  const p = prog.data;
  const aplica = (n: FaturamentoCarga) => {
    qc.setQueryData(expedicaoKeys.faturamento(cargaId), n);
  };
  // each authorisation (and the load's faturada) reloads the load: its orders turn faturado
  const chave = p ? `${p.autorizadas}/${p.carga.status}` : '';
  const anterior = useRef(chave);
  const mudou = useRef(onMudou);
  mudou.current = onMudou;
  useEffect(() => {
    if (chave && anterior.current && chave !== anterior.current) mudou.current();
    anterior.current = chave;
  }, [chave]);

  const faturar = async () => {
    setOcupado(true);
    try {
      const r = await cargasApi.faturar(cargaId);
      aplica(r.progresso);
      toast.success(
        r.enfileirados
          ? `${plural(r.enfileirados, 'pedido enviado', 'pedidos enviados')} para faturamento.`
          : 'Nenhum pedido novo na fila.',
      );
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível faturar a carga.');
    } finally {
      setOcupado(false);
    }
  };
  const reprocessar = async (pedidoId: string, numero: number) => {
    try {
      aplica(await cargasApi.reprocessar(cargaId, pedidoId));
      toast.success(`Pedido nº ${numero} reenviado para faturamento.`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível reprocessar.');
    }
  };
  const comFalha = p?.pedidos.filter((x) => x.situacao === 'rejeitada' || x.situacao === 'erro') ?? [];

  return (
    <section className="grid gap-2" aria-label="Faturamento da carga">
      <div className="flex flex-wrap gap-2">
        {status === 'conferida' ? (
          <Button disabled={ocupado || p?.em_andamento} onClick={() => void faturar()}>
            <Receipt aria-hidden />
            Faturar carga
          </Button>
        ) : null}
        {['faturada', 'em_rota', 'finalizada'].includes(status) ? (
          <Button
            variant="outline"
            onClick={async () =>
              (await abrePdf(() => cargasApi.pdf(cargaId, 'documentos.pdf'))) ||
              toast.error('Não foi possível gerar os documentos.')
            }
          >
            <FileStack aria-hidden />
            Documentos do motorista
          </Button>
        ) : null}
      </div>
      {p && (p.em_andamento || comFalha.length) ? (
        <p className="text-sm" aria-live="polite">
          {p.autorizadas} de {p.total} notas autorizadas
          {p.em_andamento ? ' · processando…' : ''}
          {p.rejeitadas ? ` · ${p.rejeitadas} rejeitada${p.rejeitadas > 1 ? 's' : ''}` : ''}
          {p.erros ? ` · ${p.erros} com erro` : ''}
        </p>
      ) : null}
      {comFalha.length ? (
        <ul className="grid gap-2" aria-label="Pedidos com falha no faturamento">
          {comFalha.map((x) => (
            <li
              key={x.pedido_id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 p-2 text-sm"
            >
              <span className="grid min-w-0 gap-0.5">
                <span className="flex items-center gap-2 font-medium">
                  Pedido nº {x.numero}
                  <span className={`rounded px-1.5 text-xs ${cores[x.situacao]}`}>{rotulos[x.situacao]}</span>
                </span>
                <span className="break-words text-xs text-muted-foreground">
                  {x.c_stat ? `${x.c_stat} – ` : ''}
                  {x.mensagem ?? ''}
                </span>
              </span>
              {x.pode_reprocessar ? (
                <Button size="sm" variant="outline" onClick={() => void reprocessar(x.pedido_id, x.numero)}>
                  <RotateCcw aria-hidden />
                  Reprocessar
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
