// The price + taxes benchmark's data set (issue 13), shared by the in-process engine bench (run.ts)
// and the endpoint bench (endpoint.ts):
//   200 products (30 NCMs), 25 price tables reaching the customer (5 per level: lista de clientes,
//   grupo, segmento, região, geral) + 10 that do not (other customers, other grupos, expired,
//   inactive), up to 3 quantity breaks per item; 200 tax rules with NCM prefixes of 2 to 8 digits,
//   by destination (interna, interestadual, one UF) and recipient type: ICMS-ST with MVA, IPI, DIFAL.
import type { ItemParaPrecificar } from '../../packages/shared/src/precos/resolve-preco.ts';
import type { TabelaPreco } from '../../packages/shared/src/precos/tabela-precos.schema.ts';
import { fluxoDaOperacao, type PartesOperacao } from '../../packages/shared/src/tributacao/partes.ts';
import {
  type RegraTributacao,
  type RegraTributacaoInput,
  regraTributacaoSchema,
} from '../../packages/shared/src/tributacao/regra.schema.ts';

export const ITEMS = 200;

export const uuid = (kind: number, n: number) =>
  `00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;
const money = (cents: number) => (cents / 100).toFixed(2);

// ---------- products and the order ----------
export const NCMS = Array.from({ length: 30 }, (_, i) => {
  const chapter = ['22', '84', '85', '39', '21', '19', '33', '34', '48', '73'][i % 10]!;
  return `${chapter}${String(((i * 37) % 90) + 10)}${String(((i * 53) % 90) + 10)}${String(((i * 11) % 90) + 10)}`;
});
export const products = Array.from({ length: ITEMS }, (_, i) => ({
  id: uuid(1, i + 1),
  precoVendaBase: money(500 + ((i * 7919) % 50_000)),
  custoMedio: (((300 + ((i * 7919) % 30_000)) / 100) * 1.0137).toFixed(4),
  unidade: 'UN',
  ncm: NCMS[i % NCMS.length]!,
  origem: (i % 17 === 0 ? '1' : '0') as '0' | '1',
}));
export const items: ItemParaPrecificar[] = products.map((product, i) => ({
  product,
  quantity: String(1 + ((i * 13) % 60)),
}));

// ---------- price tables ----------
export const customer = {
  id: uuid(2, 1),
  grupoEmpresarialId: uuid(3, 1),
  segmentoId: uuid(4, 1),
  regiaoId: uuid(5, 1),
};
const REGRAS = ['preco_fixo', 'markup_custo', 'acima_base', 'abaixo_base'] as const;

function table(n: number, escopo: TabelaPreco['escopo'], extra: Partial<TabelaPreco> = {}): TabelaPreco {
  // each table has 60–100 % of the products
  const share = 0.6 + ((n * 17) % 5) / 10;
  const itens = products
    .filter((_, i) => (i * 31 + n * 7) % 100 < share * 100)
    .map((p, i) => {
      const regra = REGRAS[(i + n) % REGRAS.length]!;
      const base = Number(p.precoVendaBase) * 100;
      const valor =
        regra === 'preco_fixo' ? money(Math.round(base * 0.97)) : regra === 'abaixo_base' ? '4.50' : '12.00';
      const breaks = (i + n) % 3; // 0, 1 or 2 … up to 3 breaks
      const faixas = Array.from({ length: breaks + 1 }, (_, b) =>
        (i + b) % 2 === 0
          ? { quantidade_minima: String(12 * (b + 1)), tipo: 'desconto' as const, valor: String(2 + b * 2) }
          : {
              quantidade_minima: String(12 * (b + 1)),
              tipo: 'preco' as const,
              valor: money(Math.round(base * (0.95 - b * 0.03))),
            },
      );
      return { produto_id: p.id, regra, valor, preco_minimo: null, faixas };
    });
  return {
    id: uuid(6, n),
    nome: `Tabela ${escopo} ${n}`,
    vigencia_inicio: `2026-0${1 + (n % 9)}-01`,
    vigencia_fim: null,
    ativa: true,
    escopo,
    grupo_id: escopo === 'grupo' ? customer.grupoEmpresarialId : null,
    segmento_id: escopo === 'segmento' ? customer.segmentoId : null,
    regiao_id: escopo === 'regiao' ? customer.regiaoId : null,
    cliente_ids: escopo === 'clientes' ? [uuid(2, 9), customer.id, uuid(2, 10)] : [],
    itens,
    ...extra,
  };
}
export const tables: TabelaPreco[] = [];
let n = 0;
for (const escopo of ['clientes', 'grupo', 'segmento', 'regiao', 'geral'] as const)
  for (let k = 0; k < 5; k++) tables.push(table(++n, escopo));
// tables that do not count for this customer or day
for (let k = 0; k < 3; k++) tables.push(table(++n, 'clientes', { cliente_ids: [uuid(2, 100 + k)] }));
for (let k = 0; k < 3; k++) tables.push(table(++n, 'grupo', { grupo_id: uuid(3, 100 + k) }));
for (let k = 0; k < 2; k++)
  tables.push(table(++n, 'geral', { vigencia_inicio: '2025-11-01', vigencia_fim: '2026-01-31' }));
for (let k = 0; k < 2; k++)
  tables.push(table(++n, 'segmento', { ativa: false, segmento_id: customer.segmentoId }));
export const DATE = '2026-11-20';

/** What tabelasParaPrecos loads: the tables reaching the customer, the order's products' items. */
function tabelasCarregadas(): TabelaPreco[] {
  const ids = new Set(items.map((i) => i.product.id));
  return tables
    .filter(
      (t) =>
        t.escopo === 'geral' ||
        (t.escopo === 'clientes' && t.cliente_ids.includes(customer.id)) ||
        (t.escopo === 'grupo' && t.grupo_id === customer.grupoEmpresarialId) ||
        (t.escopo === 'segmento' && t.segmento_id === customer.segmentoId) ||
        (t.escopo === 'regiao' && t.regiao_id === customer.regiaoId),
    )
    .map((t) => ({
      ...t,
      cliente_ids: t.escopo === 'clientes' ? [customer.id] : [],
      itens: t.itens.filter((i) => ids.has(i.produto_id)),
    }))
    .filter((t) => t.itens.length > 0);
}
export const loaded = tabelasCarregadas();

// ---------- tax rules ----------
const BASE: Partial<RegraTributacaoInput> = {
  operacao: 'venda',
  crt: '3',
  cst_pis: '01',
  cst_cofins: '01',
  cst_ibs_cbs: '000',
  c_class_trib: '000001',
};
const rule = (id: number, campos: Partial<RegraTributacaoInput>): RegraTributacao => ({
  id: uuid(7, id),
  ...regraTributacaoSchema.parse({ ...BASE, descricao: `Regra ${id}`, ...campos }),
});
export const rules: RegraTributacao[] = [
  // catch-alls, so every item is taxed
  rule(1, { cfop: '5102', cst_icms: '00', destino: 'interna' }),
  rule(2, { cfop: '6102', cst_icms: '00', destino: 'interestadual' }),
  rule(3, { cfop: '6108', cst_icms: '00', destino: 'interestadual', tipo_destinatario: 'nao_contribuinte' }),
];
let r = 3;
const UFS_DESTINO = ['MG', 'RJ', 'PR', 'BA', 'RS', 'GO', 'PE'] as const;
while (rules.length < 200) {
  const ncm = NCMS[r % NCMS.length]!;
  const prefix = ncm.slice(0, [2, 4, 6, 8][r % 4]);
  const kind = r % 5;
  r++;
  if (kind === 0)
    // ICMS-ST with MVA to a state, and IPI
    rules.push(
      rule(r, {
        cfop: '6403',
        cst_icms: '10',
        p_mva_st: String(30 + (r % 40)),
        destino: UFS_DESTINO[r % UFS_DESTINO.length],
        ncm_prefixo: prefix,
        cst_ipi: '50',
        p_ipi: String(r % 15),
      }),
    );
  else if (kind === 1)
    rules.push(
      rule(r, { cfop: '5102', cst_icms: '20', p_red_bc: '33,3333', destino: 'interna', ncm_prefixo: prefix }),
    );
  else if (kind === 2)
    rules.push(
      rule(r, {
        cfop: '6108',
        cst_icms: '00',
        destino: 'interestadual',
        tipo_destinatario: 'nao_contribuinte',
        ncm_prefixo: prefix,
        cst_ipi: '50',
        p_ipi: '5',
      }),
    );
  else if (kind === 3)
    rules.push(
      rule(r, {
        cfop: '6102',
        cst_icms: '00',
        destino: 'interestadual',
        ncm_prefixo: prefix,
        cst_ipi: '99',
        p_ipi: '0',
      }),
    );
  else
    rules.push(
      rule(r, { cfop: '5405', cst_icms: '60', destino: 'interna', ncm_prefixo: prefix, ativa: r % 2 === 0 }),
    );
}

export const emitente = {
  uf: 'SP',
  crt: '3',
  regimePisCofins: 'nao_cumulativo',
  excluiIcmsBasePisCofins: true,
} as const satisfies PartesOperacao['emitente'];
export const SCENARIOS: { name: string; partes: PartesOperacao }[] = [
  {
    name: 'SP → MG, contribuinte (ICMS-ST, IPI)',
    partes: {
      emitente,
      destinatario: { uf: 'MG', indIEDest: '1', indFinal: '0' },
      operacao: 'venda',
      sentido: 'saida',
    },
  },
  {
    name: 'SP → BA, não contribuinte (DIFAL, IPI)',
    partes: {
      emitente,
      destinatario: { uf: 'BA', indIEDest: '9', indFinal: '1' },
      operacao: 'venda',
      sentido: 'saida',
    },
  },
  {
    name: 'SP → SP, contribuinte (redução de base, ST retida)',
    partes: {
      emitente,
      destinatario: { uf: 'SP', indIEDest: '1', indFinal: '0' },
      operacao: 'venda',
      sentido: 'saida',
    },
  },
];

/** What carregaRegras loads for an order (soAplicaveis), in the same order (oldest first). */
export function regrasCarregadas(partes: PartesOperacao): RegraTributacao[] {
  const ids = new Set(products.map((p) => p.id));
  const prefixos = new Set(products.flatMap((p) => [2, 3, 4, 5, 6, 7, 8].map((n) => p.ncm.slice(0, n))));
  const f = fluxoDaOperacao(partes);
  return rules.filter(
    (r) =>
      r.ativa &&
      r.operacao === partes.operacao &&
      r.sentido === partes.sentido &&
      r.crt === partes.emitente.crt &&
      (r.produto_id === null || ids.has(r.produto_id)) &&
      (r.ncm_prefixo === null || prefixos.has(r.ncm_prefixo)) &&
      (r.uf_origem === null || r.uf_origem === f.ufOrigem) &&
      (r.destino === null ||
        r.destino === (f.interna ? 'interna' : 'interestadual') ||
        r.destino === f.ufDestino) &&
      (r.tipo_destinatario === null || r.tipo_destinatario === f.tipoDestinatario),
  );
}
