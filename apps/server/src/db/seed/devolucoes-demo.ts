import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import {
  entradaDeOrigem,
  insereDevolucaoCompra,
  itensDaDevolucaoCompra,
  itensDaEntrada,
} from '../../modules/devolucoes/devolucoes-compra.service.ts';
import {
  insereDevolucaoVenda,
  itensDaDevolucaoVenda,
  notaDeOrigem,
} from '../../modules/devolucoes/devolucoes-venda.service.ts';
import { emiteNotaDevolucaoEm } from '../../modules/devolucoes/emissao-devolucao.service.ts';
import { emiteNotaDevolucaoCompraEm } from '../../modules/devolucoes/emissao-devolucao-compra.service.ts';
import { conferenciaPendente } from '../../modules/expedicao/conferencia-exigida.service.ts';
import { baixarTitulo } from '../../modules/financeiro/titulos.service.ts';
import { aplicaEfeitosAutorizacao } from '../../modules/notasfiscais/efeitos-nota.service.ts';
import {
  type ContextoEmissao,
  contextoEmissao,
  emiteNotaEm,
} from '../../modules/notasfiscais/emissao.service.ts';
import { digestValue, montaNfeProc } from '../../modules/notasfiscais/nota-sefaz-xml.ts';
import { dataHoraNfe } from '../../modules/notasfiscais/xml/ide.ts';
import { rowsOf, type Tx } from '../client.ts';
import { conferePedidoDemo } from './conferencia-demo.ts';

// Demo returns (issue 32) through the real services. The demo never talks to SEFAZ, so its sale
// notes are authorised by a DEMO protocol (homologação, nProt starting 999, xMotivo saying so)
// written the way an authorisation is — nfeProc, event, and the real effects (order faturado,
// stock saída, receivables) — and so are the return notes. Three sale notes:
// 1. half of the first item returned damaged (to the avaria location): the last instalment abated;
// 2. paid in full, then one unit returned: the excess is crédito do cliente;
// 3. a return refused at the door still in rascunho (its NF-e not yet emitted);
// and a return to a supplier of a posted goods receipt (its NF-e de devolução authorised).

const DEMO_PROT = '999';

/** Authorises a signed note of the demo as SEFAZ would, with a DEMO protocol, and applies its effects. */
async function autorizaNotaDemo(tx: Tx, notaId: string, quando: Date, seq: number): Promise<void> {
  const [n] = rowsOf<{
    id: string;
    xml: string;
    chave: string;
    pedido_id: string | null;
    cliente_id: string | null;
    devolucao_id: string | null;
    numero: number;
    serie: number;
  }>(
    await tx.execute(sql`select id, xml, chave, pedido_id, cliente_id, devolucao_id, numero, serie
      from notas_fiscais where id = ${notaId} for update`),
  );
  const nProt = `${DEMO_PROT}${String(seq).padStart(12, '0')}`;
  const xMotivo =
    'Autorizado o uso da NF-e (demonstração: protocolo simulado, a SEFAZ não recebeu esta nota)';
  const prot = `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>PLATAFORMA-ERP-DEMO</verAplic><chNFe>${n!.chave}</chNFe><dhRecbto>${dataHoraNfe(quando)}</dhRecbto><nProt>${nProt}</nProt><digVal>${digestValue(n!.xml) ?? ''}</digVal><cStat>100</cStat><xMotivo>${xMotivo}</xMotivo></infProt></protNFe>`;
  await tx.execute(sql`update notas_fiscais set status = 'autorizada', xml_autorizado = ${montaNfeProc(n!.xml, prot)},
      protocolo = ${nProt}, c_stat = '100', x_motivo = ${xMotivo}, updated_at = now() where id = ${notaId}`);
  await tx.execute(sql`insert into notas_fiscais_eventos (nota_id, tipo, c_stat, x_motivo, protocolo, xml, usuario, created_at)
    values (${notaId}, 'autorizacao', '100', ${xMotivo}, ${nProt}, ${prot}, 'sistema', ${quando})`);
  await aplicaEfeitosAutorizacao(tx, systemActor, {
    id: n!.id,
    pedidoId: n!.pedido_id,
    clienteId: n!.cliente_id,
    devolucaoId: n!.devolucao_id,
    numero: Number(n!.numero),
    serie: Number(n!.serie),
    xml: n!.xml,
  });
}

export async function notaDeVendaDemo(
  tx: Tx,
  ctx: ContextoEmissao,
  pedidoId: string,
  quando: Date,
  seq: number,
) {
  if (await conferenciaPendente(tx, pedidoId)) await conferePedidoDemo(tx, pedidoId);
  const notaId = await emiteNotaEm(tx, systemActor, ctx, { pedido_id: pedidoId }, quando);
  await autorizaNotaDemo(tx, notaId, new Date(quando.getTime() + 30_000), seq);
  return notaId;
}

async function devolucaoDemo(
  tx: Tx,
  notaId: string,
  linhas: {
    fracao: 'metade' | 'um';
    motivo: 'avaria' | 'vencido' | 'recusa_entrega';
    destino: 'normal' | 'avaria';
  }[],
  observacao: string | null,
): Promise<string> {
  const nota = await notaDeOrigem(tx, notaId, true);
  const itens = rowsOf<{ id: string; quantidade: string; unidade: string }>(
    await tx.execute(sql`select i.id, i.quantidade::text, coalesce(i.unidade, p.unidade) as unidade
      from sales_order_items i join products p on p.id = i.product_id
      where i.order_id = ${nota.pedido_id} order by i.sequencia limit ${linhas.length}`),
  );
  const entrada = itens.map((it, n) => {
    const q = Number(it.quantidade);
    const l = linhas[n]!;
    // whole units: half (at least one) or one
    const quantidade = l.fracao === 'um' ? '1' : String(Math.max(1, Math.floor(q / 2)));
    return { item_id: it.id, quantidade, unidade: it.unidade, motivo: l.motivo, destino: l.destino };
  });
  const criados = await itensDaDevolucaoVenda(tx, nota, entrada);
  return insereDevolucaoVenda(tx, systemActor, nota, criados, observacao, 'propria');
}

