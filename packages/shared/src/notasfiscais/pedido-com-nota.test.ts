import { describe, expect, it } from 'vitest';
import type { StatusPedido } from '../comercial/status-pedido.ts';
import {
  type AlteracaoPedido,
  podeAlterarPedidoComNota,
  podeTransmitirNotaDoPedido,
  STATUS_NOTA_VIVA,
} from './pedido-com-nota.ts';
import { STATUS_NOTA, type StatusNota } from './status-nota.ts';

const cancelar: AlteracaoPedido = { tipo: 'cancelar' };
const editar: AlteracaoPedido = { tipo: 'editar' };
const ajustar: AlteracaoPedido = { tipo: 'ajustar' };
const retirar: AlteracaoPedido = { tipo: 'retirar_da_carga' };
const trocarVeiculo: AlteracaoPedido = { tipo: 'trocar_veiculo' };
const para = (p: StatusPedido): AlteracaoPedido => ({ tipo: 'transitar', para: p });

describe('changes to an order while it has an NF-e', () => {
  const casos: Array<[StatusNota | null, AlteracaoPedido, boolean]> = [
    [null, cancelar, true],
    [null, editar, true],
    ['assinada', cancelar, false],
    ['rejeitada', cancelar, false],
    ['em_digitacao', cancelar, false],
    ['autorizada', cancelar, false],
    ['cancelada', cancelar, true],
    ['inutilizada', cancelar, true],
    ['denegada', cancelar, true],
    ['assinada', editar, false],
    ['rejeitada', editar, false],
    ['cancelada', editar, true],
    ['assinada', ajustar, false],
    ['inutilizada', ajustar, true],
    ['assinada', para('em_separacao'), true],
    ['assinada', para('conferido'), true],
    ['assinada', para('liberado'), true],
    ['assinada', para('bloqueado'), false],
    ['assinada', para('cancelado'), false],
    ['rejeitada', para('bloqueado'), false],
    ['assinada', para('faturado'), false],
    ['autorizada', para('faturado'), true],
    ['autorizada', para('entregue'), true],
    ['autorizada', para('bloqueado'), false],
    ['assinada', retirar, false],
    ['rejeitada', retirar, false],
    ['autorizada', retirar, true],
    ['cancelada', retirar, true],
    ['assinada', trocarVeiculo, false],
    ['autorizada', trocarVeiculo, true],
    [null, trocarVeiculo, true],
  ];
  it.each(casos)('note %s, %o: %s', (status, alteracao, ok) => {
    expect(podeAlterarPedidoComNota(status ? { numero: 7, status } : null, alteracao).permitido).toBe(ok);
  });

  it('the refusal names the note and tells what to do first', () => {
    expect(podeAlterarPedidoComNota({ numero: 123, status: 'assinada' }, cancelar)).toEqual({
      permitido: false,
      motivo:
        'O pedido tem a NF-e nº 123 («Assinada»): inutilize-a em Notas Fiscais > Saída antes de cancelar o pedido.',
    });
    expect(podeAlterarPedidoComNota({ numero: 9, status: 'autorizada' }, cancelar)).toEqual({
      permitido: false,
      motivo:
        'O pedido tem a NF-e nº 9 («Autorizada»): cancele-a em Notas Fiscais > Saída antes de cancelar o pedido.',
    });
    expect(podeAlterarPedidoComNota({ numero: 5, status: 'rejeitada' }, editar)).toEqual({
      permitido: false,
      motivo:
        'O pedido tem a NF-e nº 5 («Rejeitada»): inutilize-a em Notas Fiscais > Saída antes de alterar o pedido.',
    });
    expect(podeAlterarPedidoComNota({ numero: 5, status: 'assinada' }, ajustar)).toEqual({
      permitido: false,
      motivo:
        'O pedido tem a NF-e nº 5 («Assinada»): inutilize-a em Notas Fiscais > Saída antes de ajustar o pedido pela conferência.',
    });
    expect(podeAlterarPedidoComNota({ numero: 5, status: 'assinada' }, para('bloqueado'))).toEqual({
      permitido: false,
      motivo:
        'O pedido tem a NF-e nº 5 («Assinada»): inutilize-a em Notas Fiscais > Saída antes de mover o pedido para «Bloqueado».',
    });
    expect(podeAlterarPedidoComNota({ numero: 5, status: 'assinada' }, retirar)).toEqual({
      permitido: false,
      motivo:
        'O pedido tem a NF-e nº 5 («Assinada»): transmita-a ou inutilize-a em Notas Fiscais > Saída antes de retirar o pedido da carga.',
    });
    expect(podeAlterarPedidoComNota({ numero: 5, status: 'rejeitada' }, trocarVeiculo)).toEqual({
      permitido: false,
      motivo:
        'O pedido tem a NF-e nº 5 («Rejeitada»): transmita-a ou inutilize-a em Notas Fiscais > Saída antes de trocar o veículo da carga.',
    });
  });

  it('live notes are the ones not cancelled, inutilized nor denied', () => {
    expect(STATUS_NOTA.filter((s) => !STATUS_NOTA_VIVA.includes(s))).toEqual([
      'cancelada',
      'denegada',
      'inutilizada',
    ]);
  });
});

describe('transmitting a note: only while its order is invoiceable', () => {
  const casos: Array<[StatusPedido, boolean]> = [
    ['liberado', true],
    ['em_separacao', true],
    ['conferido', true],
    ['cancelado', false],
    ['bloqueado', false],
    ['digitado', false],
    ['orcamento', false],
    ['faturado', false],
    ['entregue', false],
  ];
  it.each(casos)('order %s: %s', (status, ok) => {
    expect(podeTransmitirNotaDoPedido({ numero: 40, status }).permitido).toBe(ok);
  });

  it('a note without an order is not held back; the refusal says what to do', () => {
    expect(podeTransmitirNotaDoPedido(null)).toEqual({ permitido: true });
    expect(podeTransmitirNotaDoPedido({ numero: 40, status: 'cancelado' })).toEqual({
      permitido: false,
      motivo:
        'O pedido nº 40 está «Cancelado» e não pode mais ser faturado: a NF-e não será transmitida. Inutilize o número da nota em Notas Fiscais > Saída.',
    });
  });
});
