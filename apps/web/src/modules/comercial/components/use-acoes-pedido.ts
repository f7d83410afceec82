import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client.ts';
import { openPdf } from '@/lib/file-download.ts';
import { notasSaidaApi, notasSaidaKeys } from '@/modules/notasfiscais/api/notas-saida-api.ts';
import { type PedidoDetalhe, pedidosApi } from '../api/comercial-api.ts';
import { comercialKeys } from '../api/keys.ts';

// The actions on a saved order besides saving it: duplicate, cancel (with its reason), the Espelho
// PDF and «Faturar (NF-e)». `depois` refreshes the lists and opens the order the server answered.

export function useAcoesPedido(
  pedido: PedidoDetalhe | null,
  depois: (salvo: PedidoDetalhe) => Promise<void>,
) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [faturando, setFaturando] = useState(false);

  const duplicar = async () => {
    if (!pedido) return;
    try {
      const novo = await pedidosApi.duplicar(pedido.id);
      toast.success(`Pedido nº ${pedido.numero} duplicado no orçamento nº ${novo.numero}.`);
      await depois(novo);
      navigate(`/comercial/pedidos/${novo.id}`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível duplicar o pedido.');
    }
  };
  const cancelar = async (motivo: string): Promise<string | null> => {
    if (!pedido) return null;
    try {
      const feito = await pedidosApi.cancelar(pedido.id, motivo, pedido.versao);
      toast.success(`Pedido nº ${feito.numero} cancelado.`);
      await depois(feito);
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.fields.motivo?.[0]) return err.fields.motivo[0];
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível cancelar o pedido.');
      return null;
    }
  };
  const espelho = async () => {
    if (!pedido) return;
    const id = pedido.id;
    await openPdf(async () => {
      const res = await pedidosApi.espelho(id);
      if (!res.ok) throw new Error(String(res.status));
      return res.blob();
    }, `espelho-pedido-${pedido.numero}.pdf`).catch(() =>
      toast.error('Não foi possível gerar o espelho do pedido.'),
    );
  };

  const faturar = async () => {
    if (!pedido) return;
    setFaturando(true);
    try {
      const nota = await notasSaidaApi.emitir(pedido.id);
      toast.success(`NF-e nº ${nota.numero} emitida e assinada.`);
      void qc.invalidateQueries({ queryKey: notasSaidaKeys.all });
      void qc.invalidateQueries({ queryKey: comercialKeys.all });
      navigate(`/notasfiscais/saida/${nota.id}`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível emitir a NF-e.');
    } finally {
      setFaturando(false);
    }
  };

  return { duplicar, cancelar, espelho, faturar, faturando };
}
