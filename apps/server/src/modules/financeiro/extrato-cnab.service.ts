import { createHash } from 'node:crypto';
import {
  type CnabItem,
  type CnabResultado,
  classificarOcorrencia,
  conferirContaDoRetorno,
  Decimal,
  descreverMotivos,
  type ImportarExtrato,
  nossoNumeroDoRetorno,
  regrasCobranca,
} from '@erp/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { executa } from '../../lib/trabalho/pool.ts';
import { type BaixaPedida, baixarEmMassa } from './baixas-em-massa.service.ts';
import { type CarteiraDb, carteiraDaConta, carteiraDaLinha } from './cobranca/carteiras.service.ts';
import { extratoImportacoes } from './extrato.tables.ts';
import { contasBancarias, financialAccounts } from './financeiro.tables.ts';
import { baixarTitulo, criarTitulos } from './titulos.service.ts';

// CNAB retorno import (extrato.README.md): each liquidação settles the open receivable with that
// nosso número through the baixa service (juros and desconto of the file; the tarifa is recorded on
// the item and in the baixa's observação). Unknown nosso números are listed; a record already
// settled by an earlier import (same nosso número, ocorrência, date and amount) settles nothing.

/** Ocorrências that mean "paid" (liquidação; em cartório; após baixa). */
const LIQUIDACOES = new Set(['06', '08', '15', '17']);

const semZeros = (s: string) => s.replace(/^0+/, '');

export type ItemCnabResultado = {
  linha: number;
  nosso_numero: string;
  ocorrencia: string;
  valor_pago: string;
  tarifa: string;
  situacao: 'baixado' | 'desconhecido' | 'repetido' | 'sem_baixa' | 'recusado';
  titulo_id: string | null;
  mensagem: string | null;
};

/** What the payer paid: the file's figure, or figure + tarifa when the bank reports it net of its fee. */
function valorDoPagador(i: CnabItem): string {
  const esperado = Decimal.of(i.valorTitulo).plus(i.juros).minus(i.desconto);
  const bruto = Decimal.of(i.valorPago).plus(i.tarifa);
  return (!Decimal.of(i.tarifa).isZero() && bruto.eq(esperado) ? bruto : Decimal.of(i.valorPago)).toFixed(2);
}

async function tituloPorNossoNumero(tx: Tx, nn: string) {
  const candidatos = [nn, semZeros(nn)].filter((x) => x);
  const rows = await tx
    .select({
      id: financialAccounts.id,
      status: financialAccounts.status,
      nosso: financialAccounts.nossoNumero,
    })
    .from(financialAccounts)
    .where(
      and(
        eq(financialAccounts.tipo, 'receber'),
        or(
          inArray(financialAccounts.nossoNumero, candidatos),
          sql`ltrim(${financialAccounts.nossoNumero}, '0') = ${semZeros(nn)}`,
        ),
      ),
    );
  return rows.find((r) => r.status === 'em_aberto' || r.status === 'parcial') ?? rows[0] ?? null;
}

/** Whether a record settles money: the bank's liquidação codes (each bank's table). */
function liquidacao(k: CarteiraDb, formato: 'cnab240' | 'cnab400', i: CnabItem): boolean {
  return classificarOcorrencia(k.banco, formato, i.ocorrencia).tipo === 'liquidacao';
}

/** The nosso número of a record as our boletos store it (the bank's number without its DV). */
const nossoDoRegistro = (k: CarteiraDb, formato: 'cnab240' | 'cnab400', i: CnabItem) =>
  nossoNumeroDoRetorno(k.banco, i.nossoNumeroBanco ?? i.nossoNumero, formato) ?? i.nossoNumero;

type BoletoDoArquivo = { id: string; titulo_id: string; situacao: string };
type MudancasBoletos = {
  /** boleto id → its new situação and motivo (the last event of the file wins) */
  situacoes: Map<string, { situacao: string; motivo: string | null }>;
  /** títulos whose boleto the bank rejected: that nosso número no longer settles them */
  rejeitados: { titulo_id: string; nosso_numero: string }[];
};

