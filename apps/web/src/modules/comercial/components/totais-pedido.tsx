import { Decimal, formatBRL, formatDecimalBR } from '@erp/shared';
import type { ComissaoPedido, TotaisPedidoTela } from '../api/comercial-api.ts';

// The order's totals as the server computed them (calculaPedido): produtos − descontos + ST + IPI
// + frete = total, weights and volume, and the seller's commission.

function Linha({ rotulo, valor, forte }: { rotulo: string; valor: string; forte?: boolean }) {
  return (
    <div
      className={
        forte
          ? 'flex justify-between gap-4 border-t border-border pt-1.5 text-base font-semibold'
          : 'flex justify-between gap-4'
      }
    >
      <dt className={forte ? '' : 'text-muted-foreground'}>{rotulo}</dt>
      <dd className="tabular-nums" data-total={rotulo}>
        {valor}
      </dd>
    </div>
  );
}

export function TotaisPedido({
  totais,
  comissao,
  atualizando,
}: {
  totais: TotaisPedidoTela | null;
  comissao?: ComissaoPedido | undefined;
  atualizando: boolean;
}) {
  if (!totais)
    return (
      <p className="text-sm text-muted-foreground">Os totais aparecem quando o pedido tem cliente e itens.</p>
    );
  const fcp = totais.fcpSt && !Decimal.of(totais.fcpSt).isZero();
  return (
    <dl
      aria-label="Totais do pedido"
      aria-busy={atualizando}
      className={atualizando ? 'grid gap-1 text-sm opacity-60 transition-opacity' : 'grid gap-1 text-sm'}
    >
      <Linha rotulo="Produtos" valor={formatBRL(totais.produtos)} />
      <Linha rotulo="Descontos" valor={`− ${formatBRL(totais.descontos)}`} />
      <Linha rotulo="ICMS-ST" valor={formatBRL(totais.st)} />
      {fcp ? <Linha rotulo="FCP-ST" valor={formatBRL(totais.fcpSt)} /> : null}
      <Linha rotulo="IPI" valor={formatBRL(totais.ipi)} />
      <Linha rotulo="Frete" valor={formatBRL(totais.frete)} />
      <Linha rotulo="Total do pedido" valor={formatBRL(totais.total)} forte />
      <div className="mt-2 grid grid-cols-3 gap-2 text-xs text-muted-foreground">
        <span>
          Peso bruto{' '}
          <span className="block tabular-nums text-foreground">
            {formatDecimalBR(totais.pesoBruto, 3)} kg
          </span>
        </span>
        <span>
          Peso líquido{' '}
          <span className="block tabular-nums text-foreground">
            {formatDecimalBR(totais.pesoLiquido, 3)} kg
          </span>
        </span>
        <span>
          Volume{' '}
          <span className="block tabular-nums text-foreground">{formatDecimalBR(totais.volume, 3)} m³</span>
        </span>
      </div>
      {comissao ? (
        <p className="text-xs text-muted-foreground">
          Comissão do vendedor: {formatDecimalBR(comissao.percentual, 0)} % = {formatBRL(comissao.valor)}
        </p>
      ) : null}
    </dl>
  );
}
