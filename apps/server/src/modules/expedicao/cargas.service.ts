import {
  type AlteracaoPedido,
  avaliaCapacidade,
  type CargaInput,
  formaPlural,
  genericMessages,
  plural,
  podeDirigir,
  podeTransitarCarga,
  STATUS_CARGA_EDITAVEIS,
  type StatusCarga,
  type StatusEntrega,
  statusCargaLabels,
  statusPedidoLabels,
} from '@erp/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { notFoundMessage } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { umDosIds } from '../../lib/sql-listas.ts';
import { recusaSeNotaViva } from '../comercial/faturamento-nota.service.ts';
import { transitaPedidoEm } from '../comercial/pedidos.service.ts';
import { exigeMdfeParaSair } from '../mdfe/mdfe-exigencia.ts';
import { leMotorista, leVeiculo } from './cargas-leitura.service.ts';
import { cargas, cargasHistorico, cargasPedidos } from './expedicao.tables.ts';

// The writes of loads: create/update the header (vehicle, driver, crew, regiões), add and remove
// orders, the stop sequence, the status transitions and each stop's delivery outcome. One
// transaction each, the load row locked (FOR UPDATE) and its versao checked; every status change
// goes through podeTransitarCarga and is recorded in cargas_historico (and the audit log).
//
// Two rules may be overridden by an admin with a justification (stored with who and when, audited):
// the vehicle's capacity (weight, volume, value — avaliaCapacidade) and the driver rule
// (podeDirigir: CNH valid on the departure day, category covering the vehicle).

export type AtorCarga = Actor & { roles: readonly string[] };

export const cargaMensagens = {
  naoEditavel: (s: StatusCarga) => `Carga em «${statusCargaLabels[s]}» não pode mais ser alterada.`,
  soAdminLibera: 'Só o Administrador pode liberar com justificativa.',
  justifiqueExcesso: 'Carga acima da capacidade do veículo: só o Administrador libera, com justificativa.',
  justifiqueMotorista:
    'O motorista não pode dirigir este veículo: só o Administrador libera, com justificativa.',
  pedidoIndisponivel: (n: number, s: string) =>
    `Pedido nº ${n} está em «${s}»: só pedidos liberados entram numa carga.`,
  pedidoEmOutraCarga: (n: number, carga: number) => `Pedido nº ${n} já está na carga nº ${carga}.`,
  pedidoNaoEncontrado: 'Pedido não encontrado.',
  pedidoForaDaCarga: 'O pedido não está nesta carga.',
  sequenciaIncompleta: 'A sequência deve conter exatamente os pedidos da carga.',
  semVeiculo: 'Escolha o veículo antes de iniciar a separação.',
  semMotorista: 'Escolha o motorista antes de iniciar a separação.',
  semPedidos: 'A carga não tem pedidos.',
  naoConferida: (n: number) =>
    `${formaPlural(n, 'Falta', 'Faltam')} conferir ${plural(n, 'pedido', 'pedidos')} da carga.`,
  naoFaturada: (n: number) =>
    `${formaPlural(n, 'Falta', 'Faltam')} faturar ${plural(n, 'pedido', 'pedidos')} da carga.`,
  entregasPendentes: (n: number) => `Falta registrar a entrega de ${plural(n, 'parada', 'paradas')}.`,
  entregaSoEmRota: 'A entrega é registrada com a carga em rota.',
  entregaJaRegistrada: 'A entrega desta parada já foi registrada.',
  veiculoNaoEncontrado: 'Veículo não encontrado',
  motoristaNaoEncontrado: 'Motorista não encontrado',
  naoMotorista: 'O funcionário escolhido não é motorista',
  ajudanteNaoEncontrado: 'Ajudante não encontrado',
  regiaoNaoEncontrada: 'Região não encontrada',
} as const;

type CargaTravada = {
  id: string;
  numero: number;
  status: StatusCarga;
  versao: number;
  veiculo_id: string | null;
  motorista_id: string | null;
  data_saida_prevista: string;
  excesso_justificativa: string | null;
};

async function travaCarga(tx: Tx, id: string, versao?: number): Promise<CargaTravada> {
  const [row] = rowsOf<CargaTravada>(
    await tx.execute(sql`select id, numero::int as numero, status, versao, veiculo_id, motorista_id,
      data_saida_prevista::text as data_saida_prevista, excesso_justificativa
      from cargas where id = ${id} for update`),
  );
  if (!row) throw new AppError('not_found', notFoundMessage);
  if (versao !== undefined && versao !== row.versao)
    throw new AppError('conflict', genericMessages.conflict, { reason: 'versao' });
  return row;
}

