import {
  COUNT_CAP,
  type MdfeListQuery,
  podeCancelarMdfe,
  podeEncerrarMdfe,
  type StatusMdfe,
  statusMdfeLabels,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-query.ts';
import { mdfeMensagens } from './emissao-mdfe.service.ts';

// The manifestos screen (/expedicao/mdfe) and the load's MDF-e block: list, detail with its notes by
// município and its events, and which actions the detail offers (with the reason when one is not).

const cols = sql`m.id, m.carga_id, c.numero::int as carga_numero, m.serie, m.numero, m.chave, m.status, m.ambiente,
  m.tp_emis, m.uf_ini, m.uf_fim, m.percurso, m.placa, m.condutores, m.q_nfe, m.q_carga::text as q_carga,
  m.v_carga::text as v_carga, m.emissao, m.protocolo, m.autorizado_em, m.c_stat, m.x_motivo,
  m.consulta_pendente, m.encerrado_em, m.encerramento_data, m.encerramento_uf, m.encerramento_municipio,
  m.cancelado_em, m.motivo_cancelamento, m.created_at, c.status as carga_status`;
const from = sql`from mdfes m join cargas c on c.id = m.carga_id`;

const sorts = { data: sql`m.created_at`, numero: sql`m.numero`, status: sql`m.status` };

export type MdfeResumo = {
  id: string;
  carga_id: string;
  carga_numero: number;
  serie: number;
  numero: number;
  chave: string;
  status: StatusMdfe;
  ambiente: string;
  tp_emis: string;
  uf_ini: string;
  uf_fim: string;
  percurso: string[];
  placa: string;
  condutores: { nome: string; cpf: string }[];
  q_nfe: number;
  q_carga: string;
  v_carga: string;
  emissao: string;
  protocolo: string | null;
  autorizado_em: string | null;
  c_stat: string | null;
  x_motivo: string | null;
  consulta_pendente: boolean;
  encerrado_em: string | null;
  encerramento_data: string | null;
  encerramento_uf: string | null;
  encerramento_municipio: string | null;
  cancelado_em: string | null;
  motivo_cancelamento: string | null;
  created_at: string;
  carga_status: string;
};

const iso = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());

function resumo(r: Record<string, unknown>): MdfeResumo {
  return {
    ...(r as MdfeResumo),
    carga_numero: Number(r.carga_numero),
    serie: Number(r.serie),
    numero: Number(r.numero),
    q_nfe: Number(r.q_nfe),
    emissao: iso(r.emissao)!,
    autorizado_em: iso(r.autorizado_em),
    encerrado_em: iso(r.encerrado_em),
    cancelado_em: iso(r.cancelado_em),
    created_at: iso(r.created_at)!,
    encerramento_data: r.encerramento_data == null ? null : String(r.encerramento_data).slice(0, 10),
  };
}

