// The ocorrência (CNAB 240 "código de movimento retorno", CNAB 400 "código de ocorrência") of a
// retorno record: what it means for the título, and its name as the bank's manual gives it.
// CNAB 240 follows FEBRABAN's table (Caixa adds its own codes); each bank's CNAB 400 has its own.
// Sources (facts, not code): the banks' tables as quoted by eduardokum/laravel-boleto
// src/Cnab/Retorno/Cnab{240,400}/Banco/*.php and kivanio/brcobranca; FEBRABAN's CNAB 240 v. 10.

import type { FormatoCnab } from './retorno.ts';

export type TipoOcorrencia =
  | 'entrada_confirmada'
  | 'entrada_rejeitada'
  | 'liquidacao'
  | 'baixa'
  | 'tarifa'
  | 'alteracao_confirmada'
  | 'alteracao_rejeitada'
  | 'protesto'
  | 'outra';

export type Ocorrencia = { tipo: TipoOcorrencia; descricao: string };

type Tabela = Readonly<Record<string, readonly [TipoOcorrencia, string]>>;

/** FEBRABAN CNAB 240, código de movimento retorno (BB, Caixa, Santander, Sicoob, Sicredi). */
const FEBRABAN_240: Tabela = {
  '02': ['entrada_confirmada', 'Entrada confirmada'],
  '03': ['entrada_rejeitada', 'Entrada rejeitada'],
  '04': ['outra', 'Transferência de carteira/entrada'],
  '05': ['outra', 'Transferência de carteira/baixa'],
  '06': ['liquidacao', 'Liquidação'],
  '07': ['alteracao_confirmada', 'Confirmação do recebimento da instrução de desconto'],
  '08': ['alteracao_confirmada', 'Confirmação do recebimento do cancelamento do desconto'],
  '09': ['baixa', 'Baixa'],
  '11': ['outra', 'Títulos em carteira (em ser)'],
  '12': ['alteracao_confirmada', 'Confirmação recebimento instrução de abatimento'],
  '13': ['alteracao_confirmada', 'Confirmação recebimento instrução de cancelamento abatimento'],
  '14': ['alteracao_confirmada', 'Confirmação recebimento instrução alteração de vencimento'],
  '15': ['outra', 'Franco de pagamento'],
  '17': ['liquidacao', 'Liquidação após baixa ou liquidação título não registrado'],
  '19': ['protesto', 'Confirmação recebimento instrução de protesto'],
  '20': ['protesto', 'Confirmação recebimento instrução de sustação/cancelamento de protesto'],
  '23': ['protesto', 'Remessa a cartório (aponte em cartório)'],
  '24': ['protesto', 'Retirada de cartório e manutenção em carteira'],
  '25': ['baixa', 'Protestado e baixado (baixa por ter sido protestado)'],
  '26': ['alteracao_rejeitada', 'Instrução rejeitada'],
  '27': ['alteracao_confirmada', 'Confirmação do pedido de alteração de outros dados'],
  '28': ['tarifa', 'Débito de tarifas/custas'],
  '29': ['outra', 'Ocorrências do pagador'],
  '30': ['alteracao_rejeitada', 'Alteração de dados rejeitada'],
  '44': ['outra', 'Título pago com cheque devolvido'],
  '50': ['outra', 'Título pago com cheque pendente de compensação'],
  '51': ['outra', 'Título DDA reconhecido pelo pagador'],
  '52': ['outra', 'Título DDA não reconhecido pelo pagador'],
  '53': ['outra', 'Título DDA recusado pela CIP'],
};

/** Caixa (SIGCB) CNAB 240: FEBRABAN's codes plus its own. */
const CAIXA_240: Tabela = {
  ...FEBRABAN_240,
  '01': ['outra', 'Solicitação de impressão de títulos confirmada'],
  '35': ['outra', 'Confirmação de inclusão banco de pagador'],
  '36': ['outra', 'Confirmação de alteração banco de pagador'],
  '37': ['outra', 'Confirmação de exclusão banco de pagador'],
  '38': ['outra', 'Emissão de boletos de banco de pagador'],
  '39': ['outra', 'Manutenção de pagador rejeitada'],
  '40': ['entrada_rejeitada', 'Entrada de título via banco de pagador rejeitada'],
  '41': ['outra', 'Manutenção de banco de pagador rejeitada'],
  '44': ['outra', 'Estorno de baixa/liquidação'],
  '45': ['alteracao_confirmada', 'Alteração de dados'],
  '46': ['liquidacao', 'Liquidação on-line'],
  '47': ['outra', 'Estorno de liquidação on-line'],
  '61': ['alteracao_confirmada', 'Confirmação de alteração do valor nominal do título'],
  '62': ['alteracao_confirmada', 'Confirmação de alteração do valor/percentual mínimo/máximo'],
};

