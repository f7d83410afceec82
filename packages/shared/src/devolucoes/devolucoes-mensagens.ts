import { formatBRL } from '../money.ts';

// The pt-BR answers of the devoluções API (issue 32) — the 404/409/422 messages the screens show.
export const devolucoesMensagens = {
  naoEncontrada: 'Devolução não encontrada',
  notaNaoEncontrada: 'Nota fiscal não encontrada',
  notaNaoDeVenda: 'Só uma NF-e de venda emitida pela empresa pode ser devolvida por aqui.',
  notaNaoAutorizada: (numero: number) =>
    `A NF-e nº ${numero} não está autorizada: só uma nota autorizada pode ser devolvida.`,
  origemNaoEncontrada:
    'Nenhuma NF-e de venda autorizada encontrada para essa chave, número de nota ou de pedido.',
  itemDeOutraNota: 'O item não pertence a esta nota fiscal',
  semLocalAvaria:
    'Cadastre um local de estoque do tipo «Avaria» (Estoque › Locais) para receber devoluções com avaria.',
  semLocal: 'Cadastre um local de estoque para receber as devoluções (Estoque › Locais).',
  soRascunho: (status: string) => `A devolução está «${status}»: só um rascunho pode ter a nota emitida.`,
  documentoTerceiro:
    'Esta devolução é lançada pela NF-e do cliente: importe o XML da nota dele em vez de emitir uma nota própria.',
  semNota: 'A devolução ainda não tem NF-e emitida.',
  cancelarAutorizadaNaNota:
    'A NF-e de devolução está autorizada: cancele-a (até 24 horas depois da autorização) para desfazer a devolução.',
  motivoCurto: 'Descreva o motivo do cancelamento (ao menos 10 caracteres).',
  creditoUsado: (disponivel: string, devolvido: string) =>
    `O crédito do cliente gerado pela devolução (${formatBRL(devolvido)}) já foi usado: restam ${formatBRL(disponivel)}. Estorne o uso do crédito antes de cancelar.`,
  notaComDevolucao: (numero: number) =>
    `A nota tem devolução registrada (nº ${numero}): cancele a devolução antes de cancelar a nota.`,
  creditoInsuficiente: (disponivel: string) =>
    `O cliente tem ${formatBRL(disponivel)} de crédito disponível.`,
  creditoAcimaDoSaldo: (saldo: string) => `O valor excede o saldo do título (${formatBRL(saldo)}).`,
  tituloDeOutroCliente: 'O título é de outro cliente.',
  tituloNaoAberto: 'O título não está em aberto.',
} as const;
