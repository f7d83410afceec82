import {
  addDays,
  businessToday,
  cnpjWithCheckDigits,
  cpfWithCheckDigits,
  fromCents,
  isValidTelefone,
} from '@erp/shared';
import { createRandom, type Random } from './prng.ts';

// A deterministic, plausible distributor: products, sellers, customers, six months of orders,
// receivables and payables. Dates are relative to "today" in São Paulo so the dashboard is alive.

/** The cities of the demo, with the telephone area code (DDD) that serves each one. */
export const cidades = [
  { municipio: 'São Paulo', codigo: '3550308', uf: 'SP', cep: '01310', ddd: 11 },
  { municipio: 'Campinas', codigo: '3509502', uf: 'SP', cep: '13010', ddd: 19 },
  { municipio: 'São José dos Campos', codigo: '3549904', uf: 'SP', cep: '12210', ddd: 12 },
  { municipio: 'Ribeirão Preto', codigo: '3543402', uf: 'SP', cep: '14010', ddd: 16 },
  { municipio: 'Rio de Janeiro', codigo: '3304557', uf: 'RJ', cep: '20040', ddd: 21 },
  { municipio: 'Belo Horizonte', codigo: '3106200', uf: 'MG', cep: '30130', ddd: 31 },
  { municipio: 'Curitiba', codigo: '4106902', uf: 'PR', cep: '80010', ddd: 41 },
  { municipio: 'Porto Alegre', codigo: '4314902', uf: 'RS', cep: '90010', ddd: 51 },
  { municipio: 'Florianópolis', codigo: '4205407', uf: 'SC', cep: '88010', ddd: 48 },
  { municipio: 'São José', codigo: '4216602', uf: 'SC', cep: '88101', ddd: 48 },
  { municipio: 'Goiânia', codigo: '5208707', uf: 'GO', cep: '74003', ddd: 62 },
  { municipio: 'Salvador', codigo: '2927408', uf: 'BA', cep: '40010', ddd: 71 },
] as const;

const firstNames = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Elaine',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Patrícia',
  'Rafael',
  'Sabrina',
  'Thiago',
  'Vanessa',
  'Wagner',
];
const lastNames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Costa',
  'Gomes',
  'Martins',
  'Araújo',
  'Ribeiro',
];
const businessWords = [
  'Mercado',
  'Supermercado',
  'Empório',
  'Mercearia',
  'Atacarejo',
  'Padaria',
  'Restaurante',
  'Lanchonete',
  'Conveniência',
  'Distribuidora',
];
const businessNames = [
  'Bom Preço',
  'Central',
  'São Jorge',
  'Popular',
  'Estrela',
  'Família',
  'Vila Nova',
  'Boa Vista',
  'Primavera',
  'Santa Luzia',
  'Progresso',
  'União',
  'Real',
  'Ipê',
  'Aurora',
];
const streets = [
  'Rua das Flores',
  'Avenida Brasil',
  'Rua XV de Novembro',
  'Rua São João',
  'Avenida Paulista',
  'Rua Sete de Setembro',
  'Rua Tiradentes',
  'Avenida Getúlio Vargas',
];
const bairros = ['Centro', 'Jardim América', 'Vila Mariana', 'Boa Vista', 'Santa Cecília', 'Industrial'];

