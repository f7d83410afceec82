import { describe, expect, it } from 'vitest';
import {
  centroCustoCreateSchema,
  classeFinanceiraCreateSchema,
  condicaoPagamentoCreateSchema,
  contaBancariaCreateSchema,
  contaBancariaFormMensagens,
  formaPagamentoCreateSchema,
} from './cadastros-financeiro.schema.ts';
import { condicaoMensagens } from './condicao-pagamento.ts';
import { planoMensagens } from './plano-gerencial.ts';
import { rateioMensagens } from './rateio-centros.ts';
import { fluxoCaixaQuerySchema, relatorioMensagens, resumoClassesQuerySchema } from './relatorios.schema.ts';
import { tituloMensagens } from './titulo-status.ts';
import {
  baixaEmLoteSchema,
  baixaSchema,
  cancelamentoTituloSchema,
  estornoBaixaSchema,
  financeiroConfiguracoesSchema,
  tituloCreateSchema,
  tituloFormMensagens,
  titulosListQuerySchema,
  tituloUpdateSchema,
} from './titulos.schema.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ID2 = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const ID3 = '16fd2706-8baf-433b-82eb-8c7fada847da';

/** The first message of each field (the one a form shows first). */
function erros(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const porCampo: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) porCampo[i.path.join('.')] ??= i.message;
  return porCampo;
}

describe('centros de custo and classes', () => {
  it('a code of the plano', () => {
    expect(centroCustoCreateSchema.parse({ codigo: ' 1.01.003 ', nome: 'Vendas SP' })).toEqual({
      codigo: '1.01.003',
      nome: 'Vendas SP',
      descricao: null,
      ativo: true,
    });
    expect(erros(centroCustoCreateSchema.safeParse({ codigo: '1.1', nome: 'X' }))).toEqual({
      codigo: planoMensagens.codigoFormato,
    });
    expect(erros(centroCustoCreateSchema.safeParse({ nome: 'X' }))).toEqual({
      codigo: 'Código é obrigatório',
    });
  });

  it('a classe is receita or despesa', () => {
    expect(classeFinanceiraCreateSchema.parse({ codigo: '1', nome: 'Receitas', tipo: 'receita' }).tipo).toBe(
      'receita',
    );
    expect(erros(classeFinanceiraCreateSchema.safeParse({ codigo: '1', nome: 'Receitas' }))).toEqual({
      tipo: 'Informe se a classe é de receita ou de despesa',
    });
  });
});

describe('formas de pagamento', () => {
  it('a card keeps its taxa and prazo; other tipos clear them', () => {
    expect(
      formaPagamentoCreateSchema.parse({
        nome: 'Cielo crédito',
        tipo: 'cartao_credito',
        taxa_percentual: '3,49',
      }),
    ).toEqual({
      nome: 'Cielo crédito',
      tipo: 'cartao_credito',
      taxa_percentual: '3.4900',
      prazo_compensacao_dias: 0,
      ativo: true,
    });
    expect(
      formaPagamentoCreateSchema.parse({
        nome: 'PIX',
        tipo: 'pix',
        taxa_percentual: '1',
        prazo_compensacao_dias: 2,
      }),
    ).toMatchObject({ taxa_percentual: null, prazo_compensacao_dias: null });
  });

  it.each([
    [{ taxa_percentual: '101' }, { taxa_percentual: 'Taxa deve ser no máximo 100 %' }],
    [{ taxa_percentual: '-1' }, { taxa_percentual: 'Taxa não pode ser negativa' }],
    [{ taxa_percentual: '1,23456' }, { taxa_percentual: 'Taxa aceita no máximo 4 casas decimais' }],
    [
      { prazo_compensacao_dias: 366 },
      { prazo_compensacao_dias: 'Prazo de compensação deve ser no máximo 365' },
    ],
    [{ tipo: 'vale' }, { tipo: 'Tipo de forma de pagamento inválido' }],
  ])('%j refused', (campos, esperado) => {
    expect(
      erros(formaPagamentoCreateSchema.safeParse({ nome: 'Cartão', tipo: 'cartao_debito', ...campos })),
    ).toEqual(esperado);
  });
});