/** Entrada confirmada/rejeitada, baixa, alterações, tarifas: the boleto's new situação (kept in
 * `b`, so a later record of the same file sees it, and in `mudancas`, written once for the file)
 * and the record's message. */
function eventoDoBoleto(
  k: CarteiraDb,
  formato: 'cnab240' | 'cnab400',
  i: CnabItem,
  b: BoletoDoArquivo | undefined,
  mudancas: MudancasBoletos,
): { boletoId: string | null; tituloId: string | null; mensagem: string } {
  const oc = classificarOcorrencia(k.banco, formato, i.ocorrencia);
  const motivos = i.motivos?.length ? descreverMotivos(k.banco, formato, i.ocorrencia, i.motivos) : '';
  const texto = `${oc.descricao}${motivos ? `: ${motivos}` : ''}`;
  if (!b)
    return { boletoId: null, tituloId: null, mensagem: `${texto}. Nosso número sem boleto nesta conta.` };
  const muda = (situacao: string, motivo: string | null) => {
    b.situacao = situacao;
    mudancas.situacoes.set(b.id, { situacao, motivo });
  };
  if (oc.tipo === 'entrada_confirmada' && (b.situacao === 'enviado' || b.situacao === 'a_registrar'))
    muda('registrado', null);
  else if (oc.tipo === 'entrada_rejeitada' && b.situacao !== 'liquidado') {
    muda('rejeitado', texto);
    mudancas.rejeitados.push({ titulo_id: b.titulo_id, nosso_numero: nossoDoRegistro(k, formato, i) });
  } else if (oc.tipo === 'baixa' && b.situacao !== 'liquidado') muda('baixado', texto);
  // the others (alteração confirmada or rejeitada, protesto, tarifa) only inform: listed on the item
  return { boletoId: b.id, tituloId: b.titulo_id, mensagem: texto };
}

/** The file's registration events in two statements, whatever the number of records. */
async function gravaMudancasBoletos(tx: Tx, m: MudancasBoletos) {
  if (m.situacoes.size)
    await tx.execute(sql`update boletos b set situacao = x.situacao, motivo = x.motivo, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify([...m.situacoes].map(([id, v]) => ({ id, ...v })))}::jsonb)
        as x(id uuid, situacao text, motivo text)
      where b.id = x.id`);
  if (m.rejeitados.length)
    await tx.execute(sql`update financial_accounts f set nosso_numero = null
      from jsonb_to_recordset(${JSON.stringify(m.rejeitados)}::jsonb) as x(titulo_id uuid, nosso_numero text)
      where f.id = x.titulo_id and f.nosso_numero = x.nosso_numero`);
}

/**
 * The retorno's tarifas as one paid payable of the account (classe of the carteira), dated on the
 * file's last credit or occurrence day — once per file (a repeated file posts nothing). Without a
 * classe on the carteira they are only listed on the records.
 */