const productLines: {
  base: string;
  variants: string[];
  unidade: string;
  ncm: string;
  cost: [number, number];
}[] = [
  { base: 'Arroz Tipo 1', variants: ['1kg', '5kg'], unidade: 'PCT', ncm: '10063021', cost: [450, 2600] },
  { base: 'Feijão Carioca', variants: ['1kg', '2kg'], unidade: 'PCT', ncm: '07133319', cost: [550, 1400] },
  { base: 'Açúcar Refinado', variants: ['1kg', '5kg'], unidade: 'PCT', ncm: '17019900', cost: [380, 1900] },
  {
    base: 'Café Torrado e Moído',
    variants: ['250g', '500g'],
    unidade: 'PCT',
    ncm: '09012100',
    cost: [900, 2200],
  },
  { base: 'Óleo de Soja', variants: ['900ml'], unidade: 'UN', ncm: '15079011', cost: [520, 900] },
  {
    base: 'Macarrão Espaguete',
    variants: ['500g', '1kg'],
    unidade: 'PCT',
    ncm: '19021900',
    cost: [290, 700],
  },
  { base: 'Farinha de Trigo', variants: ['1kg', '5kg'], unidade: 'PCT', ncm: '11010010', cost: [390, 1800] },
  { base: 'Leite UHT Integral', variants: ['1L'], unidade: 'CX', ncm: '04012010', cost: [420, 620] },
  { base: 'Refrigerante Cola', variants: ['2L', '350ml'], unidade: 'UN', ncm: '22021000', cost: [250, 850] },
  { base: 'Água Mineral', variants: ['500ml', '1,5L'], unidade: 'UN', ncm: '22011000', cost: [90, 250] },
  { base: 'Sabão em Pó', variants: ['1kg', '2kg'], unidade: 'CX', ncm: '34022000', cost: [900, 2400] },
  { base: 'Detergente Líquido', variants: ['500ml'], unidade: 'UN', ncm: '34022000', cost: [190, 320] },
  {
    base: 'Papel Higiênico Folha Dupla',
    variants: ['4 rolos', '12 rolos'],
    unidade: 'PCT',
    ncm: '48181000',
    cost: [500, 2100],
  },
  { base: 'Biscoito Recheado', variants: ['140g'], unidade: 'UN', ncm: '19053100', cost: [180, 320] },
  { base: 'Molho de Tomate', variants: ['340g'], unidade: 'UN', ncm: '21032010', cost: [160, 310] },
  { base: 'Sal Refinado', variants: ['1kg'], unidade: 'PCT', ncm: '25010020', cost: [120, 240] },
  {
    base: 'Achocolatado em Pó',
    variants: ['400g', '800g'],
    unidade: 'UN',
    ncm: '18069000',
    cost: [550, 1300],
  },
  { base: 'Margarina', variants: ['500g'], unidade: 'UN', ncm: '15171000', cost: [480, 800] },
  { base: 'Cerveja Pilsen', variants: ['350ml', '600ml'], unidade: 'UN', ncm: '22030000', cost: [260, 750] },
  { base: 'Desinfetante', variants: ['2L'], unidade: 'UN', ncm: '38089419', cost: [450, 900] },
];
const brands = ['Da Casa', 'Bom Dia', 'Sabor Real', 'Premium', 'Tradição', 'Campo Verde'];