describe('condições de pagamento', () => {
  it.each([
    [{ dias: '0/30/60' }, [0, 30, 60]],
    [{ dias: ' 28/35/42 ' }, [28, 35, 42]],
    [{ dias: [30, 60, 90] }, [30, 60, 90]],
    [{ tipo: 'parcelas', parcelas: 3, intervalo_dias: 30 }, [30, 60, 90]],
    [{ tipo: 'parcelas', parcelas: '3', intervalo_dias: '30', primeiro_vencimento_dias: '15' }, [15, 45, 75]],
    [{ tipo: 'parcelas', parcelas: 4, intervalo_dias: 7, primeiro_vencimento_dias: 0 }, [0, 7, 14, 21]],
    [{ tipo: 'parcelas', parcelas: 1, primeiro_vencimento_dias: 28 }, [28]],
  ])('%j → dias %j', (campos, dias) => {
    expect(condicaoPagamentoCreateSchema.parse({ nome: 'Condição', ...campos }).dias).toEqual(dias);
  });

  it('normalises: the parcelas fields only for that tipo; an entrada of zero is none', () => {
    expect(
      condicaoPagamentoCreateSchema.parse({
        nome: '30/60',
        dias: '30/60',
        parcelas: 9,
        entrada_percentual: '0',
      }),
    ).toEqual({
      nome: '30/60',
      tipo: 'dias',
      dias: [30, 60],
      parcelas: null,
      intervalo_dias: null,
      primeiro_vencimento_dias: null,
      entrada_percentual: null,
      ativo: true,
    });
    expect(
      condicaoPagamentoCreateSchema.parse({ nome: 'Entrada + 2', dias: '30/60', entrada_percentual: '30' })
        .entrada_percentual,
    ).toBe('30.0000');
  });

  it.each([
    [{}, { dias: condicaoMensagens.diasVazios }],
    [{ dias: '60/30' }, { dias: condicaoMensagens.diasOrdem }],
    [{ dias: 'trinta' }, { dias: condicaoMensagens.diasFormato }],
    [{ dias: [30, 30] }, { dias: condicaoMensagens.diasOrdem }],
    [{ tipo: 'parcelas' }, { parcelas: 'Número de parcelas é obrigatório' }],
    [{ tipo: 'parcelas', parcelas: 3 }, { intervalo_dias: 'Intervalo é obrigatório' }],
    [
      { tipo: 'parcelas', parcelas: 61, intervalo_dias: 1 },
      { parcelas: 'Número de parcelas deve ser no máximo 60' },
    ],
    [
      { tipo: 'parcelas', parcelas: 3, intervalo_dias: 365, primeiro_vencimento_dias: 365 },
      { parcelas: condicaoMensagens.prazoMaximo },
    ],
    [{ dias: '30', entrada_percentual: '100' }, { entrada_percentual: condicaoMensagens.entradaMaximo }],
    [{ dias: '0/30', entrada_percentual: '10' }, { dias: condicaoMensagens.entradaComPrazoZero }],
  ])('%j refused', (campos, esperado) => {
    expect(erros(condicaoPagamentoCreateSchema.safeParse({ nome: 'Condição', ...campos }))).toEqual(esperado);
  });
});

