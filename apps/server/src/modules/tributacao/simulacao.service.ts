import {
  computeItemTaxes,
  fluxoDaOperacao,
  genericMessages,
  matchRule,
  type SimulacaoTributacaoResultado,
  type SituacaoRegra,
  simulacaoMensagens,
  type simulacaoTributacaoSchema,
  totalize,
} from '@erp/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { produtosPorId } from '../estoque/produtos-leitura.service.ts';
import { carregaRegras, partesComCliente } from './impostos.service.ts';

// "Simular" of the tabela de tributação screen: one item of a product sold to a customer, the rule
// that wins and why (every rule that could reach the product, with its reasons) and, when a rule
// applies, every tax of the item from the shared engine and the document's totals.

type Simulacao = z.output<typeof simulacaoTributacaoSchema>;

const ORDEM: Record<SituacaoRegra, number> = { vencedora: 0, perdeu: 1, nao_aplica: 2 };

export async function simulaTributacao(db: Db, input: Simulacao): Promise<SimulacaoTributacaoResultado> {
  const { cliente, partes } = await partesComCliente(db, {
    clienteId: input.cliente_id,
    operacao: input.operacao,
    consumidorFinal: input.consumidor_final,
  });
  const produtos = await produtosPorId(db, [input.produto_id]);
  const produto = produtos.get(input.produto_id);
  if (!produto)
    throw new AppError('validation_failed', genericMessages.validation, {
      fields: { produto_id: [simulacaoMensagens.produtoNaoEncontrado] },
    });
  const ncm = produto.ncm ?? '';
  const regras = await carregaRegras(db, partes, [produto], { soAplicaveis: false });
  const { regra, empate, avaliacoes } = matchRule(regras, { produtoId: produto.id, ncm }, partes);
  const impostos =
    regra === null
      ? null
      : computeItemTaxes(
          {
            quantidade: input.quantidade,
            valorUnitario: input.valor_unitario,
            desconto: input.desconto,
            frete: input.frete,
            origem: produto.origem,
            ncm,
          },
          regra,
          partes,
        );
  const fluxo = fluxoDaOperacao(partes);
  return {
    produto: {
      id: produto.id,
      codigo: produto.codigo,
      nome: produto.nome,
      ncm: produto.ncm,
      origem: produto.origem,
    },
    cliente: {
      id: cliente.id,
      nome: cliente.razao_social,
      uf: fluxo.ufDestino,
      indicador_ie: cliente.indicador_ie,
    },
    operacao: {
      operacao: partes.operacao,
      sentido: partes.sentido,
      crt: partes.emitente.crt,
      uf_origem: fluxo.ufOrigem,
      uf_destino: fluxo.ufDestino,
      interna: fluxo.interna,
      tipo_destinatario: fluxo.tipoDestinatario,
    },
    regra: regra === null ? null : { id: regra.id, descricao: regra.descricao },
    empate,
    // the winner, then the rules it beat, then those that do not apply
    avaliacoes: [...avaliacoes]
      .sort((a, b) => ORDEM[a.situacao] - ORDEM[b.situacao])
      .map((a) => ({
        regra_id: a.regra.id,
        descricao: a.regra.descricao,
        situacao: a.situacao,
        motivos: a.motivos,
      })),
    impostos,
    totais: impostos === null ? null : totalize([impostos]),
  };
}
