import {
  type ConfiguracaoFiscal,
  type EmissaoMdfeInput,
  ErroPlanoMdfe,
  geraCMdf,
  type MdfeConfiguracao,
  type MdfePlanejado,
  pendenciasMdfe,
  planejaMdfes,
  type Uf,
  validaPercurso,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { carregaCertificadoA1 } from '../fiscal/certificado.service.ts';
import { carregaConfiguracaoFiscal } from '../fiscal/configuracao-fiscal.service.ts';
import { type ClienteMdfe, criaClienteMdfe } from '../sefaz/mdfe-cliente.ts';
import { SefazErroHttp, SefazIndisponivel, SefazTimeout } from '../sefaz/soap.ts';
import { trustStoreSefaz } from '../sefaz/trust-store.ts';
import { type DadosCargaMdfe, dadosMdfe, entradaPendencias, leCargaParaMdfe } from './mdfe-carga.service.ts';
import { leMdfeConfiguracao } from './mdfe-configuracao.service.ts';
import { MdfeSchemasIndisponiveis } from './pacote-mdfe.ts';
import { MdfeInvalidoXsd, montaAssinaValida } from './xml/assina-mdfe.ts';
import { MontaMdfeErro } from './xml/monta-mdfe.ts';
import { montaMdfeProc } from './xml/proc-mdfe.ts';

// Emission and transmission of a load's MDF-e (modules/mdfe/README.md). «Emitir MDF-e» plans one
// manifesto per UF de descarregamento (planejaMdfes), checks everything it needs first (nothing is
// written while something is missing: 422 with the list and where to fix each), then in ONE
// transaction takes the numbers (mdfe_series, locked), builds, signs and validates each manifesto and
// stores it «assinado»; after the commit each is sent to SVRS (MDFeRecepcaoSinc). 100 → autorizado
// with the mdfeProc byte for byte; a rejection → rejeitado with cStat – xMotivo, and «Transmitir»
// builds it again from the corrected registers under the same série, número and cMDF; a timeout is
// never followed by a blind re-send (the chave is consulted first).

export type MdfeDeps = { config: Config; logger: Logger };

export const mdfeMensagens = {
  naoEncontrado: 'MDF-e não encontrado.',
  cargaNaoEncontrada: 'Carga não encontrada.',
  cargaNaoFaturada: (numero: number) =>
    `A carga nº ${numero} ainda não foi faturada: o MDF-e lista as NF-e autorizadas da carga.`,
  jaTemMdfe: (numero: number, mdfe: number) =>
    `A carga nº ${numero} já tem o MDF-e nº ${mdfe}: transmita, cancele ou encerre-o em Expedição > Manifestos (MDF-e).`,
  pendencias: 'Faltam dados para emitir o MDF-e:',
  semPacote:
    'Validação de MDF-e indisponível: configure MDFE_SCHEMAS_DIR com a pasta dos schemas XSD oficiais.',
  xsdInvalido: (erro: string) => `O MDF-e não passou na validação do schema: ${erro}`,
  naoTransmissivel: (status: string) =>
    `O MDF-e está «${status}»: só um MDF-e assinado ou rejeitado é transmitido.`,
  semResposta:
    'A SEFAZ não respondeu a tempo. O MDF-e será consultado antes de qualquer novo envio: tente «Consultar» em instantes.',
  indisponivel: (motivo: string) => `SEFAZ indisponível: ${motivo}`,
  semRede: (codigo: string) =>
    `Este servidor está sem internet ou sem DNS (${codigo}): a SEFAZ não foi alcançada e o MDF-e não foi enviado.`,
  rejeitado: (cStat: string, xMotivo: string) => `${cStat} – ${xMotivo}`,
  contingenciaSoAssinado:
    'Só um MDF-e assinado e ainda não autorizado vai para contingência (um MDF-e rejeitado é corrigido e transmitido de novo).',
  serieEsgotada: (serie: number) => `A série ${serie} do MDF-e chegou ao número máximo.`,
} as const;

/** The SVRS MDF-e client with the company's A1 (mutual TLS) and the ambiente; 422 without certificate. */
export async function contextoMdfe(db: Db | Tx, config: Config) {
  const fiscal = await carregaConfiguracaoFiscal(db);
  const a1 = await carregaCertificadoA1(db);
  if (!a1)
    throw new AppError(
      'unprocessable',
      'Certificado digital A1 não configurado: envie o certificado em Configurações fiscais.',
    );
  const cliente: ClienteMdfe = criaClienteMdfe({
    ambiente: fiscal.ambiente,
    tls: {
      certPem: a1.certPem,
      keyPem: a1.keyPem,
      chainPem: a1.chainPem,
      ca: trustStoreSefaz(config.sefazCaDir),
    },
    timeoutMs: config.sefazTimeoutMs,
    override: config.sefazUrlOverride,
    schemasDir: config.mdfeSchemasDir,
  });
  return { fiscal, a1, cliente, assinante: { keyPem: a1.keyPem, certPem: a1.certPem } };
}

type FalhaSefaz = SefazIndisponivel | SefazTimeout | SefazErroHttp;
const ehFalhaSefaz = (e: unknown): e is FalhaSefaz =>
  e instanceof SefazIndisponivel || e instanceof SefazTimeout || e instanceof SefazErroHttp;

export function mensagemFalhaMdfe(e: FalhaSefaz): string {
  if (e instanceof SefazTimeout) return mdfeMensagens.semResposta;
  if (e instanceof SefazIndisponivel && e.semRede) return mdfeMensagens.semRede(e.codigo!);
  return mdfeMensagens.indisponivel(e.message);
}

/** Takes the série's next number (row locked until the caller's commit); a number is never given twice. */
export async function alocaNumeroMdfe(tx: Tx, serie: number): Promise<number> {
  const [s] = rowsOf<{ proximo_numero: number }>(
    await tx.execute(sql`select proximo_numero from mdfe_series where serie = ${serie} for update`),
  );
  if (!s) {
    await tx.execute(sql`insert into mdfe_series (serie) values (${serie}) on conflict do nothing`);
    return alocaNumeroMdfe(tx, serie);
  }
  const [usado] = rowsOf<{ maximo: number | null }>(
    await tx.execute(sql`select max(numero)::int as maximo from mdfes where serie = ${serie}`),
  );
  const numero = Math.max(Number(s.proximo_numero), (usado?.maximo ?? 0) + 1);
  if (numero > 999_999_999) throw new AppError('unprocessable', mdfeMensagens.serieEsgotada(serie));
  await tx.execute(
    sql`update mdfe_series set proximo_numero = ${numero + 1}, updated_at = now() where serie = ${serie}`,
  );
  return numero;
}

function percursoDe(plano: MdfePlanejado, input: EmissaoMdfeInput): Uf[] {
  const dado = input.percursos?.find((p) => p.ufFim === plano.ufFim);
  if (!dado) return plano.percurso;
  const erros = validaPercurso(plano.ufIni, plano.ufFim, dado.percurso as Uf[]);
  if (erros.length) throw new AppError('validation_failed', erros[0]!, { fields: { percursos: erros } });
  return dado.percurso as Uf[];
}

type Montagem = {
  dados: DadosCargaMdfe;
  fiscal: ConfiguracaoFiscal;
  config: MdfeConfiguracao;
  assinante: { keyPem: string; certPem: string };
  schemasDir: string | undefined;
};

function montaEValida(m: Montagem, args: Parameters<typeof dadosMdfe>[0]) {
  try {
    return montaAssinaValida(dadosMdfe(args), m.assinante, m.schemasDir);
  } catch (e) {
    if (e instanceof MdfeSchemasIndisponiveis) throw new AppError('unavailable', e.message);
    if (e instanceof MontaMdfeErro) throw new AppError('unprocessable', e.message);
    if (e instanceof MdfeInvalidoXsd)
      throw new AppError('unprocessable', mdfeMensagens.xsdInvalido(e.erros[0] ?? ''), { erros: e.erros });
    throw e;
  }
}

/** Everything «Emitir MDF-e» needs, or 422 with every missing piece (each with where to fix it). */
async function preparaMontagem(tx: Tx | Db, deps: MdfeDeps, cargaId: string, travar: boolean) {
  const dados = await leCargaParaMdfe(tx, cargaId, travar);
  if (!dados) throw new AppError('not_found', mdfeMensagens.cargaNaoEncontrada);
  let fiscal: ConfiguracaoFiscal | null = null;
  try {
    fiscal = await carregaConfiguracaoFiscal(tx);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
  }
  const a1 = await carregaCertificadoA1(tx);
  const pendencias = pendenciasMdfe(entradaPendencias(dados, fiscal, a1?.valido_ate ?? null));
  if (pendencias.length)
    throw new AppError(
      'unprocessable',
      `${mdfeMensagens.pendencias} ${pendencias.map((p) => p.mensagem).join(' ')}`,
      {
        reason: 'pendencias',
        pendencias,
      },
    );
  if (!deps.config.mdfeSchemasDir) throw new AppError('unavailable', mdfeMensagens.semPacote);
  const config = await leMdfeConfiguracao(tx);
  return {
    dados,
    fiscal: fiscal!,
    config,
    assinante: { keyPem: a1!.keyPem, certPem: a1!.certPem },
    schemasDir: deps.config.mdfeSchemasDir,
  } satisfies Montagem;
}

/**
 * «Emitir MDF-e» of a faturada load: the manifestos are written signed in one transaction, then each
 * is transmitted. Answers the load's manifestos after the transmissions (a SEFAZ failure leaves them
 * «assinado» with the reason in `falhas`).
 */
export async function emiteMdfesDaCarga(
  db: Db,
  deps: MdfeDeps,
  actor: Actor,
  cargaId: string,
  input: EmissaoMdfeInput,
) {
  const ids = await writeTx(db, actor, async (tx) => {
    const m = await preparaMontagem(tx, deps, cargaId, true);
    const c = m.dados.carga;
    if (c.status !== 'faturada') throw new AppError('conflict', mdfeMensagens.cargaNaoFaturada(c.numero));
    const [ativo] = rowsOf<{ numero: number }>(
      await tx.execute(sql`select numero from mdfes where carga_id = ${cargaId}
        and status in ('assinado', 'rejeitado', 'autorizado') order by numero limit 1`),
    );
    if (ativo) throw new AppError('conflict', mdfeMensagens.jaTemMdfe(c.numero, Number(ativo.numero)));
    let planos: MdfePlanejado[];
    try {
      planos = planejaMdfes({
        ufCarregamento: m.fiscal.emitente.endereco.uf as Uf,
        municipioCarregamento: {
          codigo: m.fiscal.emitente.endereco.codigo_municipio,
          nome: m.fiscal.emitente.endereco.municipio ?? '',
        },
        notas: m.dados.notas,
      });
    } catch (e) {
      if (e instanceof ErroPlanoMdfe) throw new AppError('unprocessable', e.message);
      throw e;
    }
    const dhEmi = new Date();
    const out: string[] = [];
    for (const plano of planos) {
      const percurso = percursoDe(plano, input);
      const nMDF = await alocaNumeroMdfe(tx, m.config.serie);
      const numero = { serie: m.config.serie, nMDF, cMDF: geraCMdf(nMDF) };
      const { xml, chave } = montaEValida(m, {
        plano,
        percurso,
        numero,
        dhEmi,
        tpEmis: '1',
        fiscal: m.fiscal,
        config: m.config,
        carga: m.dados,
        produtoPredominante: input.produtoPredominante ?? null,
        seguro: input.seguro,
        dhIniViagem: input.dhIniViagem ? new Date(input.dhIniViagem) : null,
      });
      const condutores = m.dados.motoristas.map((x) => ({
        nome: x.nome,
        cpf: (x.cpf ?? '').replace(/\D/g, ''),
      }));
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into mdfes (carga_id, serie, numero, chave, status, ambiente, tp_emis, uf_ini,
            uf_fim, percurso, veiculo_id, placa, condutores, q_nfe, q_carga, v_carga, emissao, xml, created_by)
          values (${cargaId}, ${numero.serie}, ${nMDF}, ${chave}, 'assinado', ${m.fiscal.ambiente}, '1',
            ${plano.ufIni}, ${plano.ufFim}, ${sql`array[${sql.join(
              percurso.map((u) => sql`${u}`),
              sql`, `,
            )}]::text[]`}, ${m.dados.veiculo!.id}, ${m.dados.veiculo!.placa},
            ${JSON.stringify(condutores)}::jsonb, ${plano.qNFe}, ${plano.qCarga}, ${plano.vCarga}, ${dhEmi},
            ${xml}, ${actor.userId ?? null})
          returning id`),
      );
      await gravaNotas(tx, row!.id, plano, m.dados);
      await registraEvento(tx, row!.id, { tipo: 'emissao', userId: actor.userId ?? null });
      out.push(row!.id);
    }
    return out;
  });
  const falhas: { id: string; mensagem: string }[] = [];
  for (const id of ids) {
    try {
      await transmiteMdfe(db, deps, actor, id);
    } catch (e) {
      if (e instanceof AppError && (e.code === 'unavailable' || e.code === 'unprocessable')) {
        falhas.push({ id, mensagem: e.message });
        continue;
      }
      throw e;
    }
  }
  return { ids, falhas };
}

/** The manifesto's notes, in the plan's order (infMunDescarga by município, then infNFe). */
export async function gravaNotas(tx: Tx, mdfeId: string, plano: MdfePlanejado, dados: DadosCargaMdfe) {
  const porChave = new Map(dados.notas.map((n) => [n.chave, n]));
  let sequencia = 0;
  const linhas = plano.descargas.flatMap((d) =>
    d.chaves.map((ch) => {
      const n = porChave.get(ch)!;
      return {
        sequencia: ++sequencia,
        nota_id: n.id,
        chave: ch,
        c_mun: d.codigoMunicipio,
        x_mun: d.nomeMunicipio,
        peso: n.pesoBrutoKg,
        valor: n.valorTotal,
      };
    }),
  );
  // one statement for the whole manifesto (a 200-note load was 200 round trips)
  await tx.execute(sql`insert into mdfe_notas (mdfe_id, nota_id, chave, sequencia, c_mun_descarga, x_mun_descarga,
      uf_descarga, peso, valor)
    select ${mdfeId}, l.nota_id, l.chave, l.sequencia, l.c_mun, l.x_mun, ${plano.ufFim}, l.peso, l.valor
    from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb)
      as l(sequencia int, nota_id uuid, chave text, c_mun text, x_mun text, peso numeric, valor numeric)
    on conflict (mdfe_id, chave) do nothing`);
}

export async function registraEvento(
  tx: Tx | Db,
  mdfeId: string,
  e: {
    tipo: string;
    userId: string | null;
    tpEvento?: string | null;
    nSeq?: number | null;
    cStat?: string | null;
    xMotivo?: string | null;
    protocolo?: string | null;
    xmlEvento?: string | null;
    xmlRetorno?: string | null;
    xmlProc?: string | null;
    detalhe?: unknown;
  },
) {
  await tx.execute(sql`insert into mdfe_eventos (mdfe_id, tipo, tp_evento, n_seq_evento, c_stat, x_motivo,
      protocolo, xml_evento, xml_retorno, xml_proc, detalhe, created_by)
    values (${mdfeId}, ${e.tipo}, ${e.tpEvento ?? null}, ${e.nSeq ?? null}, ${e.cStat ?? null},
      ${e.xMotivo ?? null}, ${e.protocolo ?? null}, ${e.xmlEvento ?? null}, ${e.xmlRetorno ?? null},
      ${e.xmlProc ?? null}, ${e.detalhe === undefined ? null : JSON.stringify(e.detalhe)}::jsonb, ${e.userId})`);
}

export type MdfeLinha = {
  id: string;
  carga_id: string;
  serie: number;
  numero: number;
  chave: string;
  status: string;
  tp_emis: '1' | '2';
  uf_ini: string;
  uf_fim: string;
  percurso: string[];
  placa: string;
  xml: string;
  xml_autorizado: string | null;
  protocolo: string | null;
  autorizado_em: string | null;
  emissao: string;
  consulta_pendente: boolean;
  condutores: { nome: string; cpf: string }[];
};

export async function travaMdfe(tx: Tx, id: string): Promise<MdfeLinha> {
  const [m] = rowsOf<MdfeLinha>(
    await tx.execute(sql`select id, carga_id, serie, numero, chave, status, tp_emis, uf_ini, uf_fim, percurso, placa,
        xml, xml_autorizado, protocolo, autorizado_em, emissao, consulta_pendente, condutores
      from mdfes where id = ${id} for update`),
  );
  if (!m) throw new AppError('not_found', mdfeMensagens.naoEncontrado);
  return m;
}

/** The open MDF-e SEFAZ names in a 611/686 rejection («… chave: 35…»): its chave, and our id when it is ours. */
async function mdfeAbertoCitado(tx: Tx | Db, xMotivo: string) {
  const chave = /\b(\d{44})\b/.exec(xMotivo)?.[1];
  if (!chave) return null;
  const [r] = rowsOf<{ id: string; numero: number; carga_id: string }>(
    await tx.execute(sql`select id, numero, carga_id from mdfes where chave = ${chave}`),
  );
  return { chave, id: r?.id ?? null, numero: r ? Number(r.numero) : null, carga_id: r?.carga_id ?? null };
}

/** Applies an authorisation (ours or found by a consult): autorizado with the mdfeProc. */
export async function aplicaAutorizacao(
  tx: Tx,
  m: MdfeLinha,
  r: { protMDFe: string; nProt: string | null; dhRecbto: string | null; cStat: string; xMotivo: string },
  userId: string | null,
  tipo = 'autorizacao',
) {
  const proc = montaMdfeProc(m.xml, r.protMDFe);
  await tx.execute(sql`update mdfes set status = 'autorizado', xml_autorizado = ${proc}, protocolo = ${r.nProt},
      autorizado_em = ${r.dhRecbto ? new Date(r.dhRecbto) : new Date()}, c_stat = ${r.cStat},
      x_motivo = ${r.xMotivo}, consulta_pendente = false, versao = versao + 1, updated_at = now()
    where id = ${m.id}`);
  await registraEvento(tx, m.id, {
    tipo,
    userId,
    cStat: r.cStat,
    xMotivo: r.xMotivo,
    protocolo: r.nProt,
    xmlRetorno: r.protMDFe,
  });
}

/** Re-builds a rejected MDF-e from the registers as they are now (same série, número, cMDF, tpEmis). */
async function reconstroi(tx: Tx, deps: MdfeDeps, m: MdfeLinha): Promise<MdfeLinha> {
  const mont = await preparaMontagem(tx, deps, m.carga_id, false);
  const planos = planejaMdfes({
    ufCarregamento: mont.fiscal.emitente.endereco.uf as Uf,
    municipioCarregamento: {
      codigo: mont.fiscal.emitente.endereco.codigo_municipio,
      nome: mont.fiscal.emitente.endereco.municipio ?? '',
    },
    notas: mont.dados.notas,
  });
  const plano = planos.find((p) => p.ufFim === m.uf_fim);
  if (!plano) throw new AppError('conflict', mdfeMensagens.naoTransmissivel(m.status));
  const dhEmi = new Date(m.emissao);
  const { xml, chave } = montaEValida(mont, {
    plano,
    percurso: m.percurso as Uf[],
    numero: { serie: Number(m.serie), nMDF: Number(m.numero), cMDF: m.chave.slice(35, 43) },
    dhEmi,
    tpEmis: m.tp_emis,
    fiscal: mont.fiscal,
    config: mont.config,
    carga: mont.dados,
    condutores: m.condutores,
  });
  await tx.execute(sql`update mdfes set xml = ${xml}, chave = ${chave}, placa = ${mont.dados.veiculo!.placa},
      veiculo_id = ${mont.dados.veiculo!.id}, q_nfe = ${plano.qNFe}, q_carga = ${plano.qCarga},
      v_carga = ${plano.vCarga}, status = 'assinado', versao = versao + 1, updated_at = now()
    where id = ${m.id}`);
  await tx.execute(sql`delete from mdfe_notas where mdfe_id = ${m.id} and not incluida_por_evento`);
  await gravaNotas(tx, m.id, plano, mont.dados);
  return { ...m, xml, chave, status: 'assinado' };
}

/**
 * POST …/mdfe/:id/transmitir (and right after the emission): an assinado or rejeitado MDF-e to
 * MDFeRecepcaoSinc. A rejected one is built again first (the registers may have been corrected).
 */
export async function transmiteMdfe(db: Db, deps: MdfeDeps, actor: Actor, id: string) {
  const userId = actor.userId ?? null;
  const preparado = await writeTx(db, actor, async (tx) => {
    let m = await travaMdfe(tx, id);
    if (m.status !== 'assinado' && m.status !== 'rejeitado')
      throw new AppError('conflict', mdfeMensagens.naoTransmissivel(m.status));
    if (m.status === 'rejeitado') m = await reconstroi(tx, deps, m);
    return m;
  });
  const ctx = await contextoMdfe(db, deps.config);
  if (preparado.consulta_pendente) {
    const adotado = await consultaEAdota(db, deps, actor, id, ctx.cliente);
    if (adotado) return adotado;
  }
  let r: Awaited<ReturnType<ClienteMdfe['autoriza']>>;
  try {
    r = await ctx.cliente.autoriza(preparado.xml);
  } catch (e) {
    if (!ehFalhaSefaz(e)) throw e;
    const timeout = e instanceof SefazTimeout;
    await writeTx(db, actor, async (tx) => {
      if (timeout) await tx.execute(sql`update mdfes set consulta_pendente = true where id = ${id}`);
      await registraEvento(tx, id, { tipo: timeout ? 'timeout' : 'falha', userId, xMotivo: e.message });
    });
    if (timeout) {
      const adotado = await consultaEAdota(db, deps, actor, id, ctx.cliente).catch(() => null);
      if (adotado) return adotado;
    }
    throw new AppError('unavailable', mensagemFalhaMdfe(e));
  }
  return writeTx(db, actor, async (tx) => {
    const m = await travaMdfe(tx, id);
    if (r.cStat === '100' && r.protMDFe) {
      await aplicaAutorizacao(tx, m, { ...r, protMDFe: r.protMDFe }, userId);
      return { status: 'autorizado' as const, cStat: r.cStat, xMotivo: r.xMotivo, aberto: null };
    }
    await tx.execute(sql`update mdfes set status = 'rejeitado', c_stat = ${r.cStat}, x_motivo = ${r.xMotivo},
        consulta_pendente = false, versao = versao + 1, updated_at = now() where id = ${id}`);
    const aberto = await mdfeAbertoCitado(tx, r.xMotivo);
    await registraEvento(tx, id, {
      tipo: 'rejeicao',
      userId,
      cStat: r.cStat,
      xMotivo: r.xMotivo,
      xmlRetorno: r.xml,
      detalhe: aberto ? { aberto } : undefined,
    });
    return { status: 'rejeitado' as const, cStat: r.cStat, xMotivo: r.xMotivo, aberto };
  });
}

/** MDFeConsulta of the chave; an authorisation found is adopted. Null when SEFAZ has none. */
export async function consultaEAdota(
  db: Db,
  _deps: MdfeDeps,
  actor: Actor,
  id: string,
  cliente: ClienteMdfe,
) {
  const [m] = rowsOf<{ chave: string }>(await db.execute(sql`select chave from mdfes where id = ${id}`));
  if (!m) throw new AppError('not_found', mdfeMensagens.naoEncontrado);
  let r: Awaited<ReturnType<ClienteMdfe['consulta']>>;
  try {
    r = await cliente.consulta(m.chave);
  } catch (e) {
    if (ehFalhaSefaz(e)) throw new AppError('unavailable', mensagemFalhaMdfe(e));
    throw e;
  }
  const prot = r.protMDFe;
  const nProt = prot ? (/<nProt>(\d+)<\/nProt>/.exec(prot)?.[1] ?? null) : null;
  const dhRecbto = prot ? (/<dhRecbto>([^<]+)<\/dhRecbto>/.exec(prot)?.[1] ?? null) : null;
  const cStatProt = prot ? (/<cStat>(\d+)<\/cStat>/.exec(prot)?.[1] ?? null) : null;
  return writeTx(db, actor, async (tx) => {
    const linha = await travaMdfe(tx, id);
    await registraEvento(tx, id, {
      tipo: 'consulta',
      userId: actor.userId ?? null,
      cStat: r.cStat,
      xMotivo: r.xMotivo,
    });
    if (prot && cStatProt === '100' && (linha.status === 'assinado' || linha.status === 'rejeitado')) {
      await aplicaAutorizacao(
        tx,
        linha,
        { protMDFe: prot, nProt, dhRecbto, cStat: cStatProt, xMotivo: r.xMotivo },
        actor.userId ?? null,
        'consulta',
      );
      return { status: 'autorizado' as const, cStat: '100', xMotivo: r.xMotivo, aberto: null };
    }
    await tx.execute(sql`update mdfes set consulta_pendente = false where id = ${id}`);
    return null;
  });
}

/**
 * After «Faturar carga» made the load faturada, when the company's setting says so: the MDF-e is
 * emitted by the system. Whatever stops it (pendências, SEFAZ) is logged and left to «Emitir MDF-e»
 * on the load, which shows the same reason — the invoicing itself is done and stays done.
 */
export async function emiteMdfeAutomatico(deps: MdfeDeps & { db: Db }, actor: Actor, cargaId: string) {
  const config = await leMdfeConfiguracao(deps.db);
  if (!config.emitir_automaticamente) return;
  try {
    await emiteMdfesDaCarga(deps.db, deps, actor, cargaId, {});
  } catch (e) {
    deps.logger.warn(
      { cargaId, err: e instanceof Error ? e.message : String(e) },
      'MDF-e automático não emitido',
    );
  }
}

/**
 * «Emitir em contingência» (tpEmis 2) when SVRS cannot be reached: the manifesto is signed again with
 * tpEmis 2 — a new chave (tpEmis is in it) under the same número — and its DAMDFE (with the contingency
 * notice and the QR's signature) lets the truck leave. It must be transmitted as soon as SEFAZ answers
 * («Transmitir»); the number it had in normal emission was never authorised, so nothing is left behind.
 */
export async function contingenciaMdfe(db: Db, deps: MdfeDeps, actor: Actor, id: string) {
  await writeTx(db, actor, async (tx) => {
    const m = await travaMdfe(tx, id);
    if (m.status !== 'assinado' || m.tp_emis === '2')
      throw new AppError('conflict', mdfeMensagens.contingenciaSoAssinado);
    await tx.execute(sql`update mdfes set tp_emis = '2' where id = ${id}`);
    const r = await reconstroi(tx, deps, { ...m, tp_emis: '2' });
    await registraEvento(tx, id, {
      tipo: 'contingencia',
      userId: actor.userId ?? null,
      detalhe: { chave_anterior: m.chave, chave: r.chave },
    });
  });
}
