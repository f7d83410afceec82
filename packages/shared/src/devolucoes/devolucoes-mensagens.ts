import { formatDocumento } from '../cadastros/mascaras.ts';
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
  entradaComDevolucao: (numero: number) =>
    `A entrada tem devolução ao fornecedor registrada (nº ${numero}): cancele a devolução antes de estornar a entrada.`,
  notaComDevolucao: (numero: number) =>
    `A nota tem devolução registrada (nº ${numero}): cancele a devolução antes de cancelar a nota.`,
  creditoInsuficiente: (disponivel: string) =>
    `O cliente tem ${formatBRL(disponivel)} de crédito disponível.`,
  creditoAcimaDoSaldo: (saldo: string) => `O valor excede o saldo do título (${formatBRL(saldo)}).`,
  tituloDeOutroCliente: 'O título é de outro cliente.',
  tituloNaoAberto: 'O título não está em aberto.',
  // importing the customer's own NF-e de devolução (POST /api/comercial/devolucoes/importar)
  importacaoArquivo: 'Envie o XML da NF-e de devolução do cliente (um arquivo .xml, não .zip).',
  importacaoXsd: (erro: string | undefined) =>
    `O XML não é válido pelo schema oficial da NF-e (XSD)${erro ? `: ${erro}` : '.'}`,
  importacaoAssinatura: (motivo: string) => `A assinatura digital da NF-e do cliente não é válida: ${motivo}`,
  importacaoFinalidade: (finNFe: string | null) =>
    `A NF-e não é de devolução: a finalidade (finNFe) é ${finNFe ?? 'ausente'}, e a de devolução é 4.`,
  importacaoEmpresaSemCnpj:
    'Configure o CNPJ da empresa (Configurações Fiscais › Emitente) antes de importar a NF-e de devolução do cliente.',
  importacaoNotaPropria:
    'Esta NF-e foi emitida pela própria empresa: importe a NF-e de devolução emitida pelo cliente.',
  importacaoSemReferencia:
    'A NF-e do cliente não referencia (NFref) nenhuma NF-e de venda autorizada da empresa.',
  importacaoVariasNotas: (numeros: readonly number[]) =>
    `A NF-e do cliente referencia ${numeros.length} NF-e de venda da empresa (nº ${numeros.join(', ')}): importe uma devolução por nota de venda (peça ao cliente uma NF-e de devolução para cada nota).`,
  importacaoOutroEmitente: (emitente: string, numero: number, cliente: string, documento: string) =>
    `A NF-e de devolução foi emitida por ${formatDocumento(emitente)}, mas a NF-e nº ${numero} que ela referencia é do cliente ${cliente} (${formatDocumento(documento)}).`,
  importacaoDuplicada: (chave: string, numero: number | null) =>
    `Esta NF-e de devolução já foi importada${numero ? ` (devolução nº ${numero})` : ''}: chave ${chave}.`,
  importacaoItemSemCorrespondente: (nItem: number, item: string, numero: number) =>
    `Item ${nItem} da NF-e do cliente («${item}») não corresponde a nenhum item da NF-e nº ${numero} (nem pelo código, nem pelo GTIN, nem pela descrição ou posição).`,
  importacaoUnidade: (nItem: number, item: string, unidade: string, base: string) =>
    `Item ${nItem} da NF-e do cliente («${item}»): a unidade «${unidade}» não é a unidade do produto (${base}) nem uma embalagem dele — a quantidade não pode ser convertida.`,
  importacaoItem: (nItem: number, mensagem: string) => `Item ${nItem} da NF-e do cliente: ${mensagem}`,
  importacaoDivergenciaValor: (vNF: string, calculado: string) =>
    `O valor da NF-e do cliente (${formatBRL(vNF)}) difere do valor da devolução calculado pela nota original (${formatBRL(calculado)}); vale o calculado.`,
  lancarNotaPropria:
    'Esta devolução é feita com NF-e própria: emita a NF-e de devolução — ela lança a devolução ao ser autorizada.',
  lancarSoRascunho: (status: string) =>
    `A devolução está «${status}»: só um rascunho com a NF-e do cliente pode ser lançado.`,
} as const;

// Devolução de compra (us → supplier): the answers of /api/estoque/devolucoes-compra.
export const devolucoesCompraMensagens = {
  entradaNaoEncontrada: 'Entrada de mercadorias não encontrada',
  entradaNaoLancada: (numero: number | null) =>
    `A entrada${numero ? ` da NF-e nº ${numero}` : ''} não está lançada: só uma entrada lançada pode ser devolvida.`,
  entradaSemChave:
    'A entrada não tem a chave da NF-e do fornecedor: a NF-e de devolução precisa referenciá-la.',
  entradaSemXml:
    'A entrada foi digitada sem o XML da NF-e do fornecedor: a devolução repete os impostos da nota dele e precisa do XML.',
  itemSemImpostos: (nItem: number) => `O item ${nItem} não foi encontrado no XML da NF-e do fornecedor.`,
  origemNaoEncontrada: 'Nenhuma entrada lançada encontrada para essa chave ou número de NF-e do fornecedor.',
  itemDeOutraEntrada: 'O item não pertence a esta entrada',
  loteDeOutroItem: 'O lote não é um dos lotes recebidos neste item',
  localInvalido: 'Local de estoque não encontrado ou inativo',
  naoDeCompra: 'Esta devolução não é uma devolução de compra.',
  fornecedorIncompleto: (campos: string) =>
    `Complete o cadastro do fornecedor antes de emitir a NF-e de devolução: ${campos}.`,
  creditoUsado: (disponivel: string, devolvido: string) =>
    `O crédito com o fornecedor gerado pela devolução (${formatBRL(devolvido)}) já foi usado: restam ${formatBRL(disponivel)}. Estorne o uso do crédito antes de cancelar.`,
} as const;
