import { geraCMdf, planejaMdfes, type Uf } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { carregaCertificadoA1 } from '../../modules/fiscal/certificado.service.ts';
import { carregaConfiguracaoFiscal } from '../../modules/fiscal/configuracao-fiscal.service.ts';
import {
  alocaNumeroMdfe,
  aplicaAutorizacao,
  gravaNotas,
  type MdfeLinha,
  registraEvento,
} from '../../modules/mdfe/emissao-mdfe.service.ts';
import { dadosMdfe, leCargaParaMdfe } from '../../modules/mdfe/mdfe-carga.service.ts';
import { leMdfeConfiguracao } from '../../modules/mdfe/mdfe-configuracao.service.ts';
import { montaAssinaValida } from '../../modules/mdfe/xml/assina-mdfe.ts';
import { contextoEmissao } from '../../modules/notasfiscais/emissao.service.ts';
import { dataHoraNfe } from '../../modules/notasfiscais/xml/ide.ts';
import { rowsOf, type Tx } from '../client.ts';
import { notaDeVendaDemo } from './devolucoes-demo.ts';

// Demo MDF-e (issue 33) through the real builder: two loads of the demo fleet with sale notes
// authorised by the demo protocol (as the returns' demo does — the demo never talks to SEFAZ), each
// with its MDF-e built, signed with the demo A1 and validated against the official package, and
// authorised by a DEMO protocol (nProt 999…, xMotivo saying so):
// 1. a load em rota with its MDF-e autorizado (the one a truck on the road carries);
// 2. a load finalizada whose MDF-e was encerrado at the last unloading município.

const DEMO_XMOTIVO =
  'Autorizado o uso do MDF-e (demonstração: protocolo simulado, a SEFAZ não recebeu este MDF-e)';

async function cargaDemo(
  tx: Tx,
  pedidos: string[],
  status: 'em_rota' | 'finalizada',
  veiculo: { id: string; motorista: string },
  saida: string,
) {
  const [c] = rowsOf<{ id: string; numero: number }>(
    await tx.execute(sql`insert into cargas (data_saida_prevista, status, veiculo_id, motorista_id, observacoes)
      values (${saida}, ${status}, ${veiculo.id}, ${veiculo.motorista}, 'Carga de demonstração com MDF-e')
      returning id, numero::int as numero`),
  );
  for (const [i, p] of pedidos.entries()) {
    await tx.execute(sql`insert into cargas_pedidos (carga_id, pedido_id, sequencia, entrega_status)
      values (${c!.id}, ${p}, ${i + 1}, ${status === 'finalizada' ? 'entregue' : 'pendente'})`);
    if (status === 'finalizada')
      await tx.execute(sql`update sales_orders set status = 'entregue' where id = ${p}`);
  }
  return c!;
}

async function mdfeDemo(tx: Tx, cargaId: string, schemasDir: string, quando: Date, seq: number) {
  const dados = (await leCargaParaMdfe(tx, cargaId))!;
  const fiscal = await carregaConfiguracaoFiscal(tx);
  const a1 = (await carregaCertificadoA1(tx))!;
  const config = await leMdfeConfiguracao(tx);
  const planos = planejaMdfes({
    ufCarregamento: fiscal.emitente.endereco.uf as Uf,
    municipioCarregamento: {
      codigo: fiscal.emitente.endereco.codigo_municipio,
      nome: fiscal.emitente.endereco.municipio ?? '',
    },
    notas: dados.notas,
  });
  const ids: string[] = [];
  for (const plano of planos) {
    const nMDF = await alocaNumeroMdfe(tx, config.serie);
    const { xml, chave } = montaAssinaValida(
      dadosMdfe({
        plano,
        percurso: plano.percurso,
        numero: { serie: config.serie, nMDF, cMDF: geraCMdf(nMDF) },
        dhEmi: quando,
        tpEmis: '1',
        fiscal,
        config,
        carga: dados,
      }),
      { keyPem: a1.keyPem, certPem: a1.certPem },
      schemasDir,
    );
    const condutores = dados.motoristas.map((m) => ({ nome: m.nome, cpf: (m.cpf ?? '').replace(/\D/g, '') }));
    const [row] = rowsOf<MdfeLinha>(
      await tx.execute(sql`insert into mdfes (carga_id, serie, numero, chave, status, ambiente, tp_emis, uf_ini, uf_fim,
          percurso, veiculo_id, placa, condutores, q_nfe, q_carga, v_carga, emissao, xml)
        values (${cargaId}, ${config.serie}, ${nMDF}, ${chave}, 'assinado', ${fiscal.ambiente}, '1', ${plano.ufIni},
          ${plano.ufFim}, ${sql`array[${sql.join(
            plano.percurso.map((u) => sql`${u}`),
            sql`, `,
          )}]::text[]`}, ${dados.veiculo!.id}, ${dados.veiculo!.placa}, ${JSON.stringify(condutores)}::jsonb,
          ${plano.qNFe}, ${plano.qCarga}, ${plano.vCarga}, ${quando}, ${xml})
        returning id, carga_id, serie, numero, chave, status, tp_emis, uf_ini, uf_fim, percurso, placa, xml,
          xml_autorizado, protocolo, autorizado_em, emissao, consulta_pendente, condutores`),
    );
    await gravaNotas(tx, row!.id, plano, dados);
    await registraEvento(tx, row!.id, { tipo: 'emissao', userId: null });
    const nProt = `999${String(seq++).padStart(12, '0')}`;
    const recebido = new Date(quando.getTime() + 20_000);
    const digVal = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xml)?.[1] ?? '';
    const prot = `<protMDFe versao="3.00"><infProt><tpAmb>2</tpAmb><verAplic>PLATAFORMA-ERP-DEMO</verAplic><chMDFe>${chave}</chMDFe><dhRecbto>${dataHoraNfe(recebido)}</dhRecbto><nProt>${nProt}</nProt><digVal>${digVal}</digVal><cStat>100</cStat><xMotivo>${DEMO_XMOTIVO}</xMotivo></infProt></protMDFe>`;
    await aplicaAutorizacao(
      tx,
      row!,
      { protMDFe: prot, nProt, dhRecbto: recebido.toISOString(), cStat: '100', xMotivo: DEMO_XMOTIVO },
      null,
    );
    ids.push(row!.id);
  }
  return ids;
}