function exigeEditavel(c: CargaTravada) {
  if (!STATUS_CARGA_EDITAVEIS.includes(c.status))
    throw new AppError('conflict', cargaMensagens.naoEditavel(c.status), { reason: 'status' });
}

const campo = (nome: string, mensagem: string): never => {
  throw new AppError('validation_failed', genericMessages.validation, { fields: { [nome]: [mensagem] } });
};

const isAdmin = (actor: AtorCarga) => actor.roles.includes('admin');

/** A justification is used only by an admin; anyone else sending one is refused (403). */
function liberacao(
  actor: AtorCarga,
  justificativa: string | null,
  recusa: string,
  detalhes: Record<string, unknown>,
) {
  if (!justificativa) throw new AppError('unprocessable', recusa, detalhes);
  if (!isAdmin(actor)) throw new AppError('forbidden', cargaMensagens.soAdminLibera, detalhes);
}

/** Checks the references of the header; answers the field errors at once (400). */
async function checaReferencias(tx: Tx, input: CargaInput) {
  if (input.veiculo_id && !(await leVeiculo(tx, input.veiculo_id)))
    campo('veiculo_id', cargaMensagens.veiculoNaoEncontrado);
  if (input.motorista_id) {
    const m = await leMotorista(tx, input.motorista_id);
    if (!m) campo('motorista_id', cargaMensagens.motoristaNaoEncontrado);
    else if (m.funcao !== 'motorista') campo('motorista_id', cargaMensagens.naoMotorista);
  }
  if (input.ajudantes.length) {
    const [r] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from funcionarios where ${umDosIds(sql`id`, input.ajudantes)}`,
      ),
    );
    if (Number(r?.n) !== input.ajudantes.length) campo('ajudantes', cargaMensagens.ajudanteNaoEncontrado);
  }
  if (input.regioes.length) {
    const [r] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from regioes_entrega where ${umDosIds(sql`id`, input.regioes)}`,
      ),
    );
    if (Number(r?.n) !== input.regioes.length) campo('regioes', cargaMensagens.regiaoNaoEncontrada);
  }
}

/**
 * The driver rule on the departure day. Refused (422 with every reason) unless an admin justifies
 * it; the override is recorded. A rule that holds clears a previous override.
 */
async function checaMotorista(
  tx: Tx,
  actor: AtorCarga,
  cargaId: string,
  input: { veiculo_id: string | null; motorista_id: string | null; data_saida_prevista: string },
  justificativa: string | null,
) {
  if (!input.veiculo_id || !input.motorista_id) {
    await tx
      .update(cargas)
      .set({ motoristaJustificativa: null, motoristaPor: null, motoristaEm: null })
      .where(eq(cargas.id, cargaId));
    return;
  }
  const v = (await leVeiculo(tx, input.veiculo_id))!;
  const m = (await leMotorista(tx, input.motorista_id))!;
  const h = podeDirigir(m, v, input.data_saida_prevista);
  if (h.pode) {
    await tx
      .update(cargas)
      .set({ motoristaJustificativa: null, motoristaPor: null, motoristaEm: null })
      .where(eq(cargas.id, cargaId));
    return;
  }
  liberacao(actor, justificativa, `${cargaMensagens.justifiqueMotorista} ${h.motivos.join(' ')}`, {
    reason: 'motorista',
    motivos: h.motivos,
  });
  await tx
    .update(cargas)
    .set({ motoristaJustificativa: justificativa, motoristaPor: actor.userId, motoristaEm: new Date() })
    .where(eq(cargas.id, cargaId));
}

/** The load's orders' weights, volume and value. */
async function pedidosDaCarga(tx: Tx, cargaId: string) {
  return rowsOf<{
    pedido_id: string;
    numero: number;
    status: string;
    peso_bruto: string;
    volume: string;
    valor_total: string;
  }>(
    await tx.execute(sql`select o.id as pedido_id, o.numero::int as numero, o.status, o.peso_bruto::text as peso_bruto,
        o.volume::text as volume, o.valor_total::text as valor_total
      from cargas_pedidos cp join sales_orders o on o.id = cp.pedido_id
      where cp.carga_id = ${cargaId} and cp.ativo order by cp.sequencia`),
  );
}

