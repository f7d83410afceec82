import {
  addDays,
  Decimal,
  type EventoRetorno,
  gerarRetornoDeRemessa,
  parseCnab,
  validarCarteira,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import { gerarBoletosNaTransacao } from '../../modules/financeiro/cobranca/boletos.service.ts';
import { carteiraDaConta } from '../../modules/financeiro/cobranca/carteiras.service.ts';
import { gerarRemessaNaTransacao } from '../../modules/financeiro/cobranca/remessas.service.ts';
import { processaRetorno } from '../../modules/financeiro/extrato-cnab.service.ts';
import { rowsOf, type Tx } from '../client.ts';
import { DEMO_EMITENTE } from './fiscal-demo.ts';

// Cobrança registrada in the demo (issue 31): the Banco do Brasil account has a CNAB 240 carteira
// (17, convênio of 7) and the Itaú one a CNAB 400 carteira (109); the open receivables paid by
// boleto get their boletos; the older ones went in a remessa last week and its retorno came back:
// most registered, one rejected (CEP do pagador), one baixado, three paid (one with juros). The
// newest boletos wait for the next remessa. Deterministic: choices follow the boletos' order.

/** The check digit the bank's rules accept for a field (the demo accounts' numbers are made up). */
function dvValido(base: Parameters<typeof validarCarteira>[0], campo: 'agenciaDv' | 'contaDv'): string {
  for (const dv of '0123456789X') {
    const { erros } = validarCarteira({ ...base, [campo]: dv });
    if (!erros.some((e) => e.campo === campo)) return dv;
  }
  throw new Error(`Sem DV válido para ${campo}`);
}

export async function seedCobrancaDemo(tx: Tx, today: string) {
  const contas = rowsOf<{ id: string; nome: string }>(
    await tx.execute(sql`select id, nome from contas_bancarias where nome in ('Banco do Brasil', 'Itaú')`),
  );
  const bb = contas.find((c) => c.nome === 'Banco do Brasil')?.id;
  const itau = contas.find((c) => c.nome === 'Itaú')?.id;
  if (!bb || !itau) return { boletos: 0, remessas: 0 };

  const cbb = {
    banco: '001',
    agencia: '3344',
    conta: '27810',
    carteira: '17',
    variacao: '019',
    convenio: '2987654',
  };
  const bbAg = dvValido({ ...cbb, contaDv: '0' }, 'agenciaDv');
  const bbCc = dvValido({ ...cbb, agenciaDv: bbAg }, 'contaDv');
  const citau = { banco: '341', agencia: '0912', conta: '45021', carteira: '109' };
  const itauCc = dvValido(citau, 'contaDv');
  await tx.execute(
    sql`update contas_bancarias set agencia_digito = ${bbAg}, conta_digito = ${bbCc} where id = ${bb}`,
  );
  await tx.execute(sql`update contas_bancarias set conta_digito = ${itauCc} where id = ${itau}`);
  await tx.execute(sql`insert into carteiras_cobranca (conta_bancaria_id, banco, agencia, agencia_dv, conta, conta_dv,
      carteira, variacao, convenio, layout, multa_percentual, juros_mes_percentual, dias_protesto, mensagens,
      classe_tarifa_id, padrao)
    values (${bb}, '001', '3344', ${bbAg}, '00027810', ${bbCc}, '17', '019', '2987654', 'cnab240', 2, 1, 10,
      array['Não aceitar pagamento em cheque'],
      (select id from classes_financeiras where codigo = '2.04.001'), true),
    (${itau}, '341', '0912', '', '45021', ${itauCc}, '109', '', '', 'cnab400', 2, 1, null, '{}', null, false)`);

  // Every open receivable paid by boleto: its boleto, issued on its emission day (every fourth one
  // in the Itaú carteira). Those issued up to a week ago went in last week's remessas; the newer
  // ones wait for the next.
  const abertos = rowsOf<{ id: string; emissao: string }>(
    await tx.execute(sql`select f.id, coalesce(f.data_emissao, ${today}::date)::text as emissao
      from financial_accounts f join formas_pagamento fp on fp.id = f.forma_id
      where f.tipo = 'receber' and fp.tipo = 'boleto' and f.status in ('em_aberto', 'parcial')
        and f.data_vencimento >= '2025-02-22'
      order by f.data_vencimento, f.descricao`),
  );
  const semana = addDays(today, -7);
  let gerados = 0;
  const gera = async (lista: typeof abertos) => {
    for (const [n, a] of lista.entries()) {
      const conta = n % 4 === 3 ? itau : bb;
      const r = await gerarBoletosNaTransacao(tx, [a.id], { emissao: a.emissao, conta_bancaria_id: conta });
      gerados += r.gerados.length;
    }
  };
  await gera(abertos.filter((a) => a.emissao <= semana));
  const beneficiario = { nome: DEMO_EMITENTE.razao_social, documento: DEMO_EMITENTE.cnpj };
  let remessas = 0;
  let remessaBb: string | null = null;
  for (const conta of [bb, itau]) {
    const [n] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from boleto_instrucoes i join boletos b on b.id = i.boleto_id
        join carteiras_cobranca k on k.id = b.carteira_id where k.conta_bancaria_id = ${conta} and i.remessa_id is null`),
    );
    if (!n?.n) continue;
    const id = await gerarRemessaNaTransacao(tx, conta, beneficiario, new Date(`${semana}T09:00:00-03:00`));
    await tx.execute(sql`update cobranca_remessas set created_at = ${`${semana}T09:00:00-03:00`}::timestamptz
      where id = ${id}`);
    if (conta === bb) remessaBb = id;
    remessas++;
  }
  await gera(abertos.filter((a) => a.emissao > semana));

  // BB's retorno of that remessa, two days later: entradas confirmadas, one rejected, one baixa,
  // three liquidações (one paid late with juros).
  if (remessaBb) {
    const [arq] = rowsOf<{ conteudo: Uint8Array }>(
      await tx.execute(sql`select conteudo from cobranca_remessas where id = ${remessaBb}`),
    );
    const texto = Buffer.from(arq!.conteudo).toString('latin1');
    const enviados = rowsOf<{ nosso_numero: string; valor: string; vencimento: string }>(
      await tx.execute(sql`select b.nosso_numero, b.valor::text, b.vencimento::text from boletos b
        join carteiras_cobranca k on k.id = b.carteira_id
        where k.conta_bancaria_id = ${bb} and b.situacao = 'enviado' order by b.sequencial`),
    );
    const dia = addDays(semana, 2);
    const eventos: EventoRetorno[] = enviados.map((b, i) => ({
      documentoOuNossoNumero: b.nosso_numero,
      ocorrencia: i === 1 ? '03' : '02',
      dataOcorrencia: dia,
      ...(i === 1 ? { motivos: ['48'] } : {}),
    }));
    const pagos = enviados.filter((_, i) => i !== 1 && i !== 2).slice(0, 3);
    pagos.forEach((b, i) => {
      const juros = i === 0 && b.vencimento < dia ? '4.50' : '0.00';
      eventos.push({
        documentoOuNossoNumero: b.nosso_numero,
        ocorrencia: '06',
        dataOcorrencia: dia,
        dataCredito: addDays(dia, 1),
        valorPago: Decimal.of(b.valor).plus(juros).toFixed(2),
        juros,
        tarifa: '2.35',
      });
    });
    if (enviados[2])
      eventos.push({
        documentoOuNossoNumero: enviados[2].nosso_numero,
        ocorrencia: '09',
        dataOcorrencia: dia,
      });
    const retorno = gerarRetornoDeRemessa(texto, eventos).texto;
    const lido = parseCnab(retorno);
    await processaRetorno(
      tx,
      systemActor,
      bb,
      await carteiraDaConta(tx, bb),
      lido,
      `RET-BB-${dia.replaceAll('-', '')}.ret`,
      `demo-retorno-${dia}`,
    );
  }
  return { boletos: gerados, remessas };
}