/** The demo's MDF-e; how many were created. Needs both XSD folders (NF-e for the notes, MDF-e). */
export async function seedMdfeDemo(tx: Tx, nfeSchemasDir: string, mdfeSchemasDir: string, today: string) {
  const agora = Date.now();
  const sete = new Date(`${today}T07:00:00-03:00`).getTime();
  const inicio = sete + 60 * 60_000 > agora ? agora - 70 * 60_000 : sete;
  const ctx = await contextoEmissao(tx, nfeSchemasDir, new Date(inicio));
  // two own vehicles, each with a driver of its own
  const frota = rowsOf<{ id: string }>(
    await tx.execute(sql`select v.id from veiculos v where v.ativo and v.proprio and v.renavam is not null
      order by v.placa limit 2`),
  );
  const motoristas = rowsOf<{ id: string }>(
    await tx.execute(sql`select f.id from funcionarios f where f.funcao = 'motorista' and f.ativo
      order by f.nome limit 2`),
  );
  const veiculos = frota.flatMap((v, i) => {
    const m = motoristas[i] ?? motoristas[0];
    return m ? [{ id: v.id, motorista: m.id }] : [];
  });
  if (veiculos.length < 1) return 0;
  const pedidos = rowsOf<{ id: string }>(
    await tx.execute(sql`select o.id from sales_orders o
      join clientes c on c.id = o.cliente_id and c.codigo_municipio is not null
      where o.bloqueios_pendentes = 0 and o.status in ('liberado', 'em_separacao', 'conferido')
        and not exists (select 1 from cargas_pedidos cp where cp.pedido_id = o.id and cp.ativo)
        and not exists (select 1 from notas_fiscais nf where nf.pedido_id = o.id)
      order by o.numero desc limit 12`),
  );
  const notas: string[] = [];
  for (const p of pedidos) {
    if (notas.length === 5) break;
    try {
      const n = notas.length;
      await tx.transaction(
        (sp) =>
          notaDeVendaDemo(sp as Tx, ctx, p.id, new Date(inicio + n * 60_000), 200 + n) as Promise<string>,
      );
      notas.push(p.id);
    } catch {
      // an order the emission refuses (customer without address, …) is left out
    }
  }
  if (notas.length < 3) return 0;
  let criados = 0;
  // 1. yesterday's load, delivered: its MDF-e encerrado at the last unloading município
  const ontem = new Date(new Date(`${today}T12:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
  const finalizada = await cargaDemo(tx, notas.slice(0, 2), 'finalizada', veiculos[0]!, ontem);
  for (const id of await mdfeDemo(tx, finalizada.id, mdfeSchemasDir, new Date(inicio + 10 * 60_000), 300)) {
    const [ultimo] = rowsOf<{ c_mun_descarga: string; x_mun_descarga: string; uf_descarga: string }>(
      await tx.execute(sql`select c_mun_descarga, x_mun_descarga, uf_descarga from mdfe_notas where mdfe_id = ${id}
        order by sequencia desc limit 1`),
    );
    await tx.execute(sql`update mdfes set status = 'encerrado', encerrado_em = ${new Date(inicio + 50 * 60_000)},
        encerramento_data = ${today}, encerramento_uf = ${ultimo!.uf_descarga},
        encerramento_municipio = ${`${ultimo!.x_mun_descarga} (${ultimo!.c_mun_descarga})`}
      where id = ${id}`);
    await registraEvento(tx, id, {
      tipo: 'encerramento',
      userId: null,
      tpEvento: '110112',
      nSeq: 1,
      cStat: '135',
      xMotivo: 'Evento registrado e vinculado a MDF-e (demonstração: protocolo simulado)',
      protocolo: `999${String(400 + criados).padStart(12, '0')}`,
      detalhe: { municipio: ultimo!.x_mun_descarga, codigo: ultimo!.c_mun_descarga, uf: ultimo!.uf_descarga },
    });
    criados++;
  }
  // 2. today's load on the road: its MDF-e autorizado
  const emRota = await cargaDemo(tx, notas.slice(2), 'em_rota', veiculos[1] ?? veiculos[0]!, today);
  criados += (await mdfeDemo(tx, emRota.id, mdfeSchemasDir, new Date(inicio + 40 * 60_000), 310)).length;
  await tx.execute(sql`insert into cargas_historico (carga_id, de, para, motivo)
    select id, 'faturada', status, 'Demonstração' from cargas where id in (${finalizada.id}, ${emRota.id})`);
  return criados;
}