const ITAU_400: Tabela = {
  '02': ['entrada_confirmada', 'Entrada confirmada'],
  '03': ['entrada_rejeitada', 'Entrada rejeitada'],
  '04': ['alteracao_confirmada', 'Alteração de dados - nova entrada'],
  '05': ['baixa', 'Alteração de dados - baixa'],
  '06': ['liquidacao', 'Liquidação normal'],
  '07': ['liquidacao', 'Liquidação parcial - cobrança inteligente (B2B)'],
  '08': ['liquidacao', 'Liquidação em cartório'],
  '09': ['baixa', 'Baixa simples'],
  '10': ['baixa', 'Baixa por ter sido liquidado'],
  '11': ['outra', 'Em ser (só no retorno mensal)'],
  '12': ['alteracao_confirmada', 'Abatimento concedido'],
  '13': ['alteracao_confirmada', 'Abatimento cancelado'],
  '14': ['alteracao_confirmada', 'Vencimento alterado'],
  '15': ['alteracao_rejeitada', 'Baixas rejeitadas'],
  '16': ['alteracao_rejeitada', 'Instruções rejeitadas'],
  '17': ['alteracao_rejeitada', 'Alteração de dados rejeitados'],
  '18': ['alteracao_rejeitada', 'Cobrança contratual - instruções/alterações rejeitadas/pendentes'],
  '19': ['protesto', 'Confirma recebimento de instrução de protesto'],
  '20': ['protesto', 'Confirma recebimento de instrução de sustação de protesto/tarifa'],
  '21': ['protesto', 'Confirma recebimento de instrução de não protestar'],
  '23': ['protesto', 'Título enviado a cartório/tarifa'],
  '24': ['alteracao_rejeitada', 'Instrução de protesto rejeitada/sustada/pendente'],
  '25': ['outra', 'Alegações do pagador'],
  '26': ['tarifa', 'Tarifa de aviso de cobrança'],
  '27': ['tarifa', 'Tarifa de extrato posição (B40X)'],
  '28': ['tarifa', 'Tarifa de relação das liquidações'],
  '29': ['tarifa', 'Tarifa de manutenção de títulos vencidos'],
  '30': ['tarifa', 'Débito mensal de tarifas (para entradas e baixas)'],
  '32': ['baixa', 'Baixa por ter sido protestado'],
  '33': ['tarifa', 'Custas de protesto'],
  '34': ['tarifa', 'Custas de sustação'],
  '35': ['tarifa', 'Custas de cartório distribuidor'],
  '36': ['tarifa', 'Custas de edital'],
  '37': ['tarifa', 'Tarifa de emissão de boleto/tarifa de envio de duplicata'],
  '38': ['tarifa', 'Tarifa de instrução'],
  '39': ['tarifa', 'Tarifa de ocorrências'],
  '40': ['tarifa', 'Tarifa mensal de emissão de boleto/tarifa mensal de envio de duplicata'],
  '41': ['tarifa', 'Débito mensal de tarifas - extrato de posição (B4EP/B4OX)'],
  '42': ['tarifa', 'Débito mensal de tarifas - outras instruções'],
  '43': ['tarifa', 'Débito mensal de tarifas - manutenção de títulos vencidos'],
  '44': ['tarifa', 'Débito mensal de tarifas - outras ocorrências'],
  '45': ['tarifa', 'Débito mensal de tarifas - protesto'],
  '46': ['tarifa', 'Débito mensal de tarifas - sustação de protesto'],
  '47': ['baixa', 'Baixa com transferência para desconto'],
  '48': ['tarifa', 'Custas de sustação judicial'],
  '51': ['tarifa', 'Tarifa mensal ref. a entradas bancos correspondentes na carteira'],
  '52': ['tarifa', 'Tarifa mensal baixas na carteira'],
  '53': ['tarifa', 'Tarifa mensal baixas em bancos correspondentes na carteira'],
  '54': ['tarifa', 'Tarifa mensal de liquidações na carteira'],
  '55': ['tarifa', 'Tarifa mensal de liquidações em bancos correspondentes na carteira'],
  '56': ['tarifa', 'Custas de irregularidade'],
  '57': ['outra', 'Instrução cancelada'],
  '59': ['liquidacao', 'Baixa por crédito em c/c através do SISPAG'],
  '60': ['entrada_rejeitada', 'Entrada rejeitada carnê'],
  '61': ['tarifa', 'Tarifa emissão aviso de movimentação de títulos (2154)'],
  '62': ['tarifa', 'Débito mensal de tarifa - aviso de movimentação de títulos (2154)'],
  '63': ['outra', 'Título sustado judicialmente'],
  '64': ['entrada_confirmada', 'Entrada confirmada com rateio de crédito'],
  '65': ['outra', 'Pagamento com cheque - aguardando compensação'],
  '69': ['outra', 'Cheque devolvido'],
  '71': ['entrada_confirmada', 'Entrada registrada, aguardando avaliação'],
  '72': ['outra', 'Baixa por crédito em c/c através do SISPAG sem título correspondente'],
  '73': [
    'entrada_confirmada',
    'Confirmação de entrada na cobrança simples - entrada não aceita na cobrança contratual',
  ],
  '76': ['outra', 'Cheque compensado'],
};

