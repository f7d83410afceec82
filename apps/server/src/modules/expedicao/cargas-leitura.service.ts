import {
  avaliaCapacidade,
  type Carga,
  type CargaResumo,
  type CargasListQuery,
  type cargasListQuerySchema,
  categoriaExigida,
  type ListPage,
  type MontagemQuery,
  type MotoristaCarga,
  type montagemQuerySchema,
  type ParadaCarga,
  type PedidoDisponivel,
  type StatusCarga,
  TRANSICOES_CARGA,
  type VeiculoCarga,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { notFoundMessage } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/list-query.ts';
import { umDosIds } from '../../lib/sql-listas.ts';

// The reads of dispatch: the loads list, one load with its stops and live gauges, the options of
// the assembly screen (vehicles, drivers, helpers, regiões) and the orders available for a load.
// The order, customer, região and fleet columns are read in SQL (the registers of those modules
// have no service answering these joined rows); nothing here writes.

export type {
  Carga,
  CargaResumo,
  CargasListQuery,
  MontagemQuery,
  MotoristaCarga,
  ParadaCarga,
  PedidoDisponivel,
  VeiculoCarga,
};

const veiculoDescricao = (v: { placa: string; marca?: string | null; modelo?: string | null }) =>
  [v.placa, [v.marca, v.modelo].filter(Boolean).join(' ')].filter(Boolean).join(' — ');

const VEICULO_COLS = sql`v.id, v.placa, v.tipo, v.tara, v.capacidade, v.volume::text as volume,
  v.valor_maximo_carga::text as valor_maximo_carga, v.motorista_padrao_id, v.ativo, v.marca, v.modelo`;

type VeiculoRow = Omit<VeiculoCarga, 'categoria_exigida' | 'descricao'> & {
  marca: string | null;
  modelo: string | null;
};
const veiculoDe = ({ marca, modelo, ...v }: VeiculoRow): VeiculoCarga => ({
  ...v,
  tara: Number(v.tara),
  capacidade: Number(v.capacidade),
  categoria_exigida: categoriaExigida({
    tipo: v.tipo,
    tara: Number(v.tara),
    capacidade: Number(v.capacidade),
  }),
  descricao: veiculoDescricao({ placa: v.placa, marca, modelo }),
});

export async function leVeiculo(db: Db | Tx, id: string): Promise<VeiculoCarga | null> {
  const [v] = rowsOf<VeiculoRow>(
    await db.execute(sql`select ${VEICULO_COLS} from veiculos v where v.id = ${id}`),
  );
  return v ? veiculoDe(v) : null;
}

export async function leMotorista(
  db: Db | Tx,
  id: string,
): Promise<(MotoristaCarga & { funcao: string }) | null> {
  const [m] = rowsOf<MotoristaCarga & { funcao: string }>(
    await db.execute(sql`select id, nome, ativo, funcao, cnh_numero, cnh_categoria, cnh_validade::text as cnh_validade
      from funcionarios where id = ${id}`),
  );
  return m ?? null;
}

/** The stops of loads (one query for one load or several). */
async function paradasDe(db: Db | Tx, cargaId: string): Promise<ParadaCarga[]> {
  return rowsOf<ParadaCarga>(
    await db.execute(sql`
      select cp.pedido_id, cp.sequencia, o.numero::int as numero, o.status, o.cliente_id, o.cliente_nome,
        c.nome_fantasia as fantasia, c.documento,
        concat_ws(', ', c.logradouro, c.numero, c.complemento) as endereco,
        c.bairro, c.municipio as cidade, c.uf, c.cep, coalesce(c.celular, c.telefone) as telefone,
        r.nome as regiao_nome, o.data_entrega::text as data_entrega,
        o.peso_bruto::text as peso_bruto, o.volume::text as volume, o.valor_total::text as valor_total,
        f.nome as forma_pagamento, cd.nome as condicao_pagamento,
        (select count(*)::int from sales_order_items i where i.order_id = o.id) as itens,
        cp.entrega_status, cp.entrega_motivo,
        -- issue 32: the authorised sale note a refusal at the door is returned against
        (select nf.id from notas_fiscais nf where nf.pedido_id = o.id and nf.status = 'autorizada'
          and nf.devolucao_id is null limit 1) as nota_autorizada_id,
        (select cf.status from conferencias cf where cf.pedido_id = o.id and cf.status <> 'cancelada') as conferencia_status
      from cargas_pedidos cp
        join sales_orders o on o.id = cp.pedido_id
        join clientes c on c.id = o.cliente_id
        left join regioes_entrega r on r.id = o.regiao_id
        left join formas_pagamento f on f.id = o.forma_pagamento_id
        left join condicoes_pagamento cd on cd.id = o.condicao_pagamento_id
      where cp.carga_id = ${cargaId} and cp.ativo
      order by cp.sequencia, o.numero`),
  ).map((p) => ({ ...p, numero: Number(p.numero), itens: Number(p.itens) }));
}

export async function getCarga(db: Db | Tx, id: string): Promise<Carga> {
  const [h] = rowsOf<{
    id: string;
    numero: number;
    data_saida_prevista: string;
    status: StatusCarga;
    veiculo_id: string | null;
    motorista_id: string | null;
    ajudantes: string[];
    regioes: string[];
    observacoes: string | null;
    excesso_justificativa: string | null;
    excesso_descricao: string | null;
    excesso_usuario: string | null;
    excesso_em: string | null;
    motorista_justificativa: string | null;
    motorista_usuario: string | null;
    motorista_em: string | null;
    motivo_cancelamento: string | null;
    versao: number;
  }>(
    await db.execute(sql`select k.id, k.numero::int as numero, k.data_saida_prevista::text as data_saida_prevista,
        k.status, k.veiculo_id, k.motorista_id, k.ajudantes::text[] as ajudantes, k.regioes::text[] as regioes,
        k.observacoes, k.excesso_justificativa, k.excesso_descricao,
        (select u.email from users u where u.id = k.excesso_por) as excesso_usuario, k.excesso_em,
        k.motorista_justificativa, (select u.email from users u where u.id = k.motorista_por) as motorista_usuario,
        k.motorista_em, k.motivo_cancelamento, k.versao
      from cargas k where k.id = ${id}`),
  );
  if (!h) throw new AppError('not_found', notFoundMessage);
  const veiculo = h.veiculo_id ? await leVeiculo(db, h.veiculo_id) : null;
  const motorista = h.motorista_id ? await leMotorista(db, h.motorista_id) : null;
  const pessoas = rowsOf<{ id: string; nome: string }>(
    await db.execute(
      sql`select id, nome from funcionarios where ${umDosIds(sql`id`, h.ajudantes)} order by nome`,
    ),
  );
  const regioes = rowsOf<{ id: string; nome: string }>(
    await db.execute(
      sql`select id, nome from regioes_entrega where ${umDosIds(sql`id`, h.regioes)} order by nome`,
    ),
  );
  const paradas = await paradasDe(db, id);
  const historico = rowsOf<Carga['historico'][number]>(
    await db.execute(sql`select de, para, motivo, usuario, created_at from cargas_historico
      where carga_id = ${id} order by id`),
  );
  const instante = (v: string | null) => (v ? new Date(v).toISOString() : '');
  return {
    id: h.id,
    numero: Number(h.numero),
    data_saida_prevista: h.data_saida_prevista,
    status: h.status,
    veiculo,
    motorista: motorista
      ? {
          id: motorista.id,
          nome: motorista.nome,
          ativo: motorista.ativo,
          cnh_numero: motorista.cnh_numero,
          cnh_categoria: motorista.cnh_categoria,
          cnh_validade: motorista.cnh_validade,
        }
      : null,
    ajudantes: pessoas,
    regioes,
    observacoes: h.observacoes,
    excesso: h.excesso_justificativa
      ? {
          justificativa: h.excesso_justificativa,
          descricao: h.excesso_descricao,
          usuario: h.excesso_usuario,
          em: instante(h.excesso_em),
        }
      : null,
    motorista_liberacao: h.motorista_justificativa
      ? {
          justificativa: h.motorista_justificativa,
          usuario: h.motorista_usuario,
          em: instante(h.motorista_em),
        }
      : null,
    motivo_cancelamento: h.motivo_cancelamento,
    paradas,
    capacidade: avaliaCapacidade(paradas, veiculo),
    historico: historico.map((r) => ({ ...r, created_at: instante(r.created_at) })),
    transicoes: [...TRANSICOES_CARGA[h.status]],
    versao: h.versao,
  };
}

type ListQuery = z.output<typeof cargasListQuerySchema>;

export async function listCargas(db: Db, q: ListQuery): Promise<ListPage<CargaResumo>> {
  const conds: SQL[] = [];
  if (q.status) conds.push(sql`k.status = ${q.status}`);
  if (q.de) conds.push(sql`k.data_saida_prevista >= ${q.de}`);
  if (q.ate) conds.push(sql`k.data_saida_prevista <= ${q.ate}`);
  const termo = q.q?.trim();
  if (termo) {
    const n = /^\d{1,12}$/.test(termo) ? Number(termo) : null;
    conds.push(
      n !== null
        ? sql`k.numero = ${n}`
        : sql`exists (select 1 from veiculos v where v.id = k.veiculo_id and v.placa ilike ${`%${escapeLike(termo.replace(/[-\s]/g, '').toUpperCase())}%`})`,
    );
  }
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const ordem = q.sort === 'data_saida_prevista' ? sql`k.data_saida_prevista` : sql`k.numero`;
  const dir = q.dir === 'asc' ? sql`asc` : sql`desc`;
  const items = rowsOf<CargaResumo>(
    await db.execute(sql`select k.id, k.numero::int as numero, k.data_saida_prevista::text as data_saida_prevista,
        k.status, v.placa, m.nome as motorista_nome, k.versao,
        coalesce(t.pedidos, 0)::int as pedidos, coalesce(t.peso, 0)::numeric(14,3)::text as peso,
        coalesce(t.valor, 0)::numeric(14,2)::text as valor, coalesce(t.conferidos, 0)::int as conferidos
      from cargas k
        left join veiculos v on v.id = k.veiculo_id
        left join funcionarios m on m.id = k.motorista_id
        left join lateral (select count(*) as pedidos, sum(o.peso_bruto) as peso, sum(o.valor_total) as valor,
            count(*) filter (where o.status in ('conferido', 'faturado', 'entregue')) as conferidos
          from cargas_pedidos cp join sales_orders o on o.id = cp.pedido_id
          where cp.carga_id = k.id and cp.ativo) t on true
      ${where}
      order by ${ordem} ${dir}, k.numero ${dir}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  ).map((r) => ({ ...r, numero: Number(r.numero) }));
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from cargas k ${where} limit 10001) x`),
  );
  const total = Number(c?.n ?? 0);
  return {
    items,
    total: Math.min(total, 10_000),
    totalIsLowerBound: total > 10_000,
    page: q.page,
    pageSize: q.pageSize,
  } as ListPage<CargaResumo>;
}

/** The pickers of the assembly screen. */
export async function opcoesCarga(db: Db) {
  const veiculos = rowsOf<VeiculoRow>(
    await db.execute(sql`select ${VEICULO_COLS} from veiculos v where v.ativo order by v.placa limit 500`),
  ).map(veiculoDe);
  const funcionarios = rowsOf<MotoristaCarga & { funcao: string }>(
    await db.execute(sql`select id, nome, ativo, funcao, cnh_numero, cnh_categoria, cnh_validade::text as cnh_validade
      from funcionarios where ativo and funcao in ('motorista', 'ajudante') order by nome limit 2000`),
  );
  const regioes = rowsOf<{ id: string; nome: string }>(
    await db.execute(sql`select id, nome from regioes_entrega where ativo order by nome limit 500`),
  );
  return {
    veiculos,
    motoristas: funcionarios.filter((f) => f.funcao === 'motorista').map(({ funcao: _, ...m }) => m),
    ajudantes: funcionarios.filter((f) => f.funcao === 'ajudante').map((f) => ({ id: f.id, nome: f.nome })),
    regioes,
  };
}

/** Most rows the assembly list answers (the filters narrow it; the total says how many match). */
export const MONTAGEM_LIMITE = 1000;

type MontagemFiltros = z.output<typeof montagemQuerySchema>;

/**
 * The orders a load may take: liberado (and em separação / conferido orders left without a load
 * when theirs was cancelled) not in a load that is not cancelled; filtered by região, delivery
 * date (up to) and city; sorted by região, city, CEP, number. With the counts per região and city
 * of the available orders (the filter chips).
 */
export async function pedidosDisponiveis(db: Db, f: MontagemFiltros) {
  const base = sql`o.status in ('liberado', 'em_separacao', 'conferido')
    and not exists (select 1 from cargas_pedidos cp where cp.pedido_id = o.id and cp.ativo)`;
  const conds: SQL[] = [base];
  if (f.regiao_id) conds.push(sql`o.regiao_id = ${f.regiao_id}`);
  if (f.entrega_ate) conds.push(sql`(o.data_entrega is null or o.data_entrega <= ${f.entrega_ate})`);
  if (f.cidade) conds.push(sql`c.municipio = ${f.cidade}`);
  const termo = f.q?.trim();
  if (termo)
    conds.push(
      /^\d{1,12}$/.test(termo)
        ? sql`o.numero = ${Number(termo)}`
        : sql`o.cliente_nome ilike ${`%${escapeLike(termo)}%`}`,
    );
  const where = sql.join(conds, sql` and `);
  const rows = rowsOf<PedidoDisponivel & { total: number }>(
    await db.execute(sql`select o.id, o.numero::int as numero, o.status, o.cliente_nome, o.data_entrega::text as data_entrega,
        o.valor_total::text as valor_total, o.peso_bruto::text as peso_bruto, o.volume::text as volume,
        o.regiao_id, r.nome as regiao_nome, c.municipio as cidade, c.uf, c.cep, c.bairro,
        count(*) over ()::int as total
      from sales_orders o
        join clientes c on c.id = o.cliente_id
        left join regioes_entrega r on r.id = o.regiao_id
      where ${where}
      order by r.nome nulls last, c.municipio nulls last, c.cep nulls last, o.numero
      limit ${MONTAGEM_LIMITE}`),
  );
  const facetas = rowsOf<{
    regiao_id: string | null;
    regiao_nome: string | null;
    cidade: string | null;
    uf: string | null;
    n: number;
  }>(
    await db.execute(sql`select o.regiao_id, r.nome as regiao_nome, c.municipio as cidade, c.uf, count(*)::int as n
      from sales_orders o
        join clientes c on c.id = o.cliente_id
        left join regioes_entrega r on r.id = o.regiao_id
      where ${base}
      group by 1, 2, 3, 4 order by 2 nulls last, 3 nulls last`),
  );
  const regioes = new Map<string, { id: string | null; nome: string; quantidade: number }>();
  const cidades = new Map<string, { cidade: string; uf: string | null; quantidade: number }>();
  for (const r of facetas) {
    const kr = r.regiao_id ?? '';
    const er = regioes.get(kr) ?? { id: r.regiao_id, nome: r.regiao_nome ?? 'Sem região', quantidade: 0 };
    er.quantidade += Number(r.n);
    regioes.set(kr, er);
    if (r.cidade && (!f.regiao_id || r.regiao_id === f.regiao_id)) {
      const ec = cidades.get(r.cidade) ?? { cidade: r.cidade, uf: r.uf, quantidade: 0 };
      ec.quantidade += Number(r.n);
      cidades.set(r.cidade, ec);
    }
  }
  return {
    items: rows.map(({ total: _, ...p }) => ({ ...p, numero: Number(p.numero) })),
    total: Number(rows[0]?.total ?? 0),
    limite: MONTAGEM_LIMITE,
    regioes: [...regioes.values()],
    cidades: [...cidades.values()].sort((a, b) => a.cidade.localeCompare(b.cidade, 'pt-BR')),
  };
}