describe('contas bancárias', () => {
  const conta = {
    nome: 'Itaú movimento',
    tipo: 'corrente',
    banco_codigo: '341',
    agencia: '1234',
    conta: '12.345',
    conta_digito: '6',
    titular: 'Distribuidora Exemplo Ltda',
    saldo_inicial: '-1.234,56',
    data_saldo_inicial: '2026-11-01',
    tipo_chave_pix: 'telefone',
    chave_pix: '(11) 98765-4321',
  };

  it('normalised, with the bank name from the official list', () => {
    expect(contaBancariaCreateSchema.parse(conta)).toEqual({
      nome: 'Itaú movimento',
      tipo: 'corrente',
      banco_codigo: '341',
      banco_nome: 'ITAÚ UNIBANCO S.A.',
      agencia: '1234',
      agencia_digito: null,
      conta: '12345',
      conta_digito: '6',
      titular: 'Distribuidora Exemplo Ltda',
      saldo_inicial: '-1234.56',
      data_saldo_inicial: '2026-11-01',
      tipo_chave_pix: 'telefone',
      chave_pix: '+5511987654321',
      carteira: null,
      convenio: null,
      ativa: true,
    });
    expect(contaBancariaCreateSchema.parse({ ...conta, banco_codigo: '1', conta_digito: 'x' })).toMatchObject(
      {
        banco_codigo: '001',
        banco_nome: 'Banco do Brasil S.A.',
        conta_digito: 'X',
      },
    );
  });

  it('a caixa keeps no bank fields', () => {
    expect(
      contaBancariaCreateSchema.parse({ ...conta, nome: 'Caixa', tipo: 'caixa', saldo_inicial: '' }),
    ).toMatchObject({
      banco_codigo: null,
      banco_nome: null,
      agencia: null,
      conta: null,
      conta_digito: null,
      tipo_chave_pix: null,
      chave_pix: null,
      saldo_inicial: '0.00',
    });
  });

  it.each([
    [{ banco_codigo: '999' }, { banco_codigo: contaBancariaFormMensagens.bancoNaoEncontrado }],
    [{ banco_codigo: '' }, { banco_codigo: contaBancariaFormMensagens.bancoObrigatorio }],
    [{ agencia: '' }, { agencia: contaBancariaFormMensagens.agenciaObrigatoria }],
    [{ agencia: '1234-5' }, { agencia: contaBancariaFormMensagens.agenciaFormato }],
    [{ agencia_digito: '12' }, { agencia_digito: contaBancariaFormMensagens.agenciaDigito }],
    [{ conta: '12345678901234' }, { conta: contaBancariaFormMensagens.contaFormato }],
    [{ conta_digito: null }, { conta_digito: contaBancariaFormMensagens.contaDigitoObrigatorio }],
    [{ conta_digito: 'Y' }, { conta_digito: contaBancariaFormMensagens.contaDigito }],
    [{ tipo_chave_pix: '' }, { tipo_chave_pix: contaBancariaFormMensagens.chaveSemTipo }],
    [{ chave_pix: '' }, { chave_pix: contaBancariaFormMensagens.chaveObrigatoria }],
    [
      { tipo_chave_pix: 'cpf', chave_pix: '111.111.111-11' },
      { chave_pix: 'Chave PIX inválida: CPF inválido' },
    ],
    [{ tipo_chave_pix: 'celular' }, { tipo_chave_pix: 'Tipo de chave PIX inválido' }],
    [{ saldo_inicial: '1,234' }, { saldo_inicial: 'Saldo inicial inválido' }],
    [{ data_saldo_inicial: '' }, { data_saldo_inicial: 'Data do saldo inicial é obrigatória' }],
    [{ data_saldo_inicial: '2026-02-30' }, { data_saldo_inicial: 'Data do saldo inicial inválida' }],
    [{ tipo: 'investimento' }, { tipo: 'Tipo de conta inválido' }],
  ])('%j refused', (campos, esperado) => {
    expect(erros(contaBancariaCreateSchema.safeParse({ ...conta, ...campos }))).toEqual(esperado);
  });
});

