import {
  businessDateTime,
  cobrancaMensagens,
  Decimal,
  ErroRemessa,
  encargosDoBoleto,
  gerarRemessa,
  type InstrucaoBoleto,
  type ItemRemessa,
  type ListPage,
  nomeArquivoRemessa,
  type RemessaRow,
  type remessasListQuerySchema,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../../db/client.ts';
import { type Actor, writeTx } from '../../../lib/audit-context.ts';
import { AppError } from '../../../lib/errors.ts';
import { leConfiguracaoFiscal } from '../../fiscal/configuracao-fiscal.service.ts';
import { type CarteiraDb, carteiraDaConta } from './carteiras.service.ts';

// "Gerar remessa" (issue 31): every boleto and instruction of the account not yet sent, in the
// carteira's layout, under the carteira's lock (the NSA is taken once and never reused); the file is
// kept as generated, byte for byte; the boletos whose entrada went in are "enviado".

export type PendenteRemessa = {
  instrucao_id: string;
  instrucao: InstrucaoBoleto;
  novo_vencimento: string | null;
  abatimento: string | null;
  boleto_id: string;
  nosso_numero: string;
  nosso_numero_dv: string;
  sequencial: string;
  valor: string;
  vencimento: string;
  emissao: string;
  documento: string | null;
  juros_mes_percentual: string;
  multa_percentual: string;
  desconto_valor: string | null;
  desconto_ate: string | null;
  pagador_nome: string;
  pagador_documento: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cep: string | null;
  municipio: string | null;
  uf: string | null;
};

/** The boleto's data as the remessa and the PDF read it (the título's customer as pagador). */
export const DADOS_BOLETO = sql`b.id as boleto_id, b.nosso_numero, b.nosso_numero_dv, b.sequencial::text,
  b.valor::text, b.vencimento::text, b.emissao::text, f.documento, f.juros_mes_percentual::text,
  f.multa_percentual::text, f.desconto_valor::text, f.desconto_ate::text,
  coalesce(c.razao_social, f.pessoa_nome) as pagador_nome, c.documento as pagador_documento, c.logradouro,
  c.numero, c.complemento, c.bairro, c.cep, c.municipio, c.uf`;

export const enderecoPagador = (p: Pick<PendenteRemessa, 'logradouro' | 'numero' | 'complemento'>) =>
  [p.logradouro, p.numero, p.complemento].filter((x) => x?.trim()).join(', ');

/** The título's number at the company, as the bank keeps it (seu número). */
export const seuNumero = (p: Pick<PendenteRemessa, 'documento' | 'sequencial'>) =>
  (p.documento?.replace(/[^0-9A-Za-z/-]/g, '') || p.sequencial).slice(0, 10);

export function itemDaRemessa(k: CarteiraDb, p: PendenteRemessa): ItemRemessa {
  const enc = encargosDoBoleto({
    banco: k.banco,
    layout: k.layout,
    valor: p.valor,
    vencimento: p.vencimento,
    titulo: p,
    carteira: k,
  });
  return {
    instrucao: p.instrucao,
    nossoNumero: { numero: p.nosso_numero, dv: p.nosso_numero_dv },
    documento: seuNumero(p),
    vencimento: p.novo_vencimento ?? p.vencimento,
    valor: p.valor,
    emissao: p.emissao,
    pagador: {
      nome: p.pagador_nome,
      documento: p.pagador_documento ?? '',
      endereco: enderecoPagador(p),
      bairro: p.bairro,
      cep: p.cep ?? '',
      cidade: p.municipio ?? '',
      uf: p.uf ?? '',
    },
    juros: enc.juros,
    multa: enc.multa,
    desconto: enc.desconto,
    abatimento: p.abatimento,
    protesto: p.instrucao === 'entrada' ? enc.protesto : null,
    baixa: p.instrucao === 'entrada' ? enc.baixa : null,
    mensagens: enc.mensagens,
  };
}

async function pendentes(tx: Tx, carteiraId: string): Promise<PendenteRemessa[]> {
  return rowsOf<PendenteRemessa>(
    await tx.execute(sql`select i.id as instrucao_id, i.instrucao, i.vencimento::text as novo_vencimento,
      i.valor::text as abatimento, ${DADOS_BOLETO}
      from boleto_instrucoes i join boletos b on b.id = i.boleto_id
      join financial_accounts f on f.id = b.titulo_id left join clientes c on c.id = f.cliente_id
      where b.carteira_id = ${carteiraId} and i.remessa_id is null
      order by b.sequencial, i.created_at, i.id
      for update of i`),
  );
}

/** POST /cobranca/remessas */
export async function gerarRemessaDaConta(
  db: Db,
  actor: Actor,
  contaId: string,
  agora = new Date(),
): Promise<RemessaRow> {
  const emitente = (await leConfiguracaoFiscal(db)).emitente;
  if (!emitente?.razao_social || !emitente.cnpj)
    throw new AppError('unprocessable', cobrancaMensagens.semEmitente);
  const beneficiario = { nome: emitente.razao_social, documento: emitente.cnpj };
  const id = await writeTx(db, actor, (tx) => gerarRemessaNaTransacao(tx, contaId, beneficiario, agora));
  return getRemessa(db, id);
}

/** The remessa of an account in the caller's transaction (the demo seed uses it too); its id. */
export async function gerarRemessaNaTransacao(
  tx: Tx,
  contaId: string,
  beneficiario: { nome: string; documento: string },
  agora = new Date(),
): Promise<string> {
  {
    const k = await carteiraDaConta(tx, contaId, true);
    if (!k) {
      const [cb] = rowsOf<{ nome: string }>(
        await tx.execute(sql`select nome from contas_bancarias where id = ${contaId}`),
      );
      if (!cb) throw new AppError('not_found', 'Conta bancária não encontrada');
      throw new AppError('unprocessable', cobrancaMensagens.semCarteira(cb.nome));
    }
    const itens = await pendentes(tx, k.id);
    if (itens.length === 0) throw new AppError('unprocessable', cobrancaMensagens.nadaARemeter(k.conta_nome));
    let texto: string;
    try {
      texto = gerarRemessa({
        layout: k.layout,
        conta: {
          banco: k.banco,
          agencia: k.agencia,
          agenciaDv: k.agencia_dv,
          conta: k.conta,
          contaDv: k.conta_dv,
          carteira: k.carteira,
          variacao: k.variacao,
          convenio: k.convenio,
          posto: k.posto,
          codigoTransmissao: k.codigo_transmissao || null,
        },
        beneficiario,
        nsa: k.proximo_nsa,
        geracao: businessDateTime(agora),
        itens: itens.map((p) => itemDaRemessa(k, p)),
      }).texto;
    } catch (e) {
      if (e instanceof ErroRemessa)
        throw new AppError('unprocessable', e.erros.map((x) => x.mensagem).join(' '), { erros: e.erros });
      throw e;
    }
    const entradas = itens.filter((i) => i.instrucao === 'entrada');
    const total = Decimal.sum(entradas.map((i) => i.valor)).toFixed(2);
    const [r] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into cobranca_remessas (carteira_id, nsa, layout, nome_arquivo, conteudo,
        quantidade, valor_total, user_id, usuario)
        values (${k.id}, ${k.proximo_nsa}, ${k.layout}, ${nomeArquivoRemessa(k.banco, k.proximo_nsa, k.layout)},
          ${Buffer.from(texto, 'latin1')}, ${itens.length}, ${total}::numeric,
          nullif(current_setting('app.user_id', true), '')::uuid,
          nullif(current_setting('app.user_email', true), ''))
        returning id`),
    );
    const ids = JSON.stringify(itens.map((i) => i.instrucao_id));
    await tx.execute(sql`update boleto_instrucoes set remessa_id = ${r!.id}
      where id = any(array(select jsonb_array_elements_text(${ids}::jsonb)::uuid))`);
    await tx.execute(sql`update boletos set situacao = 'enviado', updated_at = now()
      where situacao = 'a_registrar'
        and id = any(array(select jsonb_array_elements_text(${JSON.stringify(entradas.map((i) => i.boleto_id))}::jsonb)::uuid))`);
    await tx.execute(sql`update carteiras_cobranca set proximo_nsa = proximo_nsa + 1 where id = ${k.id}`);
    return r!.id;
  }
}

const LINHA = sql`r.id, k.conta_bancaria_id, cb.nome as conta_nome, r.nsa, r.layout, r.nome_arquivo,
  r.quantidade, r.valor_total::text, r.usuario, r.created_at
  from cobranca_remessas r join carteiras_cobranca k on k.id = r.carteira_id
  join contas_bancarias cb on cb.id = k.conta_bancaria_id`;

export async function getRemessa(db: Db, id: string): Promise<RemessaRow> {
  const [r] = rowsOf<RemessaRow>(await db.execute(sql`select ${LINHA} where r.id = ${id}`));
  if (!r) throw new AppError('not_found', 'Remessa não encontrada');
  return r;
}

export async function listRemessas(
  db: Db,
  q: z.output<typeof remessasListQuerySchema>,
): Promise<ListPage<RemessaRow>> {
  const onde = q.conta_bancaria_id ? sql`k.conta_bancaria_id = ${q.conta_bancaria_id}` : sql`true`;
  const items = rowsOf<RemessaRow>(
    await db.execute(sql`select ${LINHA} where ${onde} order by r.created_at ${q.dir === 'asc' ? sql`asc` : sql`desc`}, r.id
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from cobranca_remessas r
      join carteiras_cobranca k on k.id = r.carteira_id where ${onde}`),
  ) as [{ n: number }];
  return { items, total: n, page: q.page, pageSize: q.pageSize };
}

/** The file as generated (bytes). */
export async function arquivoRemessa(db: Db, id: string): Promise<{ nome: string; conteudo: Uint8Array }> {
  const [r] = rowsOf<{ nome_arquivo: string; conteudo: Uint8Array | string }>(
    await db.execute(sql`select nome_arquivo, conteudo from cobranca_remessas where id = ${id}`),
  );
  if (!r) throw new AppError('not_found', 'Remessa não encontrada');
  const c = r.conteudo;
  // node-postgres returns bytea as a Buffer; PGlite as a Uint8Array (or hex text in some paths)
  const bytes =
    typeof c === 'string'
      ? Buffer.from(c.startsWith('\\x') ? c.slice(2) : c, c.startsWith('\\x') ? 'hex' : 'latin1')
      : c;
  return { nome: r.nome_arquivo, conteudo: new Uint8Array(bytes) };
}
