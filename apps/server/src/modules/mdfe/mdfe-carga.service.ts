import {
  type ConfiguracaoFiscal,
  Decimal,
  type EntradaPendenciasMdfe,
  type MdfeConfiguracao,
  type MdfePlanejado,
  municipioPorCodigo,
  type NotaParaMdfe,
  type ProdutoPredominante,
  type SeguroMdfe,
  tpAmbPorAmbiente,
  type Uf,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import type { DadosMdfe, SeguroMdfeXml, VeiculoMdfe } from './xml/tipos.ts';

// What an MDF-e is made of, read from the load: its vehicle and driver, and its authorised sale notes
// in delivery order — each note's destination (cMun, xMun, UF of enderDest) and peso bruto (Σ
// transp/vol/pesoB) read from the note's own XML, as SEFAZ authorised it; the customer's register
// only names who to fix when a code is missing.

export const VERSAO_PROCESSO_MDFE = 'Plataforma ERP 1.0';

export type CargaMdfe = {
  id: string;
  numero: number;
  status: string;
  veiculo_id: string | null;
  motorista_id: string | null;
};

export type NotaDaCarga = NotaParaMdfe & {
  id: string;
  numero: number;
  cliente: { id: string; nome: string; codigoMunicipio: string | null };
  /** enderDest/CEP (the unloading CEP of a carga lotação). */
  cep: string | null;
  /** The item of the note with the highest vProd (produto predominante candidate). */
  maiorItem: { xProd: string; cEAN: string | null; NCM: string | null; vProd: string } | null;
};

export type VeiculoDaCarga = {
  id: string;
  placa: string;
  renavam: string | null;
  uf: string | null;
  tipo: string;
  tara: number;
  capacidade: number;
  volume: string | null;
  proprio: boolean;
  rntrc: string | null;
  proprietario_nome: string | null;
  proprietario_documento: string | null;
  proprietario_tipo: string | null;
  proprietario_ie: string | null;
  proprietario_uf: string | null;
  tipo_rodado: string | null;
  tipo_carroceria: string | null;
};

export type DadosCargaMdfe = {
  carga: CargaMdfe;
  veiculo: VeiculoDaCarga | null;
  motoristas: { id: string; nome: string; cpf: string | null }[];
  notas: NotaDaCarga[];
};

const tag = (xml: string, nome: string) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(xml)?.[1] ?? null;

/** enderDest's cMun/xMun/UF, Σ pesoB of transp/vol and the largest item, from an authorised NF-e. */
export function leNotaParaMdfe(xml: string) {
  const dest = /<enderDest>([\s\S]*?)<\/enderDest>/.exec(xml)?.[1] ?? '';
  const transp = /<transp>([\s\S]*?)<\/transp>/.exec(xml)?.[1] ?? '';
  let peso = Decimal.of(0);
  for (const m of transp.matchAll(/<pesoB>([^<]*)<\/pesoB>/g)) peso = peso.plus(m[1]!);
  let maior: NotaDaCarga['maiorItem'] = null;
  for (const m of xml.matchAll(/<prod>([\s\S]*?)<\/prod>/g)) {
    const p = m[1]!;
    const vProd = tag(p, 'vProd') ?? '0';
    if (!maior || Decimal.of(vProd).gt(Decimal.of(maior.vProd))) {
      const cEAN = tag(p, 'cEAN');
      maior = {
        xProd: decodeXml(tag(p, 'xProd') ?? ''),
        cEAN: cEAN && /^\d{8,14}$/.test(cEAN) ? cEAN : null,
        NCM: tag(p, 'NCM'),
        vProd,
      };
    }
  }
  return {
    codigoMunicipio: tag(dest, 'cMun'),
    nomeMunicipio: decodeXml(tag(dest, 'xMun') ?? ''),
    uf: tag(dest, 'UF'),
    cep: tag(dest, 'CEP'),
    pesoBrutoKg: peso.toFixed(4),
    maiorItem: maior,
  };
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The load (locked when `travar`), its vehicle, driver and authorised sale notes in delivery order. */
export async function leCargaParaMdfe(
  tx: Tx | Db,
  cargaId: string,
  travar = false,
): Promise<DadosCargaMdfe | null> {
  const [carga] = rowsOf<CargaMdfe>(
    await tx.execute(sql`select c.id, c.numero::int as numero, c.status, c.veiculo_id, c.motorista_id
      from cargas c where c.id = ${cargaId} ${travar ? sql`for update` : sql``}`),
  );
  if (!carga) return null;
  // to_jsonb: the register's MDF-e columns (migration 0059) are read by name, absent ones as null
  const [v] = carga.veiculo_id
    ? rowsOf<{ v: Record<string, unknown> }>(
        await tx.execute(sql`select to_jsonb(v) as v from veiculos v where v.id = ${carga.veiculo_id}`),
      )
    : [];
  const texto = (x: unknown) => (x == null || x === '' ? null : String(x));
  const veiculo: VeiculoDaCarga | null = v
    ? {
        id: String(v.v.id),
        placa: String(v.v.placa),
        renavam: texto(v.v.renavam),
        uf: texto(v.v.uf),
        tipo: String(v.v.tipo),
        tara: Number(v.v.tara),
        capacidade: Number(v.v.capacidade),
        volume: texto(v.v.volume),
        proprio: v.v.proprio !== false,
        rntrc: texto(v.v.rntrc),
        proprietario_nome: texto(v.v.proprietario_nome),
        proprietario_documento: texto(v.v.proprietario_documento),
        proprietario_tipo: texto(v.v.proprietario_tipo),
        proprietario_ie: texto(v.v.proprietario_ie),
        proprietario_uf: texto(v.v.proprietario_uf),
        tipo_rodado: texto(v.v.tipo_rodado),
        tipo_carroceria: texto(v.v.tipo_carroceria),
      }
    : null;
  const motoristas = carga.motorista_id
    ? rowsOf<{ id: string; nome: string; cpf: string | null }>(
        await tx.execute(
          sql`select f.id, f.nome, f.cpf from funcionarios f where f.id = ${carga.motorista_id}`,
        ),
      )
    : [];
  const linhas = rowsOf<{
    id: string;
    numero: number;
    chave: string;
    valor_total: string;
    xml: string;
    cliente_id: string;
    cliente_nome: string;
    cliente_municipio: string | null;
  }>(
    await tx.execute(sql`select nf.id, nf.numero::int as numero, nf.chave, nf.valor_total::text as valor_total,
        coalesce(nf.xml_autorizado, nf.xml) as xml, nf.cliente_id, cl.razao_social as cliente_nome,
        cl.codigo_municipio as cliente_municipio
      from cargas_pedidos cp
      join notas_fiscais nf on nf.pedido_id = cp.pedido_id and nf.status = 'autorizada'
        and nf.tp_nf = '1' and nf.fin_nfe = '1' and nf.modelo = '55'
      left join clientes cl on cl.id = nf.cliente_id
      where cp.carga_id = ${cargaId} and cp.ativo
      order by cp.sequencia, nf.numero`),
  );
  const notas = linhas.map((l): NotaDaCarga => {
    const x = leNotaParaMdfe(l.xml);
    const codigo = x.codigoMunicipio ?? l.cliente_municipio;
    const mun = municipioPorCodigo(codigo);
    return {
      id: l.id,
      numero: Number(l.numero),
      chave: l.chave,
      uf: (x.uf ?? mun?.uf ?? '') as Uf,
      codigoMunicipio: codigo ?? '',
      nomeMunicipio: x.nomeMunicipio || mun?.nome || '',
      pesoBrutoKg: x.pesoBrutoKg,
      valorTotal: l.valor_total,
      cep: x.cep,
      cliente: { id: l.cliente_id, nome: l.cliente_nome, codigoMunicipio: codigo },
      maiorItem: x.maiorItem,
    };
  });
  return { carga, veiculo, motoristas, notas };
}

/** The input of pendenciasMdfe (shared) from what was read. */
export function entradaPendencias(
  d: DadosCargaMdfe,
  fiscal: ConfiguracaoFiscal | null,
  certificadoValidoAte: string | null,
): EntradaPendenciasMdfe {
  const v = d.veiculo;
  return {
    carga: { id: d.carga.id },
    empresa: {
      cnpj: fiscal?.emitente.cnpj ?? null,
      codigoMunicipio: fiscal?.emitente.endereco.codigo_municipio ?? null,
      certificadoValidoAte,
    },
    veiculo: v
      ? {
          id: v.id,
          placa: v.placa,
          renavam: v.renavam,
          taraKg: v.tara,
          capacidadeKg: v.capacidade,
          uf: v.uf,
          proprio: v.proprio,
          rntrc: v.rntrc,
          proprietarioNome: v.proprietario_nome,
          proprietarioDocumento: v.proprietario_documento,
        }
      : null,
    motoristas: d.motoristas,
    notas: d.notas.map((n) => ({ chave: n.chave, cliente: n.cliente })),
  };
}

/** tpRod from the register's tipo when the vehicle has no tipo_rodado of its own. */
const RODADO_POR_TIPO: Record<string, VeiculoMdfe['tpRod']> = {
  truck: '01',
  toco: '02',
  carreta: '03',
  utilitario: '05',
  vuc: '06',
  tres_quartos: '06',
};

function veiculoMdfe(v: VeiculoDaCarga): VeiculoMdfe {
  const capM3 = v.volume ? Math.round(Number(v.volume)) : null;
  return {
    placa: v.placa,
    renavam: v.renavam,
    taraKg: v.tara,
    capacidadeKg: v.capacidade,
    capacidadeM3: capM3 && capM3 > 0 ? Math.min(capM3, 999) : null,
    tpRod: (v.tipo_rodado as VeiculoMdfe['tpRod']) ?? RODADO_POR_TIPO[v.tipo] ?? '06',
    tpCar: (v.tipo_carroceria as VeiculoMdfe['tpCar']) ?? '02',
    uf: (v.uf as Uf) ?? null,
    proprietario: v.proprio
      ? null
      : {
          documento: (v.proprietario_documento ?? '').replace(/[^0-9A-Za-z]/g, ''),
          rntrc: v.rntrc ?? '',
          nome: v.proprietario_nome ?? '',
          ie: v.proprietario_ie,
          uf: (v.proprietario_uf as Uf) ?? null,
          tpProp: (v.proprietario_tipo as '0' | '1' | '2') ?? '2',
        },
  };
}

function seguroXml(s: SeguroMdfe | null | undefined): SeguroMdfeXml[] {
  if (!s) return [];
  return [
    {
      respSeg: s.respSeg,
      responsavelDocumento: s.responsavelDocumento ?? null,
      seguradora:
        s.seguradoraNome && s.seguradoraCnpj ? { nome: s.seguradoraNome, cnpj: s.seguradoraCnpj } : null,
      nApol: s.nApol ?? null,
      nAver: s.nAver,
    },
  ];
}

/** The produto predominante: the item of highest value over the manifesto's notes. */
export function produtoPredominanteDe(
  notas: readonly NotaDaCarga[],
  tpCarga: ProdutoPredominante['tpCarga'],
) {
  let maior: NotaDaCarga['maiorItem'] = null;
  for (const n of notas)
    if (n.maiorItem && (!maior || Decimal.of(n.maiorItem.vProd).gt(Decimal.of(maior.vProd))))
      maior = n.maiorItem;
  if (!maior) return null;
  return {
    tpCarga,
    xProd: maior.xProd.slice(0, 120),
    ...(maior.cEAN ? { cEAN: maior.cEAN } : {}),
    ...(maior.NCM && /^\d{8}$/.test(maior.NCM) ? { NCM: maior.NCM } : {}),
  } as ProdutoPredominante;
}

/** DadosMdfe of one planned manifesto: the plan (UFs, descargas, totals) + company, vehicle, drivers. */
export function dadosMdfe(opts: {
  plano: MdfePlanejado;
  percurso: Uf[];
  numero: { serie: number; nMDF: number; cMDF: string };
  dhEmi: Date;
  tpEmis: '1' | '2';
  fiscal: ConfiguracaoFiscal;
  config: MdfeConfiguracao;
  carga: DadosCargaMdfe;
  produtoPredominante?: ProdutoPredominante | null;
  seguro?: SeguroMdfe | null;
  dhIniViagem?: Date | null;
  condutores?: { nome: string; cpf: string }[];
}): DadosMdfe {
  const e = opts.fiscal.emitente;
  const notasDoPlano = opts.carga.notas.filter((n) => n.uf === opts.plano.ufFim);
  const produto = opts.produtoPredominante ??
    produtoPredominanteDe(notasDoPlano, opts.config.tp_carga) ?? {
      tpCarga: opts.config.tp_carga,
      xProd: 'Mercadorias diversas',
    };
  // carga lotação (one NF-e): SEFAZ wants the CEPs where it is loaded and unloaded (rejeição 726)
  const unica = opts.plano.qNFe === 1 ? notasDoPlano[0] : undefined;
  const lotacao =
    unica?.cep && e.endereco.cep
      ? { cepCarregamento: e.endereco.cep.replace(/\D/g, ''), cepDescarregamento: unica.cep }
      : null;
  return {
    tpAmb: tpAmbPorAmbiente[opts.fiscal.ambiente],
    tpEmit: opts.config.tp_emit,
    serie: opts.numero.serie,
    nMDF: opts.numero.nMDF,
    cMDF: opts.numero.cMDF,
    dhEmi: opts.dhEmi,
    tpEmis: opts.tpEmis,
    verProc: VERSAO_PROCESSO_MDFE,
    ufIni: opts.plano.ufIni,
    ufFim: opts.plano.ufFim,
    municipiosCarregamento: opts.plano.municipiosCarregamento,
    percurso: opts.percurso,
    dhIniViagem: opts.dhIniViagem ?? null,
    emitente: {
      cnpj: e.cnpj,
      ie: e.ie,
      razaoSocial: e.razao_social,
      fantasia: e.fantasia ?? null,
      endereco: {
        logradouro: e.endereco.logradouro,
        numero: e.endereco.numero,
        complemento: e.endereco.complemento ?? null,
        bairro: e.endereco.bairro,
        codigoMunicipio: e.endereco.codigo_municipio,
        municipio: e.endereco.municipio ?? municipioPorCodigo(e.endereco.codigo_municipio)?.nome ?? '',
        uf: e.endereco.uf as Uf,
        cep: e.endereco.cep ?? null,
        telefone: (e.endereco as { telefone?: string | null }).telefone ?? null,
      },
    },
    rodo: {
      rntrc: opts.config.rntrc,
      veiculo: veiculoMdfe(opts.carga.veiculo!),
      condutores:
        opts.condutores ??
        opts.carga.motoristas.map((m) => ({ nome: m.nome, cpf: (m.cpf ?? '').replace(/\D/g, '') })),
    },
    descargas: opts.plano.descargas,
    seguros: seguroXml(opts.seguro === undefined ? opts.config.seguro : opts.seguro),
    produtoPredominante: { ...produto, lotacao },
    totais: { qNFe: opts.plano.qNFe, vCarga: opts.plano.vCarga, qCarga: opts.plano.qCarga },
    infAdic: { infCpl: `Carga nº ${opts.carga.carga.numero}` },
  };
}