/** The demo's returns; the number of returns created. Needs the XSD folder (as the demo notes). */
export async function seedDevolucoesDemo(tx: Tx, schemasDir: string, today: string): Promise<number> {
  const agora = Date.now();
  const oito = new Date(`${today}T08:00:00-03:00`).getTime();
  const inicio = oito + 20 * 60_000 > agora ? agora - 25 * 60_000 : oito;
  const ctx = await contextoEmissao(tx, schemasDir, new Date(inicio));
  const pedidos = rowsOf<{ id: string }>(
    await tx.execute(sql`select o.id from sales_orders o
      where o.bloqueios_pendentes = 0 and o.status in ('liberado', 'em_separacao', 'conferido')
        and not exists (select 1 from cargas_pedidos cp where cp.pedido_id = o.id and cp.ativo)
        and not exists (select 1 from notas_fiscais nf where nf.pedido_id = o.id)
        and (select count(*) from sales_order_items i where i.order_id = o.id) >= 2
        and (select min(i.quantidade) from sales_order_items i where i.order_id = o.id) >= 2
      order by o.numero desc limit 8`),
  );
  const notas: string[] = [];
  for (const p of pedidos) {
    if (notas.length === 3) break;
    try {
      const n = notas.length;
      notas.push(
        await tx.transaction(
          async (sp) =>
            notaDeVendaDemo(sp as Tx, ctx, p.id, new Date(inicio + n * 60_000), n + 1) as Promise<string>,
        ),
      );
    } catch {
      // an order the emission refuses (customer without address, …) is left out
    }
  }
  let criadas = 0;
  let seq = 10;
  const t = (min: number) => new Date(inicio + min * 60_000);
  // 1. half of the first item damaged → avaria; the second item back to stock
  if (notas[0]) {
    const id = await devolucaoDemo(
      tx,
      notas[0],
      [
        { fracao: 'metade', motivo: 'avaria', destino: 'avaria' },
        { fracao: 'um', motivo: 'vencido', destino: 'avaria' },
      ],
      'Caixas amassadas no transporte; um item com validade vencida.',
    );
    const nota = await emiteNotaDevolucaoEm(tx, systemActor, ctx, id, t(10));
    await autorizaNotaDemo(tx, nota, t(11), seq++);
    criadas++;
  }
  // 2. paid in full, then one unit returned: crédito do cliente
  if (notas[1]) {
    const [conta] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from contas_bancarias where ativa order by nome limit 1`),
    );
    const titulos = rowsOf<{ id: string; saldo: string }>(
      await tx.execute(sql`select id, saldo::text from financial_accounts
        where origem = 'nota_fiscal' and origem_id = ${notas[1]} and status = 'em_aberto' order by parcela`),
    );
    if (conta)
      for (const x of titulos)
        await baixarTitulo(tx, systemActor, 'receber', x.id, {
          data_pagamento: today,
          conta_bancaria_id: conta.id,
          forma_id: null,
          valor_pago: x.saldo,
          juros: '0',
          multa: '0',
          desconto: '0',
          observacao: 'Pagamento antecipado (demonstração)',
        } as never);
    const id = await devolucaoDemo(
      tx,
      notas[1],
      [{ fracao: 'um', motivo: 'recusa_entrega', destino: 'normal' }],
      'Cliente recusou uma unidade na entrega; pedido já pago: crédito para a próxima compra.',
    );
    const nota = await emiteNotaDevolucaoEm(tx, systemActor, ctx, id, t(12));
    await autorizaNotaDemo(tx, nota, t(13), seq++);
    criadas++;
  }
  // 3. refused at the door, the NF-e de devolução still to emit
  if (notas[2]) {
    await devolucaoDemo(tx, notas[2], [{ fracao: 'um', motivo: 'recusa_entrega', destino: 'normal' }], null);
    criadas++;
  }
  // 4. a return to a supplier: one unit of the first item of a posted goods receipt, damaged on
  // arrival — our NF-e de devolução (tpNF 1) authorised, the stock out, the receipt's last payable abated
  const [entrada] = rowsOf<{ id: string }>(
    await tx.execute(sql`select e.id from entradas e where e.status = 'lancada' and e.chave is not null
      and e.fornecedor_id is not null order by e.numero limit 1`),
  );
  if (entrada) {
    const origem = await entradaDeOrigem(tx, entrada.id, true);
    const [item] = await itensDaEntrada(tx, entrada.id, null);
    if (item) {
      const itens = await itensDaDevolucaoCompra(tx, origem, [
        {
          item_id: item.id,
          quantidade: '1',
          unidade: item.unidade,
          motivo: 'avaria',
          local_id: null,
          lote_id: null,
        },
      ]);
      const id = await insereDevolucaoCompra(
        tx,
        systemActor,
        origem,
        itens,
        'Embalagem avariada no recebimento.',
      );
      const nota = await emiteNotaDevolucaoCompraEm(tx, systemActor, ctx, id, t(14));
      await autorizaNotaDemo(tx, nota, t(15), seq++);
      criadas++;
    }
  }
  return criadas;
}
