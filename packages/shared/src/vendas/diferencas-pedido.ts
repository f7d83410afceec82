import type { TipoBloqueio } from '../comercial/bloqueios-pedido.ts';
import { Decimal } from '../decimal.ts';
import { formatBRL } from '../money.ts';

// What the server changed in an order taken offline, in the seller's words: each price the server
// found different from the one the device used, the total, and the blockers that hold the order.

export type FigurasPedido = {
  total: string;
  itens: readonly { produto_id: string; nome: string; preco: string }[];
};

export type BloqueioServidor = { tipo: TipoBloqueio; motivo: string };

export const diferencasMensagens = {
  preco: (nome: string, de: string, para: string) =>
    `Preço de ${nome} mudou de ${formatBRL(de)} para ${formatBRL(para)}`,
  total: (de: string, para: string) => `Total do pedido mudou de ${formatBRL(de)} para ${formatBRL(para)}`,
  estoque: (motivo: string) => `Estoque insuficiente: bloqueado (${motivo})`,
  bloqueio: (motivo: string) => `Bloqueado: ${motivo}`,
} as const;

export function diferencasPedido(
  dispositivo: FigurasPedido,
  servidor: FigurasPedido,
  bloqueios: readonly BloqueioServidor[],
): string[] {
  const out: string[] = [];
  const doServidor = new Map(servidor.itens.map((i) => [i.produto_id, i]));
  for (const d of dispositivo.itens) {
    const s = doServidor.get(d.produto_id);
    if (s && !Decimal.of(s.preco).eq(d.preco)) out.push(diferencasMensagens.preco(s.nome, d.preco, s.preco));
  }
  if (!Decimal.of(servidor.total).eq(dispositivo.total))
    out.push(diferencasMensagens.total(dispositivo.total, servidor.total));
  for (const b of bloqueios)
    out.push(
      b.tipo === 'estoque' ? diferencasMensagens.estoque(b.motivo) : diferencasMensagens.bloqueio(b.motivo),
    );
  return out;
}