const BRADESCO_400: Tabela = {
  '02': ['entrada_confirmada', 'Entrada confirmada'],
  '03': ['entrada_rejeitada', 'Entrada rejeitada'],
  '06': ['liquidacao', 'Liquidação normal'],
  '09': ['baixa', 'Baixado automaticamente via arquivo'],
  '10': ['baixa', 'Baixado conforme instruções da agência'],
  '11': ['outra', 'Em ser - arquivo de títulos pendentes'],
  '12': ['alteracao_confirmada', 'Abatimento concedido'],
  '13': ['alteracao_confirmada', 'Abatimento cancelado'],
  '14': ['alteracao_confirmada', 'Vencimento alterado'],
  '15': ['liquidacao', 'Liquidação em cartório'],
  '16': ['outra', 'Título pago em cheque - vinculado'],
  '17': ['liquidacao', 'Liquidação após baixa ou título não registrado'],
  '18': ['outra', 'Acerto de depositária'],
  '19': ['protesto', 'Confirmação recebimento instrução de protesto'],
  '20': ['protesto', 'Confirmação recebimento instrução sustação de protesto'],
  '21': ['alteracao_confirmada', 'Acerto do controle do participante'],
  '22': ['outra', 'Título com pagamento cancelado'],
  '23': ['protesto', 'Entrada do título em cartório'],
  '24': ['entrada_rejeitada', 'Entrada rejeitada por CEP irregular'],
  '27': ['alteracao_rejeitada', 'Baixa rejeitada'],
  '28': ['tarifa', 'Débito de tarifas/custas'],
  '30': ['alteracao_rejeitada', 'Alteração de outros dados rejeitados'],
  '32': ['alteracao_rejeitada', 'Instrução rejeitada'],
  '33': ['alteracao_confirmada', 'Confirmação pedido alteração outros dados'],
  '34': ['protesto', 'Retirado de cartório e manutenção carteira'],
  '35': ['outra', 'Desagendamento do débito automático'],
  '40': ['outra', 'Estorno de pagamento'],
  '55': ['outra', 'Sustado judicial'],
  '68': ['outra', 'Acerto dos dados do rateio de crédito'],
  '69': ['outra', 'Cancelamento dos dados do rateio'],
};

/** Banco do Brasil CNAB 400 (CBR643, record 7). Its "03" refuses any comando, an entrada or an
 * instruction alike (motivo at 87–88). */
const BB_400: Tabela = {
  '02': ['entrada_confirmada', 'Confirmação de entrada de título'],
  '03': ['entrada_rejeitada', 'Comando recusado'],
  '05': ['liquidacao', 'Liquidado sem registro (carteira 17 - tipo 4)'],
  '06': ['liquidacao', 'Liquidação normal'],
  '07': ['liquidacao', 'Liquidação por conta'],
  '08': ['liquidacao', 'Liquidação por saldo'],
  '09': ['baixa', 'Baixa de título'],
  '10': ['baixa', 'Baixa solicitada'],
  '11': ['outra', 'Títulos em ser'],
  '12': ['alteracao_confirmada', 'Abatimento concedido'],
  '13': ['alteracao_confirmada', 'Abatimento cancelado'],
  '14': ['alteracao_confirmada', 'Alteração de vencimento do título'],
  '15': ['liquidacao', 'Liquidação em cartório'],
  '16': ['alteracao_confirmada', 'Confirmação de alteração de juros de mora'],
  '19': ['protesto', 'Confirmação de recebimento de instruções para protesto'],
  '20': ['outra', 'Débito em conta'],
  '21': ['alteracao_confirmada', 'Alteração do nome do sacado'],
  '22': ['alteracao_confirmada', 'Alteração do endereço do sacado'],
  '23': ['protesto', 'Indicação de encaminhamento a cartório'],
  '24': ['protesto', 'Sustar protesto'],
  '25': ['alteracao_confirmada', 'Dispensar juros de mora'],
  '26': ['alteracao_confirmada', 'Alteração do número do título dado pelo cedente (seu número)'],
  '28': ['outra', 'Manutenção de título vencido'],
  '31': ['alteracao_confirmada', 'Conceder desconto'],
  '32': ['alteracao_confirmada', 'Não conceder desconto'],
  '33': ['alteracao_confirmada', 'Retificar desconto'],
  '34': ['alteracao_confirmada', 'Alterar data para desconto'],
  '35': ['alteracao_confirmada', 'Cobrar multa'],
  '36': ['alteracao_confirmada', 'Dispensar multa'],
  '37': ['alteracao_confirmada', 'Dispensar indexador'],
  '38': ['alteracao_confirmada', 'Dispensar prazo limite para recebimento'],
  '39': ['alteracao_confirmada', 'Alterar prazo limite para recebimento'],
  '41': ['alteracao_confirmada', 'Alteração do número do controle do participante'],
  '42': ['alteracao_confirmada', 'Alteração do número do documento do sacado (CNPJ/CPF)'],
  '44': ['outra', 'Título pago com cheque devolvido'],
  '46': ['outra', 'Título pago com cheque, aguardando compensação'],
  '72': ['alteracao_confirmada', 'Alteração de tipo de cobrança'],
  '96': ['tarifa', 'Despesas de protesto'],
  '97': ['tarifa', 'Despesas de sustação de protesto'],
  '98': ['tarifa', 'Débito de custas antecipadas'],
};

