import {
  type BoletoRow,
  type boletosListQuerySchema,
  businessToday,
  cobrancaMensagens,
  Decimal,
  ErroCobranca,
  gerarBoleto,
  type InstrucaoBoleto,
  type InstrucaoBoletoInput,
  type ListPage,
  SITUACOES_BOLETO,
  SITUACOES_BOLETO_VIVO,
  type SituacaoBoleto,
  situacaoBoletoLabels,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../../db/client.ts';
import { type Actor, writeTx } from '../../../lib/audit-context.ts';
import { AppError } from '../../../lib/errors.ts';
import { type CarteiraDb, carteiraDaConta, carteiraDaLinha, carteiraPorId } from './carteiras.service.ts';

// Boletos of receivables (issue 31). A boleto takes the next sequential of its carteira under the
// carteira row's lock (unique and gapless per account, whatever runs at the same time), gets its
// nosso número, barcode and linha digitável from the bank's pure rules, and is stored with the
// "entrada" instruction that the next remessa sends to the bank. The título keeps the nosso número
// (the CNAB retorno settles by it). Instructions (alterar vencimento, abatimento, baixa, protesto)
// are rows too, waiting for a remessa.

type Query = z.output<typeof boletosListQuerySchema>;

type TituloParaBoleto = {
  id: string;
  tipo: string;
  status: string;
  saldo: string;
  data_vencimento: string;
  documento: string | null;
  pessoa_nome: string;
  conta_bancaria_id: string | null;
  cliente_documento: string | null;
  logradouro: string | null;
  bairro: string | null;
  cep: string | null;
  municipio: string | null;
  uf: string | null;
  boleto_vivo: string | null;
};

export type Recusa = { titulo_id: string; pessoa_nome: string; mensagem: string };

/** Why a título cannot get a boleto (pt-BR), or null. */
function motivoSemBoleto(t: TituloParaBoleto): string | null {
  if (t.tipo !== 'receber') return cobrancaMensagens.tituloNaoReceber;
  if (t.status !== 'em_aberto' && t.status !== 'parcial')
    return cobrancaMensagens.tituloFechado(t.status === 'pago' ? 'pago' : 'cancelado');
  if (t.boleto_vivo) return cobrancaMensagens.tituloJaTemBoleto(t.boleto_vivo);
  const doc = (t.cliente_documento ?? '').replace(/[^0-9A-Za-z]/g, '');
  if (doc.length !== 11 && doc.length !== 14) return cobrancaMensagens.clienteSemDocumento(t.pessoa_nome);
  const falta = [
    !t.logradouro?.trim() && 'logradouro',
    !t.municipio?.trim() && 'município',
    !t.uf?.trim() && 'UF',
    (t.cep ?? '').replace(/\D/g, '').length !== 8 && 'CEP',
  ].filter(Boolean) as string[];
  if (falta.length) return cobrancaMensagens.clienteSemEndereco(t.pessoa_nome, falta.join(', '));
  return null;
}

async function titulosParaBoleto(tx: Tx, ids: readonly string[]): Promise<TituloParaBoleto[]> {
  return rowsOf<TituloParaBoleto>(
    await tx.execute(sql`select f.id, f.tipo, f.status, f.saldo::text, f.data_vencimento::text, f.documento,
      f.pessoa_nome, f.conta_bancaria_id, c.documento as cliente_documento, c.logradouro, c.bairro, c.cep,
      c.municipio, c.uf,
      (select b.nosso_numero_impresso from boletos b where b.titulo_id = f.id
        and b.situacao not in ('rejeitado', 'baixado') limit 1) as boleto_vivo
      from financial_accounts f left join clientes c on c.id = f.cliente_id
      where f.id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))
      order by f.data_vencimento, f.id
      for update of f`),
  );
}

/** The carteira of each título: the one asked for, else its account's (when that account has an
 * active carteira), else the default carteira, else the only active one. Locked (the sequences are
 * taken under the lock), in a fixed order (no deadlock). */
async function carteirasDosTitulos(
  tx: Tx,
  titulos: TituloParaBoleto[],
  contaPedida: string | undefined,
): Promise<{ porTitulo: Map<string, CarteiraDb | string>; carteiras: CarteiraDb[] }> {
  const ativas = rowsOf<{ conta_bancaria_id: string; padrao: boolean }>(
    await tx.execute(sql`select conta_bancaria_id, padrao from carteiras_cobranca where ativa order by id`),
  );
  const padrao =
    ativas.find((a) => a.padrao)?.conta_bancaria_id ??
    (ativas.length === 1 ? ativas[0]!.conta_bancaria_id : null);
  const contaDe = (t: TituloParaBoleto) =>
    contaPedida ??
    (t.conta_bancaria_id && ativas.some((a) => a.conta_bancaria_id === t.conta_bancaria_id)
      ? t.conta_bancaria_id
      : (padrao ?? t.conta_bancaria_id ?? null));
  const contas = [...new Set(titulos.map(contaDe).filter((c): c is string => Boolean(c)))].sort();
  const carteiras = new Map<string, CarteiraDb | null>();
  for (const c of contas) carteiras.set(c, await carteiraDaConta(tx, c, true));
  const porTitulo = new Map<string, CarteiraDb | string>();
  const nomes = new Map<string, string>();
  const nomeDaConta = async (id: string) => {
    if (!nomes.has(id)) {
      const [cb] = rowsOf<{ nome: string }>(
        await tx.execute(sql`select nome from contas_bancarias where id = ${id}`),
      );
      nomes.set(id, cb?.nome ?? id);
    }
    return nomes.get(id)!;
  };
  for (const t of titulos) {
    const conta = contaDe(t);
    const k = conta ? carteiras.get(conta) : null;
    if (!conta)
      porTitulo.set(
        t.id,
        ativas.length > 1 ? cobrancaMensagens.semCarteiraPadrao : cobrancaMensagens.semContaComCarteira,
      );
    else if (!k) porTitulo.set(t.id, cobrancaMensagens.semCarteira(await nomeDaConta(conta)));
    else if (!k.ativa) porTitulo.set(t.id, cobrancaMensagens.carteiraInativa(k.conta_nome));
    else porTitulo.set(t.id, k);
  }
  return { porTitulo, carteiras: [...carteiras.values()].filter((k): k is CarteiraDb => Boolean(k)) };
}

type NovoBoleto = {
  titulo_id: string;
  carteira_id: string;
  conta_bancaria_id: string;
  sequencial: string;
  nosso_numero: string;
  nosso_numero_dv: string;
  nosso_numero_impresso: string;
  codigo_barras: string;
  linha_digitavel: string;
  valor: string;
  vencimento: string;
  emissao: string;
};

/**
 * Generates the boletos of `ids` in the caller's transaction: the títulos that can have one get it;
 * the others are answered with their reason (nothing is written for them, and no number is used).
 */
export async function gerarBoletosNaTransacao(
  tx: Tx,
  ids: readonly string[],
  opts: { conta_bancaria_id?: string; emissao?: string } = {},
): Promise<{ gerados: string[]; recusados: Recusa[] }> {
  const titulos = await titulosParaBoleto(tx, ids);
  const recusados: Recusa[] = [];
  const encontrados = new Set(titulos.map((t) => t.id));
  for (const id of ids)
    if (!encontrados.has(id))
      recusados.push({ titulo_id: id, pessoa_nome: '', mensagem: 'Título não encontrado' });
  const { porTitulo, carteiras } = await carteirasDosTitulos(tx, titulos, opts.conta_bancaria_id);
  const emissao = opts.emissao ?? businessToday();
  const proximo = new Map(carteiras.map((k) => [k.id, BigInt(k.proximo_nosso_numero)]));
  const novos: NovoBoleto[] = [];
  for (const t of titulos) {
    const k = porTitulo.get(t.id)!;
    const motivo = motivoSemBoleto(t) ?? (typeof k === 'string' ? k : null);
    if (motivo || typeof k === 'string') {
      recusados.push({ titulo_id: t.id, pessoa_nome: t.pessoa_nome, mensagem: motivo ?? String(k) });
      continue;
    }
    const seq = proximo.get(k.id)!;
    try {
      const b = gerarBoleto(carteiraDaLinha(k), {
        sequencial: seq,
        vencimento: t.data_vencimento,
        valor: t.saldo,
        emissao,
        seuNumero: String(seq % 10_000_000n),
      });
      proximo.set(k.id, seq + 1n);
      novos.push({
        titulo_id: t.id,
        carteira_id: k.id,
        conta_bancaria_id: k.conta_bancaria_id,
        sequencial: String(seq),
        nosso_numero: b.nossoNumero.numero,
        nosso_numero_dv: b.nossoNumero.dv,
        nosso_numero_impresso: b.nossoNumero.impresso,
        codigo_barras: b.codigoBarras,
        linha_digitavel: b.linhaDigitavel,
        valor: t.saldo,
        vencimento: t.data_vencimento,
        emissao,
      });
    } catch (e) {
      if (!(e instanceof ErroCobranca)) throw e;
      recusados.push({ titulo_id: t.id, pessoa_nome: t.pessoa_nome, mensagem: e.message });
    }
  }
  if (novos.length === 0) return { gerados: [], recusados };
  // One statement each (a bulk of 10,000 boletos is three statements, not 30,000).
  const json = JSON.stringify(novos);
  const inseridos = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into boletos (titulo_id, carteira_id, sequencial, nosso_numero, nosso_numero_dv,
      nosso_numero_impresso, codigo_barras, linha_digitavel, valor, vencimento, emissao)
      select x.titulo_id, x.carteira_id, x.sequencial::bigint, x.nosso_numero, x.nosso_numero_dv,
        x.nosso_numero_impresso, x.codigo_barras, x.linha_digitavel, x.valor::numeric, x.vencimento::date,
        x.emissao::date
      from jsonb_to_recordset(${json}::jsonb) as x(titulo_id uuid, carteira_id uuid, sequencial text,
        nosso_numero text, nosso_numero_dv text, nosso_numero_impresso text, codigo_barras text,
        linha_digitavel text, valor text, vencimento text, emissao text)
      returning id`),
  );
  const boletoIds = inseridos.map((r) => r.id);
  await tx.execute(sql`insert into boleto_instrucoes (boleto_id, instrucao, user_id, usuario)
    select id, 'entrada', nullif(current_setting('app.user_id', true), '')::uuid,
      nullif(current_setting('app.user_email', true), '')
    from unnest(${sql.raw(`array[${boletoIds.map((id) => `'${id}'`).join(',')}]`)}::uuid[]) as id`);
  // The título keeps the nosso número (the retorno settles by it) and the carteira's account
  // (the liquidação credits it).
  await tx.execute(sql`update financial_accounts f set nosso_numero = x.nosso_numero,
      conta_bancaria_id = x.conta_bancaria_id, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as x(titulo_id uuid, nosso_numero text, conta_bancaria_id uuid)
    where f.id = x.titulo_id`);
  for (const [carteiraId, seq] of proximo)
    await tx.execute(
      sql`update carteiras_cobranca set proximo_nosso_numero = ${String(seq)}::bigint where id = ${carteiraId}`,
    );
  return { gerados: boletoIds, recusados };
}

/** POST /cobranca/boletos */
export async function gerarBoletos(
  db: Db,
  actor: Actor,
  input: { titulo_ids: string[]; conta_bancaria_id?: string },
): Promise<{ gerados: BoletoRow[]; recusados: Recusa[] }> {
  const r = await writeTx(db, actor, (tx) =>
    gerarBoletosNaTransacao(tx, input.titulo_ids, { conta_bancaria_id: input.conta_bancaria_id }),
  );
  if (r.gerados.length === 0 && input.titulo_ids.length === 1)
    throw new AppError('unprocessable', r.recusados[0]?.mensagem ?? 'Boleto não gerado', {
      recusados: r.recusados,
    });
  const gerados = r.gerados.length
    ? (
        await listBoletos(db, {
          ids: r.gerados,
          page: 1,
          pageSize: r.gerados.length,
          sort: 'vencimento',
          dir: 'asc',
        })
      ).items
    : [];
  return { gerados, recusados: r.recusados };
}

/**
 * The boletos a new título gets by itself: receivables whose forma de pagamento is boleto, when a
 * carteira applies (the título's account's, the default one, or the only active one). A título that cannot have one
 * (no CPF/CNPJ, no address) is left without it: "Gerar boleto" then says why.
 */
export async function boletosAutomaticos(tx: Tx, tituloIds: readonly string[]) {
  if (tituloIds.length === 0) return;
  const elegiveis = rowsOf<{ id: string }>(
    await tx.execute(sql`select f.id from financial_accounts f join formas_pagamento fp on fp.id = f.forma_id
      where f.id = any(array(select jsonb_array_elements_text(${JSON.stringify(tituloIds)}::jsonb)::uuid))
        and f.tipo = 'receber' and fp.tipo = 'boleto'
        and exists (select 1 from carteiras_cobranca k where k.ativa)`),
  ).map((r) => r.id);
  if (elegiveis.length) await gerarBoletosNaTransacao(tx, elegiveis);
}

// ——— reading ———

const LINHA = sql`b.id, b.titulo_id, k.conta_bancaria_id, cb.nome as conta_nome, k.banco, b.nosso_numero,
  b.nosso_numero_dv, b.nosso_numero_impresso, b.codigo_barras, b.linha_digitavel, b.valor::text,
  b.vencimento::text, b.emissao::text, b.situacao, b.motivo, f.pessoa_nome, f.documento,
  f.status as titulo_status, b.created_at,
  coalesce((select jsonb_agg(i.instrucao order by i.created_at) from boleto_instrucoes i
    where i.boleto_id = b.id and i.remessa_id is null), '[]'::jsonb) as instrucoes_pendentes`;
const DE = sql`from boletos b join carteiras_cobranca k on k.id = b.carteira_id
  join contas_bancarias cb on cb.id = k.conta_bancaria_id
  join financial_accounts f on f.id = b.titulo_id`;

const ORDEM: Record<Query['sort'], SQL> = {
  vencimento: sql`b.vencimento`,
  nosso_numero: sql`b.nosso_numero`,
  valor: sql`b.valor`,
  pessoa_nome: sql`f.pessoa_nome`,
  created_at: sql`b.created_at`,
};

type Filtro = Partial<Omit<Query, 'page' | 'pageSize' | 'sort' | 'dir'>> & { ids?: readonly string[] };

function onde(q: Filtro, comSituacao = true): SQL {
  const w: SQL[] = [sql`true`];
  if (q.ids)
    w.push(sql`b.id = any(array(select jsonb_array_elements_text(${JSON.stringify(q.ids)}::jsonb)::uuid))`);
  if (comSituacao && q.situacao) w.push(sql`b.situacao = ${q.situacao}`);
  if (q.conta_bancaria_id) w.push(sql`k.conta_bancaria_id = ${q.conta_bancaria_id}`);
  if (q.titulo_id) w.push(sql`b.titulo_id = ${q.titulo_id}`);
  if (q.q?.trim()) {
    const termo = q.q.trim();
    const digitos = termo.replace(/\D/g, '');
    w.push(sql`(f.busca like '%' || erp_normaliza(${termo}) || '%'
      ${digitos ? sql`or b.nosso_numero like '%' || ${digitos} || '%' or b.linha_digitavel = ${digitos}` : sql``})`);
  }
  return sql.join(w, sql` and `);
}

/** GET /cobranca/boletos: the page, and the count per situação of the other filters. */
export async function listBoletos(
  db: Db,
  q: Filtro & Pick<Query, 'page' | 'pageSize' | 'sort' | 'dir'>,
): Promise<ListPage<BoletoRow> & { contagem: Record<SituacaoBoleto, number> }> {
  const ordem = ORDEM[q.sort] ?? ORDEM.vencimento;
  const dir = q.dir === 'desc' ? sql`desc` : sql`asc`;
  const items = rowsOf<BoletoRow>(
    await db.execute(sql`select ${LINHA} ${DE} where ${onde(q)}
      order by ${ordem} ${dir}, b.id ${dir} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  const porSituacao = rowsOf<{ situacao: SituacaoBoleto; n: number }>(
    await db.execute(
      sql`select b.situacao, count(*)::int as n ${DE} where ${onde(q, false)} group by b.situacao`,
    ),
  );
  const contagem = Object.fromEntries(SITUACOES_BOLETO.map((s) => [s, 0])) as Record<SituacaoBoleto, number>;
  for (const r of porSituacao) contagem[r.situacao] = r.n;
  const total = q.situacao ? contagem[q.situacao] : Object.values(contagem).reduce((a, b) => a + b, 0);
  return { items, total, page: q.page, pageSize: q.pageSize, contagem };
}

export async function getBoleto(db: Db | Tx, id: string) {
  const [b] = rowsOf<BoletoRow>(await db.execute(sql`select ${LINHA} ${DE} where b.id = ${id}`));
  if (!b) throw new AppError('not_found', 'Boleto não encontrado');
  const instrucoes = rowsOf<{
    instrucao: InstrucaoBoleto;
    vencimento: string | null;
    valor: string | null;
    remessa_id: string | null;
    nsa: number | null;
    usuario: string | null;
    created_at: string;
  }>(
    await db.execute(sql`select i.instrucao, i.vencimento::text, i.valor::text, i.remessa_id, r.nsa, i.usuario,
      i.created_at from boleto_instrucoes i left join cobranca_remessas r on r.id = i.remessa_id
      where i.boleto_id = ${id} order by i.created_at, i.id`),
  );
  return { ...b, instrucoes };
}

// ——— instructions ———

/** POST /cobranca/boletos/:id/instrucoes: queued for the next remessa. An alteração de vencimento
 * also changes the título's due date (and the boleto's barcode); an abatimento lowers what the bank
 * charges (the título's balance is lowered by the baixa the retorno brings, not here). */
export async function instrucaoBoleto(
  db: Db,
  actor: Actor,
  id: string,
  input: InstrucaoBoletoInput & Record<string, unknown>,
) {
  await writeTx(db, actor, async (tx) => {
    const [b] = rowsOf<{
      situacao: SituacaoBoleto;
      valor: string;
      vencimento: string;
      titulo_id: string;
      carteira_id: string;
      sequencial: string;
      emissao: string;
    }>(
      await tx.execute(sql`select situacao, valor::text, vencimento::text, titulo_id, carteira_id,
        sequencial::text, emissao::text from boletos where id = ${id} for update`),
    );
    if (!b) throw new AppError('not_found', 'Boleto não encontrado');
    if (!SITUACOES_BOLETO_VIVO.includes(b.situacao))
      throw new AppError(
        'conflict',
        cobrancaMensagens.boletoFechado(situacaoBoletoLabels[b.situacao].toLowerCase()),
      );
    const pendente = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from boleto_instrucoes where boleto_id = ${id}
        and instrucao = ${input.instrucao} and remessa_id is null`),
    )[0]!.n;
    if (pendente > 0 && (input.instrucao === 'baixa' || input.instrucao === 'protesto'))
      throw new AppError('conflict', 'Esta instrução já aguarda a próxima remessa.');
    let vencimento: string | null = null;
    let valor: string | null = null;
    if (input.instrucao === 'alteracaoVencimento') {
      vencimento = String(input.vencimento);
      if (vencimento === b.vencimento)
        throw new AppError('unprocessable', cobrancaMensagens.vencimentoIgual, {
          fields: { vencimento: [cobrancaMensagens.vencimentoIgual] },
        });
      const carteira = await carteiraPorId(tx, b.carteira_id);
      let novo: ReturnType<typeof gerarBoleto>;
      try {
        novo = gerarBoleto(carteiraDaLinha(carteira), {
          sequencial: BigInt(b.sequencial),
          vencimento,
          valor: b.valor,
          emissao: b.emissao,
          seuNumero: String(BigInt(b.sequencial) % 10_000_000n),
        });
      } catch (e) {
        if (e instanceof ErroCobranca)
          throw new AppError('unprocessable', e.message, { fields: { vencimento: [e.message] } });
        throw e;
      }
      await tx.execute(sql`update boletos set vencimento = ${vencimento}, codigo_barras = ${novo.codigoBarras},
        linha_digitavel = ${novo.linhaDigitavel}, updated_at = now() where id = ${id}`);
      await tx.execute(sql`update financial_accounts set data_vencimento = ${vencimento}, updated_at = now()
        where id = ${b.titulo_id}`);
    } else if (input.instrucao === 'abatimento') {
      valor = String(input.valor);
      if (Decimal.of(valor).gte(b.valor))
        throw new AppError('unprocessable', cobrancaMensagens.abatimentoMaior, {
          fields: { valor: [cobrancaMensagens.abatimentoMaior] },
        });
    }
    await tx.execute(sql`insert into boleto_instrucoes (boleto_id, instrucao, vencimento, valor, user_id, usuario)
      values (${id}, ${input.instrucao}, ${vencimento}, ${valor}, ${actor.userId}, ${actor.email})`);
    // A boleto never sent needs no baixa at the bank: its entrada leaves the queue with it.
    if (input.instrucao === 'baixa' && b.situacao === 'a_registrar') {
      await tx.execute(sql`delete from boleto_instrucoes where boleto_id = ${id} and remessa_id is null`);
      await tx.execute(sql`update boletos set situacao = 'baixado', motivo = 'Baixado antes do envio ao banco',
        updated_at = now() where id = ${id}`);
      await tx.execute(sql`update financial_accounts set nosso_numero = null where id = ${b.titulo_id}`);
    }
  });
  return getBoleto(db, id);
}

/**
 * A cancelled título's live boleto is withdrawn: never sent → baixado here and its entrada leaves
 * the queue; already at the bank → a "pedido de baixa" for the next remessa (the bank confirms it
 * in the retorno).
 */
export async function baixaBoletosDosTitulos(tx: Tx, tituloIds: readonly string[]) {
  if (tituloIds.length === 0) return;
  const ids = sql`(select jsonb_array_elements_text(${JSON.stringify(tituloIds)}::jsonb)::uuid)`;
  await tx.execute(sql`delete from boleto_instrucoes i using boletos b
    where b.id = i.boleto_id and i.remessa_id is null and b.situacao = 'a_registrar' and b.titulo_id = any(array${ids})`);
  await tx.execute(sql`update boletos set situacao = 'baixado', motivo = 'Título cancelado antes do envio ao banco',
    updated_at = now() where situacao = 'a_registrar' and titulo_id = any(array${ids})`);
  await tx.execute(sql`insert into boleto_instrucoes (boleto_id, instrucao, user_id, usuario)
    select b.id, 'baixa', nullif(current_setting('app.user_id', true), '')::uuid,
      nullif(current_setting('app.user_email', true), '')
    from boletos b where b.situacao in ('enviado', 'registrado') and b.titulo_id = any(array${ids})
      and not exists (select 1 from boleto_instrucoes i where i.boleto_id = b.id and i.instrucao = 'baixa'
        and i.remessa_id is null)`);
}
