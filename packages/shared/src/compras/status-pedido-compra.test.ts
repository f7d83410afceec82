import { describe, expect, it } from 'vitest';
import { aprovaCompras } from '../permissions.ts';
import {
  exigeAprovacaoCompra,
  isStatusPedidoCompra,
  podeAprovarPedidoCompra,
  podeEnviarPedidoCompra,
  podeTransitarPedidoCompra,
  STATUS_PEDIDO_COMPRA,
  STATUS_PEDIDO_COMPRA_EM_ABERTO,
  type StatusPedidoCompra,
  statusPedidoCompraLabels,
  TRANSICOES_PEDIDO_COMPRA,
} from './status-pedido-compra.ts';

// The whole table: every (de, para) pair, allowed exactly where the machine says.
const PERMITIDAS: [StatusPedidoCompra, StatusPedidoCompra][] = [
  ['rascunho', 'aprovado'],
  ['rascunho', 'enviado'],
  ['rascunho', 'cancelado'],
  ['aprovado', 'enviado'],
  ['aprovado', 'cancelado'],
  ['enviado', 'parcialmente_recebido'],
  ['enviado', 'recebido'],
  ['enviado', 'cancelado'],
  ['parcialmente_recebido', 'recebido'],
];

describe('podeTransitarPedidoCompra', () => {
  const pares = STATUS_PEDIDO_COMPRA.flatMap((de) => STATUS_PEDIDO_COMPRA.map((para) => [de, para] as const));
  it.each(pares)('%s → %s', (de, para) => {
    const esperado = PERMITIDAS.some(([a, b]) => a === de && b === para);
    expect(podeTransitarPedidoCompra(de, para).permitido).toBe(esperado);
  });

  it('the table and the list agree', () => {
    const daTabela = Object.entries(TRANSICOES_PEDIDO_COMPRA).flatMap(([de, paras]) =>
      paras.map((para) => [de, para]),
    );
    expect(daTabela).toEqual(PERMITIDAS);
  });

  it.each([
    ['rascunho', 'rascunho', 'O pedido de compra já está «Rascunho».'],
    ['cancelado', 'aprovado', 'Pedido de compra cancelado não muda mais de situação.'],
    ['recebido', 'cancelado', 'Pedido de compra recebido não muda mais de situação.'],
    [
      'parcialmente_recebido',
      'cancelado',
      'O recebimento deste pedido já começou: encerre os itens pendentes em vez de cancelar o pedido.',
    ],
    ['enviado', 'rascunho', 'Um pedido de compra «Enviado ao fornecedor» não volta a rascunho.'],
    ['aprovado', 'recebido', 'Só um pedido enviado ao fornecedor recebe mercadorias.'],
    [
      'enviado',
      'aprovado',
      'Um pedido de compra «Enviado ao fornecedor» não pode ir para «Aprovado»: pode ir para «Parcialmente recebido» ou «Recebido» ou «Cancelado».',
    ],
  ] as const)('refuses %s → %s in pt-BR', (de, para, motivo) => {
    expect(podeTransitarPedidoCompra(de, para)).toEqual({ permitido: false, motivo });
  });

  it('labels every status in pt-BR and knows which count as em pedido', () => {
    expect(STATUS_PEDIDO_COMPRA.map((s) => statusPedidoCompraLabels[s])).toEqual([
      'Rascunho',
      'Aprovado',
      'Enviado ao fornecedor',
      'Parcialmente recebido',
      'Recebido',
      'Cancelado',
    ]);
    expect(STATUS_PEDIDO_COMPRA_EM_ABERTO).toEqual(['aprovado', 'enviado', 'parcialmente_recebido']);
    expect(isStatusPedidoCompra('enviado')).toBe(true);
    expect(isStatusPedidoCompra('pendente')).toBe(false);
  });
});

describe('approval by value', () => {
  it('needs approval strictly above the limit', () => {
    expect(exigeAprovacaoCompra('5000.00', '5000.00')).toBe(false);
    expect(exigeAprovacaoCompra('5000.01', '5000.00')).toBe(true);
    expect(exigeAprovacaoCompra('4999.99', '5000')).toBe(false);
  });

  it.each([
    // status, total, limit, approver, allowed, permission refusal
    ['rascunho', '5000.00', '5000.00', false, true, false],
    ['rascunho', '5000.01', '5000.00', false, false, true],
    ['rascunho', '5000.01', '5000.00', true, true, false],
    ['aprovado', '10.00', '5000.00', true, false, false],
    ['enviado', '10.00', '5000.00', true, false, false],
  ] as const)(
    'aprovar %s of %s (limit %s, approver %s) → %s',
    (status, total, limite, aprovador, ok, sem) => {
      const r = podeAprovarPedidoCompra({ status, total, limite, aprovador });
      expect(r.permitido).toBe(ok);
      expect('semPermissao' in r && r.semPermissao === true).toBe(sem);
    },
  );

  it('says why a non-approver may not approve', () => {
    expect(
      podeAprovarPedidoCompra({ status: 'rascunho', total: '7250.5', limite: '5000', aprovador: false }),
    ).toEqual({
      permitido: false,
      semPermissao: true,
      motivo:
        'Pedido de R$\u00a07.250,50 acima do limite de aprovação (R$\u00a05.000,00): só um administrador ou um papel que aprova compras pode aprová-lo.',
    });
  });

  it('sends an approved order, approves a draft within the limit on the way, refuses one above it', () => {
    expect(podeEnviarPedidoCompra({ status: 'aprovado', total: '9000', limite: '5000' })).toEqual({
      permitido: true,
      aprovaAoEnviar: false,
    });
    expect(podeEnviarPedidoCompra({ status: 'rascunho', total: '5000', limite: '5000' })).toEqual({
      permitido: true,
      aprovaAoEnviar: true,
    });
    expect(podeEnviarPedidoCompra({ status: 'rascunho', total: '5000.01', limite: '5000' })).toEqual({
      permitido: false,
      motivo:
        'Pedido de R$\u00a05.000,01 acima do limite de aprovação (R$\u00a05.000,00): aprove o pedido antes de enviá-lo ao fornecedor.',
    });
    expect(podeEnviarPedidoCompra({ status: 'cancelado', total: '1', limite: '5000' }).permitido).toBe(false);
  });

  it('approvers: admin always, otherwise a role the company lists', () => {
    expect(aprovaCompras(['admin'], [])).toBe(true);
    expect(aprovaCompras(['estoque'], [])).toBe(false);
    expect(aprovaCompras(['estoque'], ['estoque'])).toBe(true);
    expect(aprovaCompras(['estoque'], ['financeiro'])).toBe(false);
    expect(aprovaCompras(['comercial', 'financeiro'], ['financeiro'])).toBe(true);
    expect(aprovaCompras(['estoque'], ['superuser'])).toBe(false);
  });
});