async function lancaTarifas(
  tx: Tx,
  actor: Actor,
  contaId: string,
  carteira: CarteiraDb | null,
  r: CnabResultado,
  itens: ItemCnabResultado[],
  nome: string,
  hash: string,
  importacaoId: string,
): Promise<string | null> {
  if (!carteira?.classe_tarifa_id) return null;
  const total = Decimal.sum(itens.filter((i) => i.situacao !== 'repetido').map((i) => i.tarifa));
  if (!total.isPositive()) return null;
  const [antes] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from extrato_importacoes where conta_bancaria_id = ${contaId}
      and arquivo_hash = ${hash} and id <> ${importacaoId}`),
  );
  if (antes?.n) return null;
  const dia =
    r.itens
      .map((i) => i.dataCredito ?? i.dataOcorrencia)
      .filter((d): d is string => Boolean(d))
      .sort()
      .at(-1) ?? new Date().toISOString().slice(0, 10);
  const valor = total.toFixed(2);
  const banco = regrasCobranca(carteira.banco)?.nome ?? carteira.banco;
  const [id] = await criarTitulos(
    tx,
    {
      tipo: 'pagar',
      pessoa_nome: banco,
      documento: nome.slice(0, 60),
      descricao: `Tarifas de cobrança - retorno ${nome}`.slice(0, 200),
      emissao: dia,
      valor,
      juros_mes_percentual: null,
      multa_percentual: null,
      classe_financeira_id: carteira.classe_tarifa_id,
      centro_custo_id: null,
      rateio: [],
      forma_id: null,
      conta_bancaria_id: contaId,
      origem: 'manual',
      observacoes: `Tarifas de ${itens.filter((i) => !Decimal.of(i.tarifa).isZero()).length} registro(s) do retorno CNAB.`,
    },
    [{ vencimento: dia, valor }],
  );
  await baixarTitulo(tx, actor, 'pagar', id!, {
    data_pagamento: dia,
    conta_bancaria_id: contaId,
    forma_id: null,
    valor_pago: valor,
    juros: '0.00',
    multa: '0.00',
    desconto: '0.00',
    observacao: `Débito das tarifas do retorno ${nome}`,
  });
  return valor;
}

export async function importaCnab(db: Db, actor: Actor, input: ImportarExtrato) {
  const [conta] = await db
    .select()
    .from(contasBancarias)
    .where(eq(contasBancarias.id, input.conta_bancaria_id));
  if (!conta) throw new AppError('not_found', 'Conta bancária não encontrada');
  const bytes = Buffer.from(input.conteudo_base64, 'base64');
  // read on the worker pool (lib/trabalho): a long file does not hold other users' requests
  const r = await executa('leCnab', bytes);
  if (!r.formato)
    throw new AppError('unprocessable', r.erros[0]?.mensagem ?? 'Arquivo não é um retorno CNAB.', {
      erros: r.erros,
    });
  const hash = createHash('sha256').update(bytes).digest('hex');
  // An account with cobrança registrada takes only its own retornos (bank, agência, conta, convênio).
  const carteira = await carteiraDaConta(db, conta.id);
  if (carteira && r.cabecalho) {
    const outra = conferirContaDoRetorno(r.cabecalho, carteiraDaLinha(carteira));
    if (outra) throw new AppError('unprocessable', outra);
  }
  return writeTx(db, actor, (tx) => processaRetorno(tx, actor, conta.id, carteira, r, input.nome, hash));
}

/** The records of a read retorno, in the caller's transaction (the demo seed uses it too). */
export async function processaRetorno(
  tx: Tx,
  actor: Actor,
  contaId: string,
  carteira: CarteiraDb | null,
  r: CnabResultado,
  nome: string,
  hash: string,
) {
  const [imp] = await tx
    .insert(extratoImportacoes)
    .values({
      contaBancariaId: contaId,
      formato: r.formato as 'cnab240' | 'cnab400',
      arquivoNome: nome,
      arquivoHash: hash,
      banco: r.banco,
      linhasLidas: r.itens.length,
      erros: r.erros,
      userId: actor.userId,
    })
    .returning({ id: extratoImportacoes.id });
  const importacaoId = (imp as { id: string }).id;
  const formato = r.formato as 'cnab240' | 'cnab400';
  const chaveDe = (i: CnabItem) =>
    `${i.nossoNumero}|${i.ocorrencia}|${i.dataOcorrencia ?? ''}|${i.valorPago}`;
  // What an earlier import of this account already settled (one query for the whole file).
  const jaBaixadas = new Set(
    rowsOf<{ chave: string }>(
      await tx.execute(sql`select chave from cnab_retorno_itens where conta_bancaria_id = ${contaId}
        and situacao = 'baixado'
        and chave = any(array(select jsonb_array_elements_text(${JSON.stringify(r.itens.map(chaveDe))}::jsonb)))`),
    ).map((x) => x.chave),
  );
  // The carteira's boletos the file names (one query): nosso número → the live one, else the newest.
  const boletos = new Map<string, BoletoDoArquivo>();
  const mudancas: MudancasBoletos = { situacoes: new Map(), rejeitados: [] };
  if (carteira)
    for (const { nosso_numero, ...b } of rowsOf<BoletoDoArquivo & { nosso_numero: string }>(
      await tx.execute(sql`select b.id, b.titulo_id, b.situacao, b.nosso_numero from boletos b
        where b.carteira_id = ${carteira.id}
          and b.nosso_numero = any(array(select jsonb_array_elements_text(${JSON.stringify(r.itens.map((i) => nossoDoRegistro(carteira, formato, i)))}::jsonb)))
        order by (b.situacao in ('rejeitado', 'baixado')) desc, b.created_at`),
    ))
      boletos.set(nosso_numero, b);
  type Linha = Omit<ItemCnabResultado, 'linha' | 'nosso_numero' | 'ocorrencia' | 'valor_pago' | 'tarifa'> & {
    i: CnabItem;
    chave: string;
    pago: string;
    baixa_id: string | null;
    boleto_id: string | null;
  };
  const linhas: Linha[] = [];
  const liquidar: { n: number; pedida: BaixaPedida }[] = [];
  const naFila = new Set<string>();
  for (const i of r.itens) {
    const chave = chaveDe(i);
    const pago = valorDoPagador(i);
    const l: Linha = {
      i,
      chave,
      pago,
      situacao: 'sem_baixa',
      titulo_id: null,
      mensagem: null,
      baixa_id: null,
      boleto_id: null,
    };
    linhas.push(l);
    if (jaBaixadas.has(chave) || naFila.has(chave)) {
      l.situacao = 'repetido';
      l.mensagem = 'Já baixado por uma importação anterior.';
    } else if (carteira && !liquidacao(carteira, formato, i)) {
      // Registration events of our boletos: the boleto's situação follows the bank.
      const ev = eventoDoBoleto(
        carteira,
        formato,
        i,
        boletos.get(nossoDoRegistro(carteira, formato, i)),
        mudancas,
      );
      l.situacao = ev.boletoId ? 'sem_baixa' : 'desconhecido';
      l.titulo_id = ev.tituloId;
      l.mensagem = ev.mensagem;
    } else if (!carteira && (!LIQUIDACOES.has(i.ocorrencia) || !Decimal.of(pago).isPositive())) {
      l.mensagem = `Ocorrência ${i.ocorrencia} não é liquidação.`;
    } else if (!Decimal.of(pago).isPositive()) {
      l.mensagem = 'Liquidação sem valor pago.';
    } else {
      const boleto = carteira ? boletos.get(nossoDoRegistro(carteira, formato, i)) : undefined;
      l.boleto_id = boleto?.id ?? null;
      const tituloId = carteira
        ? (boleto?.titulo_id ?? null)
        : ((await tituloPorNossoNumero(tx, i.nossoNumero))?.id ?? null);
      if (!tituloId) {
        l.situacao = 'desconhecido';
        l.mensagem = 'Nosso número sem título a receber.';
      } else {
        l.titulo_id = tituloId;
        naFila.add(chave);
        liquidar.push({
          n: linhas.length - 1,
          pedida: {
            tituloId,
            baixa: {
              data_pagamento: i.dataCredito ?? i.dataOcorrencia ?? new Date().toISOString().slice(0, 10),
              conta_bancaria_id: contaId,
              forma_id: null,
              valor_pago: pago,
              juros: i.juros,
              multa: '0.00',
              desconto: i.desconto,
              observacao: `Retorno CNAB ${nome}, nosso número ${i.nossoNumero}${Decimal.of(i.tarifa).isZero() ? '' : `, tarifa R$ ${i.tarifa.replace('.', ',')}`}`,
            },
          },
        });
      }
    }
  }
  await gravaMudancasBoletos(tx, mudancas);
  // The liquidações: set-wise through the baixa rules (baixas-em-massa.service.ts).
  const feitas = await baixarEmMassa(
    tx,
    actor,
    'receber',
    liquidar.map((x) => x.pedida),
  );
  liquidar.forEach((x, k) => {
    const l = linhas[x.n]!;
    const f = feitas[k]!;
    if ('baixaId' in f) {
      l.situacao = 'baixado';
      l.baixa_id = f.baixaId;
    } else {
      l.situacao = 'recusado';
      l.mensagem = f.erro;
    }
  });
  // the boleto each liquidação names is liquidado (not another boleto of the same título)
  const pagos = linhas.filter((l) => l.situacao === 'baixado' && l.boleto_id).map((l) => l.boleto_id);
  if (pagos.length)
    await tx.execute(sql`update boletos set situacao = 'liquidado', updated_at = now()
      where situacao in ('a_registrar', 'enviado', 'registrado')
        and id = any(array(select jsonb_array_elements_text(${JSON.stringify(pagos)}::jsonb)::uuid))`);
  // Every record as read, with what it did (one statement).
  await tx.execute(sql`insert into cnab_retorno_itens (importacao_id, conta_bancaria_id, linha, nosso_numero,
      ocorrencia, data_ocorrencia, data_credito, valor_titulo, valor_pago, juros, desconto, tarifa, chave,
      titulo_id, baixa_id, situacao, mensagem)
    select ${importacaoId}::uuid, ${contaId}::uuid, x.linha, x.nosso_numero, x.ocorrencia, x.data_ocorrencia,
      x.data_credito, x.valor_titulo, x.valor_pago, x.juros, x.desconto, x.tarifa, x.chave, x.titulo_id,
      x.baixa_id, x.situacao, x.mensagem
    from jsonb_to_recordset(${JSON.stringify(
      linhas.map((l) => ({
        linha: l.i.linha,
        nosso_numero: l.i.nossoNumero,
        ocorrencia: l.i.ocorrencia,
        data_ocorrencia: l.i.dataOcorrencia,
        data_credito: l.i.dataCredito,
        valor_titulo: l.i.valorTitulo,
        valor_pago: l.pago,
        juros: l.i.juros,
        desconto: l.i.desconto,
        tarifa: l.i.tarifa,
        chave: l.chave,
        titulo_id: l.titulo_id,
        baixa_id: l.baixa_id,
        situacao: l.situacao,
        mensagem: l.mensagem,
      })),
    )}::jsonb) as x(linha int, nosso_numero text, ocorrencia text, data_ocorrencia date, data_credito date,
      valor_titulo numeric, valor_pago numeric, juros numeric, desconto numeric, tarifa numeric, chave text,
      titulo_id uuid, baixa_id uuid, situacao text, mensagem text)`);
  const itens: ItemCnabResultado[] = linhas.map((l) => ({
    linha: l.i.linha,
    nosso_numero: l.i.nossoNumero,
    ocorrencia: l.i.ocorrencia,
    valor_pago: l.pago,
    tarifa: l.i.tarifa,
    situacao: l.situacao,
    titulo_id: l.titulo_id,
    mensagem: l.mensagem,
  }));
  const tarifas = await lancaTarifas(tx, actor, contaId, carteira, r, itens, nome, hash, importacaoId);
  const baixados = itens.filter((x) => x.situacao === 'baixado').length;
  await tx
    .update(extratoImportacoes)
    .set({ linhasNovas: baixados, linhasRepetidas: itens.filter((x) => x.situacao === 'repetido').length })
    .where(eq(extratoImportacoes.id, importacaoId));
  return {
    importacao_id: importacaoId,
    formato: r.formato,
    banco: r.banco,
    lidos: r.itens.length,
    baixados,
    desconhecidos: itens.filter((x) => x.situacao === 'desconhecido'),
    tarifas,
    itens,
    erros: r.erros,
  };
}