/**
 * The capacity after a change: over a limit → 422 naming each one, unless an admin justifies it
 * (stored with the limits it went past). Within every limit the previous override is cleared.
 */
async function checaCapacidade(
  tx: Tx,
  actor: AtorCarga,
  cargaId: string,
  justificativa: string | null,
  opts: { soLimpa?: boolean } = {},
) {
  const [k] = rowsOf<{ veiculo_id: string | null }>(
    await tx.execute(sql`select veiculo_id from cargas where id = ${cargaId}`),
  );
  const veiculo = k?.veiculo_id ? await leVeiculo(tx, k.veiculo_id) : null;
  const cap = avaliaCapacidade(await pedidosDaCarga(tx, cargaId), veiculo);
  if (!cap.excessos.length) {
    await tx
      .update(cargas)
      .set({ excessoJustificativa: null, excessoDescricao: null, excessoPor: null, excessoEm: null })
      .where(eq(cargas.id, cargaId));
    return cap;
  }
  // a removal never makes a load heavier: the override given before stays
  if (opts.soLimpa) return cap;
  liberacao(actor, justificativa, `${cargaMensagens.justifiqueExcesso} ${cap.excessos.join(' ')}`, {
    reason: 'capacidade',
    excessos: cap.excessos,
  });
  await tx
    .update(cargas)
    .set({
      excessoJustificativa: justificativa,
      excessoDescricao: cap.excessos.join(' '),
      excessoPor: actor.userId,
      excessoEm: new Date(),
    })
    .where(eq(cargas.id, cargaId));
  return cap;
}

async function historico(
  tx: Tx,
  actor: Actor,
  cargaId: string,
  de: StatusCarga | null,
  para: StatusCarga,
  motivo: string | null = null,
) {
  await tx
    .insert(cargasHistorico)
    .values({ cargaId, de, para, motivo, userId: actor.userId, usuario: actor.email ?? null });
}

const bump = { versao: sql`${cargas.versao} + 1`, updatedAt: new Date() };

export async function criaCarga(db: Db, actor: AtorCarga, input: CargaInput): Promise<string> {
  return writeTx(db, actor, async (tx) => {
    await checaReferencias(tx, input);
    const [row] = await tx
      .insert(cargas)
      .values({
        dataSaidaPrevista: input.data_saida_prevista,
        veiculoId: input.veiculo_id,
        motoristaId: input.motorista_id,
        ajudantes: input.ajudantes,
        regioes: input.regioes,
        observacoes: input.observacoes,
        criadoPor: actor.userId,
      })
      .returning({ id: cargas.id });
    await historico(tx, actor, row!.id, null, 'montagem');
    await checaMotorista(tx, actor, row!.id, input, input.justificativa);
    return row!.id;
  });
}

/** The header (while in montagem): a vehicle change re-checks the capacity, a crew change the driver rule. */
export async function atualizaCarga(
  db: Db,
  actor: AtorCarga,
  id: string,
  input: CargaInput & { versao: number },
) {
  await writeTx(db, actor, async (tx) => {
    const c = await travaCarga(tx, id, input.versao);
    exigeEditavel(c);
    await checaReferencias(tx, input);
    await tx
      .update(cargas)
      .set({
        dataSaidaPrevista: input.data_saida_prevista,
        veiculoId: input.veiculo_id,
        motoristaId: input.motorista_id,
        ajudantes: input.ajudantes,
        regioes: input.regioes,
        observacoes: input.observacoes,
        ...bump,
      })
      .where(eq(cargas.id, id));
    await checaMotorista(tx, actor, id, input, input.justificativa);
    if (c.veiculo_id !== input.veiculo_id) {
      await recusaRetiradaComNota(
        tx,
        (await pedidosDaCarga(tx, id)).map((p) => p.pedido_id),
        { tipo: 'trocar_veiculo' },
      );
      await checaCapacidade(tx, actor, id, input.justificativa);
    }
  });
}

