import { describe, expect, it } from 'vitest';
import {
  cancelarPedidoSchema,
  confirmarPedidoSchema,
  descontoDigitado,
  duplicarPedidoSchema,
  kanbanQuerySchema,
  liberarBloqueioSchema,
  MODALIDADES_FRETE,
  modalidadeFreteLabels,
  pedidoCreateSchema,
  pedidosListQuerySchema,
  pedidoUpdateSchema,
  transicaoPedidoSchema,
} from './pedido.schema.ts';

const CLIENTE = '0f8fad5b-d9cb-469f-a165-70867728950e';
const PRODUTO = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OUTRO = '9b2b6e3a-51c1-4d1f-8f0e-3c4a1f1e2d3c';

/** The first message of each field (what the form shows first). */
function erros(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const primeiras: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) primeiras[i.path.join('.')] ??= i.message;
  return primeiras;
}

const item = { produto_id: PRODUTO, embalagem: 'cx', quantidade: '2', preco: '7,50' };
const pedido = { cliente_id: CLIENTE, itens: [item] };

describe('order', () => {
  it('reads pt-BR numbers and fills the defaults', () => {
    expect(
      pedidoCreateSchema.parse({
        ...pedido,
        vendedor_id: '',
        frete: '10,5',
        desconto_tipo: 'valor',
        desconto: '1.234,56',
        data_entrega: '2026-03-20',
        observacoes_internas: '  ligar antes  ',
        itens: [item, { ...item, produto_id: OUTRO, quantidade: '1,5', desconto: '12,5' }],
      }),
    ).toEqual({
      cliente_id: CLIENTE,
      vendedor_id: null,
      condicao_pagamento_id: null,
      forma_pagamento_id: null,
      tabela_preco_id: null,
      data_entrega: '2026-03-20',
      modalidade_frete: '0',
      frete: '10.50',
      desconto_tipo: 'valor',
      desconto: '1234.56',
      observacoes_internas: 'ligar antes',
      observacoes_nota: null,
      itens: [
        {
          produto_id: PRODUTO,
          embalagem: 'CX',
          quantidade: '2.000',
          preco: '7.50',
          desconto_tipo: 'percentual',
          desconto: '0.00',
        },
        {
          produto_id: OUTRO,
          embalagem: 'CX',
          quantidade: '1.500',
          preco: '7.50',
          desconto_tipo: 'percentual',
          desconto: '12.50',
        },
      ],
    });
  });

  it.each([
    [{ cliente_id: '' }, { cliente_id: 'Cliente é obrigatório' }],
    [{ cliente_id: 'x' }, { cliente_id: 'Cliente inválido' }],
    [{ vendedor_id: 'x' }, { vendedor_id: 'Vendedor inválido' }],
    [{ condicao_pagamento_id: 'x' }, { condicao_pagamento_id: 'Condição de pagamento inválida' }],
    [{ forma_pagamento_id: 'x' }, { forma_pagamento_id: 'Forma de pagamento inválida' }],
    [{ tabela_preco_id: 'x' }, { tabela_preco_id: 'Tabela de preços inválida' }],
    [{ data_entrega: '2026-02-30' }, { data_entrega: 'Data de entrega inválida' }],
    [{ modalidade_frete: '5' }, { modalidade_frete: 'Modalidade de frete inválida' }],
    [{ frete: '-1' }, { frete: 'Frete inválido' }],
    [{ desconto: '100,01' }, { desconto: 'Desconto deve ser no máximo 100 %' }],
    [{ desconto_tipo: 'brinde' }, { desconto_tipo: 'Tipo de desconto inválido' }],
    [
      { observacoes_nota: 'x'.repeat(2001) },
      { observacoes_nota: 'Observações para a nota deve ter no máximo 2000 caracteres' },
    ],
    [{ itens: [] }, { itens: 'Informe ao menos um item' }],
    [{ itens: undefined }, { itens: 'Informe ao menos um item' }],
    [{ itens: Array(501).fill(item) }, { itens: 'No máximo 500 itens por pedido' }],
    [{ itens: [{ ...item, produto_id: '' }] }, { 'itens.0.produto_id': 'Produto é obrigatório' }],
    [{ itens: [{ ...item, embalagem: '' }] }, { 'itens.0.embalagem': 'Embalagem é obrigatória' }],
    [
      { itens: [{ ...item, embalagem: 'C-X' }] },
      { 'itens.0.embalagem': 'Embalagem deve ter apenas letras e números' },
    ],
    [
      { itens: [{ ...item, quantidade: '0' }] },
      { 'itens.0.quantidade': 'Quantidade deve ser maior que zero' },
    ],
    [
      { itens: [{ ...item, quantidade: '1,2345' }] },
      { 'itens.0.quantidade': 'Quantidade aceita no máximo 3 casas decimais' },
    ],
    [{ itens: [{ ...item, preco: '0,00' }] }, { 'itens.0.preco': 'Preço deve ser maior que zero' }],
    [{ itens: [{ ...item, preco: 'abc' }] }, { 'itens.0.preco': 'Preço inválido' }],
    [{ itens: [{ ...item, desconto: '101' }] }, { 'itens.0.desconto': 'Desconto deve ser no máximo 100 %' }],
  ])('case %# → %j', (campos, esperado) => {
    expect(erros(pedidoCreateSchema.safeParse({ ...pedido, ...campos }))).toEqual(esperado);
  });

  it('allows 100 % and any amount in R$ (checked against the items by calculaPedido)', () => {
    expect(pedidoCreateSchema.safeParse({ ...pedido, desconto: '100' }).success).toBe(true);
    const r = pedidoCreateSchema.parse({
      ...pedido,
      itens: [{ ...item, desconto_tipo: 'valor', desconto: '150' }],
    });
    expect(r.itens[0]).toMatchObject({ desconto_tipo: 'valor', desconto: '150.00' });
  });

  it('update needs the version read', () => {
    expect(erros(pedidoUpdateSchema.safeParse(pedido))).toEqual({
      versao: 'Versão do registro é obrigatória',
    });
    expect(pedidoUpdateSchema.parse({ ...pedido, versao: 3 }).versao).toBe(3);
  });

  it('freight modes are the NF-e modFrete codes with their labels', () => {
    expect(MODALIDADES_FRETE).toEqual(['0', '1', '2', '3', '4', '9']);
    expect(modalidadeFreteLabels).toEqual({
      '0': 'Contratação do frete por conta do remetente (CIF)',
      '1': 'Contratação do frete por conta do destinatário (FOB)',
      '2': 'Contratação do frete por conta de terceiros',
      '3': 'Transporte próprio por conta do remetente',
      '4': 'Transporte próprio por conta do destinatário',
      '9': 'Sem ocorrência de transporte',
    });
  });

  it('a zero discount is no discount', () => {
    expect(descontoDigitado('percentual', '0.00')).toBeNull();
    expect(descontoDigitado('valor', '0')).toBeNull();
    expect(descontoDigitado('valor', '2.50')).toEqual({ tipo: 'valor', valor: '2.50' });
  });
});

