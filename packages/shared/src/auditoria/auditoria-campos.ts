import { indicadorIeLabels, tipoPessoaLabels } from '../cadastros/pessoa.schema.ts';
import { tipoBloqueioLabels } from '../comercial/bloqueios-pedido.ts';
import { tipoDescontoLabels } from '../comercial/calculo-pedido.ts';
import { modalidadeFreteLabels } from '../comercial/pedido.schema.ts';
import { statusPedidoLabels } from '../comercial/status-pedido.ts';
import { statusPedidoCompraLabels } from '../compras/status-pedido-compra.ts';
import { destinoDevolucaoLabels, motivoDevolucaoLabels } from '../devolucoes/motivos.ts';
import { statusDevolucaoLabels } from '../devolucoes/status-devolucao.ts';
import { assinaturaLabels, statusEntradaLabels } from '../entradas/entradas.schema.ts';
import { situacaoInventarioLabels } from '../estoque/inventario.schema.ts';
import { tipoLocalLabels } from '../estoque/locais.ts';
import { origemLabels } from '../estoque/origem.ts';
import { statusConferenciaLabels } from '../expedicao/conferencia.ts';
import { statusCargaLabels, statusEntregaLabels } from '../expedicao/status-carga.ts';
import { tipoCondicaoLabels } from '../financeiro/cadastros-financeiro.schema.ts';
import { tipoChavePixLabels } from '../financeiro/chave-pix.ts';
import { tipoContaBancariaLabels } from '../financeiro/conta-bancaria.ts';
import { tipoFormaLabels } from '../financeiro/formas-pagamento.ts';
import { tipoClasseLabels } from '../financeiro/plano-gerencial.ts';
import { statusTituloLabels } from '../financeiro/titulo-status.ts';
import { origemTituloLabels } from '../financeiro/titulos.schema.ts';
import { ambienteLabels } from '../fiscal/configuracao-fiscal.schema.ts';
import { funcaoLabels } from '../frota/funcionarios.schema.ts';
import { tipoVeiculoLabels } from '../frota/habilitacao.ts';
import { tipoCarroceriaLabels, tipoProprietarioLabels, tipoRodadoLabels } from '../frota/veiculos.schema.ts';
import { statusMdfeLabels } from '../mdfe/status-mdfe.ts';
import { statusNotaLabels } from '../notasfiscais/status-nota.ts';
import { escopoTabelaLabels, regraPrecoLabels, tipoFaixaLabels } from '../precos/tabela-precos.schema.ts';
import {
  crtLabels,
  csosnLabels,
  cstIbsCbsLabels,
  cstIcmsLabels,
  cstIpiLabels,
  cstPisCofinsLabels,
  operacaoFiscalLabels,
  sentidoNfLabels,
  tipoDestinatarioLabels,
} from '../tributacao/dominios.ts';
import { destinoLabels } from '../tributacao/regra.schema.ts';

/**
 * How a value of an audited field reads for a person (see auditValueText):
 * - `dinheiro` R$ 15.000,50 · `quantidade` 12,5 · `percentual` 5,5%
 * - `data` dd/mm/aaaa · `instante` dd/mm/aaaa, hh:mm (São Paulo)
 * - `registro` the linked record's name (razão social, nome, e-mail), resolved when the log is read
 * - `municipio` / `municipios` IBGE codes as "Município/UF"
 * - `dias_semana` 0–6 as "Segunda, Quarta" · `faixas_cep` "01000-000 a 01999-999"
 * - `documento` CPF/CNPJ, `cep`, `telefone` with their masks
 * - `codigo` a code named by the field's `codigos` · `papeis` role names
 * - none: text as it is, booleans Sim/Não, ISO dates and instants in pt-BR, lists joined by commas
 */
export type AuditFormato =
  | 'dinheiro'
  | 'quantidade'
  | 'percentual'
  | 'data'
  | 'instante'
  | 'registro'
  | 'municipio'
  | 'municipios'
  | 'dias_semana'
  | 'faixas_cep'
  | 'documento'
  | 'cep'
  | 'telefone'
  | 'codigo'
  | 'papeis';

export type AuditCampo = {
  /** pt-BR name of the field */
  rotulo: string;
  formato?: AuditFormato;
  /** `registro`: the audited table the value is a key of (its names: auditEntidades) */
  tabela?: string;
  /** `codigo`: pt-BR name of each code; an unknown code shows as it is */
  codigos?: Readonly<Record<string, string>>;
};

const money = (rotulo: string): AuditCampo => ({ rotulo, formato: 'dinheiro' });
const qty = (rotulo: string): AuditCampo => ({ rotulo, formato: 'quantidade' });
const day = (rotulo: string): AuditCampo => ({ rotulo, formato: 'data' });
const instant = (rotulo: string): AuditCampo => ({ rotulo, formato: 'instante' });
const ref = (rotulo: string, tabela: string): AuditCampo => ({ rotulo, formato: 'registro', tabela });
const codes = (rotulo: string, codigos: Record<string, string>): AuditCampo => ({
  rotulo,
  formato: 'codigo',
  codigos,
});
const pct = (rotulo: string): AuditCampo => ({ rotulo, formato: 'percentual' });

/** The application settings (app_settings.chave) by name. */
const settingNames = {
  permitir_novos_cadastros: 'Permitir novos cadastros',
  permitir_estoque_negativo: 'Permitir estoque negativo',
  empresa_uf: 'UF da empresa',
  empresa_crt: 'Regime tributário (CRT) da empresa',
  empresa_regime_pis_cofins: 'Regime do PIS/COFINS da empresa',
  empresa_exclui_icms_pis_cofins: 'Exclui o ICMS da base do PIS/COFINS',
  financeiro_juros_mes_percentual: 'Juros de mora padrão (% a.m.)',
  financeiro_multa_percentual: 'Multa padrão (%)',
  comercial_dias_inadimplencia: 'Dias de atraso que bloqueiam vendas (inadimplência)',
  comercial_venda_sem_estoque: 'Permitir vender sem estoque (pedido pendente)',
  entradas_impostos_recuperaveis: 'ICMS/PIS/COFINS recuperáveis fora do custo das entradas',
  fiscal_emitente: 'Emitente da NF-e',
  fiscal_ambiente: 'Ambiente da NF-e',
  fiscal_responsavel_tecnico: 'Responsável técnico da NF-e',
  fiscal_informacoes_complementares: 'Informações complementares padrão da NF-e',
  compras_limite_aprovacao: 'Limite de valor dos pedidos de compra sem aprovação',
  compras_papeis_aprovadores: 'Papéis que aprovam compras',
  compras_tolerancia_quantidade_percentual: 'Tolerância de quantidade no recebimento do pedido de compra (%)',
  compras_tolerancia_preco_percentual: 'Tolerância de preço no recebimento do pedido de compra (%)',
  compras_prazo_padrao_dias: 'Prazo de entrega padrão da sugestão de compra (dias)',
  compras_dias_cobertura: 'Dias de cobertura da sugestão de compra',
  compras_dias_seguranca: 'Dias de segurança da sugestão de compra',
};

const linkKinds = {
  signup: 'Link de cadastro',
  invite: 'Link de convite',
  recovery: 'Link de recuperação de senha',
};

/** Reasons an account event records (`motivo`): recordAuthEvent accepts only these. */
export const auditMotivos = {
  senha_incorreta: 'Senha incorreta',
  usuario_inexistente: 'E-mail não cadastrado',
  usuario_desativado: 'Usuário desativado',
  email_nao_confirmado: 'E-mail não confirmado',
  reuso_refresh_token: 'Token de renovação reutilizado (sessões encerradas por segurança)',
  limite_tentativas: 'Limite de tentativas excedido',
  senha_atual_incorreta: 'Senha atual incorreta',
} as const;
export type AuditMotivo = keyof typeof auditMotivos;

/**
 * The one map of audited fields: every column of every audited table (every table with
 * `audit_attach`) and every key the account events write (recordAuthEvent), with its pt-BR name,
 * how its value reads and, for a key of another record, the linked table. A column means the same
 * in every table unless a `tabela.coluna` entry says otherwise. A test fails when an audited
 * column has no entry here, so a new module adds its columns.
 */
