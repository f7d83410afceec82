import {
  conferenciaExigidaMensagens,
  pedidoComNotaMensagens,
  STATUS_LIBERADOS_NAO_FATURADOS,
} from '@erp/shared';
import { Ban, CheckCircle2, Copy, FileText, Receipt, Save, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Kbd } from '@/components/ui/kbd.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { PedidoDetalhe } from '../api/comercial-api.ts';
import { CancelarDialog } from './cancelar-dialog.tsx';
import { StatusPedidoBadge } from './status-pedido-badge.tsx';
import { useAcoesPedido } from './use-acoes-pedido.ts';

// The order page's header actions: save (F2) and confirm (Ctrl+Enter) while editable; on a saved
// order duplicate, Espelho PDF, «Faturar (NF-e)» (disabled with the reason while blocked or not
// checked) and cancel with its reason.

/** Released and not yet invoiced: «Faturar (NF-e)» emits the order's note (the server decides). */
const FATURAVEIS: readonly string[] = STATUS_LIBERADOS_NAO_FATURADOS;

export function PedidoAcoes({
  pedido,
  editavel,
  salvando,
  onSalvar,
  onConfirmar,
  depois,
}: {
  pedido: PedidoDetalhe | null;
  editavel: boolean;
  salvando: null | 'salvar' | 'confirmar';
  onSalvar(): void;
  onConfirmar(): void;
  depois(salvo: PedidoDetalhe): Promise<void>;
}) {
  const [cancelando, setCancelando] = useState(false);
  const { duplicar, cancelar, espelho, faturar, faturando } = useAcoesPedido(pedido, depois);
  const podeCancelar = pedido && !['faturado', 'entregue', 'cancelado'].includes(pedido.status);
  const bloqueiosPendentes = pedido?.bloqueios.filter((b) => b.pendente !== false) ?? [];
  return (
    <>
      {pedido ? <StatusPedidoBadge status={pedido.status} /> : null}
      {editavel ? (
        <>
          <Button variant="outline" onClick={onSalvar} disabled={salvando !== null}>
            {salvando === 'salvar' ? <Spinner /> : <Save aria-hidden />}
            {pedido && pedido.status !== 'orcamento' ? 'Salvar' : 'Salvar orçamento'}
            <Kbd>F2</Kbd>
          </Button>
          {!pedido || pedido.status === 'orcamento' ? (
            <Button onClick={onConfirmar} disabled={salvando !== null}>
              {salvando === 'confirmar' ? <Spinner /> : <CheckCircle2 aria-hidden />}
              Confirmar
              <Kbd>Ctrl+Enter</Kbd>
            </Button>
          ) : null}
        </>
      ) : null}
      {pedido ? (
        <>
          <Button variant="outline" onClick={() => void duplicar()}>
            <Copy aria-hidden />
            Duplicar
          </Button>
          <Button variant="outline" onClick={() => void espelho()}>
            <FileText aria-hidden />
            Espelho PDF
          </Button>
          {pedido.nota_viva?.id ? (
            <Button asChild variant="outline">
              <Link to={`/notasfiscais/saida/${pedido.nota_viva.id}`}>
                <Receipt aria-hidden />
                NF-e nº {pedido.nota_viva.numero}
              </Link>
            </Button>
          ) : FATURAVEIS.includes(pedido.status) ? (
            <Button
              onClick={() => void faturar()}
              disabled={faturando || bloqueiosPendentes.length > 0 || pedido.conferencia_pendente === true}
              title={
                pedido.conferencia_pendente
                  ? conferenciaExigidaMensagens.naoConferido
                  : bloqueiosPendentes.length > 0
                    ? 'O pedido tem bloqueios pendentes.'
                    : undefined
              }
            >
              {faturando ? <Spinner /> : <Receipt aria-hidden />}
              Faturar (NF-e)
            </Button>
          ) : null}
          {(pedido.devolucoes ?? []).map((d) => (
            <Button key={d.id} asChild variant="outline">
              <Link to={`/comercial/devolucoes/${d.id}`}>
                <Undo2 aria-hidden />
                Devolução nº {d.numero}
              </Link>
            </Button>
          ))}
          {podeCancelar ? (
            <Button
              variant="outline"
              className="text-destructive"
              onClick={() => setCancelando(true)}
              disabled={!!pedido.nota_viva}
              title={
                pedido.nota_viva
                  ? pedidoComNotaMensagens.bloqueado(pedido.nota_viva, { tipo: 'cancelar' })
                  : undefined
              }
            >
              <Ban aria-hidden />
              Cancelar
            </Button>
          ) : null}
        </>
      ) : null}
      {cancelando && pedido ? (
        <CancelarDialog numero={pedido.numero} onConfirm={cancelar} onClose={() => setCancelando(false)} />
      ) : null}
    </>
  );
}