describe('títulos', () => {
  const receber = {
    tipo: 'receber',
    cliente_id: ID,
    vendedor_id: ID3,
    documento: 'NF 1234',
    descricao: 'Venda de mercadorias',
    emissao: '2026-11-23',
    valor: '1.000,00',
    vencimento: '2026-12-23',
    classe_financeira_id: ID2,
  };

  it('a single receivable, with the defaults left empty', () => {
    expect(tituloCreateSchema.parse(receber)).toEqual({
      tipo: 'receber',
      cliente_id: ID,
      fornecedor_id: null,
      vendedor_id: ID3,
      documento: 'NF 1234',
      descricao: 'Venda de mercadorias',
      emissao: '2026-11-23',
      valor: '1000.00',
      vencimento: '2026-12-23',
      condicao_pagamento_id: null,
      juros_mes_percentual: null,
      multa_percentual: null,
      desconto_valor: null,
      desconto_ate: null,
      classe_financeira_id: ID2,
      centro_custo_id: null,
      rateio: [],
      forma_id: null,
      conta_bancaria_id: null,
      origem: 'manual',
      observacoes: null,
    });
  });

  it('instalments of a condição; a payable keeps no customer or seller; a rateio', () => {
    const pagar = tituloCreateSchema.parse({
      ...receber,
      tipo: 'pagar',
      fornecedor_id: ID3,
      vencimento: '',
      condicao_pagamento_id: ID,
      rateio: [
        { centro_custo_id: ID, percentual: '33,3333' },
        { centro_custo_id: ID2, percentual: '66.6667' },
      ],
    });
    expect(pagar).toMatchObject({
      cliente_id: null,
      vendedor_id: null,
      fornecedor_id: ID3,
      vencimento: null,
      condicao_pagamento_id: ID,
      rateio: [
        { centro_custo_id: ID, percentual: '33.3333' },
        { centro_custo_id: ID2, percentual: '66.6667' },
      ],
    });
  });

  it('a desconto until a date; a zero desconto is none', () => {
    expect(
      tituloCreateSchema.parse({ ...receber, desconto_valor: '10', desconto_ate: '2026-12-10' }),
    ).toMatchObject({ desconto_valor: '10.00', desconto_ate: '2026-12-10' });
    expect(tituloCreateSchema.parse({ ...receber, desconto_valor: '0,00' })).toMatchObject({
      desconto_valor: null,
      desconto_ate: null,
    });
  });

  const m = tituloFormMensagens;
  it.each([
    [{ cliente_id: '' }, { cliente_id: m.clienteObrigatorio }],
    [{ tipo: 'pagar' }, { fornecedor_id: m.fornecedorObrigatorio }],
    [{ vencimento: '' }, { vencimento: m.vencimentoOuCondicao }],
    [{ condicao_pagamento_id: ID }, { condicao_pagamento_id: m.vencimentoECondicao }],
    [{ vencimento: '2026-11-22' }, { vencimento: m.vencimentoAntesEmissao }],
    [{ valor: '0' }, { valor: 'Valor deve ser maior que zero' }],
    [{ valor: '12,345' }, { valor: 'Valor inválido' }],
    [{ descricao: ' ' }, { descricao: 'Descrição é obrigatória' }],
    [{ classe_financeira_id: '' }, { classe_financeira_id: 'Classe financeira é obrigatória' }],
    [{ cliente_id: 'x' }, { cliente_id: 'Cliente inválido' }],
    [{ juros_mes_percentual: '120' }, { juros_mes_percentual: 'Taxa de juros deve ser no máximo 100 %' }],
    [{ desconto_valor: '10' }, { desconto_ate: m.descontoSemData }],
    [{ desconto_ate: '2026-12-01' }, { desconto_valor: m.descontoSemValor }],
    [{ desconto_valor: '1000', desconto_ate: '2026-12-01' }, { desconto_valor: m.descontoMaiorQueValor }],
    [{ desconto_valor: '10', desconto_ate: '2026-12-24' }, { desconto_ate: m.descontoDepoisVencimento }],
    [{ desconto_valor: '10', desconto_ate: '2026-11-01' }, { desconto_ate: m.descontoAntesEmissao }],
    [
      { vencimento: '', condicao_pagamento_id: ID, desconto_valor: '10', desconto_ate: '2026-12-01' },
      { desconto_valor: m.descontoComCondicao },
    ],
    [
      { centro_custo_id: ID, rateio: [{ centro_custo_id: ID, percentual: '100' }] },
      { centro_custo_id: m.centroERateio },
    ],
    [
      {
        rateio: [
          { centro_custo_id: ID, percentual: '50' },
          { centro_custo_id: ID2, percentual: '49,99' },
        ],
      },
      { rateio: rateioMensagens.soma('99.99') },
    ],
    [
      {
        rateio: [
          { centro_custo_id: ID, percentual: '50' },
          { centro_custo_id: ID, percentual: '50' },
        ],
      },
      { 'rateio.1.centro_custo_id': rateioMensagens.centroRepetido },
    ],
    [{ origem: 'pedido' }, { origem: 'Origem inválida' }],
  ])('%j refused', (campos, esperado) => {
    expect(erros(tituloCreateSchema.safeParse({ ...receber, ...campos }))).toEqual(esperado);
  });

  it('an edit needs the vencimento and the version', () => {
    const { tipo: _t, cliente_id: _c, vendedor_id: _v, ...campos } = receber;
    expect(tituloUpdateSchema.parse({ ...campos, versao: 3 })).toMatchObject({
      vencimento: '2026-12-23',
      versao: 3,
    });
    expect(erros(tituloUpdateSchema.safeParse({ ...campos, vencimento: '' }))).toEqual({
      vencimento: 'Data de vencimento é obrigatória',
      versao: 'Versão do registro é obrigatória',
    });
  });
});

