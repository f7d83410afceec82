// The PIX charge of a receivable (static BR Code with the amount): which títulos may carry one,
// the txid derived from the título, and the pt-BR refusals. The BR Code itself is br-code.ts.

export const pixCobrancaMensagens = {
  tituloPagar: 'Cobrança PIX só existe para títulos a receber.',
  tituloPago: 'Título pago: não há saldo a cobrar por PIX.',
  tituloCancelado: 'Título cancelado não pode ser cobrado por PIX.',
  semSaldo: 'Título sem saldo em aberto: não há valor a cobrar por PIX.',
  semConta:
    'Informe no título a conta bancária que recebe o PIX (não há uma única conta ativa com chave PIX).',
  contaSemChave: (conta: string) => `A conta bancária «${conta}» não tem chave PIX cadastrada.`,
  contaInativa: (conta: string) => `A conta bancária «${conta}» está inativa.`,
  semEmitente:
    'Configure o emitente (razão social e município) em Configurações fiscais para gerar a cobrança PIX.',
} as const;

/** Why a título cannot be charged by PIX (null when it can). */
export function motivoSemPix(t: { tipo: string; status: string; saldo: string | null }): string | null {
  if (t.tipo !== 'receber') return pixCobrancaMensagens.tituloPagar;
  if (t.status === 'pago') return pixCobrancaMensagens.tituloPago;
  if (t.status === 'cancelado') return pixCobrancaMensagens.tituloCancelado;
  if (!t.saldo || !/[1-9]/.test(t.saldo)) return pixCobrancaMensagens.semSaldo;
  return null;
}

/**
 * The txid of a título's charge: "T" + the first 24 hex digits of its id in upper case — 25
 * letters/digits (the static BR Code's limit), the same on every request, unique per título
 * (96 bits of the UUID), and findable back from a statement line.
 */
export function txidDoTitulo(id: string): string {
  const hex = id.replace(/-/g, '').toUpperCase();
  if (!/^[0-9A-F]{32}$/.test(hex)) throw new Error(`Identificador de título inválido: ${id}`);
  return `T${hex.slice(0, 24)}`;
}
