import {
  COUNT_CAP,
  type NotaSaida,
  type NotaSaidaEvento,
  type NotaSaidaResumo,
  type NotasSaidaListQuery,
  notasSaidaMensagens,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { contem, documentoDigitado, palavrasBusca } from '../../lib/busca-listas.ts';
import { AppError } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-query.ts';
import { leNfe } from '../nfe/parser.ts';
import type { notasFiscais } from './notasfiscais.tables.ts';

// Reading outgoing notes: the list (filters by period, status, customer, série, número/chave),
// one note with what its XML says (items, totals, duplicatas — the XML is the document) and its
// events, and the XML itself for download (the nfeProc once authorised, else the signed NFe).

const resumoCols = sql`nf.id, nf.numero, nf.serie, nf.chave, nf.status, nf.ambiente, nf.emissao,
  nf.valor_total::text as valor_total, nf.cliente_id, coalesce(c.razao_social, fo.razao_social) as cliente_nome,
  coalesce(c.documento, fo.documento) as cliente_documento, nf.pedido_id, o.numero as pedido_numero, nf.c_stat, nf.x_motivo`;

// a return to a supplier (issue 32) names the fornecedor instead of a customer
const from = sql`from notas_fiscais nf left join clientes c on c.id = nf.cliente_id
  left join fornecedores fo on fo.id = nf.fornecedor_id
  left join sales_orders o on o.id = nf.pedido_id`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

function resumo(r: Record<string, unknown>): NotaSaidaResumo {
  return {
    ...(r as unknown as NotaSaidaResumo),
    numero: Number(r.numero),
    serie: Number(r.serie),
    pedido_numero: r.pedido_numero == null ? null : Number(r.pedido_numero),
    emissao: iso(r.emissao),
  };
}

const sorts = {
  emissao: sql`nf.emissao`,
  numero: sql`nf.numero`,
  cliente: sql`c.razao_social`,
  valor: sql`nf.valor_total`,
  status: sql`nf.status`,
} as const;

/**
 * The search box, each condition on an index (migration 0047): a word of up to 9 digits, the
 * note's número (notas_fiscais_numero_idx); 15 digits or more, part of the chave (ilike, served by
 * notas_fiscais_chave_trgm_idx); another word with a digit, part of the chave or of the customer's
 * register (a CPF/CNPJ typed formatted or not); the words without a digit, the customer's register
 * — name, fantasia — all of them in one read of clientes_busca_trgm_idx (a chave is searched by its
 * digits). The customers are found first and their notes through notas_fiscais_cliente_idx
 * (`= any(array(...))` keeps an OR with the chave on bitmaps): one customer read per word made a
 * broad name ("mercado silva") probe the notes of 20,000 customers, then of 10,000 (0.5 s).
 */
export function buscaNotasSaida(q: string | undefined): SQL[] {
  const clientesDe = (cond: SQL) =>
    sql`nf.cliente_id = any(array(select c.id from clientes c where ${cond}))`;
  const palavras = palavrasBusca(q);
  const nomes = palavras.filter((w) => !/\d/.test(w));
  const conds = palavras
    .filter((w) => /\d/.test(w))
    .map((w) => {
      if (/^\d{1,9}$/.test(w)) return sql`nf.numero = ${Number(w)}`;
      // more digits than a CNPJ has: part of a chave only (no customer register to read through)
      if (/^\d{15,}$/.test(w)) return sql`nf.chave ilike ${contem(w)}`;
      const doc = documentoDigitado(w);
      const cliente =
        doc && doc !== w
          ? sql`c.busca like ${contem(w)} or c.busca like ${contem(doc)}`
          : sql`c.busca like ${contem(w)}`;
      return sql`(nf.chave ilike ${contem(w)} or ${clientesDe(cliente)})`;
    });
  if (nomes.length) {
    conds.push(
      clientesDe(
        sql.join(
          nomes.map((w) => sql`c.busca like ${contem(w)}`),
          sql` and `,
        ),
      ),
    );
  }
  return conds;
}

/** GET /api/notasfiscais/saida. `q`: the note's number, its chave (or part of it) or the customer. */
export async function listNotasSaida(db: Db, q: NotasSaidaListQuery) {
  const conds: SQL[] = [];
  if (q.status) conds.push(sql`nf.status = ${q.status}`);
  if (q.cliente_id) conds.push(sql`nf.cliente_id = ${q.cliente_id}`);
  if (q.serie !== undefined) conds.push(sql`nf.serie = ${q.serie}`);
  // the period is São Paulo's calendar days
  if (q.de) conds.push(sql`nf.emissao >= (${q.de}::date)::timestamp at time zone 'America/Sao_Paulo'`);
  if (q.ate) conds.push(sql`nf.emissao < (${q.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`);
  conds.push(...buscaNotasSaida(q.q));
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  return listPage(q, {
    sorts,
    tieBreaker: sql`nf.id` as unknown as typeof notasFiscais.id,
    rows: async ({ limit, offset, orderBy }) =>
      rowsOf<Record<string, unknown>>(
        await db.execute(
          sql`select ${resumoCols} ${from} ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit} offset ${offset}`,
        ),
      ).map(resumo),
    count: async () =>
      rowsOf<{ total: number }>(
        await db.execute(
          sql`select count(*)::int as total from (select 1 ${from} ${where} limit ${COUNT_CAP + 1}) x`,
        ),
      ),
  });
}

type LinhaNota = Record<string, unknown> & {
  xml: string;
  xml_autorizado: string | null;
  protocolo: string | null;
  tp_emis: string;
};

async function linhaNota(db: Db, id: string): Promise<LinhaNota> {
  const [r] = rowsOf<LinhaNota>(
    await db.execute(
      sql`select ${resumoCols}, nf.xml, nf.xml_autorizado, nf.protocolo, nf.tp_emis, nf.fin_nfe, nf.tp_nf,
        nf.devolucao_id ${from} where nf.id = ${id}`,
    ),
  );
  if (!r) throw new AppError('not_found', notasSaidaMensagens.notaNaoEncontrada);
  return r;
}

const z2 = (v: string | null | undefined) => v ?? '0.00';

/** GET /api/notasfiscais/saida/:id */
export async function getNotaSaida(db: Db, id: string): Promise<NotaSaida> {
  const r = await linhaNota(db, id);
  const nfe = leNfe(r.xml);
  const eventos = rowsOf<NotaSaidaEvento & { created_at: unknown }>(
    await db.execute(sql`select e.id, e.tipo, e.sequencia, e.c_stat, e.x_motivo, e.protocolo, e.usuario, e.created_at
      from notas_fiscais_eventos e where e.nota_id = ${id} order by e.created_at, e.id`),
  ).map((e) => ({ ...e, created_at: iso(e.created_at) }));
  const t = nfe.total;
  // issue 32: the returns of this sale note, or the devolução this return note belongs to
  const devolucoes = rowsOf<{ id: string; numero: number; status: string; valor_total: string }>(
    await db.execute(sql`select d.id, d.numero, d.status, d.valor_total::text from devolucoes d
      where d.nota_id = ${id} or d.nota_devolucao_id = ${id} order by d.numero`),
  ).map((d) => ({ ...d, numero: Number(d.numero) }));
  return {
    ...resumo(r),
    fin_nfe: String(r.fin_nfe ?? '1'),
    tp_nf: String(r.tp_nf ?? '1'),
    devolucao_id: (r.devolucao_id as string | null) ?? null,
    devolucoes,
    protocolo: r.protocolo,
    tp_emis: r.tp_emis,
    natureza: nfe.ide.natOp,
    itens: nfe.itens.map((i) => ({
      n_item: i.nItem,
      c_prod: i.cProd,
      x_prod: i.xProd,
      ncm: i.NCM ?? '',
      cfop: i.CFOP ?? '',
      u_com: i.uCom,
      q_com: i.qCom,
      v_un_com: i.vUnCom,
      v_prod: i.vProd,
      v_desc: z2(i.vDesc),
      cst: i.imposto.cst ?? '',
      v_icms: z2(i.imposto.vICMS),
      v_st: z2(i.imposto.vICMSST),
      v_ipi: z2(i.imposto.vIPI),
    })),
    totais: {
      v_prod: z2(t.vProd),
      v_desc: z2(t.vDesc),
      v_frete: z2(t.vFrete),
      v_bc: z2(t.vBC),
      v_icms: z2(t.vICMS),
      v_st: z2(t.vST),
      v_ipi: z2(t.vIPI),
      v_pis: z2(t.vPIS),
      v_cofins: z2(t.vCOFINS),
      v_ibs: z2(t.vIBS),
      v_cbs: z2(t.vCBS),
      v_nf: z2(t.vNF),
    },
    duplicatas: nfe.cobr.dup.map((d) => ({ numero: d.nDup ?? '', vencimento: d.dVenc ?? '', valor: d.vDup })),
    eventos,
    xml: r.xml_autorizado ?? r.xml,
    autorizada_xml: r.xml_autorizado !== null,
  };
}

/** The XML to download: the nfeProc once authorised, else the signed NFe; named by the chave. */
export async function xmlNotaSaida(db: Db, id: string): Promise<{ nome: string; xml: string }> {
  const r = await linhaNota(db, id);
  const chave = String(r.chave);
  return r.xml_autorizado
    ? { nome: `${chave}-procNFe.xml`, xml: r.xml_autorizado }
    : { nome: `${chave}-nfe.xml`, xml: r.xml };
}