describe('baixas, estorno, cancelamento', () => {
  const baixa = {
    data_pagamento: '2026-02-19',
    conta_bancaria_id: ID,
    valor_pago: '1.025,00',
    juros: '5',
    multa: '20,00',
  };

  it('a baixa: money normalised, empty charges are zero', () => {
    expect(baixaSchema.parse(baixa)).toEqual({
      data_pagamento: '2026-02-19',
      conta_bancaria_id: ID,
      forma_id: null,
      valor_pago: '1025.00',
      juros: '5.00',
      multa: '20.00',
      desconto: '0.00',
      observacao: null,
    });
  });

  it.each([
    [{ data_pagamento: '2999-01-01' }, { data_pagamento: tituloFormMensagens.pagamentoFuturo }],
    [{ data_pagamento: '' }, { data_pagamento: 'Data do pagamento é obrigatória' }],
    [{ conta_bancaria_id: '' }, { conta_bancaria_id: 'Conta bancária é obrigatória' }],
    [{ valor_pago: '0' }, { valor_pago: 'Valor pago deve ser maior que zero' }],
    [{ valor_pago: '25' }, { valor_pago: tituloMensagens.principalPositivo }],
    [{ juros: '-1' }, { juros: 'Valor dos juros inválido' }],
  ])('%j refused', (campos, esperado) => {
    expect(erros(baixaSchema.safeParse({ ...baixa, ...campos }))).toEqual(esperado);
  });

  it('baixa em lote', () => {
    expect(
      baixaEmLoteSchema.parse({
        titulo_ids: [ID, ID2],
        data_pagamento: '2026-02-19',
        conta_bancaria_id: ID3,
      }),
    ).toMatchObject({ titulo_ids: [ID, ID2], valor_pago: null });
    expect(
      erros(
        baixaEmLoteSchema.safeParse({
          titulo_ids: [ID, ID],
          data_pagamento: '2026-02-19',
          conta_bancaria_id: ID3,
        }),
      ),
    ).toEqual({ titulo_ids: 'Título repetido no lote' });
    expect(
      erros(
        baixaEmLoteSchema.safeParse({ titulo_ids: [], data_pagamento: '2026-02-19', conta_bancaria_id: ID3 }),
      ),
    ).toEqual({ titulo_ids: 'Selecione ao menos um título' });
  });

  it('estorno and cancelamento need a reason of at least 10 characters', () => {
    expect(estornoBaixaSchema.parse({ motivo: '  Pagamento em duplicidade ' })).toEqual({
      motivo: 'Pagamento em duplicidade',
    });
    expect(erros(estornoBaixaSchema.safeParse({ motivo: 'duplicado' }))).toEqual({
      motivo: tituloMensagens.motivoCurto,
    });
    expect(erros(cancelamentoTituloSchema.safeParse({}))).toEqual({ motivo: tituloMensagens.motivoCurto });
    expect(erros(cancelamentoTituloSchema.safeParse({ motivo: 'x'.repeat(501) }))).toEqual({
      motivo: 'Motivo deve ter no máximo 500 caracteres',
    });
  });
});

