import {
  CODIGO_UF_IBGE,
  type ConfiguracaoFiscal,
  Decimal,
  gerarParcelas,
  type ImpostosItem,
  notasSaidaMensagens,
  type TipoForma,
  totalize,
  tPagPorTipo,
  tpAmbPorAmbiente,
  type Uf,
  usaCsosn,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { destinatarioDoCliente } from '../tributacao/impostos.service.ts';
import { geraCnf } from './xml/chave.ts';
import { dataHoraNfe } from './xml/ide.ts';
import type { DadosNfe, ItemNfe, PagamentoNfe } from './xml/tipos.ts';

// What the NF-e of an order says, read from the order (items with the tax engine's groups as the
// order saved them — the same figures the order shows), the customer, the fiscal settings, the
// condição de pagamento (instalments by the finance rule gerarParcelas, the one the receivables
// use) and the forma (tPag). Nothing here computes a tax.

export type PedidoParaNota = {
  id: string;
  numero: number;
  status: string;
  cliente_id: string;
  bloqueios_pendentes: number;
  valor_total: string;
};

type LinhaPedido = {
  numero: number;
  cliente_id: string;
  condicao_pagamento_id: string | null;
  forma_pagamento_id: string | null;
  modalidade_frete: string;
  valor_total: string;
  peso_bruto: string;
  peso_liquido: string;
  observacoes_nota: string | null;
};

type LinhaItem = {
  sequencia: number;
  codigo: string;
  nome: string;
  gtin: string | null;
  ncm: string | null;
  cest: string | null;
  unidade: string | null;
  produto_unidade: string;
  quantidade: string;
  preco_unitario: string;
  quantidade_embalagem: string | null;
  impostos: ImpostosItem | null;
};

export const VERSAO_PROCESSO = 'Plataforma ERP 1.0';

export async function dadosNfeDoPedido(
  tx: Tx,
  pedidoId: string,
  config: ConfiguracaoFiscal,
  numeracao: { serie: number; nNF: number; dhEmi: Date },
): Promise<DadosNfe> {
  const p = await lerPedido(tx, pedidoId);
  const linhas = await lerItens(tx, pedidoId);
  const emit = config.emitente;
  exigeItensFaturaveis(linhas, emit.crt);

  const itens = itensDaNota(linhas, p.numero);
  const totais = totalize(itens.map((i) => i.impostos));
  const vNF = totais.ICMSTot.vNF;
  if (!Decimal.of(vNF).eq(p.valor_total))
    throw new AppError('unprocessable', notasSaidaMensagens.totalDivergente(p.valor_total, vNF));

  // the recipient as the tax engine saw it (indIEDest, indFinal)
  const { cliente, destinatario } = await destinatarioDoCliente(tx, p.cliente_id);
  exigeEnderecoDoCliente(cliente);

  const uf = emit.endereco.uf as Uf;
  const interna = destinatario.uf === uf;
  const dia = dataHoraNfe(numeracao.dhEmi).slice(0, 10);
  const dup = await duplicatasDaCondicao(tx, p.condicao_pagamento_id, vNF, dia);
  const aPrazo = dup.length > 0; // some instalment falls after the emission day
  const resp = config.responsavel_tecnico;
  const veiculo = await veiculoDaCarga(tx, pedidoId);
  return {
    ide: {
      cUF: CODIGO_UF_IBGE[uf],
      cNF: geraCnf(numeracao.nNF),
      natOp: 'Venda de mercadoria',
      serie: numeracao.serie,
      nNF: numeracao.nNF,
      dhEmi: numeracao.dhEmi,
      tpNF: '1',
      idDest: interna ? '1' : '2',
      cMunFG: emit.endereco.codigo_municipio,
      tpImp: '1',
      tpEmis: '1',
      tpAmb: tpAmbPorAmbiente[config.ambiente],
      finNFe: '1',
      indFinal: destinatario.indFinal,
      indPres: '9',
      verProc: VERSAO_PROCESSO,
    },
    emit: emitenteDaNota(emit),
    dest: destinatarioDaNota(cliente, destinatario),
    itens,
    totais,
    transp: {
      modFrete: p.modalidade_frete as DadosNfe['transp']['modFrete'],
      ...transporteDaCarga(veiculo, emit, interna),
      vol: [volumesDoPedido(p, linhas)],
    },
    cobr: aPrazo ? { nFat: String(numeracao.nNF), vOrig: vNF, vDesc: '0.00', vLiq: vNF, dup } : null,
    pag: [await pagamentoDoPedido(tx, p.forma_pagamento_id, vNF, aPrazo)],
    infAdic: { infCpl: informacoesComplementares(config, p, linhas, totais.vCredICMSSN) },
    infRespTec: resp ? { CNPJ: resp.cnpj, xContato: resp.contato, email: resp.email, fone: resp.fone } : null,
    csrt: resp?.csrt && resp.id_csrt ? { id: resp.id_csrt, csrt: resp.csrt } : null,
  };
}

async function lerPedido(tx: Tx, pedidoId: string): Promise<LinhaPedido> {
  const [p] = rowsOf<LinhaPedido>(
    await tx.execute(sql`select o.numero, o.cliente_id, o.condicao_pagamento_id, o.forma_pagamento_id,
      o.modalidade_frete, o.valor_total::text as valor_total, o.peso_bruto::text as peso_bruto,
      o.peso_liquido::text as peso_liquido, o.observacoes_nota
      from sales_orders o where o.id = ${pedidoId}`),
  );
  if (!p) throw new AppError('not_found', notasSaidaMensagens.pedidoNaoEncontrado);
  return p;
}

async function lerItens(tx: Tx, pedidoId: string): Promise<LinhaItem[]> {
  return rowsOf<LinhaItem>(
    await tx.execute(sql`select i.sequencia, pr.codigo, coalesce(i.produto_nome, pr.nome) as nome, pr.gtin,
      pr.ncm, pr.cest, i.unidade, pr.unidade as produto_unidade, i.quantidade::text as quantidade,
      i.preco_unitario::text as preco_unitario, i.quantidade_embalagem::text as quantidade_embalagem, i.impostos
      from sales_order_items i join products pr on pr.id = i.product_id
      where i.order_id = ${pedidoId} order by i.sequencia, i.id`),
  );
}

/** The order's taxes must be those of the company's current regime (CST vs CSOSN), every product with an NCM. */
function exigeItensFaturaveis(linhas: LinhaItem[], crt: ConfiguracaoFiscal['emitente']['crt']): void {
  const csosn = usaCsosn(crt);
  if (linhas.some((l) => !l.impostos || (l.impostos.ICMS.CSOSN !== null) !== csosn))
    throw new AppError('unprocessable', notasSaidaMensagens.impostosDesatualizados);
  const semNcm = linhas.filter((l) => !/^\d{8}$/.test(l.ncm ?? ''));
  if (semNcm.length)
    throw new AppError(
      'unprocessable',
      notasSaidaMensagens.produtoSemNcm(semNcm.map((l) => `${l.codigo} - ${l.nome}`).join(', ')),
    );
}

function itensDaNota(linhas: LinhaItem[], numeroPedido: number): ItemNfe[] {
  return linhas.map((l) => ({
    cProd: l.codigo,
    cEAN: l.gtin,
    xProd: l.nome,
    NCM: l.ncm ?? '',
    CEST: l.cest,
    uCom: l.unidade ?? l.produto_unidade,
    qCom: l.quantidade,
    vUnCom: l.preco_unitario,
    impostos: l.impostos as ImpostosItem,
    xPed: String(numeroPedido),
    nItemPed: l.sequencia,
  }));
}

type ClienteDaNota = Awaited<ReturnType<typeof destinatarioDoCliente>>['cliente'];
type DestinatarioFiscal = Awaited<ReturnType<typeof destinatarioDoCliente>>['destinatario'];

function exigeEnderecoDoCliente(cliente: ClienteDaNota): void {
  const faltando = [
    !cliente.logradouro && 'logradouro',
    !cliente.bairro && 'bairro',
    !/^\d{7}$/.test(cliente.codigo_municipio ?? '') && 'código IBGE do município',
    !cliente.municipio && 'município',
  ].filter(Boolean);
  if (faltando.length)
    throw new AppError('unprocessable', notasSaidaMensagens.clienteSemEndereco(faltando.join(', ')));
}

/**
 * The instalments: the condição's prazos over vNF from the emission day (the receivables' rule); none
 * when the condição is à vista (every prazo 0), which makes the note's indPag 0 and leaves cobr out.
 */
async function duplicatasDaCondicao(
  tx: Tx,
  condicaoId: string | null,
  vNF: string,
  dia: string,
): Promise<{ nDup: string; dVenc: string; vDup: string }[]> {
  if (!condicaoId || !Decimal.of(vNF).gt(0)) return [];
  const [cond] = rowsOf<{ dias: number[]; entrada_percentual: string | null }>(
    await tx.execute(sql`select c.dias, c.entrada_percentual::text as entrada_percentual
      from condicoes_pagamento c where c.id = ${condicaoId}`),
  );
  if (!cond) return [];
  const r = gerarParcelas(vNF, { dias: cond.dias, entrada_percentual: cond.entrada_percentual }, dia);
  if (!r.ok || !r.parcelas.some((x) => x.prazo > 0)) return [];
  return r.parcelas.map((x) => ({
    nDup: String(x.numero).padStart(3, '0'),
    dVenc: x.vencimento,
    vDup: x.valor,
  }));
}

/** pag: one detPag with the forma's tPag ('99' A combinar when the order names none). */
async function pagamentoDoPedido(
  tx: Tx,
  formaId: string | null,
  vNF: string,
  aPrazo: boolean,
): Promise<PagamentoNfe> {
  let tipoForma: TipoForma | null = null;
  if (formaId) {
    const [forma] = rowsOf<{ tipo: TipoForma }>(
      await tx.execute(sql`select f.tipo from formas_pagamento f where f.id = ${formaId}`),
    );
    tipoForma = forma?.tipo ?? null;
  }
  const tPag = tipoForma ? (tPagPorTipo[tipoForma] ?? '99') : '99';
  return { indPag: aPrazo ? '1' : '0', tPag, xPag: tPag === '99' ? 'A combinar' : null, vPag: vNF };
}

/** informações complementares: the company's default text, the order's notes, the Simples credit. */
function informacoesComplementares(
  config: ConfiguracaoFiscal,
  p: LinhaPedido,
  linhas: LinhaItem[],
  vCredICMSSN: string,
): string | null {
  const credito = Decimal.of(vCredICMSSN);
  const pCred = linhas.find((l) => l.impostos && !Decimal.of(l.impostos.ICMS.pCredSN).isZero())?.impostos
    ?.ICMS.pCredSN;
  const infCpl = [
    config.informacoes_complementares,
    p.observacoes_nota,
    `Pedido nº ${p.numero}.`,
    credito.gt(0) && pCred
      ? `Permite o aproveitamento do crédito de ICMS no valor de R$ ${credito.toFixed(2).replace('.', ',')}, correspondente à alíquota de ${Decimal.of(pCred).toFixed(2).replace('.', ',')}%, nos termos do art. 23 da LC 123/2006.`
      : null,
  ]
    .filter((x): x is string => !!x?.trim())
    .join(' ');
  return infCpl || null;
}

/** vol: the sold packagings counted when every quantity is whole, and the order's weights. */
function volumesDoPedido(p: LinhaPedido, linhas: LinhaItem[]): DadosNfe['transp']['vol'][number] {
  const quantidades = linhas.map((l) => Decimal.of(l.quantidade_embalagem ?? l.quantidade));
  const qVol = quantidades.every((q) => q.isInteger())
    ? Number(quantidades.reduce((a, q) => a.plus(q), Decimal.ZERO).toFixed(0))
    : null;
  return {
    qVol,
    esp: 'VOLUMES',
    pesoL: Decimal.of(p.peso_liquido).gt(0) ? p.peso_liquido : null,
    pesoB: Decimal.of(p.peso_bruto).gt(0) ? p.peso_bruto : null,
  };
}

/** The company as emitente (ready for every note the company issues, not only sales). */
export function emitenteDaNota(emit: ConfiguracaoFiscal['emitente']): DadosNfe['emit'] {
  return {
    CNPJ: emit.cnpj,
    xNome: emit.razao_social,
    xFant: emit.fantasia,
    ender: {
      xLgr: emit.endereco.logradouro,
      nro: emit.endereco.numero,
      xCpl: emit.endereco.complemento,
      xBairro: emit.endereco.bairro,
      cMun: emit.endereco.codigo_municipio,
      xMun: emit.endereco.municipio ?? '',
      UF: emit.endereco.uf as Uf,
      CEP: emit.endereco.cep,
      fone: emit.endereco.telefone,
    },
    IE: emit.ie,
    IM: emit.im,
    CNAE: emit.cnae,
    CRT: emit.crt,
  };
}

/** The customer as destinatário, with the indicators the tax engine used. */
export function destinatarioDaNota(
  cliente: ClienteDaNota,
  destinatario: DestinatarioFiscal,
): DadosNfe['dest'] {
  return {
    documento: cliente.documento,
    xNome: cliente.razao_social,
    ender: {
      xLgr: cliente.logradouro ?? '',
      nro: cliente.numero ?? 'S/N',
      xCpl: cliente.complemento,
      xBairro: cliente.bairro ?? '',
      cMun: cliente.codigo_municipio ?? '',
      xMun: cliente.municipio ?? '',
      UF: destinatario.uf,
      CEP: cliente.cep,
      fone: cliente.telefone ?? cliente.celular,
    },
    indIEDest: destinatario.indIEDest,
    IE: cliente.inscricao_estadual,
    email: cliente.email_nfe ?? cliente.email,
  };
}

type VeiculoDaCarga = {
  placa: string;
  uf: string;
  rntrc: string | null;
  proprio: boolean;
  proprietario_nome: string | null;
};

/** The vehicle of the order's live load (dispatch), if the order travels in one. */
async function veiculoDaCarga(tx: Tx, pedidoId: string): Promise<VeiculoDaCarga | null> {
  const [v] = rowsOf<VeiculoDaCarga>(
    await tx.execute(sql`select v.placa, v.uf, v.rntrc, v.proprio, v.proprietario_nome
      from cargas_pedidos cp join cargas c on c.id = cp.carga_id join veiculos v on v.id = c.veiculo_id
      where cp.pedido_id = ${pedidoId} and c.status <> 'cancelada' limit 1`),
  );
  return v ?? null;
}

/**
 * transporta and veicTransp from the load's vehicle: the company itself carries with its own fleet
 * (the emitente as transportador); a third party's vehicle names its owner. The vehicle (placa, UF,
 * RNTC) goes only into an internal operation: SEFAZ refuses it in an interstate one (rejeição 868,
 * NT 2016.002 — the MDF-e carries it there).
 */
function transporteDaCarga(
  v: VeiculoDaCarga | null,
  emit: ConfiguracaoFiscal['emitente'],
  interna: boolean,
): Pick<DadosNfe['transp'], 'transporta' | 'veicTransp'> {
  if (!v) return { transporta: null, veicTransp: null };
  const e = emit.endereco;
  const transporta = v.proprio
    ? {
        documento: emit.cnpj,
        xNome: emit.razao_social,
        IE: emit.ie,
        xEnder: [e.logradouro, e.numero, e.bairro].filter(Boolean).join(', '),
        xMun: e.municipio,
        UF: e.uf,
      }
    : v.proprietario_nome
      ? { xNome: v.proprietario_nome }
      : null;
  const veicTransp = interna ? { placa: v.placa, UF: v.uf, RNTC: v.proprio ? null : v.rntrc } : null;
  return { transporta, veicTransp };
}