describe('actions', () => {
  it('confirmar and duplicar', () => {
    expect(confirmarPedidoSchema.parse({ versao: 2 })).toEqual({ versao: 2 });
    expect(erros(confirmarPedidoSchema.safeParse({}))).toEqual({
      versao: 'Versão do registro é obrigatória',
    });
    expect(duplicarPedidoSchema.parse({})).toEqual({ manter_precos: false });
    expect(duplicarPedidoSchema.parse({ manter_precos: true })).toEqual({ manter_precos: true });
  });

  it('cancelar requires the reason', () => {
    expect(cancelarPedidoSchema.parse({ motivo: ' Cliente desistiu ', versao: 1 })).toEqual({
      motivo: 'Cliente desistiu',
      versao: 1,
    });
    expect(erros(cancelarPedidoSchema.safeParse({ motivo: '   ', versao: 1 }))).toEqual({
      motivo: 'Informe o motivo do cancelamento',
    });
    expect(erros(cancelarPedidoSchema.safeParse({ versao: 1 }))).toEqual({
      motivo: 'Informe o motivo do cancelamento',
    });
  });

  it('a transition needs a known status, and the reason to cancel', () => {
    expect(transicaoPedidoSchema.parse({ para: 'liberado', versao: 4 })).toEqual({
      para: 'liberado',
      motivo: null,
      versao: 4,
    });
    expect(erros(transicaoPedidoSchema.safeParse({ para: 'aberto', versao: 4 }))).toEqual({
      para: 'Situação inválida',
    });
    expect(erros(transicaoPedidoSchema.safeParse({ para: 'cancelado', motivo: '', versao: 4 }))).toEqual({
      motivo: 'Informe o motivo do cancelamento',
    });
    expect(transicaoPedidoSchema.parse({ para: 'cancelado', motivo: 'Duplicado', versao: 4 }).motivo).toBe(
      'Duplicado',
    );
  });

  it('a release names the blocker, what it saw, and a justification of 10 characters or more', () => {
    const liberacao = { tipo: 'credito', impressao: 'cliente=c1;total=190.00' };
    expect(liberarBloqueioSchema.parse({ ...liberacao, justificativa: '  Cliente ok  ' })).toEqual({
      ...liberacao,
      justificativa: 'Cliente ok',
    });
    expect(erros(liberarBloqueioSchema.safeParse({ ...liberacao, justificativa: 'Cliente o' }))).toEqual({
      justificativa: 'Justificativa deve ter ao menos 10 caracteres',
    });
    const vazia = liberarBloqueioSchema.safeParse({ ...liberacao, justificativa: '   ' });
    expect(vazia.error?.issues.map((i) => i.message)).toEqual(['Informe a justificativa']);
    expect(erros(liberarBloqueioSchema.safeParse({ ...liberacao, justificativa: 'x'.repeat(1001) }))).toEqual(
      {
        justificativa: 'Justificativa deve ter no máximo 1000 caracteres',
      },
    );
    expect(
      erros(
        liberarBloqueioSchema.safeParse({ tipo: 'frete', justificativa: 'Cliente antigo e bom pagador' }),
      ),
    ).toEqual({ tipo: 'Tipo de bloqueio inválido', impressao: 'Bloqueio inválido' });
  });
});

