/**
 * pt-BR names of the fields the audit log records: the columns of the audited tables (auth,
 * usuarios, cadastros, estoque, comercial, financeiro, configuracoes) and the keys the sign-in and
 * user events write. One name per column whatever its table; a field not listed shows its own name.
 */
export const auditCampoLabels: Record<string, string> = {
  // bookkeeping columns every table has
  id: 'ID',
  created_at: 'Criado em',
  updated_at: 'Atualizado em',
  versao: 'Versão',
  ativo: 'Ativo',
  busca: 'Texto de busca',
  nome: 'Nome',
  descricao: 'Descrição',
  codigo: 'Código',
  tipo: 'Tipo',
  status: 'Status',
  observacoes: 'Observações',

  // auth: accounts, sessions, tokens, rate limits
  email: 'E-mail',
  encrypted_password: 'Senha',
  email_confirmed_at: 'E-mail confirmado em',
  invited_at: 'Convidado em',
  last_sign_in_at: 'Último acesso em',
  confirmation_sent_at: 'Confirmação enviada em',
  recovery_sent_at: 'Recuperação enviada em',
  user_metadata: 'Dados do usuário',
  user_id: 'Usuário',
  refreshed_at: 'Renovado em',
  user_agent: 'Navegador',
  ip: 'IP',
  session_id: 'Sessão',
  token_hash: 'Token',
  parent_id: 'Token anterior',
  revoked: 'Revogado',
  expires_at: 'Expira em',
  used_at: 'Utilizado em',
  chave: 'Chave',
  janela_inicio: 'Início da janela',
  contagem: 'Contagem',

  // usuarios: roles and profiles
  role: 'Papel',
  nome_completo: 'Nome completo',
  cargo: 'Cargo',
  departamento: 'Departamento',

  // cadastros: classifications, sellers, customers, suppliers
  bloqueia_vendas: 'Bloqueia vendas',
  dias_entrega: 'Dias de entrega',
  municipios: 'Municípios',
  faixas_cep: 'Faixas de CEP',
  cpf: 'CPF',
  telefone: 'Telefone',
  comissao: 'Comissão (%)',
  tipo_pessoa: 'Tipo de pessoa',
  documento: 'CPF/CNPJ',
  razao_social: 'Razão social',
  nome_fantasia: 'Nome fantasia',
  inscricao_estadual: 'Inscrição estadual',
  indicador_ie: 'Indicador de IE',
  email_nfe: 'E-mail para NF-e',
  celular: 'Celular',
  cep: 'CEP',
  logradouro: 'Logradouro',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
  municipio: 'Município',
  codigo_municipio: 'Código do município',
  uf: 'UF',
  vendedor_id: 'Vendedor',
  grupo_id: 'Grupo empresarial',
  segmento_id: 'Segmento',
  regiao_id: 'Região de entrega',
  situacao_id: 'Situação',
  limite_credito: 'Limite de crédito',
  prazo_medio_entrega: 'Prazo médio de entrega (dias)',

  // estoque: products and stock movements
  ean: 'EAN',
  ncm: 'NCM',
  unidade: 'Unidade',
  preco_custo: 'Preço de custo',
  preco_venda: 'Preço de venda',
  estoque_atual: 'Estoque atual',
  estoque_minimo: 'Estoque mínimo',
  estoque_maximo: 'Estoque máximo',
  product_id: 'Produto',
  quantidade: 'Quantidade',
  origem: 'Origem',
  origem_id: 'Registro de origem',
  ocorrido_em: 'Ocorrido em',

  // comercial: orders and their items
  cliente_id: 'Cliente',
  cliente_nome: 'Nome do cliente',
  data_emissao: 'Data de emissão',
  valor_total: 'Valor total',
  order_id: 'Pedido',
  produto_nome: 'Nome do produto',
  preco_unitario: 'Preço unitário',
  subtotal: 'Subtotal',

  // financeiro: payables and receivables
  valor: 'Valor',
  data_vencimento: 'Data de vencimento',
  fornecedor_nome: 'Fornecedor',
  sales_order_id: 'Pedido de venda',

  // keys of the sign-in and user events (recordAuthEvent)
  roles: 'Papéis',
  metodo: 'Método',
  motivo: 'Motivo',
  etapa: 'Etapa',
  via: 'Via',
  sessoes_encerradas: 'Sessões encerradas',
  outras_sessoes_encerradas: 'Outras sessões encerradas',
};

/** The pt-BR name of an audited field (`codigo_municipio` → "Código do município"); unknown: itself. */
export function auditCampoLabel(campo: string): string {
  return Object.hasOwn(auditCampoLabels, campo) ? (auditCampoLabels[campo] as string) : campo;
}

/** Changed fields in the alphabetical order of their pt-BR names, as the detail and the CSV list them. */
export function sortByCampoLabel<T extends { campo: string }>(changes: readonly T[]): T[] {
  return [...changes].sort((a, b) =>
    auditCampoLabel(a.campo).localeCompare(auditCampoLabel(b.campo), 'pt-BR'),
  );
}