function uuidFrom(rnd: Random): string {
  const h = Array.from({ length: 32 }, () => Math.floor(rnd.next() * 16).toString(16));
  h[12] = '4';
  h[16] = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function ean13(base12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(base12[i]) * (i % 2 === 0 ? 1 : 3);
  return base12 + ((10 - (sum % 10)) % 10);
}

export type DemoData = ReturnType<typeof generateDemoData>;

export function generateDemoData(opts: { today?: string; seed?: number } = {}) {
  const rnd = createRandom(opts.seed ?? 20261121);
  const today = opts.today ?? businessToday();

  const vendedores = Array.from({ length: 10 }, (_, i) => {
    const nome = `${firstNames[i * 2]!} ${lastNames[(i * 3) % lastNames.length]!}`;
    return {
      id: uuidFrom(rnd),
      nome,
      cpf: cpfWithCheckDigits(`${100 + i}${rnd.digits(6)}`),
      email: `${nome
        .toLowerCase()
        .split(' ')[0]!
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')}.vendas@demo.erp.br`,
      telefone: `11${rnd.int(930000000, 999999999)}`,
      comissao: ['2.50', '3.00', '3.50', '4.00'][i % 4]!,
    };
  });

  const cad = generateCadastrosExtras(opts.seed ?? 20261121);

  const clientes = Array.from({ length: 150 }, (_, i) => {
    const cidade = rnd.pick(cidades);
    const pj = i % 10 < 7;
    // a few customers use the alphanumeric CNPJ format
    const documento = pj
      ? cnpjWithCheckDigits(i % 25 === 0 ? `${rnd.digits(2)}ABC${rnd.digits(3)}0001` : `${rnd.digits(8)}0001`)
      : cpfWithCheckDigits(rnd.digits(9));
    const person = `${rnd.pick(firstNames)} ${twoSurnames(rnd)}`;
    const fantasia = `${rnd.pick(businessWords)} ${rnd.pick(businessNames)}`;
    return {
      id: uuidFrom(rnd),
      tipoPessoa: (pj ? 'J' : 'F') as 'J' | 'F',
      documento,
      razaoSocial: pj ? `${fantasia} ${rnd.pick(lastNames)} Ltda` : person,
      nomeFantasia: pj ? fantasia : null,
      inscricaoEstadual: null,
      indicadorIe: '9' as const,
      email: `contato${i + 1}@cliente.demo.erp.br`,
      telefone: landline(cidade, rnd),
      cep: `${cidade.cep}${rnd.digits(3)}`,
      logradouro: rnd.pick(streets),
      numero: String(rnd.int(10, 3000)),
      bairro: rnd.pick(bairros),
      municipio: cidade.municipio,
      codigoMunicipio: cidade.codigo,
      uf: cidade.uf,
      vendedorId: i % 15 === 14 ? null : vendedores[i % vendedores.length]!.id,
      limiteCredito: fromCents(rnd.int(5, 200) * 100_00),
      ativo: i % 30 !== 29,
      // classifications are derived (no draw from rnd, so the rest of the demo stays the same)
      ...classificar(i, pj ? fantasia : null, cidade, cad),
    };
  });

  let n = 0;
  const products: {
    id: string;
    codigo: string;
    nome: string;
    ean: string;
    ncm: string;
    unidade: string;
    precoCusto: string;
    precoVenda: string;
    estoqueAtual: string;
    estoqueMinimo: string;
    estoqueMaximo: string;
    ativo: boolean;
  }[] = [];
  for (const brand of brands) {
    for (const line of productLines) {
      for (const variant of line.variants) {
        if (products.length >= 220) break;
        n++;
        const costCents = rnd.int(line.cost[0], line.cost[1]);
        const saleCents = Math.round((costCents * rnd.int(130, 165)) / 100);
        const min = rnd.int(2, 10) * 10;
        const max = min * rnd.int(4, 8);
        // Stock situations the dashboard shows: zero, low, excess, normal.
        const kind = n % 20;
        const atual =
          kind === 0
            ? 0
            : kind < 3
              ? rnd.int(1, min)
              : kind === 3
                ? max + rnd.int(0, 50)
                : rnd.int(min + 1, max - 1);
        products.push({
          id: uuidFrom(rnd),
          codigo: `P${String(n).padStart(5, '0')}`,
          nome: `${line.base} ${brand} ${variant}`,
          ean: ean13(`789${rnd.digits(9)}`),
          ncm: line.ncm,
          unidade: line.unidade,
          precoCusto: fromCents(costCents),
          precoVenda: fromCents(saleCents),
          estoqueAtual: `${atual}.000`,
          estoqueMinimo: `${min}.000`,
          estoqueMaximo: `${max}.000`,
          ativo: n % 50 !== 0,
        });
      }
    }
  }

  const activeProducts = products.filter((p) => p.ativo);
  const activeClientes = clientes.filter((c) => c.ativo);
  const orders: {
    id: string;
    clienteId: string;
    clienteNome: string;
    vendedorId: string | null;
    /** the customer's delivery region, as an order placed through the app records it */
    regiaoId: string | null;
    dataEmissao: string;
    status: string;
    valorTotal: string;
  }[] = [];
  const items: {
    orderId: string;
    productId: string;
    produtoNome: string;
    quantidade: string;
    precoUnitario: string;
    subtotal: string;
  }[] = [];
  const days = 182;
  for (let d = days; d >= 0; d--) {
    const day = addDays(today, -d);
    const count = rnd.int(9, 15);
    for (let k = 0; k < count; k++) {
      const cliente = rnd.pick(activeClientes);
      // an order takes its customer's seller unless another one is chosen
      const vendedorId = rnd.chance(0.1) ? rnd.pick(vendedores).id : cliente.vendedorId;
      const id = uuidFrom(rnd);
      let total = 0;
      const lines = rnd.int(1, 5);
      const used = new Set<string>();
      for (let l = 0; l < lines; l++) {
        const p = rnd.pick(activeProducts);
        if (used.has(p.id)) continue;
        used.add(p.id);
        const qty = rnd.int(1, 24);
        const priceCents = Math.round(Number(p.precoVenda) * 100);
        const sub = qty * priceCents;
        total += sub;
        items.push({
          orderId: id,
          productId: p.id,
          produtoNome: p.nome,
          quantidade: `${qty}.000`,
          precoUnitario: p.precoVenda,
          subtotal: fromCents(sub),
        });
      }
      orders.push({
        id,
        clienteId: cliente.id,
        clienteNome: cliente.nomeFantasia ?? cliente.razaoSocial,
        vendedorId,
        regiaoId: cliente.regiaoId ?? null,
        dataEmissao: day,
        status: d > 3 ? 'faturado' : 'digitado',
        valorTotal: fromCents(total),
      });
    }
  }

  const accounts = generateAccounts({ today, orders, items, products, seed: opts.seed ?? 20261121 });

  return {
    today,
    grupos: cad.grupos,
    segmentos: cad.segmentos,
    regioes: cad.regioes,
    situacoes: cad.situacoes,
    fornecedores: cad.fornecedores,
    vendedores,
    clientes,
    products,
    orders,
    items,
    accounts,
  };
}

// ---- cadastros: classifications and suppliers (own PRNG so the orders and accounts above keep
// exactly the values they had before these registers existed) ----

type Cidade = (typeof cidades)[number];

/** A landline of the city: its own DDD and an 8-digit number starting with 3. */
function landline(cidade: Cidade, rnd: Random): string {
  const tel = `${cidade.ddd}${rnd.int(30000000, 39999999)}`;
  if (!isValidTelefone(tel)) throw new Error(`DDD inválido na demonstração: ${tel}`);
  return tel;
}

/** Two different surnames ("Lima Costa", never "Silva Silva"). */
function twoSurnames(rnd: Random): string {
  const first = rnd.pick(lastNames);
  const others = lastNames.filter((n) => n !== first);
  return `${first} ${rnd.pick(others)}`;
}

function generateCadastrosExtras(seed: number) {
  const rnd = createRandom(seed + 1);
  const named = <T extends object>(nome: string, extra: T) => ({ id: uuidFrom(rnd), nome, ...extra });
  const grupos = [
    named('Rede Bom Preço', { descricao: 'Lojas da rede Bom Preço (negociação centralizada)' }),
    named('Grupo Central', { descricao: 'Supermercados e atacarejos Central' }),
    named('Família Supermercados', { descricao: null }),
  ];
  const segmentos = [
    named('Varejo alimentar', { descricao: 'Supermercados, mercados, mercearias e atacarejos' }),
    named('Panificação', { descricao: 'Padarias e confeitarias' }),
    named('Food service', { descricao: 'Restaurantes e lanchonetes' }),
    named('Conveniência', { descricao: 'Lojas de conveniência' }),
    named('Atacado', { descricao: 'Distribuidores e revendas' }),
    named('Consumidor final', { descricao: 'Pessoas físicas' }),
  ];
  const regioes = [
    named('Capital SP', {
      descricao: 'Município de São Paulo',
      diasEntrega: [1, 2, 3, 4, 5],
      municipios: ['3550308'],
      faixasCep: [{ inicio: '01000000', fim: '05999999' }],
    }),
    named('Interior SP', {
      descricao: 'Campinas, Vale do Paraíba e Ribeirão Preto',
      diasEntrega: [2, 4],
      municipios: ['3509502', '3549904', '3543402'],
      faixasCep: [],
    }),
    named('Sul', {
      descricao: 'PR, SC e RS',
      diasEntrega: [3],
      municipios: ['4106902', '4314902', '4205407', '4216602'],
      faixasCep: [],
    }),
    named('Sudeste (RJ/MG)', {
      descricao: null,
      diasEntrega: [1, 4],
      municipios: ['3304557', '3106200'],
      faixasCep: [],
    }),
    named('Centro-Oeste e Nordeste', {
      descricao: 'Entregas por transportadora',
      diasEntrega: [5],
      municipios: ['5208707', '2927408'],
      faixasCep: [],
    }),
  ];
  const situacoes = [
    named('Regular', { descricao: 'Cliente apto a comprar', bloqueiaVendas: false }),
    named('Em análise de crédito', {
      descricao: 'Compras liberadas dentro do limite',
      bloqueiaVendas: false,
    }),
    named('Bloqueado por inadimplência', {
      descricao: 'Títulos vencidos há mais de 30 dias',
      bloqueiaVendas: true,
    }),
    named('Suspenso', { descricao: 'Cadastro suspenso pelo comercial', bloqueiaVendas: true }),
  ];
  const fornecedorNomes: [string, string, string, number][] = [
    ['Cerealista Paraná Ltda', 'Cerealista Paraná', '4106902', 7],
    ['Laticínios Serra Azul S.A.', 'Serra Azul', '3106200', 5],
    ['Bebidas do Vale Ltda', 'Bebidas do Vale', '3549904', 3],
    ['Higiene & Lar Indústria Ltda', 'Higiene & Lar', '3509502', 10],
    ['Transportadora Rota Sul Ltda', 'Rota Sul', '4314902', 2],
    ['Café Tradição Torrefação Ltda', 'Café Tradição', '3543402', 6],
  ];
  const fornecedores = fornecedorNomes.map(([razao, fantasia, codigo, prazo], i) => {
    const cidade = cidades.find((c) => c.codigo === codigo)!;
    return {
      id: uuidFrom(rnd),
      tipoPessoa: 'J' as const,
      documento: cnpjWithCheckDigits(`${rnd.digits(8)}0001`),
      razaoSocial: razao,
      nomeFantasia: fantasia,
      inscricaoEstadual: null,
      indicadorIe: '9' as const,
      email: `comercial@fornecedor${i + 1}.demo.erp.br`,
      emailNfe: `nfe@fornecedor${i + 1}.demo.erp.br`,
      telefone: landline(cidade, rnd),
      cep: `${cidade.cep}${rnd.digits(3)}`,
      logradouro: 'Rodovia dos Fornecedores',
      numero: String(rnd.int(100, 9000)),
      bairro: 'Distrito Industrial',
      municipio: cidade.municipio,
      codigoMunicipio: cidade.codigo,
      uf: cidade.uf,
      prazoMedioEntrega: prazo,
      ativo: true,
    };
  });
  return { grupos, segmentos, regioes, situacoes, fornecedores };
}

type Extras = ReturnType<typeof generateCadastrosExtras>;

function classificar(i: number, fantasia: string | null, cidade: Cidade, cad: Extras) {
  const word = fantasia?.split(' ')[0] ?? '';
  const segmento = !fantasia
    ? cad.segmentos[5]!
    : word === 'Padaria'
      ? cad.segmentos[1]!
      : word === 'Restaurante' || word === 'Lanchonete'
        ? cad.segmentos[2]!
        : word === 'Conveniência'
          ? cad.segmentos[3]!
          : word === 'Distribuidora'
            ? cad.segmentos[4]!
            : cad.segmentos[0]!;
  const grupo = fantasia?.includes('Bom Preço')
    ? cad.grupos[0]!
    : fantasia?.includes('Central')
      ? cad.grupos[1]!
      : fantasia?.includes('Família')
        ? cad.grupos[2]!
        : null;
  const regiao = cad.regioes.find((r) => r.municipios.includes(cidade.codigo)) ?? null;
  const situacao =
    i % 30 === 29
      ? cad.situacoes[3]!
      : i % 53 === 7
        ? cad.situacoes[2]!
        : i % 37 === 5
          ? cad.situacoes[1]!
          : cad.situacoes[0]!;
  return {
    grupoId: grupo?.id ?? null,
    segmentoId: segmento.id,
    regiaoId: regiao?.id ?? null,
    situacaoId: situacao.id,
  };
}

// ---- receivables and payables (own PRNG): a distributor's books, payables and receivables of the
// same order of magnitude ----

/** Goods suppliers: share of the purchases (replenishing what was sold, in %) and payment term in days. */
const goodsSuppliers: [string, number, number][] = [
  ['Cerealista Paraná Ltda', 35, 21],
  ['Laticínios Serra Azul S.A.', 20, 14],
  ['Bebidas do Vale Ltda', 20, 28],
  ['Higiene & Lar Indústria Ltda', 15, 28],
  ['Café Tradição Torrefação Ltda', 10, 21],
];

/** Monthly bills: payee, due day, amount in cents (fixed, or drawn between two values). */
const monthlyBills: { payee: string; day: number; cents: number | [number, number] }[] = [
  { payee: 'Aluguel do Galpão', day: 5, cents: 18_500_00 },
  { payee: 'Contabilidade Exata Ltda', day: 10, cents: 2_350_00 },
  { payee: 'Energia Elétrica - Concessionária', day: 12, cents: [2_600_00, 3_900_00] },
  { payee: 'Internet e Telefonia', day: 15, cents: 489_90 },
];

const FREIGHT_CARRIER = 'Transportadora Rota Sul Ltda';
/** Customers buy on a 28-day boleto; one order in five is paid on the spot. */
const RECEIVABLE_TERM_DAYS = 28;

type DemoAccount = {
  tipo: 'receber' | 'pagar';
  status: string;
  descricao: string;
  valor: string;
  dataEmissao: string;
  dataVencimento: string;
  clienteId: string | null;
  fornecedorNome: string | null;
  salesOrderId: string | null;
};

const centsOf = (decimal: string) => {
  const [int, frac = ''] = decimal.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
};

function generateAccounts(input: {
  today: string;
  orders: { id: string; clienteId: string; clienteNome: string; dataEmissao: string; valorTotal: string }[];
  items: { orderId: string; productId: string; quantidade: string }[];
  products: { id: string; precoCusto: string }[];
  seed: number;
}): DemoAccount[] {
  const { today, orders } = input;
  const rnd = createRandom(input.seed + 2);
  const accounts: DemoAccount[] = [];

  // Receivables: one per order. Paid when due more than two days ago, except a few customers in
  // arrears; the last days' boletos are still waiting for the bank.
  orders.forEach((o, i) => {
    const aVista = i % 5 === 0;
    const due = aVista ? o.dataEmissao : addDays(o.dataEmissao, RECEIVABLE_TERM_DAYS);
    const paid = aVista || (due < addDays(today, -2) && i % 45 !== 7);
    accounts.push({
      tipo: 'receber',
      status: paid ? 'pago' : 'em_aberto',
      descricao: `Pedido ${i + 1} - ${o.clienteNome}`,
      valor: o.valorTotal === '0.00' ? '1.00' : o.valorTotal,
      dataEmissao: o.dataEmissao,
      dataVencimento: due,
      clienteId: o.clienteId,
      fornecedorNome: null,
      salesOrderId: o.id,
    });
  });

  // What was sold each day, at cost and at sale price.
  const costOf = new Map(input.products.map((p) => [p.id, centsOf(p.precoCusto)]));
  const orderDay = new Map(orders.map((o) => [o.id, o.dataEmissao]));
  const costByDay = new Map<string, number>();
  for (const it of input.items) {
    const day = orderDay.get(it.orderId)!;
    const qty = Number(it.quantidade.split('.')[0]);
    costByDay.set(day, (costByDay.get(day) ?? 0) + qty * costOf.get(it.productId)!);
  }
  const salesByDay = new Map<string, number>();
  for (const o of orders)
    salesByDay.set(o.dataEmissao, (salesByDay.get(o.dataEmissao) ?? 0) + centsOf(o.valorTotal));
  const sumDays = (byDay: Map<string, number>, from: string, to: string) => {
    let total = 0;
    for (let d = from; d <= to; d = addDays(d, 1)) total += byDay.get(d) ?? 0;
    return total;
  };
  // orders are generated oldest first
  const first = orders[0]?.dataEmissao ?? today;

  let nf = 48_210;
  const payable = (payee: string, cents: number, emissao: string, due: string, what: string) => {
    const n = accounts.length;
    // paid on the due date, except a few bills that slipped
    const paid = due < today && n % 17 !== 3;
    accounts.push({
      tipo: 'pagar',
      status: paid ? 'pago' : 'em_aberto',
      descricao: `${payee} - ${what}`,
      valor: fromCents(cents),
      dataEmissao: emissao,
      dataVencimento: due,
      clienteId: null,
      fornecedorNome: payee,
      salesOrderId: null,
    });
  };

  // Purchases: every seven days each goods supplier invoices its share of what was sold in the
  // week before (replenishment), give or take 10%.
  for (let day = addDays(first, 7); day <= today; day = addDays(day, 7)) {
    const weekCost = sumDays(costByDay, addDays(day, -7), addDays(day, -1));
    for (const [supplier, share, term] of goodsSuppliers) {
      const cents = Math.round((weekCost * share * rnd.int(90, 110)) / 10_000);
      payable(supplier, cents, day, addDays(day, term), `NF ${nf++}`);
    }
  }

  // Monthly bills and the carrier's freight (3.5% of the month's sales), from the first month of
  // sales to the next one (bills of next month already issued are on the books).
  for (let month = `${first.slice(0, 7)}-01`; month <= addDays(today, 31); month = nextMonth(month)) {
    for (const bill of monthlyBills) {
      const due = `${month.slice(0, 8)}${String(bill.day).padStart(2, '0')}`;
      const emissao = addDays(due, -10);
      if (emissao > today || due < first) continue;
      const cents = typeof bill.cents === 'number' ? bill.cents : rnd.int(bill.cents[0], bill.cents[1]);
      payable(bill.payee, cents, emissao, due, `${mesAno(month)}`);
    }
    const monthEnd = addDays(nextMonth(month), -1);
    if (monthEnd < today) {
      const cents = Math.round((sumDays(salesByDay, month, monthEnd) * 35) / 1000);
      payable(FREIGHT_CARRIER, cents, monthEnd, addDays(monthEnd, 20), `Fretes de ${mesAno(month)}`);
    }
  }
  return accounts;
}

function nextMonth(firstOfMonth: string): string {
  const [y, m] = firstOfMonth.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

const mesesAbrev = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const mesAno = (firstOfMonth: string) =>
  `${mesesAbrev[Number(firstOfMonth.slice(5, 7)) - 1]}/${firstOfMonth.slice(0, 4)}`;