describe('queries and settings', () => {
  it('títulos list', () => {
    expect(
      titulosListQuerySchema.parse({
        status: 'vencidos',
        vencimento_de: '2026-11-01',
        vencimento_ate: '2026-11-30',
      }),
    ).toMatchObject({ status: 'vencidos', sort: 'vencimento', dir: 'asc', page: 1 });
    expect(erros(titulosListQuerySchema.safeParse({ status: 'x' }))).toEqual({ status: 'Status inválido' });
    expect(
      erros(titulosListQuerySchema.safeParse({ vencimento_de: '2026-12-01', vencimento_ate: '2026-11-30' })),
    ).toEqual({ vencimento_ate: 'A data final deve ser igual ou posterior à inicial' });
  });

  it('fluxo de caixa: at most two years', () => {
    expect(fluxoCaixaQuerySchema.parse({ de: '2027-01-01', ate: '2027-12-31' })).toEqual({
      de: '2027-01-01',
      ate: '2027-12-31',
      agrupamento: 'dia',
    });
    expect(fluxoCaixaQuerySchema.safeParse({ de: '2027-01-01', ate: '2028-12-31' }).success).toBe(true); // 731 days
    expect(erros(fluxoCaixaQuerySchema.safeParse({ de: '2027-01-01', ate: '2029-01-01' }))).toEqual({
      ate: relatorioMensagens.periodoLongo,
    });
    expect(erros(fluxoCaixaQuerySchema.safeParse({ de: '2027-01-02', ate: '2027-01-01' }))).toEqual({
      ate: relatorioMensagens.periodo,
    });
    expect(
      erros(fluxoCaixaQuerySchema.safeParse({ de: '2027-01-01', ate: '2027-01-31', agrupamento: 'ano' })),
    ).toEqual({ agrupamento: 'Agrupamento inválido' });
  });

  it('resumo por classe: a month', () => {
    expect(resumoClassesQuerySchema.parse({ mes: '2027-02' })).toEqual({ mes: '2027-02' });
    expect(erros(resumoClassesQuerySchema.safeParse({ mes: '2027-13' }))).toEqual({
      mes: relatorioMensagens.mes,
    });
  });

  it('settings: juros and multa defaults', () => {
    expect(
      financeiroConfiguracoesSchema.parse({ juros_mes_percentual: '1', multa_percentual: '2,5' }),
    ).toEqual({
      juros_mes_percentual: '1.0000',
      multa_percentual: '2.5000',
    });
  });
});

describe('hostile input', () => {
  const hostis: unknown[] = [
    null,
    '',
    'abc',
    '\u0000',
    -1,
    1e308,
    Number.NaN,
    '9'.repeat(40),
    '2026-02-30',
    [],
    {},
    { a: 1 },
    ['x'],
    [{ centro_custo_id: 'x', percentual: 'y' }],
    true,
  ];
  const schemas = {
    centroCustoCreateSchema,
    classeFinanceiraCreateSchema,
    formaPagamentoCreateSchema,
    condicaoPagamentoCreateSchema,
    contaBancariaCreateSchema,
    tituloCreateSchema,
    tituloUpdateSchema,
    baixaSchema,
    baixaEmLoteSchema,
    estornoBaixaSchema,
    titulosListQuerySchema,
    fluxoCaixaQuerySchema,
  };
  const base = {
    tipo: 'receber',
    cliente_id: ID,
    descricao: 'x',
    emissao: '2026-11-23',
    valor: '10',
    vencimento: '2026-12-01',
    classe_financeira_id: ID2,
    data_pagamento: '2026-11-20',
    conta_bancaria_id: ID,
    valor_pago: '10',
    nome: 'x',
    codigo: '1',
    dias: '30',
    banco_codigo: '341',
    agencia: '1',
    conta: '1',
    conta_digito: '1',
    data_saldo_inicial: '2026-11-01',
    de: '2027-01-01',
    ate: '2027-01-31',
  };
  const campos = [
    ...new Set([
      ...Object.keys(base),
      'rateio',
      'desconto_valor',
      'desconto_ate',
      'juros',
      'multa',
      'desconto',
      'entrada_percentual',
      'parcelas',
      'intervalo_dias',
      'taxa_percentual',
      'saldo_inicial',
      'chave_pix',
      'tipo_chave_pix',
      'titulo_ids',
      'motivo',
      'status',
      'vencimento_de',
      'vencimento_ate',
      'versao',
    ]),
  ];

  it('every field of every schema: a 400 (failure) or a value, never an exception', () => {
    for (const [nome, schema] of Object.entries(schemas))
      for (const campo of campos)
        for (const valor of hostis)
          expect(
            () => schema.safeParse({ ...base, [campo]: valor }),
            `${nome}.${campo} = ${String(valor)}`,
          ).not.toThrow();
  });
});