export const auditCampos = {
  // bookkeeping columns every table has
  id: { rotulo: 'ID' },
  created_at: instant('Criado em'),
  updated_at: instant('Atualizado em'),
  versao: { rotulo: 'Versão' },
  ativo: { rotulo: 'Ativo' },
  busca: { rotulo: 'Texto de busca' },
  nome: { rotulo: 'Nome' },
  descricao: { rotulo: 'Descrição' },
  codigo: { rotulo: 'Código' },
  observacoes: { rotulo: 'Observações' },

  // auth: accounts (named by the account events)
  email: { rotulo: 'E-mail' },
  email_confirmed_at: instant('E-mail confirmado em'),
  invited_at: instant('Convidado em'),
  last_sign_in_at: instant('Último acesso em'),
  confirmation_sent_at: instant('Confirmação enviada em'),
  recovery_sent_at: instant('Recuperação enviada em'),
  user_metadata: { rotulo: 'Dados do usuário' },
  user_id: ref('Usuário', 'users'),

  // configuracoes: key/value settings
  'app_settings.chave': codes('Configuração', settingNames),
  'app_settings.valor': { rotulo: 'Valor' },

  // usuarios: roles and profiles
  role: { rotulo: 'Papel', formato: 'papeis' },
  nome_completo: { rotulo: 'Nome completo' },
  cargo: { rotulo: 'Cargo' },
  departamento: { rotulo: 'Departamento' },

  // cadastros: classifications, sellers, customers, suppliers
  bloqueia_vendas: { rotulo: 'Bloqueia vendas' },
  dias_entrega: { rotulo: 'Dias de entrega', formato: 'dias_semana' },
  municipios: { rotulo: 'Municípios', formato: 'municipios' },
  faixas_cep: { rotulo: 'Faixas de CEP', formato: 'faixas_cep' },
  cpf: { rotulo: 'CPF', formato: 'documento' },
  telefone: { rotulo: 'Telefone', formato: 'telefone' },
  comissao: { rotulo: 'Comissão', formato: 'percentual' },
  tipo_pessoa: codes('Tipo de pessoa', tipoPessoaLabels),
  documento: { rotulo: 'CPF/CNPJ', formato: 'documento' },
  razao_social: { rotulo: 'Razão social' },
  nome_fantasia: { rotulo: 'Nome fantasia' },
  inscricao_estadual: { rotulo: 'Inscrição estadual' },
  indicador_ie: codes('Indicador de IE', indicadorIeLabels),
  email_nfe: { rotulo: 'E-mail para NF-e' },
  celular: { rotulo: 'Celular', formato: 'telefone' },
  cep: { rotulo: 'CEP', formato: 'cep' },
  logradouro: { rotulo: 'Logradouro' },
  numero: { rotulo: 'Número' },
  complemento: { rotulo: 'Complemento' },
  bairro: { rotulo: 'Bairro' },
  municipio: { rotulo: 'Município' },
  codigo_municipio: { rotulo: 'Município (IBGE)', formato: 'municipio' },
  uf: { rotulo: 'UF' },
  vendedor_id: ref('Vendedor', 'vendedores'),
  grupo_id: ref('Grupo empresarial', 'grupos_empresariais'),
  segmento_id: ref('Segmento', 'segmentos'),
  regiao_id: ref('Região de entrega', 'regioes_entrega'),
  situacao_id: ref('Situação', 'situacoes_cliente'),
  limite_credito: money('Limite de crédito'),
  prazo_medio_entrega: { rotulo: 'Prazo médio de entrega (dias)' },

  // estoque: products
  ean: { rotulo: 'EAN' },
  ncm: { rotulo: 'NCM' },
  unidade: ref('Unidade', 'unidades'),
  preco_custo: money('Preço de custo'),
  preco_venda: money('Preço de venda'),
  estoque_atual: qty('Estoque atual'),
  estoque_minimo: qty('Estoque mínimo'),
  estoque_maximo: qty('Estoque máximo'),
  product_id: ref('Produto', 'products'),
  quantidade: qty('Quantidade'),
  descricao_complementar: { rotulo: 'Descrição complementar' },
  marca: { rotulo: 'Marca' },
  'products.grupo_id': ref('Grupo de estoque', 'grupos_estoque'),
  categoria_id: ref('Categoria', 'categorias'),
  fornecedor_id: ref('Fornecedor principal', 'fornecedores'),
  gtin: { rotulo: 'GTIN' },
  cest: { rotulo: 'CEST' },
  'products.origem': codes('Origem da mercadoria', origemLabels),
  peso_bruto: qty('Peso bruto (kg)'),
  peso_liquido: qty('Peso líquido (kg)'),
  volume: { rotulo: 'Volume (m³)' },
  custo_medio: { rotulo: 'Custo médio' },
  estoque_reservado: qty('Estoque reservado'),
  controla_lote: { rotulo: 'Controla lote e validade' },

  // estoque: units, locations, packaging, lots, inventory counts
  sigla: { rotulo: 'Sigla' },
  casas_decimais: { rotulo: 'Casas decimais' },
  'locais_estoque.tipo': codes('Tipo', tipoLocalLabels),
  padrao_entrada: { rotulo: 'Padrão de entrada' },
  padrao_saida: { rotulo: 'Padrão de saída' },
  produto_id: ref('Produto', 'products'),
  fator: qty('Fator'),
  padrao_compra: { rotulo: 'Padrão de compra' },
  padrao_venda: { rotulo: 'Padrão de venda' },
  'produto_embalagens.peso_bruto': qty('Peso bruto da caixa (kg)'),
  'produto_embalagens.altura': qty('Altura da caixa (cm)'),
  'produto_embalagens.largura': qty('Largura da caixa (cm)'),
  'produto_embalagens.comprimento': qty('Comprimento da caixa (cm)'),
  fabricacao: day('Data de fabricação'),
  validade: day('Validade'),
  local_id: ref('Local de estoque', 'locais_estoque'),
  'inventarios.grupo_id': ref('Grupo de estoque', 'grupos_estoque'),
  'inventarios.situacao': codes('Situação', situacaoInventarioLabels),
  observacao: { rotulo: 'Observação' },
  aberto_em: instant('Aberto em'),
  aberto_por: ref('Aberto por', 'users'),
  lancado_em: instant('Lançado em'),
  lancado_por: ref('Lançado por', 'users'),

  // precos: price tables, their customers, items and quantity breaks
  vigencia_inicio: day('Início da vigência'),
  vigencia_fim: day('Fim da vigência'),
  ativa: { rotulo: 'Ativa' },
  'tabelas_preco.escopo': codes('Escopo', escopoTabelaLabels),
  tabela_id: ref('Tabela de preços', 'tabelas_preco'),
  regra: codes('Regra', regraPrecoLabels),
  preco: money('Preço'),
  percentual: { rotulo: 'Percentual', formato: 'percentual' },
  preco_minimo: money('Preço mínimo'),
  quantidade_minima: qty('A partir de (quantidade)'),
  'tabela_preco_faixas.tipo': codes('Tipo de faixa', tipoFaixaLabels),
  desconto_maximo: { rotulo: 'Desconto máximo', formato: 'percentual' },

  // tributacao: tax rules (tabela de tributação)
  'regras_tributacao.operacao': codes('Operação', operacaoFiscalLabels),
  'regras_tributacao.sentido': codes('Sentido', sentidoNfLabels),
  'regras_tributacao.crt': codes('Regime tributário (CRT)', crtLabels),
  ncm_prefixo: { rotulo: 'Prefixo de NCM' },
  uf_origem: { rotulo: 'UF de origem' },
  'regras_tributacao.destino': codes('Destino', destinoLabels),
  tipo_destinatario: codes('Tipo de destinatário', tipoDestinatarioLabels),
  cfop: { rotulo: 'CFOP' },
  cst_icms: codes('CST do ICMS', cstIcmsLabels),
  csosn: codes('CSOSN', csosnLabels),
  p_icms: pct('Alíquota do ICMS'),
  p_red_bc: pct('Redução da base de cálculo'),
  p_fcp: pct('FCP'),
  p_cred_sn: pct('Crédito do Simples Nacional'),
  p_mva_st: pct('MVA original'),
  ajusta_mva: { rotulo: 'Ajusta a MVA entre estados' },
  p_icms_st: pct('Alíquota do ICMS-ST'),
  p_red_bc_st: pct('Redução da base do ICMS-ST'),
  p_fcp_st: pct('FCP-ST'),
  p_icms_uf_dest: pct('Alíquota interna da UF de destino'),
  p_fcp_uf_dest: pct('FCP da UF de destino'),
  cst_ipi: codes('CST do IPI', cstIpiLabels),
  c_enq: { rotulo: 'Enquadramento do IPI' },
  p_ipi: pct('Alíquota do IPI'),
  cst_pis: codes('CST do PIS', cstPisCofinsLabels),
  p_pis: pct('Alíquota do PIS'),
  cst_cofins: codes('CST da COFINS', cstPisCofinsLabels),
  p_cofins: pct('Alíquota da COFINS'),
  cst_ibs_cbs: codes('CST do IBS/CBS', cstIbsCbsLabels),
  c_class_trib: { rotulo: 'Classificação tributária (cClassTrib)' },
  p_ibs_uf: pct('Alíquota do IBS estadual'),
  p_ibs_mun: pct('Alíquota do IBS municipal'),
  p_cbs: pct('Alíquota da CBS'),
  p_red_aliq: pct('Redução das alíquotas do IBS e da CBS'),

  // comercial: orders and their items
  cliente_id: ref('Cliente', 'clientes'),
  cliente_nome: { rotulo: 'Nome do cliente' },
  data_emissao: day('Data de emissão'),
  valor_total: money('Valor total'),
  'sales_orders.status': codes('Status', { ...statusPedidoLabels, aberto: 'Aberto' }),
  order_id: ref('Pedido', 'sales_orders'),
  produto_nome: { rotulo: 'Nome do produto' },
  preco_unitario: money('Preço unitário'),
  subtotal: money('Subtotal'),

  // financeiro: payables and receivables
  'financial_accounts.tipo': codes('Tipo', { receber: 'A receber', pagar: 'A pagar' }),
  'financial_accounts.status': codes('Status', statusTituloLabels),
  valor: money('Valor'),
  data_vencimento: day('Data de vencimento'),
  fornecedor_nome: { rotulo: 'Fornecedor' },
  sales_order_id: ref('Pedido de venda', 'sales_orders'),
  'financial_accounts.origem': codes('Origem', origemTituloLabels),
  'financial_accounts.origem_id': { rotulo: 'Documento de origem' },
  'financial_accounts.saldo': money('Saldo'),
  'financial_accounts.documento': { rotulo: 'Documento' },
  'financial_accounts.pessoa_nome': { rotulo: 'Pessoa' },
  'financial_accounts.parcela': { rotulo: 'Parcela' },
  'financial_accounts.total_parcelas': { rotulo: 'Total de parcelas' },
  'financial_accounts.juros_mes_percentual': pct('Juros de mora (% a.m.)'),
  'financial_accounts.multa_percentual': pct('Multa'),
  'financial_accounts.desconto_valor': money('Desconto'),
  'financial_accounts.desconto_ate': day('Desconto até'),
  'financial_accounts.comissao_valor': money('Comissão do vendedor'),
  'financial_accounts.motivo_cancelamento': { rotulo: 'Motivo do cancelamento' },
  classe_financeira_id: ref('Classe financeira', 'classes_financeiras'),
  centro_custo_id: ref('Centro de custo', 'centros_custo'),
  forma_id: ref('Forma de pagamento', 'formas_pagamento'),
  conta_bancaria_id: ref('Conta bancária', 'contas_bancarias'),
  titulo_id: ref('Título', 'financial_accounts'),
  'classes_financeiras.tipo': codes('Tipo', tipoClasseLabels),
  'formas_pagamento.tipo': codes('Tipo', tipoFormaLabels),
  'formas_pagamento.taxa_percentual': pct('Taxa'),
  'formas_pagamento.prazo_compensacao_dias': { rotulo: 'Prazo de compensação (dias)' },
  'condicoes_pagamento.tipo': codes('Tipo', tipoCondicaoLabels),
  'condicoes_pagamento.dias': { rotulo: 'Prazos (dias)' },
  'condicoes_pagamento.parcelas': { rotulo: 'Número de parcelas' },
  'condicoes_pagamento.intervalo_dias': { rotulo: 'Intervalo (dias)' },
  'condicoes_pagamento.primeiro_vencimento_dias': { rotulo: 'Primeiro vencimento (dias)' },
  'condicoes_pagamento.entrada_percentual': pct('Entrada'),
  'contas_bancarias.tipo': codes('Tipo', tipoContaBancariaLabels),
  'contas_bancarias.banco_codigo': { rotulo: 'Código do banco' },
  'contas_bancarias.banco_nome': { rotulo: 'Banco' },
  'contas_bancarias.agencia': { rotulo: 'Agência' },
  'contas_bancarias.agencia_digito': { rotulo: 'Dígito da agência' },
  'contas_bancarias.conta': { rotulo: 'Conta' },
  'contas_bancarias.conta_digito': { rotulo: 'Dígito da conta' },
  'contas_bancarias.titular': { rotulo: 'Titular' },
  'contas_bancarias.saldo_inicial': money('Saldo inicial'),
  'contas_bancarias.data_saldo_inicial': day('Data do saldo inicial'),
  'contas_bancarias.tipo_chave_pix': codes('Tipo de chave PIX', tipoChavePixLabels),
  'contas_bancarias.chave_pix': { rotulo: 'Chave PIX' },
  'contas_bancarias.carteira': { rotulo: 'Carteira' },
  'contas_bancarias.convenio': { rotulo: 'Convênio' },
  'baixas.data_pagamento': day('Data do pagamento'),
  'baixas.valor_pago': money('Valor pago'),
  'baixas.juros': money('Juros'),
  'baixas.multa': money('Multa'),
  'baixas.desconto': money('Desconto'),
  'baixas.principal': money('Principal'),
  'baixas.comissao': money('Comissão'),
  'baixas.comissao_titulo_id': ref('Título da comissão', 'financial_accounts'),
  'baixas.lote_id': { rotulo: 'Lote' },
  'baixas.estornada': { rotulo: 'Estornada' },
  'baixas.estornada_em': instant('Estornada em'),
  'baixas.estorno_motivo': { rotulo: 'Motivo do estorno' },

  // sales orders: the header and items of issue 14
  'sales_orders.criado_por': ref('Criado por', 'users'),
  'sales_orders.condicao_pagamento_id': ref('Condição de pagamento', 'condicoes_pagamento'),
  'sales_orders.forma_pagamento_id': ref('Forma de pagamento', 'formas_pagamento'),
  'sales_orders.tabela_preco_id': ref('Tabela de preços', 'tabelas_preco'),
  'sales_orders.data_entrega': day('Data de entrega'),
  'sales_orders.modalidade_frete': codes('Modalidade do frete', modalidadeFreteLabels),
  'sales_orders.desconto_tipo': codes('Tipo do desconto do pedido', tipoDescontoLabels),
  'sales_orders.desconto': money('Desconto do pedido (informado)'),
  'sales_orders.valor_produtos': money('Valor dos produtos'),
  'sales_orders.valor_desconto_itens': money('Descontos dos itens'),
  'sales_orders.valor_desconto_pedido': money('Desconto do pedido'),
  'sales_orders.valor_descontos': money('Descontos'),
  'sales_orders.valor_st': money('ICMS-ST'),
  'sales_orders.valor_fcp_st': money('FCP-ST'),
  'sales_orders.valor_ipi': money('IPI'),
  'sales_orders.valor_frete': money('Frete'),
  'sales_orders.comissao_percentual': pct('Comissão (%)'),
  'sales_orders.comissao_valor': money('Comissão'),
  'sales_orders.observacoes_nota': { rotulo: 'Observações para a nota' },
  'sales_orders.motivo_cancelamento': { rotulo: 'Motivo do cancelamento' },
  'sales_orders.impressoes': { rotulo: 'Valores medidos pelos bloqueios' },
  'sales_orders.bloqueios_pendentes': { rotulo: 'Bloqueios pendentes' },
  'sales_order_items.sequencia': { rotulo: 'Item nº' },
  'sales_order_items.embalagem': { rotulo: 'Embalagem' },
  'sales_order_items.quantidade_embalagem': qty('Quantidade (na embalagem)'),
  'sales_order_items.preco_tabela': money('Preço de tabela'),
  'sales_order_items.desconto_tipo': codes('Tipo do desconto', tipoDescontoLabels),
  'sales_order_items.desconto': money('Desconto (informado)'),
  'sales_order_items.desconto_item': money('Desconto do item'),
  'sales_order_items.desconto_rateado': money('Desconto do pedido rateado'),
  'sales_order_items.valor_desconto': money('Desconto'),
  'sales_order_items.valor_produtos': money('Valor dos produtos'),
  'sales_order_items.valor_st': money('ICMS-ST'),
  'sales_order_items.valor_fcp_st': money('FCP-ST'),
  'sales_order_items.valor_ipi': money('IPI'),
  'sales_order_items.valor_frete': money('Frete'),
  'sales_order_items.regra_tributacao_id': { rotulo: 'Regra de tributação' },
  'sales_order_items.impostos': { rotulo: 'Impostos' },
  'financial_accounts.nosso_numero': { rotulo: 'Nosso número' },

  // sales orders: blockers, releases, status history (issue 14)
  'pedido_bloqueios.tipo': codes('Bloqueio', tipoBloqueioLabels),
  'pedido_bloqueios.impressao': { rotulo: 'Valores medidos' },
  'pedido_liberacoes.tipo': codes('Bloqueio liberado', tipoBloqueioLabels),
  'pedido_liberacoes.impressao': { rotulo: 'Valores liberados' },
  'pedido_liberacoes.justificativa': { rotulo: 'Justificativa' },
  'pedido_liberacoes.usuario': { rotulo: 'Liberado por' },
  'pedido_historico.de': codes('De', statusPedidoLabels),
  'pedido_historico.para': codes('Para', statusPedidoLabels),
  'pedido_historico.usuario': { rotulo: 'Usuário' },

  // fleet (issue 16)
  'funcionarios.funcao': codes('Função', funcaoLabels),
  'funcionarios.data_admissao': day('Data de admissão'),
  'funcionarios.cnh_numero': { rotulo: 'CNH (número)' },
  'funcionarios.cnh_categoria': { rotulo: 'CNH (categoria)' },
  'funcionarios.cnh_validade': day('CNH (validade)'),
  'veiculos.placa': { rotulo: 'Placa' },
  'veiculos.placa_mercosul': { rotulo: 'Placa (padrão Mercosul)' },
  'veiculos.renavam': { rotulo: 'RENAVAM' },
  'veiculos.tipo': codes('Tipo', tipoVeiculoLabels),
  'veiculos.modelo': { rotulo: 'Modelo' },
  'veiculos.ano': { rotulo: 'Ano' },
  'veiculos.tara': { rotulo: 'Tara (kg)' },
  'veiculos.capacidade': { rotulo: 'Capacidade de carga (kg)' },
  'veiculos.valor_maximo_carga': money('Valor máximo de carga'),
  'veiculos.motorista_padrao_id': ref('Motorista padrão', 'funcionarios'),
  'veiculos.proprio': { rotulo: 'Próprio' },
  'veiculos.tipo_rodado': codes('Tipo de rodado', tipoRodadoLabels),
  'veiculos.tipo_carroceria': codes('Tipo de carroceria', tipoCarroceriaLabels),
  'veiculos.proprietario_nome': { rotulo: 'Proprietário' },
  'veiculos.proprietario_documento': { rotulo: 'CPF/CNPJ do proprietário', formato: 'documento' },
  'veiculos.proprietario_tipo': codes('Tipo de proprietário', tipoProprietarioLabels),
  'veiculos.proprietario_ie': { rotulo: 'Inscrição estadual do proprietário' },
  'veiculos.proprietario_uf': { rotulo: 'UF do proprietário' },
  'veiculos.rntrc': { rotulo: 'RNTRC' },
  'veiculos.licenciamento_vencimento': day('Vencimento do licenciamento'),
  // dispatch (issue 21)
  'cargas.numero': { rotulo: 'Número da carga' },
  'cargas.data_saida_prevista': day('Saída prevista'),
  'cargas.veiculo_id': ref('Veículo', 'veiculos'),
  'cargas.motorista_id': ref('Motorista', 'funcionarios'),
  'cargas.ajudantes': { rotulo: 'Ajudantes' },
  'cargas.regioes': { rotulo: 'Regiões de entrega' },
  'cargas.status': codes('Situação', statusCargaLabels),
  'cargas.observacoes': { rotulo: 'Observações' },
  'cargas.excesso_justificativa': { rotulo: 'Justificativa do excesso de capacidade' },
  'cargas.excesso_descricao': { rotulo: 'Limites excedidos' },
  'cargas.excesso_por': ref('Excesso liberado por', 'users'),
  'cargas.excesso_em': instant('Excesso liberado em'),
  'cargas.motorista_justificativa': { rotulo: 'Justificativa do motorista' },
  'cargas.motorista_por': ref('Motorista liberado por', 'users'),
  'cargas.motorista_em': instant('Motorista liberado em'),
  'cargas.motivo_cancelamento': { rotulo: 'Motivo do cancelamento' },
  'cargas.criado_por': ref('Criada por', 'users'),
  'cargas_pedidos.carga_id': ref('Carga', 'cargas'),
  'cargas_pedidos.pedido_id': ref('Pedido', 'sales_orders'),
  'cargas_pedidos.sequencia': { rotulo: 'Ordem de entrega' },
  'cargas_pedidos.ativo': { rotulo: 'Na carga' },
  'cargas_pedidos.entrega_status': codes('Entrega', statusEntregaLabels),
  'cargas_pedidos.entrega_motivo': { rotulo: 'Motivo da devolução' },
  'cargas_pedidos.entrega_em': instant('Entrega registrada em'),
  'cargas_pedidos.entrega_por': ref('Entrega registrada por', 'users'),
  'cargas_historico.carga_id': ref('Carga', 'cargas'),
  'cargas_historico.de': codes('De', statusCargaLabels),
  'cargas_historico.para': codes('Para', statusCargaLabels),
  'cargas_historico.motivo': { rotulo: 'Motivo' },
  'cargas_historico.usuario': { rotulo: 'Usuário' },
  'conferencias.pedido_id': ref('Pedido', 'sales_orders'),
  'conferencias.carga_id': ref('Carga', 'cargas'),
  'conferencias.status': codes('Situação', statusConferenciaLabels),
  'conferencias.conferente_id': ref('Conferente', 'users'),
  'conferencias.conferente': { rotulo: 'Conferente (e-mail)' },
  'conferencias.iniciada_em': instant('Iniciada em'),
  'conferencias.finalizada_em': instant('Conferida em'),
  'conferencias.ajustada': { rotulo: 'Pedido ajustado à contagem' },
  'conferencias_leituras.conferencia_id': ref('Conferência', 'conferencias'),
  'conferencias_leituras.pedido_id': ref('Pedido', 'sales_orders'),
  'conferencias_leituras.produto_id': ref('Produto', 'products'),
  'conferencias_leituras.codigo': { rotulo: 'Código lido' },
  'conferencias_leituras.embalagem': { rotulo: 'Embalagem' },
  'conferencias_leituras.fator': qty('Fator'),
  'conferencias_leituras.quantidade': qty('Quantidade'),
  'conferencias_leituras.quantidade_base': qty('Quantidade na unidade base'),

  // goods receipt (issue 17)
  'entradas.status': codes('Situação', statusEntradaLabels),
  'entradas.chave': { rotulo: 'Chave de acesso' },
  'entradas.modelo': { rotulo: 'Modelo' },
  'entradas.serie': { rotulo: 'Série' },
  'entradas.emissao': instant('Emissão'),
  'entradas.natureza_operacao': { rotulo: 'Natureza da operação' },
  'entradas.emitente': { rotulo: 'Emitente (dados da nota)' },
  'entradas.emitente_documento': { rotulo: 'CNPJ/CPF do emitente', formato: 'documento' },
  'entradas.emitente_nome': { rotulo: 'Emitente' },
  'entradas.valor_produtos': money('Valor dos produtos'),
  'entradas.valor_desconto': money('Desconto'),
  'entradas.valor_frete': money('Frete'),
  'entradas.valor_seguro': money('Seguro'),
  'entradas.valor_outros': money('Outras despesas'),
  'entradas.valor_ipi': money('IPI'),
  'entradas.valor_icms_st': money('ICMS-ST'),
  'entradas.valor_icms': money('ICMS'),
  'entradas.valor_nota': money('Valor da nota'),
  'entradas.xml_original': { rotulo: 'XML original' },
  'entradas.xml_nome_arquivo': { rotulo: 'Arquivo XML' },
  'entradas.xsd_valido': { rotulo: 'Válida no schema (XSD)' },
  'entradas.xsd_erros': { rotulo: 'Erros de schema (XSD)' },
  'entradas.assinatura': codes('Assinatura', assinaturaLabels),
  'entradas.assinatura_motivo': { rotulo: 'Motivo (assinatura)' },
  'entradas.certificado': { rotulo: 'Certificado do emitente' },
  'entradas.assinatura_confirmada_por': ref('Assinatura confirmada por', 'users'),
  'entradas.assinatura_confirmada_em': instant('Assinatura confirmada em'),
  'entradas.alertas': { rotulo: 'Alertas' },
  'entradas.condicao_pagamento_id': ref('Condição de pagamento', 'condicoes_pagamento'),
  'entradas.criado_por': ref('Criada por', 'users'),
  'entradas.conferida_por': ref('Conferida por', 'users'),
  'entradas.conferida_em': instant('Conferida em'),
  'entradas.lancada_por': ref('Lançada por', 'users'),
  'entradas.lancada_em': instant('Lançada em'),
  'entradas.estornada_por': ref('Estornada por', 'users'),
  'entradas.estornada_em': instant('Estornada em'),
  'entradas.pedido_compra_id': ref('Pedido de compra', 'pedidos_compra'),
  'entradas.justificativa_divergencia': { rotulo: 'Justificativa da divergência com o pedido de compra' },

  // notasfiscais: outgoing NF-e and their events
  'notas_fiscais.pedido_id': ref('Pedido', 'sales_orders'),
  'notas_fiscais.modelo': { rotulo: 'Modelo' },
  'notas_fiscais.serie': { rotulo: 'Série' },
  'notas_fiscais.chave': { rotulo: 'Chave de acesso' },
  'notas_fiscais.status': codes('Situação', statusNotaLabels),
  'notas_fiscais.ambiente': codes('Ambiente', { '1': 'Produção', '2': 'Homologação' }),
  'notas_fiscais.tp_emis': { rotulo: 'Tipo de emissão' },
  'notas_fiscais.emissao': instant('Emissão'),
  'notas_fiscais.xml': { rotulo: 'XML assinado' },
  'notas_fiscais.xml_autorizado': { rotulo: 'XML autorizado (nfeProc)' },
  'notas_fiscais.protocolo': { rotulo: 'Protocolo' },
  'notas_fiscais.c_stat': { rotulo: 'Código de status da SEFAZ (cStat)' },
  'notas_fiscais.x_motivo': { rotulo: 'Motivo da SEFAZ (xMotivo)' },
  'notas_fiscais.created_by': ref('Emitida por', 'users'),
  'notas_fiscais_eventos.nota_id': ref('Nota fiscal', 'notas_fiscais'),
  'notas_fiscais_eventos.tipo': { rotulo: 'Evento' },
  'notas_fiscais_eventos.sequencia': { rotulo: 'Sequência do evento' },
  'notas_fiscais_eventos.c_stat': { rotulo: 'Código de status da SEFAZ (cStat)' },
  'notas_fiscais_eventos.x_motivo': { rotulo: 'Motivo da SEFAZ (xMotivo)' },
  'notas_fiscais_eventos.protocolo': { rotulo: 'Protocolo' },
  'notas_fiscais_eventos.xml': { rotulo: 'XML do evento' },
  'notas_fiscais_eventos.usuario': { rotulo: 'Usuário' },
  // SEFAZ (#20): number ranges voided (inutilização) and the contingência SVC periods
  'nfe_inutilizacoes.modelo': { rotulo: 'Modelo' },
  'nfe_inutilizacoes.serie': { rotulo: 'Série' },
  'nfe_inutilizacoes.numero_inicial': { rotulo: 'Número inicial' },
  'nfe_inutilizacoes.numero_final': { rotulo: 'Número final' },
  'nfe_inutilizacoes.justificativa': { rotulo: 'Justificativa' },
  'nfe_inutilizacoes.ambiente': codes('Ambiente', { '1': 'Produção', '2': 'Homologação' }),
  'nfe_inutilizacoes.protocolo': { rotulo: 'Protocolo' },
  'nfe_inutilizacoes.c_stat': { rotulo: 'Código de status da SEFAZ (cStat)' },
  'nfe_inutilizacoes.x_motivo': { rotulo: 'Motivo da SEFAZ (xMotivo)' },
  'nfe_inutilizacoes.xml': { rotulo: 'XML da inutilização' },
  'nfe_inutilizacoes.user_id': ref('Usuário', 'users'),
  'nfe_inutilizacoes.usuario': { rotulo: 'Usuário' },
  'sefaz_contingencias.uf': { rotulo: 'UF' },
  'sefaz_contingencias.autorizador': codes('Autorizador de contingência', {
    SVCAN: 'SVC-AN',
    SVCRS: 'SVC-RS',
  }),
  'sefaz_contingencias.inicio': instant('Início (dhCont)'),
  'sefaz_contingencias.justificativa': { rotulo: 'Justificativa' },
  'sefaz_contingencias.fim': instant('Fim'),

  // fiscal: NF-e séries and the A1 certificate's public part (the key is never audited)
  'nfe_series.serie': { rotulo: 'Série' },
  'nfe_series.proximo_numero': { rotulo: 'Próximo número' },
  'nfe_series.ativa': { rotulo: 'Ativa' },
  'nfe_series.padrao': { rotulo: 'Série padrão' },
  'certificados_a1.atual': { rotulo: 'Certificado atual' },
  'certificados_a1.titular': { rotulo: 'Titular' },
  'certificados_a1.cnpj': { rotulo: 'CNPJ do certificado', formato: 'documento' },
  'certificados_a1.emissor': { rotulo: 'Emissor' },
  'certificados_a1.numero_serie': { rotulo: 'Número de série' },
  'certificados_a1.valido_de': instant('Válido de'),
  'certificados_a1.valido_ate': instant('Válido até'),
  'certificados_a1.cert_pem': { rotulo: 'Certificado (PEM)' },
  'certificados_a1.cadeia_pem': { rotulo: 'Cadeia de certificação (PEM)' },
  'certificados_a1.enviado_por': ref('Enviado por', 'users'),
  'entradas.motivo_estorno': { rotulo: 'Motivo do estorno' },
  'entrada_itens.entrada_id': ref('Entrada', 'entradas'),
  'entrada_itens.n_item': { rotulo: 'Item nº' },
  'entrada_itens.c_prod': { rotulo: 'Código do fornecedor' },
  'entrada_itens.c_ean': { rotulo: 'GTIN (comercial)' },
  'entrada_itens.c_ean_trib': { rotulo: 'GTIN (tributável)' },
  'entrada_itens.x_prod': { rotulo: 'Descrição na nota' },
  'entrada_itens.u_com': { rotulo: 'Unidade comercial' },
  'entrada_itens.q_com': { rotulo: 'Quantidade comercial' },
  'entrada_itens.v_un_com': { rotulo: 'Valor unitário comercial' },
  'entrada_itens.u_trib': { rotulo: 'Unidade tributável' },
  'entrada_itens.q_trib': { rotulo: 'Quantidade tributável' },
  'entrada_itens.v_prod': money('Valor do produto'),
  'entrada_itens.v_desc': money('Desconto'),
  'entrada_itens.v_frete': money('Frete'),
  'entrada_itens.v_seg': money('Seguro'),
  'entrada_itens.v_outro': money('Outras despesas'),
  'entrada_itens.v_ipi': money('IPI'),
  'entrada_itens.v_icms_st': money('ICMS-ST'),
  'entrada_itens.v_icms': money('ICMS'),
  'entrada_itens.v_pis': money('PIS'),
  'entrada_itens.v_cofins': money('COFINS'),
  'entrada_itens.custo_total': money('Custo total'),
  'entrada_itens.embalagem_id': ref('Embalagem', 'produto_embalagens'),
  'entrada_itens.quantidade_base': qty('Quantidade (unidade base)'),
  'entrada_itens.custo_unitario': { rotulo: 'Custo unitário (unidade base)' },
  'entrada_itens.mapeamento': codes('Identificado por', {
    memoria: 'Código do fornecedor (aprendido)',
    gtin: 'GTIN',
    manual: 'Escolha manual',
  }),
  'entrada_itens.quantidade_conferida': qty('Quantidade conferida'),
  'entrada_itens.pedido_compra_item_id': ref('Item do pedido de compra', 'pedido_compra_itens'),
  'entrada_itens.dados': { rotulo: 'Dados do item na nota' },
  'entrada_duplicatas.entrada_id': ref('Entrada', 'entradas'),
  'entrada_duplicatas.vencimento': day('Vencimento'),
  'fornecedor_produto_codigos.c_prod': { rotulo: 'Código do fornecedor' },
  'fornecedor_produto_codigos.embalagem_id': ref('Embalagem', 'produto_embalagens'),
  'fornecedor_produto_codigos.u_com': { rotulo: 'Unidade comercial' },

  // bank statements and reconciliation (issue 18)
  'extrato_importacoes.formato': { rotulo: 'Formato' },
  'extrato_importacoes.arquivo_nome': { rotulo: 'Arquivo' },
  'extrato_importacoes.arquivo_hash': { rotulo: 'Hash do arquivo' },
  'extrato_importacoes.banco': { rotulo: 'Banco (no arquivo)' },
  'extrato_importacoes.conta': { rotulo: 'Conta (no arquivo)' },
  'extrato_importacoes.inicio': day('Início'),
  'extrato_importacoes.fim': day('Fim'),
  'extrato_importacoes.saldo_arquivo': money('Saldo do arquivo'),
  'extrato_importacoes.saldo_data': day('Data do saldo'),
  'extrato_importacoes.linhas_lidas': { rotulo: 'Linhas lidas' },
  'extrato_importacoes.linhas_novas': { rotulo: 'Linhas novas' },
  'extrato_importacoes.linhas_repetidas': { rotulo: 'Linhas repetidas' },
  'extrato_importacoes.erros': { rotulo: 'Erros' },
  'extrato_importacoes.avisos': { rotulo: 'Avisos' },
  'extrato_linhas.importacao_id': ref('Importação', 'extrato_importacoes'),
  'extrato_linhas.data': day('Data'),
  'extrato_linhas.memo': { rotulo: 'Histórico' },
  'extrato_linhas.fitid': { rotulo: 'FITID' },
  'extrato_linhas.tipo': { rotulo: 'Tipo' },
  'extrato_linhas.posicao': { rotulo: 'Posição no arquivo' },
  'extrato_linhas.chave_dedupe': { rotulo: 'Chave de duplicidade' },
  'extrato_linhas.conciliada': { rotulo: 'Conciliada' },
  'extrato_linhas.conciliada_em': instant('Conciliada em'),
  'extrato_linhas.conciliada_por': ref('Conciliada por', 'users'),
  'extrato_conciliacoes.linha_id': ref('Linha do extrato', 'extrato_linhas'),
  'extrato_conciliacoes.conta_movimento_id': ref('Movimento da conta', 'conta_movimentos'),
  'extrato_conciliacoes.baixa_id': ref('Baixa', 'baixas'),
  'extrato_conciliacoes.criou_baixa': { rotulo: 'Criou a baixa' },
  'extrato_conciliacoes.desfeita_em': instant('Desfeita em'),

  // cobrança registrada (issue 31): carteiras, boletos, instructions to the bank, remessa files
  'carteiras_cobranca.conta_bancaria_id': ref('Conta bancária', 'contas_bancarias'),
  'carteiras_cobranca.banco': { rotulo: 'Banco' },
  'carteiras_cobranca.agencia': { rotulo: 'Agência' },
  'carteiras_cobranca.agencia_dv': { rotulo: 'Dígito da agência' },
  'carteiras_cobranca.conta': { rotulo: 'Conta' },
  'carteiras_cobranca.conta_dv': { rotulo: 'Dígito da conta' },
  'carteiras_cobranca.carteira': { rotulo: 'Carteira' },
  'carteiras_cobranca.variacao': { rotulo: 'Variação / modalidade' },
  'carteiras_cobranca.convenio': { rotulo: 'Convênio / código do beneficiário' },
  'carteiras_cobranca.posto': { rotulo: 'Posto' },
  'carteiras_cobranca.codigo_transmissao': { rotulo: 'Código de transmissão' },
  'carteiras_cobranca.layout': codes('Layout', { cnab240: 'CNAB 240', cnab400: 'CNAB 400' }),
  'carteiras_cobranca.proximo_nosso_numero': { rotulo: 'Próximo nosso número' },
  'carteiras_cobranca.proximo_nsa': { rotulo: 'Próximo NSA' },
  'carteiras_cobranca.multa_percentual': { rotulo: 'Multa (%)' },
  'carteiras_cobranca.juros_mes_percentual': { rotulo: 'Juros ao mês (%)' },
  'carteiras_cobranca.desconto_percentual': { rotulo: 'Desconto até o vencimento (%)' },
  'carteiras_cobranca.dias_protesto': { rotulo: 'Dias para protesto' },
  'carteiras_cobranca.dias_baixa': { rotulo: 'Dias para baixa automática' },
  'carteiras_cobranca.mensagens': { rotulo: 'Mensagens do boleto' },
  'carteiras_cobranca.classe_tarifa_id': ref('Classe das tarifas', 'classes_financeiras'),
  'carteiras_cobranca.padrao': { rotulo: 'Carteira padrão' },
  'boletos.titulo_id': ref('Título', 'financial_accounts'),
  'boletos.carteira_id': ref('Carteira de cobrança', 'carteiras_cobranca'),
  'boletos.sequencial': { rotulo: 'Sequencial' },
  'boletos.nosso_numero': { rotulo: 'Nosso número' },
  'boletos.nosso_numero_dv': { rotulo: 'Dígito do nosso número' },
  'boletos.nosso_numero_impresso': { rotulo: 'Nosso número (impresso)' },
  'boletos.codigo_barras': { rotulo: 'Código de barras' },
  'boletos.linha_digitavel': { rotulo: 'Linha digitável' },
  'boletos.valor': money('Valor'),
  'boletos.vencimento': day('Vencimento'),
  'boletos.emissao': day('Emissão'),
  'boletos.situacao': codes('Situação', {
    a_registrar: 'A registrar',
    enviado: 'Enviado',
    registrado: 'Registrado',
    rejeitado: 'Rejeitado',
    liquidado: 'Liquidado',
    baixado: 'Baixado',
  }),
  'boletos.motivo': { rotulo: 'Motivo do banco' },
  'boleto_instrucoes.boleto_id': ref('Boleto', 'boletos'),
  'boleto_instrucoes.instrucao': codes('Instrução', {
    entrada: 'Entrada (registro)',
    alteracaoVencimento: 'Alterar vencimento',
    abatimento: 'Conceder abatimento',
    baixa: 'Pedir baixa',
    protesto: 'Protestar',
  }),
  'boleto_instrucoes.vencimento': day('Novo vencimento'),
  'boleto_instrucoes.valor': money('Valor do abatimento'),
  'boleto_instrucoes.remessa_id': ref('Remessa', 'cobranca_remessas'),
  'boleto_instrucoes.user_id': ref('Usuário', 'users'),
  'boleto_instrucoes.usuario': { rotulo: 'Usuário' },
  'cobranca_remessas.carteira_id': ref('Carteira de cobrança', 'carteiras_cobranca'),
  'cobranca_remessas.nsa': { rotulo: 'NSA' },
  'cobranca_remessas.layout': codes('Layout', { cnab240: 'CNAB 240', cnab400: 'CNAB 400' }),
  'cobranca_remessas.nome_arquivo': { rotulo: 'Arquivo' },
  'cobranca_remessas.conteudo': { rotulo: 'Conteúdo do arquivo' },
  'cobranca_remessas.quantidade': { rotulo: 'Registros' },
  'cobranca_remessas.valor_total': money('Valor total'),
  'cobranca_remessas.user_id': ref('Usuário', 'users'),
  'cobranca_remessas.usuario': { rotulo: 'Usuário' },

  // devoluções (issue 32): returns, their items, the abatimentos they made on títulos
  'devolucoes.tipo': codes('Tipo', { venda: 'Devolução de venda', compra: 'Devolução de compra' }),
  'devolucoes.status': codes('Situação', statusDevolucaoLabels),
  'devolucoes.documento': codes('Documento fiscal', {
    propria: 'NF-e própria',
    terceiro: 'NF-e do cliente/fornecedor',
  }),
  'devolucoes.nota_id': ref('NF-e de origem', 'notas_fiscais'),
  'devolucoes.entrada_id': ref('Entrada de origem', 'entradas'),
  'devolucoes.pedido_id': ref('Pedido', 'sales_orders'),
  'devolucoes.cliente_id': ref('Cliente', 'clientes'),
  'devolucoes.fornecedor_id': ref('Fornecedor', 'fornecedores'),
  'devolucoes.vendedor_id': ref('Vendedor', 'vendedores'),
  'devolucoes.chave_referenciada': { rotulo: 'Chave da nota de origem' },
  'devolucoes.nota_devolucao_id': ref('NF-e de devolução', 'notas_fiscais'),
  'devolucoes.chave_terceiro': { rotulo: 'Chave da NF-e do cliente/fornecedor' },
  'devolucoes.numero_terceiro': { rotulo: 'Número da NF-e do cliente/fornecedor' },
  'devolucoes.serie_terceiro': { rotulo: 'Série da NF-e do cliente/fornecedor' },
  'devolucoes.emissao_terceiro': instant('Emissão da NF-e do cliente/fornecedor'),
  'devolucoes.xml_terceiro': { rotulo: 'XML da NF-e do cliente/fornecedor' },
  'devolucoes.pessoa_nome': { rotulo: 'Cliente / fornecedor' },
  'devolucoes.valor_total': money('Valor da devolução'),
  'devolucoes.valor_abatido': money('Abatido nos títulos'),
  'devolucoes.valor_credito': money('Crédito gerado'),
  'devolucoes.comissao_estorno': money('Estorno de comissão'),
  'devolucoes.comissao_estorno_pendente': money('Estorno de comissão a descontar'),
  'devolucoes.observacao': { rotulo: 'Observação' },
  'devolucoes.motivo_cancelamento': { rotulo: 'Motivo do cancelamento' },
  'devolucoes.efetivada_em': instant('Efetivada em'),
  'devolucoes.created_by': ref('Registrada por', 'users'),
  'devolucao_itens.devolucao_id': ref('Devolução', 'devolucoes'),
  'devolucao_itens.sequencia': { rotulo: 'Item' },
  'devolucao_itens.pedido_item_id': ref('Item do pedido', 'sales_order_items'),
  'devolucao_itens.entrada_item_id': ref('Item da entrada', 'entrada_itens'),
  'devolucao_itens.product_id': ref('Produto', 'products'),
  'devolucao_itens.quantidade': qty('Quantidade (unidade base)'),
  'devolucao_itens.unidade': { rotulo: 'Unidade informada' },
  'devolucao_itens.quantidade_informada': qty('Quantidade informada'),
  'devolucao_itens.motivo': codes('Motivo', motivoDevolucaoLabels),
  'devolucao_itens.destino': codes('Destino', destinoDevolucaoLabels),
  'devolucao_itens.local_id': ref('Local de estoque', 'locais_estoque'),
  'devolucao_itens.lote_id': ref('Lote', 'lotes'),
  'devolucao_itens.custo_unitario': money('Custo unitário'),
  'devolucao_itens.cfop': { rotulo: 'CFOP' },
  'devolucao_itens.valores': { rotulo: 'Valores e impostos devolvidos' },
  'devolucao_itens.valor_total': money('Valor do item'),
  'titulo_abatimentos.titulo_id': ref('Título', 'financial_accounts'),
  'titulo_abatimentos.origem': codes('Origem', { devolucao: 'Devolução', credito: 'Crédito do cliente' }),
  'titulo_abatimentos.devolucao_id': ref('Devolução', 'devolucoes'),
  'titulo_abatimentos.valor': money('Valor abatido'),
  'titulo_abatimentos.comissao': money('Comissão estornada'),
  'titulo_abatimentos.data': day('Data'),
  'titulo_abatimentos.historico': { rotulo: 'Histórico' },
  'titulo_abatimentos.estornado': { rotulo: 'Estornado' },
  'titulo_abatimentos.estornado_em': instant('Estornado em'),
  'titulo_abatimentos.user_id': ref('Usuário', 'users'),
  'financial_accounts.abatimentos': money('Abatimentos (devoluções e créditos)'),
  'notas_fiscais.devolucao_id': ref('Devolução', 'devolucoes'),
  'notas_fiscais.fornecedor_id': ref('Fornecedor', 'fornecedores'),
  'notas_fiscais.tp_nf': codes('Tipo da nota', { '0': 'Entrada', '1': 'Saída' }),
  'notas_fiscais.fin_nfe': codes('Finalidade', {
    '1': 'Normal',
    '2': 'Complementar',
    '3': 'Ajuste',
    '4': 'Devolução',
  }),

  // MDF-e (issue 33): the load's manifestos and the notes they list
  'mdfes.carga_id': ref('Carga', 'cargas'),
  'mdfes.serie': { rotulo: 'Série' },
  'mdfes.numero': { rotulo: 'Número' },
  'mdfes.chave': { rotulo: 'Chave' },
  'mdfes.status': codes('Situação', statusMdfeLabels),
  'mdfes.ambiente': codes('Ambiente', ambienteLabels),
  'mdfes.tp_emis': codes('Tipo de emissão', { '1': 'Normal', '2': 'Contingência' }),
  'mdfes.uf_ini': { rotulo: 'UF de carregamento' },
  'mdfes.uf_fim': { rotulo: 'UF de descarregamento' },
  'mdfes.percurso': { rotulo: 'Percurso (UFs)' },
  'mdfes.veiculo_id': ref('Veículo', 'veiculos'),
  'mdfes.placa': { rotulo: 'Placa' },
  'mdfes.condutores': { rotulo: 'Condutores' },
  'mdfes.q_nfe': { rotulo: 'Quantidade de NF-e' },
  'mdfes.q_carga': qty('Peso da carga (kg)'),
  'mdfes.v_carga': money('Valor da carga'),
  'mdfes.emissao': instant('Emissão'),
  'mdfes.xml': { rotulo: 'XML assinado' },
  'mdfes.xml_autorizado': { rotulo: 'XML autorizado' },
  'mdfes.protocolo': { rotulo: 'Protocolo' },
  'mdfes.autorizado_em': instant('Autorizado em'),
  'mdfes.c_stat': { rotulo: 'cStat' },
  'mdfes.x_motivo': { rotulo: 'Motivo da SEFAZ' },
  'mdfes.consulta_pendente': { rotulo: 'Consulta pendente' },
  'mdfes.encerrado_em': instant('Encerrado em'),
  'mdfes.encerramento_data': day('Data do encerramento'),
  'mdfes.encerramento_uf': { rotulo: 'UF do encerramento' },
  'mdfes.encerramento_municipio': { rotulo: 'Município do encerramento' },
  'mdfes.cancelado_em': instant('Cancelado em'),
  'mdfes.motivo_cancelamento': { rotulo: 'Motivo do cancelamento' },
  'mdfes.created_by': ref('Emitido por', 'users'),
  'mdfe_notas.mdfe_id': ref('MDF-e', 'mdfes'),
  'mdfe_notas.nota_id': ref('NF-e', 'notas_fiscais'),
  'mdfe_notas.chave': { rotulo: 'Chave da NF-e' },
  'mdfe_notas.sequencia': { rotulo: 'Ordem' },
  'mdfe_notas.c_mun_descarga': { rotulo: 'Município de descarregamento (IBGE)' },
  'mdfe_notas.x_mun_descarga': { rotulo: 'Município de descarregamento' },
  'mdfe_notas.uf_descarga': { rotulo: 'UF de descarregamento' },
  'mdfe_notas.peso': qty('Peso (kg)'),
  'mdfe_notas.valor': money('Valor'),
  'mdfe_notas.incluida_por_evento': { rotulo: 'Incluída por evento' },
  // compras (issue 34): purchase orders, and what the purchase suggestion reads from the registers
  'fornecedores.pedido_minimo': money('Pedido mínimo'),
  'products.prazo_entrega_dias': { rotulo: 'Prazo de entrega do produto (dias)' },
  'pedidos_compra.numero': { rotulo: 'Número' },
  'pedidos_compra.fornecedor_id': ref('Fornecedor', 'fornecedores'),
  'pedidos_compra.status': codes('Situação', statusPedidoCompraLabels),
  'pedidos_compra.condicao_pagamento_id': ref('Condição de pagamento', 'condicoes_pagamento'),
  'pedidos_compra.valor_produtos': money('Valor dos produtos'),
  'pedidos_compra.frete': money('Frete'),
  'pedidos_compra.valor_total': money('Valor do pedido'),
  'pedidos_compra.previsao_entrega': day('Previsão de entrega'),
  'pedidos_compra.observacao': { rotulo: 'Observação' },
  'pedidos_compra.aprovado_por': ref('Aprovado por', 'users'),
  'pedidos_compra.aprovado_em': instant('Aprovado em'),
  'pedidos_compra.enviado_em': instant('Enviado ao fornecedor em'),
  'pedidos_compra.enviado_para': { rotulo: 'E-mail do fornecedor' },
  'pedidos_compra.cancelado_em': instant('Cancelado em'),
  'pedidos_compra.motivo_cancelamento': { rotulo: 'Motivo do cancelamento' },
  'pedidos_compra.created_by': ref('Registrado por', 'users'),
  'pedido_compra_itens.pedido_id': ref('Pedido de compra', 'pedidos_compra'),
  'pedido_compra_itens.sequencia': { rotulo: 'Item' },
  'pedido_compra_itens.product_id': ref('Produto', 'products'),
  'pedido_compra_itens.unidade': { rotulo: 'Unidade informada' },
  'pedido_compra_itens.fator': qty('Fator da embalagem'),
  'pedido_compra_itens.quantidade_informada': qty('Quantidade informada'),
  'pedido_compra_itens.preco_informado': money('Preço negociado (unidade informada)'),
  'pedido_compra_itens.quantidade': qty('Quantidade (unidade base)'),
  'pedido_compra_itens.preco': money('Preço (unidade base)'),
  'pedido_compra_itens.valor_total': money('Valor do item'),
  'pedido_compra_itens.previsao_entrega': day('Previsão de entrega'),
  'pedido_compra_itens.quantidade_recebida': qty('Quantidade recebida'),
  'pedido_compra_itens.encerrado_em': instant('Encerrado em'),
  'pedido_compra_itens.motivo_encerramento': { rotulo: 'Motivo do encerramento' },

  // keys of the sign-in and account events (recordAuthEvent)
  roles: { rotulo: 'Papéis', formato: 'papeis' },
  metodo: codes('Método', {
    senha: 'Senha',
    link_signup: linkKinds.signup,
    link_invite: linkKinds.invite,
    link_recovery: linkKinds.recovery,
  }),
  motivo: codes('Motivo', auditMotivos),
  etapa: codes('Etapa', { email_enviado: 'E-mail enviado', link_utilizado: 'Link utilizado' }),
  via: codes('Via', linkKinds),
  escopo: codes('Escopo', { global: 'Todas as sessões', local: 'Esta sessão', others: 'As outras sessões' }),
  origem: codes('Origem', { 'user:create': 'Linha de comando (user:create)' }),
  sessao: { rotulo: 'Sessão' },
  reenvio: { rotulo: 'Reenvio' },
  primeira_senha: { rotulo: 'Primeira senha' },
  sessoes_encerradas: { rotulo: 'Sessões encerradas' },
  outras_sessoes_encerradas: { rotulo: 'Outras sessões encerradas' },
} satisfies Record<string, AuditCampo>;