export async function listMdfes(db: Db, q: MdfeListQuery) {
  const conds: SQL[] = [sql`true`];
  if (q.status) conds.push(sql`m.status = ${q.status}`);
  if (q.carga_id) conds.push(sql`m.carga_id = ${q.carga_id}`);
  if (q.de) conds.push(sql`m.created_at >= (${q.de}::date)::timestamp at time zone 'America/Sao_Paulo'`);
  if (q.ate) conds.push(sql`m.created_at < (${q.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`);
  const texto = q.q?.trim().toUpperCase().replace(/[\s-]/g, '');
  if (texto) {
    if (/^\d{1,9}$/.test(texto))
      conds.push(sql`(m.numero = ${Number(texto)} or c.numero = ${Number(texto)})`);
    else if (/^\d{10,44}$/.test(texto)) conds.push(sql`m.chave like ${`%${texto}%`}`);
    else conds.push(sql`m.placa like ${`%${texto}%`}`);
  }
  const where = sql`where ${sql.join(conds, sql` and `)}`;
  return listPage(q, {
    sorts,
    tieBreaker: sql`m.id` as never,
    rows: async ({ limit, offset, orderBy }) =>
      rowsOf<Record<string, unknown>>(
        await db.execute(
          sql`select ${cols} ${from} ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit} offset ${offset}`,
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

/** GET /api/expedicao/mdfe/:id — the manifesto, its notes by município, events and actions. */
export async function getMdfe(db: Db, id: string) {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${cols} ${from} where m.id = ${id}`),
  );
  if (!r) throw new AppError('not_found', mdfeMensagens.naoEncontrado);
  const m = resumo(r);
  const notas = rowsOf<{
    id: string;
    nota_id: string | null;
    nota_numero: number | null;
    chave: string;
    c_mun_descarga: string;
    x_mun_descarga: string;
    uf_descarga: string;
    peso: string;
    valor: string;
    incluida_por_evento: boolean;
    cliente: string | null;
  }>(
    await db.execute(sql`select n.id, n.nota_id, nf.numero::int as nota_numero, n.chave, n.c_mun_descarga,
        n.x_mun_descarga, n.uf_descarga, n.peso::text as peso, n.valor::text as valor, n.incluida_por_evento,
        cl.razao_social as cliente
      from mdfe_notas n left join notas_fiscais nf on nf.id = n.nota_id left join clientes cl on cl.id = nf.cliente_id
      where n.mdfe_id = ${id} order by n.sequencia, n.id`),
  );
  const municipios: { codigo: string; nome: string; uf: string; notas: typeof notas }[] = [];
  for (const n of notas) {
    let g = municipios.find((x) => x.codigo === n.c_mun_descarga);
    if (!g) {
      g = { codigo: n.c_mun_descarga, nome: n.x_mun_descarga, uf: n.uf_descarga, notas: [] };
      municipios.push(g);
    }
    g.notas.push({ ...n, nota_numero: n.nota_numero == null ? null : Number(n.nota_numero) });
  }
  const eventos = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select e.id, e.tipo, e.tp_evento, e.n_seq_evento, e.c_stat, e.x_motivo, e.protocolo,
        e.detalhe, e.created_at, (e.xml_proc is not null) as tem_xml, coalesce(p.nome_completo, u.email) as usuario
      from mdfe_eventos e left join users u on u.id = e.created_by
      left join user_profiles p on p.user_id = e.created_by
      where e.mdfe_id = ${id} order by e.created_at, e.id`),
  ).map((e) => ({ ...e, created_at: iso(e.created_at) }));
  const viagemIniciada = m.carga_status === 'em_rota' || m.carga_status === 'finalizada';
  const cancelar = podeCancelarMdfe({ status: m.status, autorizadoEm: m.autorizado_em, viagemIniciada });
  const encerrar = podeEncerrarMdfe({ status: m.status });
  return {
    ...m,
    status_label: statusMdfeLabels[m.status] ?? m.status,
    municipios,
    eventos,
    acoes: {
      transmitir: m.status === 'assinado' || m.status === 'rejeitado',
      contingencia: m.status === 'assinado' && m.tp_emis === '1',
      consultar: m.status !== 'cancelado',
      cancelar: cancelar.permitido ? null : cancelar.motivo,
      encerrar: encerrar.permitido ? null : encerrar.motivo,
      incluir: m.status === 'autorizado',
    },
  };
}

/** The XML to download: the mdfeProc once authorised, else the signed MDFe. */
export async function xmlDoMdfe(db: Db, id: string) {
  const [r] = rowsOf<{ chave: string; xml: string; xml_autorizado: string | null }>(
    await db.execute(sql`select chave, xml, xml_autorizado from mdfes where id = ${id}`),
  );
  if (!r) throw new AppError('not_found', mdfeMensagens.naoEncontrado);
  return {
    nome: `${r.chave}-${r.xml_autorizado ? 'mdfeProc' : 'mdfe'}.xml`,
    xml: r.xml_autorizado ?? r.xml,
    autorizado: !!r.xml_autorizado,
  };
}

/** An event's procEventoMDFe. */
export async function xmlDoEvento(db: Db, id: string, eventoId: string) {
  const [r] = rowsOf<{ xml_proc: string | null; tp_evento: string | null; chave: string }>(
    await db.execute(sql`select e.xml_proc, e.tp_evento, m.chave from mdfe_eventos e join mdfes m on m.id = e.mdfe_id
      where e.id = ${eventoId} and e.mdfe_id = ${id}`),
  );
  if (!r?.xml_proc) throw new AppError('not_found', 'Evento sem XML.');
  return { nome: `${r.chave}-${r.tp_evento}-procEventoMDFe.xml`, xml: r.xml_proc };
}

/** The load's manifestos (for the load page and the em_rota rule). */
export async function mdfesDaCarga(db: Db, cargaId: string) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${cols} ${from} where m.carga_id = ${cargaId} order by m.numero`),
  ).map(resumo);
}
