import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { formatBRL } from '../money.ts';
import { type TituloEncargos, valorParaBaixa } from './encargos.ts';
import { falha, type Resultado } from './resultado.ts';
import { type DadosBaixa, tituloMensagens } from './titulo-status.ts';

// Baixa em lote: one payment over several títulos (a customer paying three boletos with one
// transfer, the company paying a supplier's invoices at once). Each título gets a baixa of its
// own and each baixa is one movement of the bank account (so an estorno reverses one exactly;
// the server's decision, financeiro README).
//
// Allocation, in due-date order (then the order given): each título receives what settles it on
// the payment date (valorParaBaixa: saldo + juros + multa − desconto) while the payment lasts.
// The título the payment runs out on gets a partial baixa imputed first to juros, then to multa,
// then to the principal (Código Civil art. 354) and without the desconto (only a settlement earns
// it); its principal must stay above zero, otherwise the lote is refused. Títulos the payment
// does not reach are listed apart and get no baixa. The allocations add up to the payment exactly.

export type TituloLote = TituloEncargos & { id: string; documento?: string | null };

export type AlocacaoLote = DadosBaixa & { titulo_id: string; principal: string; tipo: 'total' | 'parcial' };

export const baixaLoteMensagens = {
  valorPositivo: 'Valor pago deve ser maior que zero',
  semTitulos: 'Selecione ao menos um título',
  tituloRepetido: 'Título repetido no lote',
  excedeTotal: (pago: string, devido: string) =>
    `O valor pago (${formatBRL(pago)}) excede o total devido dos títulos (${formatBRL(devido)}).`,
  naoCobreEncargos: (titulo: string, resto: string, encargos: string) =>
    `O valor restante (${formatBRL(resto)}) não cobre os juros e a multa do título ${titulo} (${formatBRL(encargos)}).`,
} as const;

const dinheiro = (d: Decimal) => d.toFixed(CASAS_DINHEIRO);

/** The allocation of `valorPago` over `titulos` on `dataPagamento`, or why it is refused. */
export function alocarBaixaEmLote(
  titulos: readonly TituloLote[],
  valorPago: DecimalInput,
  dataPagamento: string,
): Resultado<{ alocacoes: AlocacaoLote[]; nao_alcancados: string[]; total_devido: string }> {
  if (titulos.length === 0) return falha(baixaLoteMensagens.semTitulos, 'titulo_ids');
  if (new Set(titulos.map((t) => t.id)).size !== titulos.length)
    return falha(baixaLoteMensagens.tituloRepetido, 'titulo_ids');
  if (titulos.some((t) => !Decimal.of(t.saldo).isPositive()))
    return falha(tituloMensagens.jaPago, 'titulo_ids');
  const pago = Decimal.of(valorPago);
  if (!pago.isPositive()) return falha(baixaLoteMensagens.valorPositivo, 'valor_pago');

  const ordem = titulos
    .map((t, i) => ({ t, i, devido: valorParaBaixa(t, dataPagamento) }))
    .sort((a, b) =>
      a.t.vencimento !== b.t.vencimento ? (a.t.vencimento < b.t.vencimento ? -1 : 1) : a.i - b.i,
    );
  const totalDevido = Decimal.sum(ordem.map((o) => o.devido.total));
  if (pago.gt(totalDevido))
    return falha(baixaLoteMensagens.excedeTotal(dinheiro(pago), dinheiro(totalDevido)), 'valor_pago');

  const alocacoes: AlocacaoLote[] = [];
  const naoAlcancados: string[] = [];
  let resto = pago;
  for (const { t, devido } of ordem) {
    if (resto.isZero()) {
      naoAlcancados.push(t.id);
      continue;
    }
    if (resto.gte(devido.total)) {
      alocacoes.push({
        titulo_id: t.id,
        valor_pago: devido.total,
        juros: devido.juros,
        multa: devido.multa,
        desconto: devido.desconto,
        principal: devido.saldo,
        tipo: 'total',
      });
      resto = resto.minus(devido.total);
      continue;
    }
    const encargos = Decimal.of(devido.juros).plus(devido.multa);
    if (resto.lte(encargos)) {
      return falha(
        baixaLoteMensagens.naoCobreEncargos(t.documento ?? t.id, dinheiro(resto), dinheiro(encargos)),
        'valor_pago',
      );
    }
    alocacoes.push({
      titulo_id: t.id,
      valor_pago: dinheiro(resto),
      juros: devido.juros,
      multa: devido.multa,
      desconto: dinheiro(Decimal.ZERO),
      principal: dinheiro(resto.minus(encargos)),
      tipo: 'parcial',
    });
    resto = Decimal.ZERO;
  }
  return { ok: true, alocacoes, nao_alcancados: naoAlcancados, total_devido: dinheiro(totalDevido) };
}