/** A field the map names (an account event may only record these). */
export type AuditCampoNome = keyof typeof auditCampos;

const campos: Readonly<Record<string, AuditCampo>> = auditCampos;

/** The entry of a field of a table: `tabela.campo` first, then `campo`; undefined when not mapped. */
export function auditCampo(campo: string, tabela?: string | null): AuditCampo | undefined {
  if (tabela && Object.hasOwn(campos, `${tabela}.${campo}`)) return campos[`${tabela}.${campo}`];
  return Object.hasOwn(campos, campo) ? campos[campo] : undefined;
}

/** The pt-BR name of an audited field (`razao_social` → "Razão social"); unknown: itself. */
export function auditCampoLabel(campo: string, tabela?: string | null): string {
  return auditCampo(campo, tabela)?.rotulo ?? campo;
}

/**
 * How the records of an audited table are named in the log: a column (`coluna`) of a table
 * (`tabela`, the audited table itself unless given) whose key (`chave`, uuid, default `id`) is the
 * record id, optionally after a prefix; or fixed names by key (`nomes`).
 */
export type AuditNomeRegistro =
  | { tabela?: string; coluna: string; chave?: string; prefixo?: string }
  | { nomes: Readonly<Record<string, string>> };

export type AuditEntidade = { rotulo: string; nome: AuditNomeRegistro };

