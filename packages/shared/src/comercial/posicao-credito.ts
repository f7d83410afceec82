import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { diasEntre } from '../estoque/validade.ts';

// A customer's credit position (the panel of the order entry and the figures of the credit and
// overdue blockers), pure from what the server sums:
//   títulos em aberto   Σ open balance of the customer's receivables (the overdue ones included)
//   vencidos            open receivables due before today (due today is not overdue, as
//                       dashboard/overdue.ts): how many, how much, the oldest in days
//   pedidos liberados   Σ valor_total of the customer's orders released and not yet invoiced
//                       (STATUS_LIBERADOS_NAO_FATURADOS), the order being evaluated left out
//   comprometido        títulos em aberto + pedidos liberados
//   disponível          limite − comprometido (negative when over the limit)

export type FigurasCredito = {
  /** clientes.limite_credito. */
  limite: DecimalInput;
  titulosEmAberto: DecimalInput;
  vencidos: {
    quantidade: number;
    valor: DecimalInput;
    /** Due date of the oldest overdue receivable ('YYYY-MM-DD'), null when none. */
    vencimentoMaisAntigo: string | null;
  };
  pedidosLiberados: DecimalInput;
  /** The business day in São Paulo (businessToday()). */
  hoje: string;
};

export type PosicaoCredito = {
  limite: string;
  titulosEmAberto: string;
  vencidos: {
    quantidade: number;
    valor: string;
    /** Days since the oldest overdue receivable fell due; null when nothing is overdue. */
    diasMaisAntigo: number | null;
  };
  pedidosLiberados: string;
  comprometido: string;
  disponivel: string;
};

const dinheiro = (v: DecimalInput) => Decimal.of(v).toFixed(CASAS_DINHEIRO);

export function posicaoCredito(f: FigurasCredito): PosicaoCredito {
  const comprometido = Decimal.of(f.titulosEmAberto).plus(f.pedidosLiberados);
  const venc = f.vencidos.vencimentoMaisAntigo;
  const dias = venc === null ? null : diasEntre(venc, f.hoje);
  return {
    limite: dinheiro(f.limite),
    titulosEmAberto: dinheiro(f.titulosEmAberto),
    vencidos: {
      quantidade: f.vencidos.quantidade,
      valor: dinheiro(f.vencidos.valor),
      // a due date of today or later is not overdue (the server should not send it)
      diasMaisAntigo: dias !== null && dias > 0 ? dias : null,
    },
    pedidosLiberados: dinheiro(f.pedidosLiberados),
    comprometido: dinheiro(comprometido),
    disponivel: dinheiro(Decimal.of(f.limite).minus(comprometido)),
  };
}