/** Adds orders at the end of the sequence; the capacity is checked on the result. */
export async function adicionaPedidos(
  db: Db,
  actor: AtorCarga,
  id: string,
  input: { pedido_ids: string[]; justificativa: string | null; versao: number },
) {
  await writeTx(db, actor, async (tx) => {
    const c = await travaCarga(tx, id, input.versao);
    exigeEditavel(c);
    const pedidos = rowsOf<{ id: string; numero: number; status: string; carga: number | null }>(
      await tx.execute(sql`select o.id, o.numero::int as numero, o.status,
          (select k.numero::int from cargas_pedidos cp join cargas k on k.id = cp.carga_id
            where cp.pedido_id = o.id and cp.ativo) as carga
        from sales_orders o where ${umDosIds(sql`o.id`, input.pedido_ids)} for update of o`),
    );
    if (pedidos.length !== input.pedido_ids.length)
      throw new AppError('unprocessable', cargaMensagens.pedidoNaoEncontrado);
    for (const p of pedidos) {
      if (!['liberado', 'em_separacao', 'conferido'].includes(p.status))
        throw new AppError(
          'conflict',
          cargaMensagens.pedidoIndisponivel(p.numero, statusPedidoLabels[p.status as 'liberado'] ?? p.status),
          { reason: 'pedido' },
        );
      if (p.carga !== null)
        throw new AppError('conflict', cargaMensagens.pedidoEmOutraCarga(p.numero, p.carga), {
          reason: 'pedido',
        });
    }
    const [m] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select coalesce(max(sequencia), 0)::int as n from cargas_pedidos where carga_id = ${id} and ativo`,
      ),
    );
    const ordem = new Map(input.pedido_ids.map((pid, i) => [pid, i]));
    await tx
      .insert(cargasPedidos)
      .values(
        [...pedidos]
          .sort((a, b) => ordem.get(a.id)! - ordem.get(b.id)!)
          .map((p, i) => ({ cargaId: id, pedidoId: p.id, sequencia: Number(m?.n ?? 0) + i + 1 })),
      );
    await tx.update(cargas).set(bump).where(eq(cargas.id, id));
    await checaCapacidade(tx, actor, id, input.justificativa);
  });
}

/**
 * Orders leaving their load (removed, or the load cancelled), or the load's vehicle changed: refused
 * while an order has an NF-e not yet authorised — it was built with this load's vehicle (transp)
 * and would go out naming it.
 * The order rows are locked, so an invoicing of one of them (which locks it too) is seen or waits.
 */
async function recusaRetiradaComNota(
  tx: Tx,
  pedidoIds: string[],
  alteracao: AlteracaoPedido = { tipo: 'retirar_da_carga' },
) {
  if (!pedidoIds.length) return;
  const pedidos = rowsOf<{ id: string; numero: number }>(
    await tx.execute(sql`select id, numero::int as numero from sales_orders
      where ${umDosIds(sql`id`, pedidoIds)} order by id for update`),
  );
  for (const p of pedidos) {
    try {
      await recusaSeNotaViva(tx, p.id, alteracao);
    } catch (err) {
      if (err instanceof AppError && err.code === 'conflict')
        throw new AppError('conflict', `Pedido nº ${p.numero}: ${err.message}`, err.details);
      throw err;
    }
  }
}

export async function removePedido(db: Db, actor: AtorCarga, id: string, pedidoId: string) {
  await writeTx(db, actor, async (tx) => {
    const c = await travaCarga(tx, id);
    exigeEditavel(c);
    const removed = await tx
      .delete(cargasPedidos)
      .where(
        and(
          eq(cargasPedidos.cargaId, id),
          eq(cargasPedidos.pedidoId, pedidoId),
          eq(cargasPedidos.ativo, true),
        ),
      )
      .returning({ id: cargasPedidos.id });
    if (!removed.length) throw new AppError('not_found', cargaMensagens.pedidoForaDaCarga);
    await recusaRetiradaComNota(tx, [pedidoId]);
    await renumera(tx, id);
    await tx.update(cargas).set(bump).where(eq(cargas.id, id));
    // a load now within its limits clears the override
    await checaCapacidade(tx, actor, id, null, { soLimpa: true });
  });
}

async function renumera(tx: Tx, cargaId: string) {
  await tx.execute(sql`update cargas_pedidos cp set sequencia = s.n
    from (select id, row_number() over (order by sequencia, created_at) as n from cargas_pedidos
      where carga_id = ${cargaId} and ativo) s
    where cp.id = s.id and cp.sequencia <> s.n`);
}

/** The stop order: exactly the load's orders, first stop first. Allowed until the load leaves. */
export async function sequenciaCarga(
  db: Db,
  actor: AtorCarga,
  id: string,
  input: { pedido_ids: string[]; versao: number },
) {
  await writeTx(db, actor, async (tx) => {
    const c = await travaCarga(tx, id, input.versao);
    if (!['montagem', 'em_separacao', 'conferida'].includes(c.status))
      throw new AppError('conflict', cargaMensagens.naoEditavel(c.status), { reason: 'status' });
    const atuais = (await pedidosDaCarga(tx, id)).map((p) => p.pedido_id);
    if (atuais.length !== input.pedido_ids.length || !atuais.every((p) => input.pedido_ids.includes(p)))
      throw new AppError('unprocessable', cargaMensagens.sequenciaIncompleta);
    for (const [i, pid] of input.pedido_ids.entries())
      await tx
        .update(cargasPedidos)
        .set({ sequencia: i + 1 })
        .where(
          and(eq(cargasPedidos.cargaId, id), eq(cargasPedidos.pedidoId, pid), eq(cargasPedidos.ativo, true)),
        );
    await tx.update(cargas).set(bump).where(eq(cargas.id, id));
  });
}

async function mudaStatus(
  tx: Tx,
  actor: Actor,
  c: CargaTravada,
  para: StatusCarga,
  motivo: string | null = null,
) {
  const v = podeTransitarCarga(c.status, para);
  if (!v.permitido) throw new AppError('conflict', v.motivo, { reason: 'transicao', de: c.status, para });
  await tx
    .update(cargas)
    .set({ status: para, ...(para === 'cancelada' ? { motivoCancelamento: motivo } : {}), ...bump })
    .where(eq(cargas.id, c.id));
  await historico(tx, actor, c.id, c.status, para, motivo);
  c.status = para;
}

const contaPedidos = (pedidos: { status: string }[], ok: string[]) =>
  pedidos.filter((p) => !ok.includes(p.status)).length;

/**
 * A transition asked for by a person. → em_separacao (Iniciar separação): vehicle, driver and at
 * least one order, the limits still held (or overridden), and every liberado order moved to em
 * separação through the order service — all in this one transaction. → conferida: every order
 * conferido (normally automatic at the last check). → faturada: every order faturado. →
 * finalizada: every stop delivered or returned. → cancelada: the orders leave the load (they keep
 * their status and may go into another load).
 */
export async function transitaCarga(
  db: Db,
  actor: AtorCarga,
  id: string,
  input: { para: StatusCarga; motivo: string | null; versao: number },
) {
  await writeTx(db, actor, (tx) => transitaCargaEm(tx, actor, id, input));
}

export async function transitaCargaEm(
  tx: Tx,
  actor: AtorCarga,
  id: string,
  input: { para: StatusCarga; motivo: string | null; versao?: number },
) {
  const c = await travaCarga(tx, id, input.versao);
  const v = podeTransitarCarga(c.status, input.para);
  if (!v.permitido)
    throw new AppError('conflict', v.motivo, { reason: 'transicao', de: c.status, para: input.para });
  const pedidos = await pedidosDaCarga(tx, id);
  const recusa = (m: string) => {
    throw new AppError('conflict', m, { reason: 'transicao' });
  };
  switch (input.para) {
    case 'em_separacao': {
      if (!c.veiculo_id) recusa(cargaMensagens.semVeiculo);
      if (!c.motorista_id) recusa(cargaMensagens.semMotorista);
      if (!pedidos.length) recusa(cargaMensagens.semPedidos);
      const veiculo = await leVeiculo(tx, c.veiculo_id!);
      const cap = avaliaCapacidade(pedidos, veiculo);
      if (cap.excessos.length && !c.excesso_justificativa)
        throw new AppError('unprocessable', `${cargaMensagens.justifiqueExcesso} ${cap.excessos.join(' ')}`, {
          reason: 'capacidade',
          excessos: cap.excessos,
        });
      const m = (await leMotorista(tx, c.motorista_id!))!;
      const [k] = rowsOf<{ j: string | null }>(
        await tx.execute(sql`select motorista_justificativa as j from cargas where id = ${id}`),
      );
      const h = podeDirigir(m, veiculo!, c.data_saida_prevista);
      if (!h.pode && !k?.j)
        throw new AppError('unprocessable', `${cargaMensagens.justifiqueMotorista} ${h.motivos.join(' ')}`, {
          reason: 'motorista',
          motivos: h.motivos,
        });
      for (const p of pedidos) {
        if (p.status !== 'liberado') continue;
        try {
          await transitaPedidoEm(tx, actor, p.pedido_id, {
            para: 'em_separacao',
            motivo: `Carga nº ${c.numero}`,
          });
        } catch (err) {
          if (err instanceof AppError && err.code === 'conflict')
            throw new AppError('conflict', `Pedido nº ${p.numero}: ${err.message}`, err.details);
          throw err;
        }
      }
      break;
    }
    case 'conferida': {
      const n = contaPedidos(pedidos, ['conferido', 'faturado', 'entregue']);
      if (n) recusa(cargaMensagens.naoConferida(n));
      break;
    }
    case 'faturada': {
      const n = contaPedidos(pedidos, ['faturado', 'entregue']);
      if (n) recusa(cargaMensagens.naoFaturada(n));
      break;
    }
    case 'em_rota':
      await exigeMdfeParaSair(tx, id, c.numero);
      break;
    case 'finalizada': {
      const [r] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from cargas_pedidos where carga_id = ${id} and ativo and entrega_status = 'pendente'`,
        ),
      );
      if (Number(r?.n)) recusa(cargaMensagens.entregasPendentes(Number(r!.n)));
      break;
    }
    case 'cancelada':
      await recusaRetiradaComNota(
        tx,
        pedidos.map((p) => p.pedido_id),
      );
      await tx
        .update(cargasPedidos)
        .set({ ativo: false })
        .where(and(eq(cargasPedidos.cargaId, id), eq(cargasPedidos.ativo, true)));
      break;
  }
  await mudaStatus(tx, actor, c, input.para, input.motivo);
}