/**
 * The audited tables (and `users`, the table of the account events): pt-BR name and how a record
 * is named. A test fails when an audited table is missing here.
 */
export const auditEntidades: Readonly<Record<string, AuditEntidade>> = {
  users: { rotulo: 'Usuário', nome: { coluna: 'email' } },
  user_roles: { rotulo: 'Papel de usuário', nome: { tabela: 'users', coluna: 'email' } },
  user_profiles: { rotulo: 'Perfil de usuário', nome: { tabela: 'users', coluna: 'email' } },
  app_settings: {
    rotulo: 'Configuração',
    nome: { nomes: settingNames },
  },
  clientes: { rotulo: 'Cliente', nome: { coluna: 'razao_social' } },
  fornecedores: { rotulo: 'Fornecedor', nome: { coluna: 'razao_social' } },
  vendedores: { rotulo: 'Vendedor', nome: { coluna: 'nome' } },
  grupos_empresariais: { rotulo: 'Grupo empresarial', nome: { coluna: 'nome' } },
  segmentos: { rotulo: 'Segmento', nome: { coluna: 'nome' } },
  situacoes_cliente: { rotulo: 'Situação de cliente', nome: { coluna: 'nome' } },
  regioes_entrega: { rotulo: 'Região de entrega', nome: { coluna: 'nome' } },
  products: { rotulo: 'Produto', nome: { coluna: 'nome' } },
  unidades: { rotulo: 'Unidade', nome: { coluna: 'sigla' } },
  grupos_estoque: { rotulo: 'Grupo de estoque', nome: { coluna: 'nome' } },
  categorias: { rotulo: 'Categoria', nome: { coluna: 'nome' } },
  locais_estoque: { rotulo: 'Local de estoque', nome: { coluna: 'nome' } },
  produto_embalagens: { rotulo: 'Embalagem de produto', nome: { coluna: 'unidade' } },
  lotes: { rotulo: 'Lote', nome: { coluna: 'numero' } },
  inventarios: { rotulo: 'Inventário', nome: { coluna: 'numero', prefixo: 'Inventário nº ' } },
  tabelas_preco: { rotulo: 'Tabela de preços', nome: { coluna: 'nome' } },
  tabela_preco_clientes: {
    rotulo: 'Clientes de tabela de preços',
    nome: { tabela: 'tabelas_preco', coluna: 'nome' },
  },
  tabela_preco_itens: { rotulo: 'Item de tabela de preços', nome: { tabela: 'products', coluna: 'nome' } },
  tabela_preco_faixas: { rotulo: 'Faixa de quantidade', nome: { tabela: 'products', coluna: 'nome' } },
  regras_tributacao: { rotulo: 'Regra de tributação', nome: { coluna: 'descricao' } },
  sales_orders: { rotulo: 'Pedido de venda', nome: { coluna: 'numero', prefixo: 'Pedido nº ' } },
  sales_order_items: { rotulo: 'Item de pedido', nome: { coluna: 'produto_nome' } },
  financial_accounts: { rotulo: 'Conta a pagar/receber', nome: { coluna: 'descricao' } },
  centros_custo: { rotulo: 'Centro de custo', nome: { coluna: 'nome' } },
  classes_financeiras: { rotulo: 'Classe financeira', nome: { coluna: 'nome' } },
  formas_pagamento: { rotulo: 'Forma de pagamento', nome: { coluna: 'nome' } },
  condicoes_pagamento: { rotulo: 'Condição de pagamento', nome: { coluna: 'nome' } },
  contas_bancarias: { rotulo: 'Conta bancária', nome: { coluna: 'nome' } },
  titulo_rateios: { rotulo: 'Rateio de título', nome: { tabela: 'financial_accounts', coluna: 'descricao' } },
  baixas: { rotulo: 'Baixa de título', nome: { tabela: 'financial_accounts', coluna: 'descricao' } },
  pedido_bloqueios: {
    rotulo: 'Bloqueio de pedido',
    nome: { tabela: 'sales_orders', coluna: 'numero', prefixo: 'Pedido nº ' },
  },
  pedido_liberacoes: {
    rotulo: 'Liberação de bloqueio',
    nome: { tabela: 'sales_orders', coluna: 'numero', prefixo: 'Pedido nº ' },
  },
  pedido_historico: {
    rotulo: 'Status do pedido',
    nome: { tabela: 'sales_orders', coluna: 'numero', prefixo: 'Pedido nº ' },
  },
  funcionarios: { rotulo: 'Funcionário', nome: { coluna: 'nome' } },
  veiculos: { rotulo: 'Veículo', nome: { coluna: 'placa' } },
  cargas: { rotulo: 'Carga', nome: { coluna: 'numero', prefixo: 'Carga nº ' } },
  // the children are logged under their parent's key (audit_attach with carga_id / pedido_id)
  cargas_pedidos: {
    rotulo: 'Pedido na carga',
    nome: { tabela: 'cargas', coluna: 'numero', prefixo: 'Carga nº ' },
  },
  cargas_historico: {
    rotulo: 'Status da carga',
    nome: { tabela: 'cargas', coluna: 'numero', prefixo: 'Carga nº ' },
  },
  conferencias: {
    rotulo: 'Conferência de pedido',
    nome: { tabela: 'sales_orders', coluna: 'numero', prefixo: 'Pedido nº ' },
  },
  conferencias_leituras: {
    rotulo: 'Leitura de conferência',
    nome: { tabela: 'sales_orders', coluna: 'numero', prefixo: 'Pedido nº ' },
  },
  entradas: { rotulo: 'Entrada de mercadorias', nome: { coluna: 'emitente_nome' } },
  entrada_itens: { rotulo: 'Item de entrada', nome: { tabela: 'entradas', coluna: 'emitente_nome' } },
  entrada_duplicatas: {
    rotulo: 'Duplicata de entrada',
    nome: { tabela: 'entradas', coluna: 'emitente_nome' },
  },
  fornecedor_produto_codigos: { rotulo: 'Código de produto do fornecedor', nome: { coluna: 'c_prod' } },
  extrato_importacoes: { rotulo: 'Importação de extrato', nome: { coluna: 'arquivo_nome' } },
  extrato_linhas: { rotulo: 'Linha de extrato', nome: { coluna: 'memo' } },
  // not audited itself (an append-only ledger); named here because reconciliations link to it
  conta_movimentos: { rotulo: 'Movimento de conta bancária', nome: { coluna: 'historico' } },
  extrato_conciliacoes: {
    rotulo: 'Conciliação bancária',
    nome: { tabela: 'extrato_linhas', coluna: 'memo' },
  },
  notas_fiscais: { rotulo: 'Nota fiscal de saída', nome: { coluna: 'numero', prefixo: 'NF-e nº ' } },
  nfe_series: { rotulo: 'Série de NF-e', nome: { coluna: 'serie', prefixo: 'Série ' } },
  certificados_a1: { rotulo: 'Certificado digital A1', nome: { coluna: 'titular' } },
  notas_fiscais_eventos: {
    rotulo: 'Evento de nota fiscal',
    nome: { tabela: 'notas_fiscais', coluna: 'numero', prefixo: 'NF-e nº ' },
  },
  nfe_inutilizacoes: {
    rotulo: 'Inutilização de numeração de NF-e',
    nome: { coluna: 'numero_inicial', prefixo: 'A partir do nº ' },
  },
  sefaz_contingencias: { rotulo: 'Contingência SEFAZ', nome: { coluna: 'uf', prefixo: 'UF ' } },
  // keyed as audit_attach names them (0052): carteira by id, boleto by título, instruction by boleto,
  // remessa by carteira
  carteiras_cobranca: { rotulo: 'Carteira de cobrança', nome: { coluna: 'carteira', prefixo: 'Carteira ' } },
  boletos: { rotulo: 'Boleto', nome: { tabela: 'financial_accounts', coluna: 'descricao' } },
  boleto_instrucoes: {
    rotulo: 'Instrução de boleto',
    nome: { tabela: 'boletos', coluna: 'nosso_numero_impresso', prefixo: 'Nosso número ' },
  },
  devolucoes: { rotulo: 'Devolução', nome: { coluna: 'numero', prefixo: 'Devolução nº ' } },
  mdfes: { rotulo: 'MDF-e', nome: { coluna: 'numero', prefixo: 'MDF-e nº ' } },
  mdfe_notas: { rotulo: 'NF-e do MDF-e', nome: { tabela: 'mdfes', coluna: 'numero', prefixo: 'MDF-e nº ' } },
  pedidos_compra: { rotulo: 'Pedido de compra', nome: { coluna: 'numero', prefixo: 'Pedido de compra nº ' } },
  // the items are logged under their order's key (audit_attach_lote_exclusao with pedido_id)
  pedido_compra_itens: {
    rotulo: 'Item de pedido de compra',
    nome: { tabela: 'pedidos_compra', coluna: 'numero', prefixo: 'Pedido de compra nº ' },
  },
  devolucao_itens: {
    rotulo: 'Item de devolução',
    nome: { tabela: 'devolucoes', coluna: 'numero', prefixo: 'Devolução nº ' },
  },
  titulo_abatimentos: {
    rotulo: 'Abatimento de título',
    nome: { tabela: 'financial_accounts', coluna: 'descricao' },
  },
  cobranca_remessas: {
    rotulo: 'Remessa de cobrança',
    nome: { tabela: 'carteiras_cobranca', coluna: 'carteira', prefixo: 'Carteira ' },
  },
};

/** The pt-BR name of an audited table (`grupos_empresariais` → "Grupo empresarial"); unknown: itself. */
export function auditEntidadeLabel(tabela: string | null): string {
  if (!tabela) return '';
  return Object.hasOwn(auditEntidades, tabela) ? (auditEntidades[tabela] as AuditEntidade).rotulo : tabela;
}