const SANTANDER_400: Tabela = {
  '01': ['outra', 'Título não existe'],
  '02': ['entrada_confirmada', 'Entrada título confirmada'],
  '03': ['entrada_rejeitada', 'Entrada título rejeitada'],
  '06': ['liquidacao', 'Liquidação'],
  '07': ['liquidacao', 'Liquidação por conta'],
  '08': ['liquidacao', 'Liquidação por saldo'],
  '09': ['baixa', 'Baixa automática'],
  '10': ['baixa', 'Título baixado conforme instrução ou por título protestado'],
  '11': ['outra', 'Em ser'],
  '12': ['alteracao_confirmada', 'Abatimento concedido'],
  '13': ['alteracao_confirmada', 'Abatimento cancelado'],
  '14': ['alteracao_confirmada', 'Prorrogação de vencimento'],
  '15': ['protesto', 'Enviado para cartório'],
  '16': ['outra', 'Título já baixado/liquidado'],
  '17': ['liquidacao', 'Liquidado em cartório'],
  '21': ['protesto', 'Entrada em cartório'],
  '22': ['protesto', 'Retirado de cartório'],
  '24': ['tarifa', 'Custas de cartório'],
  '25': ['protesto', 'Protestar título'],
  '26': ['protesto', 'Sustar protesto'],
};

/** Sicoob CNAB 400 (BANCOOBCED). */
const SICOOB_400: Tabela = {
  '02': ['entrada_confirmada', 'Confirmação entrada título'],
  '05': ['liquidacao', 'Liquidação sem registro'],
  '06': ['liquidacao', 'Liquidação normal'],
  '09': ['baixa', 'Baixa de título'],
  '10': ['baixa', 'Baixa solicitada (baixa - pedido beneficiário)'],
  '11': ['outra', 'Títulos em ser'],
  '14': ['alteracao_confirmada', 'Alteração de vencimento'],
  '15': ['liquidacao', 'Liquidação em cartório'],
  '23': ['protesto', 'Encaminhado a protesto'],
  '27': ['alteracao_confirmada', 'Confirmação alteração dados'],
  '48': ['outra', 'Confirmação de instrução de transferência de carteira/modalidade de cobrança'],
};

const TABELAS: Record<FormatoCnab, Readonly<Record<string, Tabela>>> = {
  cnab240: {
    '001': FEBRABAN_240,
    '104': CAIXA_240,
    '033': FEBRABAN_240,
    '756': FEBRABAN_240,
    '748': FEBRABAN_240,
  },
  cnab400: { '001': BB_400, '341': ITAU_400, '237': BRADESCO_400, '033': SANTANDER_400, '756': SICOOB_400 },
};

/** The table a retorno of `banco` in `formato` is read with (CNAB 240 of another bank: FEBRABAN's). */
export function tabelaOcorrencias(banco: string, formato: FormatoCnab): Tabela | null {
  const b = banco.trim().padStart(3, '0');
  return TABELAS[formato][b] ?? (formato === 'cnab240' ? FEBRABAN_240 : null);
}

/** What an ocorrência means for the título. Unknown → tipo 'outra', «Ocorrência NN desconhecida». */
export function classificarOcorrencia(banco: string, formato: FormatoCnab, codigo: string): Ocorrencia {
  const c = codigo.trim().toUpperCase();
  const e = tabelaOcorrencias(banco, formato)?.[c];
  if (!e) return { tipo: 'outra', descricao: `Ocorrência ${c || '(em branco)'} desconhecida` };
  return { tipo: e[0], descricao: e[1] };
}

/** Whether the code is in the bank's table (the server refuses a file with unknown ones). */
export function ocorrenciaConhecida(banco: string, formato: FormatoCnab, codigo: string): boolean {
  return Boolean(tabelaOcorrencias(banco, formato)?.[codigo.trim().toUpperCase()]);
}