/**
 * After an order of a load was conferido: when every order of its load is conferido, the load
 * (em separação) becomes conferida. Called by the conferência inside its transaction.
 */
export async function concluiConferenciaDaCarga(tx: Tx, actor: Actor, pedidoId: string) {
  const [k] = rowsOf<{ carga_id: string }>(
    await tx.execute(sql`select cp.carga_id from cargas_pedidos cp join cargas k on k.id = cp.carga_id
      where cp.pedido_id = ${pedidoId} and cp.ativo and k.status = 'em_separacao'`),
  );
  if (!k) return;
  const c = await travaCarga(tx, k.carga_id);
  if (contaPedidos(await pedidosDaCarga(tx, c.id), ['conferido', 'faturado', 'entregue'])) return;
  await mudaStatus(tx, actor, c, 'conferida');
}

/**
 * The return of a stop (carga em rota): entregue moves the order to entregue; devolvido keeps the
 * order faturado and records the reason for a later devolução (NF-e de devolução, another issue).
 */
export async function registraEntrega(
  db: Db,
  actor: AtorCarga,
  id: string,
  pedidoId: string,
  input: { status: StatusEntrega; motivo: string | null },
) {
  await writeTx(db, actor, async (tx) => {
    const c = await travaCarga(tx, id);
    if (c.status !== 'em_rota')
      throw new AppError('conflict', cargaMensagens.entregaSoEmRota, { reason: 'status' });
    const [cp] = await tx
      .select()
      .from(cargasPedidos)
      .where(
        and(
          eq(cargasPedidos.cargaId, id),
          eq(cargasPedidos.pedidoId, pedidoId),
          eq(cargasPedidos.ativo, true),
        ),
      )
      .for('update');
    if (!cp) throw new AppError('not_found', cargaMensagens.pedidoForaDaCarga);
    if (cp.entregaStatus !== 'pendente' || input.status === 'pendente')
      throw new AppError('conflict', cargaMensagens.entregaJaRegistrada, { reason: 'entrega' });
    await tx
      .update(cargasPedidos)
      .set({
        entregaStatus: input.status,
        entregaMotivo: input.motivo,
        entregaEm: new Date(),
        entregaPor: actor.userId,
      })
      .where(eq(cargasPedidos.id, cp.id));
    if (input.status === 'entregue')
      await transitaPedidoEm(tx, actor, pedidoId, { para: 'entregue', motivo: `Carga nº ${c.numero}` });
    await tx.update(cargas).set(bump).where(eq(cargas.id, id));
  });
}

/** Loads that hold an order (the conferência names the load). */
export async function cargaAtivaDoPedido(
  db: Db | Tx,
  pedidoId: string,
): Promise<{ id: string; numero: number } | null> {
  const [r] = rowsOf<{ id: string; numero: number }>(
    await db.execute(sql`select k.id, k.numero::int as numero from cargas_pedidos cp join cargas k on k.id = cp.carga_id
      where cp.pedido_id = ${pedidoId} and cp.ativo`),
  );
  return r ? { id: r.id, numero: Number(r.numero) } : null;
}
