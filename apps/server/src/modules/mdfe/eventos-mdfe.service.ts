import {
  businessToday,
  type CancelamentoMdfeInput,
  type EncerramentoMdfeInput,
  type InclusaoCondutorInput,
  type InclusaoDfeInput,
  municipioPorCodigo,
  podeCancelarMdfe,
  podeEncerrarMdfe,
  type StatusMdfe,
  type Uf,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { SefazErroHttp, SefazIndisponivel, SefazTimeout } from '../sefaz/soap.ts';
import {
  contextoMdfe,
  type MdfeDeps,
  mensagemFalhaMdfe,
  registraEvento,
  travaMdfe,
} from './emissao-mdfe.service.ts';
import { leNotaParaMdfe } from './mdfe-carga.service.ts';
import {
  assinaEventoMdfe,
  type CabecalhoEventoMdfe,
  eventoCancelamentoMdfe,
  eventoEncerramentoMdfe,
  eventoInclusaoCondutorMdfe,
  eventoInclusaoDfeMdfe,
  TP_EVENTO_MDFE,
} from './xml/eventos-mdfe.ts';
import { montaProcEventoMdfe } from './xml/proc-mdfe.ts';
import { validaMdfeXsd } from './xsd-mdfe.ts';

// The MDF-e events (MDFeRecepcaoEvento): cancelamento (24 h, before the trip starts), encerramento
// (where and when the trip ended — also done by «Finalizar» of the load), inclusão de condutor and
// inclusão de DF-e. Each is checked here before SEFAZ is asked, signed over infEvento, validated, sent;
// 135 (or 136) registers it: the procEventoMDFe (event as signed + retEventoMDFe as received) is kept
// byte for byte with the status change in one transaction. A refusal keeps the MDF-e as it was.

export const eventosMdfeMensagens = {
  naoAutorizado: 'Só um MDF-e autorizado recebe eventos.',
  recusado: (cStat: string, xMotivo: string) => `A SEFAZ recusou o evento: ${cStat} – ${xMotivo}`,
  municipioForaDaUf: (nome: string, uf: string) => `O município ${nome} não pertence à UF ${uf}.`,
  municipioInvalido: 'Município (código IBGE) inválido.',
  condutorRepetido: 'Este condutor já está no MDF-e.',
  maximoCondutores: 'O MDF-e já tem 10 condutores.',
  notaNaoAutorizada: (chave: string) => `A NF-e ${chave} não é uma nota autorizada desta empresa.`,
  notaJaIncluida: (chave: string) => `A NF-e ${chave} já está no MDF-e.`,
  municipioDescargaForaDaUf: (nome: string, uf: string) =>
    `O município de descarregamento ${nome} não pertence à UF de descarregamento do MDF-e (${uf}).`,
} as const;

type TipoEvento = 'cancelamento' | 'encerramento' | 'inclusao_condutor' | 'inclusao_dfe';

const ehFalhaSefaz = (e: unknown): e is SefazIndisponivel | SefazTimeout | SefazErroHttp =>
  e instanceof SefazIndisponivel || e instanceof SefazTimeout || e instanceof SefazErroHttp;

async function proximoSeq(tx: Tx | Db, id: string, tpEvento: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from mdfe_eventos where mdfe_id = ${id}
      and tp_evento = ${tpEvento} and c_stat in ('135', '136')`),
  );
  return Number(r?.n ?? 0) + 1;
}

/**
 * One event end to end. `verifica` runs on the locked row before anything is sent; `monta` writes
 * the unsigned event; `aplica` runs in the transaction that records SEFAZ's 135.
 */
async function enviaEvento(
  db: Db,
  deps: MdfeDeps,
  actor: Actor,
  id: string,
  tipo: TipoEvento,
  tpEvento: string,
  verifica: (m: Awaited<ReturnType<typeof travaMdfe>>, tx: Tx) => Promise<void>,
  monta: (c: CabecalhoEventoMdfe, m: Awaited<ReturnType<typeof travaMdfe>>) => string,
  aplica: (tx: Tx, m: Awaited<ReturnType<typeof travaMdfe>>) => Promise<void>,
  detalhe?: unknown,
) {
  const userId = actor.userId ?? null;
  const { m, nSeq } = await writeTx(db, actor, async (tx) => {
    const m = await travaMdfe(tx, id);
    await verifica(m, tx);
    return { m, nSeq: await proximoSeq(tx, id, tpEvento) };
  });
  const ctx = await contextoMdfe(db, deps.config);
  const cabecalho: CabecalhoEventoMdfe = {
    chave: m.chave,
    tpAmb: ctx.fiscal.ambiente === 'producao' ? '1' : '2',
    cnpj: ctx.fiscal.emitente.cnpj,
    dhEvento: new Date(),
    nSeqEvento: nSeq,
  };
  const assinado = assinaEventoMdfe(monta(cabecalho, m), ctx.assinante);
  const xsd = validaMdfeXsd(deps.config.mdfeSchemasDir, assinado);
  if (!xsd.valido)
    throw new AppError('unprocessable', `O evento não passou na validação do schema: ${xsd.erros[0]}`, {
      erros: xsd.erros,
    });
  let r: Awaited<ReturnType<typeof ctx.cliente.evento>>;
  try {
    r = await ctx.cliente.evento(assinado);
  } catch (e) {
    if (!ehFalhaSefaz(e)) throw e;
    await writeTx(db, actor, (tx) =>
      registraEvento(tx, id, {
        tipo: 'falha',
        userId,
        tpEvento,
        nSeq,
        xMotivo: e.message,
        xmlEvento: assinado,
      }),
    );
    throw new AppError('unavailable', mensagemFalhaMdfe(e));
  }
  const registrado = r.cStat === '135' || r.cStat === '136';
  await writeTx(db, actor, async (tx) => {
    const atual = await travaMdfe(tx, id);
    await registraEvento(tx, id, {
      tipo: registrado ? tipo : 'evento_rejeitado',
      userId,
      tpEvento,
      nSeq,
      cStat: r.cStat,
      xMotivo: r.xMotivo,
      protocolo: r.nProt,
      xmlEvento: assinado,
      xmlRetorno: r.retEventoMDFe,
      xmlProc: registrado && r.retEventoMDFe ? montaProcEventoMdfe(assinado, r.retEventoMDFe) : null,
      detalhe,
    });
    if (registrado) await aplica(tx, atual);
  });
  if (!registrado) throw new AppError('unprocessable', eventosMdfeMensagens.recusado(r.cStat, r.xMotivo));
  return { cStat: r.cStat, xMotivo: r.xMotivo, protocolo: r.nProt };
}

const exigeAutorizado = (m: { status: string }) => {
  if (m.status !== 'autorizado') throw new AppError('conflict', eventosMdfeMensagens.naoAutorizado);
};

/** Whether the load of this MDF-e already left (em rota or finalizada): no cancelamento then. */
async function viagemIniciada(tx: Tx, cargaId: string): Promise<boolean> {
  const [c] = rowsOf<{ status: string }>(
    await tx.execute(sql`select status from cargas where id = ${cargaId}`),
  );
  return c?.status === 'em_rota' || c?.status === 'finalizada';
}

export function cancelaMdfe(db: Db, deps: MdfeDeps, actor: Actor, id: string, input: CancelamentoMdfeInput) {
  return enviaEvento(
    db,
    deps,
    actor,
    id,
    'cancelamento',
    TP_EVENTO_MDFE.cancelamento,
    async (m, tx) => {
      const v = podeCancelarMdfe({
        status: m.status as StatusMdfe,
        autorizadoEm: m.autorizado_em,
        viagemIniciada: await viagemIniciada(tx, m.carga_id),
      });
      if (!v.permitido) throw new AppError('conflict', v.motivo);
    },
    (c, m) => eventoCancelamentoMdfe(c, { nProt: m.protocolo!, xJust: input.xJust }),
    async (tx) => {
      await tx.execute(sql`update mdfes set status = 'cancelado', cancelado_em = now(),
          motivo_cancelamento = ${input.xJust}, versao = versao + 1, updated_at = now() where id = ${id}`);
    },
  );
}

export function encerraMdfe(db: Db, deps: MdfeDeps, actor: Actor, id: string, input: EncerramentoMdfeInput) {
  const mun = municipioPorCodigo(input.codigoMunicipio);
  if (!mun) throw new AppError('validation_failed', eventosMdfeMensagens.municipioInvalido);
  if (mun.uf !== input.uf)
    throw new AppError('validation_failed', eventosMdfeMensagens.municipioForaDaUf(mun.nome, input.uf), {
      fields: { codigoMunicipio: [eventosMdfeMensagens.municipioForaDaUf(mun.nome, input.uf)] },
    });
  return enviaEvento(
    db,
    deps,
    actor,
    id,
    'encerramento',
    TP_EVENTO_MDFE.encerramento,
    async (m) => {
      const v = podeEncerrarMdfe({ status: m.status as StatusMdfe });
      if (!v.permitido) throw new AppError('conflict', v.motivo);
    },
    (c, m) =>
      eventoEncerramentoMdfe(c, {
        nProt: m.protocolo!,
        dtEnc: input.dtEnc,
        uf: input.uf as Uf,
        codigoMunicipio: input.codigoMunicipio,
      }),
    async (tx) => {
      await tx.execute(sql`update mdfes set status = 'encerrado', encerrado_em = now(),
          encerramento_data = ${input.dtEnc}, encerramento_uf = ${input.uf},
          encerramento_municipio = ${`${mun.nome} (${mun.codigo})`}, versao = versao + 1, updated_at = now()
        where id = ${id}`);
    },
    { municipio: mun.nome, codigo: mun.codigo, uf: input.uf, data: input.dtEnc },
  );
}

export function incluiCondutorMdfe(
  db: Db,
  deps: MdfeDeps,
  actor: Actor,
  id: string,
  input: InclusaoCondutorInput,
) {
  return enviaEvento(
    db,
    deps,
    actor,
    id,
    'inclusao_condutor',
    TP_EVENTO_MDFE.inclusaoCondutor,
    async (m) => {
      exigeAutorizado(m);
      if (m.condutores.some((c) => c.cpf === input.cpf))
        throw new AppError('conflict', eventosMdfeMensagens.condutorRepetido);
      if (m.condutores.length >= 10) throw new AppError('conflict', eventosMdfeMensagens.maximoCondutores);
    },
    (c) => eventoInclusaoCondutorMdfe(c, { xNome: input.xNome, cpf: input.cpf }),
    async (tx, m) => {
      const condutores = [...m.condutores, { nome: input.xNome, cpf: input.cpf }];
      await tx.execute(sql`update mdfes set condutores = ${JSON.stringify(condutores)}::jsonb,
          versao = versao + 1, updated_at = now() where id = ${id}`);
    },
    { nome: input.xNome, cpf: input.cpf },
  );
}

/** Inclusão de DF-e: authorised NF-e of ours added to the manifesto on the road (their município de descarga in UFFim). */
export async function incluiDfeMdfe(
  db: Db,
  deps: MdfeDeps,
  actor: Actor,
  id: string,
  input: InclusaoDfeInput,
) {
  const carrega = municipioPorCodigo(input.codigoMunicipioCarregamento);
  if (!carrega) throw new AppError('validation_failed', eventosMdfeMensagens.municipioInvalido);
  const chaves = input.documentos.map((d) => d.chNFe);
  const notas = rowsOf<{ id: string; chave: string; xml: string; valor_total: string }>(
    await db.execute(sql`select id, chave, coalesce(xml_autorizado, xml) as xml, valor_total::text as valor_total
      from notas_fiscais where chave = any(${sql`array[${sql.join(
        chaves.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]`}) and status = 'autorizada'`),
  );
  const documentos = input.documentos.map((d) => {
    const mun = municipioPorCodigo(d.codigoMunicipioDescarga);
    if (!mun) throw new AppError('validation_failed', eventosMdfeMensagens.municipioInvalido);
    const nota = notas.find((n) => n.chave === d.chNFe);
    if (!nota) throw new AppError('unprocessable', eventosMdfeMensagens.notaNaoAutorizada(d.chNFe));
    return { ...d, mun, nota };
  });
  return enviaEvento(
    db,
    deps,
    actor,
    id,
    'inclusao_dfe',
    TP_EVENTO_MDFE.inclusaoDfe,
    async (m, tx) => {
      exigeAutorizado(m);
      for (const d of documentos)
        if (d.mun.uf !== m.uf_fim)
          throw new AppError(
            'unprocessable',
            eventosMdfeMensagens.municipioDescargaForaDaUf(d.mun.nome, m.uf_fim),
          );
      const [ja] = rowsOf<{ chave: string }>(
        await tx.execute(sql`select chave from mdfe_notas where mdfe_id = ${id}
          and chave = any(${sql`array[${sql.join(
            chaves.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[]`}) limit 1`),
      );
      if (ja) throw new AppError('conflict', eventosMdfeMensagens.notaJaIncluida(ja.chave));
    },
    (c, m) =>
      eventoInclusaoDfeMdfe(c, {
        nProt: m.protocolo!,
        municipioCarregamento: { codigo: carrega.codigo, nome: carrega.nome },
        documentos: documentos.map((d) => ({
          codigoMunicipioDescarga: d.mun.codigo,
          nomeMunicipioDescarga: d.mun.nome,
          chNFe: d.chNFe,
        })),
      }),
    async (tx, m) => {
      for (const d of documentos) {
        const x = leNotaParaMdfe(d.nota.xml);
        await tx.execute(sql`insert into mdfe_notas (mdfe_id, nota_id, chave, sequencia, c_mun_descarga,
            x_mun_descarga, uf_descarga, peso, valor, incluida_por_evento)
          values (${id}, ${d.nota.id}, ${d.chNFe},
            (select coalesce(max(sequencia), 0) + 1 from mdfe_notas where mdfe_id = ${id}),
            ${d.mun.codigo}, ${d.mun.nome}, ${m.uf_fim}, ${x.pesoBrutoKg}, ${d.nota.valor_total}, true)`);
      }
      await tx.execute(sql`update mdfes set q_nfe = q_nfe + ${documentos.length},
          versao = versao + 1, updated_at = now() where id = ${id}`);
    },
    { chaves },
  );
}

/**
 * «Finalizar» of a load: its authorised manifestos are closed at the last município de descarga of
 * each, today. Any failure stops here (503/422) and the load stays em rota.
 */
export async function encerraMdfesDaCarga(db: Db, deps: MdfeDeps, actor: Actor, cargaId: string) {
  // only when the load can in fact be finalised (em rota, no stop pendente): the transition decides
  const [c] = rowsOf<{ status: string; pendentes: number }>(
    await db.execute(sql`select k.status, (select count(*)::int from cargas_pedidos cp where cp.carga_id = k.id
        and cp.ativo and cp.entrega_status = 'pendente') as pendentes from cargas k where k.id = ${cargaId}`),
  );
  if (c?.status !== 'em_rota' || Number(c.pendentes) > 0) return 0;
  const abertos = rowsOf<{ id: string; uf_fim: string; c_mun: string | null }>(
    await db.execute(sql`select m.id, m.uf_fim,
        (select n.c_mun_descarga from mdfe_notas n where n.mdfe_id = m.id order by n.sequencia desc limit 1) as c_mun
      from mdfes m where m.carga_id = ${cargaId} and m.status = 'autorizado' order by m.numero`),
  );
  for (const a of abertos) {
    if (!a.c_mun) continue;
    await encerraMdfe(db, deps, actor, a.id, {
      dtEnc: businessToday(),
      codigoMunicipio: a.c_mun,
      uf: a.uf_fim as Uf,
    });
  }
  return abertos.length;
}

/** MDFeConsNaoEnc of the company: the manifestos SEFAZ still has open, matched with ours. */
export async function naoEncerrados(db: Db, deps: MdfeDeps) {
  const ctx = await contextoMdfe(db, deps.config);
  let r: Awaited<ReturnType<typeof ctx.cliente.naoEncerrados>>;
  try {
    r = await ctx.cliente.naoEncerrados(ctx.fiscal.emitente.cnpj);
  } catch (e) {
    if (ehFalhaSefaz(e)) throw new AppError('unavailable', mensagemFalhaMdfe(e));
    throw e;
  }
  const chaves = r.mdfes.map((m) => m.chMDFe);
  const nossos = chaves.length
    ? rowsOf<{
        id: string;
        chave: string;
        numero: number;
        placa: string;
        carga_id: string;
        carga_numero: number;
      }>(
        await db.execute(sql`select m.id, m.chave, m.numero, m.placa, m.carga_id, c.numero::int as carga_numero
          from mdfes m join cargas c on c.id = m.carga_id
          where m.chave = any(${sql`array[${sql.join(
            chaves.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[]`})`),
      )
    : [];
  return {
    cStat: r.cStat,
    xMotivo: r.xMotivo,
    items: r.mdfes.map((m) => {
      const n = nossos.find((x) => x.chave === m.chMDFe);
      return {
        chave: m.chMDFe,
        protocolo: m.nProt,
        id: n?.id ?? null,
        numero: n ? Number(n.numero) : null,
        placa: n?.placa ?? null,
        carga_id: n?.carga_id ?? null,
        carga_numero: n ? Number(n.carga_numero) : null,
      };
    }),
  };
}