describe('list and kanban filters', () => {
  it('the list: newest first by default, the Bloqueados view narrowed by type', () => {
    expect(pedidosListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25, sort: 'numero', dir: 'desc' });
    expect(
      pedidosListQuerySchema.parse({
        status: 'bloqueado',
        bloqueio: 'credito',
        de: '2026-03-01',
        ate: '2026-03-31',
        vendedor_id: CLIENTE,
        regiao_id: OUTRO,
      }),
    ).toMatchObject({ status: 'bloqueado', bloqueio: 'credito', de: '2026-03-01', ate: '2026-03-31' });
  });

  it.each([
    [{ status: 'aberto' }, { status: 'Situação inválida' }],
    [{ bloqueio: 'x' }, { bloqueio: 'Tipo de bloqueio inválido' }],
    [{ de: '2026-03-31', ate: '2026-03-01' }, { ate: 'A data final deve ser igual ou posterior à inicial' }],
    [{ de: '31/03/2026' }, { de: 'Data inicial inválida' }],
    [{ cliente_id: 'x' }, { cliente_id: 'Identificador inválido' }],
    [{ sort: 'margem' }, { sort: 'Ordenação inválida' }],
  ])('list %j → %j', (query, esperado) => {
    expect(erros(pedidosListQuerySchema.safeParse(query))).toEqual(esperado);
  });

  it('the kanban: seller, region, period and cancelled orders on request', () => {
    expect(kanbanQuerySchema.parse({ cancelados: 'true', vendedor_id: CLIENTE })).toEqual({
      cancelados: true,
      vendedor_id: CLIENTE,
    });
    expect(erros(kanbanQuerySchema.safeParse({ de: '2026-04-01', ate: '2026-03-01' }))).toEqual({
      ate: 'A data final deve ser igual ou posterior à inicial',
    });
    expect(erros(kanbanQuerySchema.safeParse({ cancelados: 'sim' }))).toEqual({
      cancelados: 'Valor inválido (use true ou false)',
    });
  });
});
