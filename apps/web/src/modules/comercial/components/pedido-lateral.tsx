import { statusPedidoLabels } from '@erp/shared';
import type { PedidoDetalhe } from '../api/comercial-api.ts';
import { Secao } from './pedido-secao.tsx';
import { TotaisPedido } from './totais-pedido.tsx';

// The order's side column: the totals the server computed, the blockers the order would get when
// confirmed (while it is being typed), and the history of its situations.

type Props = {
  totais: Parameters<typeof TotaisPedido>[0]['totais'];
  comissao: Parameters<typeof TotaisPedido>[0]['comissao'];
  atualizando: boolean;
  previstos: { tipo: string; motivo: string }[];
  historico: NonNullable<PedidoDetalhe['historico']>;
};

export function PedidoLateral({ totais, comissao, atualizando, previstos, historico }: Props) {
  return (
    <div className="grid content-start gap-4">
      <Secao titulo="Totais">
        <TotaisPedido totais={totais} comissao={comissao} atualizando={atualizando} />
      </Secao>
      {previstos.length ? (
        <Secao titulo="Bloqueios previstos">
          <ul className="grid gap-1 text-sm" aria-label="Bloqueios previstos">
            {previstos.map((b) => (
              <li key={b.tipo} className="text-destructive">
                {b.motivo}
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            Ao confirmar, o pedido fica bloqueado até a liberação.
          </p>
        </Secao>
      ) : null}
      {historico.length ? (
        <Secao titulo="Histórico">
          <ol className="grid gap-1 text-xs" aria-label="Histórico de situações">
            {historico.map((h) => (
              <li key={`${h.created_at}-${h.para}`}>
                {h.created_at.slice(0, 16).replace('T', ' ')} · {h.de ? `${statusPedidoLabels[h.de]} → ` : ''}
                {statusPedidoLabels[h.para]}
                {h.usuario ? ` · ${h.usuario}` : ''}
                {h.motivo ? ` · ${h.motivo}` : ''}
              </li>
            ))}
          </ol>
        </Secao>
      ) : null}
    </div>
  );
}
