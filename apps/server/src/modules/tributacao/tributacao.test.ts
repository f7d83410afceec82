import {
  CASO_DIFAL_BA,
  CASO_ICMS_18_SP,
  CASO_IMPORTADO_4,
  CASO_ST_MG,
  type CasoImpostos,
  confereImpostos,
} from '@erp/shared/tributacao/casos-teste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { setSetting } from '../configuracoes/settings.service.ts';
import { calcularImpostosPedido } from './impostos.service.ts';
import { chama, criaCliente, criaProduto, criaRegra, type Json } from './tributacao-test-support.ts';

// The tabela de tributação through the real database and HTTP API: rules saved and refused,
// "Simular" and the order batch. The items and their values worked out by hand to the cent are the
// shared engine's cases (packages/shared/src/tributacao/casos-teste.ts), checked here with the same
// assertions (confereImpostos) through the API and the database. The company is the
// default of the settings: São Paulo, regime normal (CRT 3), PIS/COFINS não cumulativo 1,65 / 7,60
// with the ICMS left out of their base; IBS/CBS 2026 (IBS UF 0,1 %, CBS 0,9 %).

let t: TestContext;
let admin: string;
let comercial: string;
const p = {} as Record<'misto' | 'refri' | 'ventilador' | 'notebook' | 'semNcm', string>;
const c = {} as Record<'sp' | 'mg' | 'ba' | 'semUf', string>;
const r = {} as Record<'interna' | 'bebidasMg' | 'naoContribuinte' | 'contribuinte', string>;

const simular = (body: Json, token = admin) => chama(t, token, 'POST', '/api/tributacao/simular', body);

/** A decimal text of a case as typed on the screen ("12.50" -> "12,50"). */
const br = (v: unknown) => (v === undefined ? undefined : String(v).replace('.', ','));

/** The Simular request of a case's item (the product and customer chosen by the test). */
const pedidoDoCaso = ({ item }: CasoImpostos, produtoId: string, clienteId: string): Json => ({
  produto_id: produtoId,
  cliente_id: clienteId,
  quantidade: br(item.quantidade),
  valor_unitario: br(item.valorUnitario),
  desconto: br(item.desconto),
  frete: br(item.frete),
  seguro: br(item.seguro),
  outras: br(item.outras),
});

/** A case's item for calcularImpostosPedido. */
const itemDoCaso = ({ item }: CasoImpostos, produtoId: string) => ({
  produtoId,
  quantidade: item.quantidade,
  valorUnitario: item.valorUnitario,
  desconto: item.desconto,
  frete: item.frete,
  seguro: item.seguro,
  outras: item.outras,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn(['admin'])).token;
  comercial = (await t.signIn(['comercial'])).token;

  const produtoDoCaso = ({ item }: CasoImpostos, codigo: string, nome: string) =>
    criaProduto(t.db, { codigo, nome, ncm: item.ncm, origem: item.origem });
  p.misto = await produtoDoCaso(CASO_ICMS_18_SP, 'MISTO', 'Mistura para bolo');
  p.refri = await produtoDoCaso(CASO_ST_MG, 'REFRI2L', 'Refrigerante Cola 2 L');
  p.ventilador = await produtoDoCaso(CASO_DIFAL_BA, 'VENT', 'Ventilador de mesa');
  p.notebook = await produtoDoCaso(CASO_IMPORTADO_4, 'NOTE', 'Notebook importado');
  p.semNcm = await criaProduto(t.db, { codigo: 'SEMNCM', nome: 'Produto sem NCM', ncm: null });

  c.sp = await criaCliente(t.db, { razaoSocial: 'Mercado Paulista Ltda', uf: 'SP', indicadorIe: '1' });
  c.mg = await criaCliente(t.db, { razaoSocial: 'Atacado Mineiro Ltda', uf: 'MG', indicadorIe: '1' });
  c.ba = await criaCliente(t.db, { razaoSocial: 'Consumidor Baiano', uf: 'BA', indicadorIe: '9' });
  c.semUf = await criaCliente(t.db, { razaoSocial: 'Cliente Sem Endereço', uf: null, indicadorIe: '9' });

  r.interna = await criaRegra(t, admin, { descricao: 'Venda interna', cfop: '5102', destino: 'interna' });
  r.bebidasMg = await criaRegra(t, admin, {
    descricao: 'Bebidas ST para MG',
    cfop: '6403',
    ncm_prefixo: '2202',
    destino: 'MG',
    cst_icms: '10',
    p_mva_st: '40',
  });
  r.naoContribuinte = await criaRegra(t, admin, {
    descricao: 'Interestadual a não contribuinte',
    cfop: '6108',
    destino: 'interestadual',
    tipo_destinatario: 'nao_contribuinte',
  });
  r.contribuinte = await criaRegra(t, admin, {
    descricao: 'Interestadual a contribuinte',
    cfop: '6102',
    destino: 'interestadual',
    tipo_destinatario: 'contribuinte',
  });
});
afterAll(() => t?.close());

describe('Simular (POST /api/tributacao/simular)', () => {
  it('ICMS 18 % inside SP: every value of the item and the document', async () => {
    const caso = CASO_ICMS_18_SP;
    const res = await simular(pedidoDoCaso(caso, p.misto, c.sp));
    expect(res.status).toBe(200);
    expect(res.body.regra).toEqual({ id: r.interna, descricao: 'Venda interna' });
    expect(res.body.operacao).toEqual({
      operacao: 'venda',
      sentido: 'saida',
      crt: '3',
      uf_origem: 'SP',
      uf_destino: 'SP',
      interna: true,
      tipo_destinatario: 'contribuinte',
    });
    expect(res.body.produto).toEqual({
      id: p.misto,
      codigo: 'MISTO',
      nome: 'Mistura para bolo',
      ncm: caso.item.ncm,
      origem: caso.item.origem,
    });
    const i = caso.completo!;
    expect(res.body.impostos).toEqual(i);
    confereImpostos(res.body.impostos, caso.espera);
    expect(res.body.totais.ICMSTot).toMatchObject({
      vBC: i.ICMS.vBC,
      vICMS: i.ICMS.vICMS,
      vProd: i.vProd,
      vDesc: i.vDesc,
      vFrete: i.vFrete,
      vPIS: i.PIS.vPIS,
      vCOFINS: i.COFINS.vCOFINS,
      vNF: i.vItem,
    });
    expect(res.body.totais.IBSCBSTot).toEqual({
      vBCIBSCBS: i.IBSCBS!.vBC,
      vIBSUF: i.IBSCBS!.vIBSUF,
      vIBSMun: i.IBSCBS!.vIBSMun,
      vIBS: i.IBSCBS!.vIBS,
      vCBS: i.IBSCBS!.vCBS,
    });
    // the interstate rules do not apply inside the state (and say why)
    expect(res.body.avaliacoes).toEqual([
      {
        regra_id: r.interna,
        descricao: 'Venda interna',
        situacao: 'vencedora',
        motivos: ['Regra para qualquer produto', 'Operação interna (SP)'],
      },
      {
        regra_id: r.naoContribuinte,
        descricao: 'Interestadual a não contribuinte',
        situacao: 'nao_aplica',
        motivos: ['A regra é para operação interestadual; esta é interna (SP)'],
      },
      {
        regra_id: r.contribuinte,
        descricao: 'Interestadual a contribuinte',
        situacao: 'nao_aplica',
        motivos: ['A regra é para operação interestadual; esta é interna (SP)'],
      },
    ]);
  });

  it('SP → MG 12 % with ST and the MVA ajustada, by the NCM rule for MG', async () => {
    const { espera } = CASO_ST_MG;
    const res = await simular(pedidoDoCaso(CASO_ST_MG, p.refri, c.mg));
    expect(res.status).toBe(200);
    expect(res.body.regra).toEqual({ id: r.bebidasMg, descricao: 'Bebidas ST para MG' });
    confereImpostos(res.body.impostos, espera);
    expect(res.body.totais.ICMSTot).toMatchObject({
      vBCST: espera.ICMS.vBCST,
      vST: espera.ICMS.vICMSST,
      vNF: espera.vItem,
    });
    const [vencedora, perdedora] = res.body.avaliacoes as Json[];
    expect(vencedora).toEqual({
      regra_id: r.bebidasMg,
      descricao: 'Bebidas ST para MG',
      situacao: 'vencedora',
      motivos: ['O NCM 2202.10.00 começa com 2202 (4 dígitos)', 'Destino MG'],
    });
    expect(perdedora).toEqual({
      regra_id: r.contribuinte,
      descricao: 'Interestadual a contribuinte',
      situacao: 'perdeu',
      motivos: ['Perde para «Bebidas ST para MG», de NCM mais específico (2202)'],
    });
  });

  it('SP → BA to a non-contributor: 7 % and the DIFAL to BA (base única)', async () => {
    const { espera } = CASO_DIFAL_BA;
    const res = await simular(pedidoDoCaso(CASO_DIFAL_BA, p.ventilador, c.ba));
    expect(res.status).toBe(200);
    expect(res.body.regra.descricao).toBe('Interestadual a não contribuinte');
    expect(res.body.operacao).toMatchObject({ uf_destino: 'BA', tipo_destinatario: 'nao_contribuinte' });
    confereImpostos(res.body.impostos, espera);
    expect(res.body.totais.ICMSTot).toMatchObject({
      vICMSUFDest: espera.ICMSUFDest!.vICMSUFDest,
      vNF: espera.vItem,
    });
  });

  it('answers no rule, with the reasons, when none applies', async () => {
    // no rule is for bonificação
    const res = await simular({
      produto_id: p.semNcm,
      cliente_id: c.mg,
      operacao: 'bonificacao',
      quantidade: '1',
      valor_unitario: '10',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      regra: null,
      empate: false,
      avaliacoes: [],
      impostos: null,
      totais: null,
    });
  });

  it('takes the company UF and CRT from the settings', async () => {
    await setSetting(t.db, systemActor, 'empresa_uf', 'MG');
    try {
      const res = await simular({
        produto_id: p.misto,
        cliente_id: c.mg,
        quantidade: '1',
        valor_unitario: '100',
      });
      // MG → MG is internal: the internal rule at MG's 18 %
      expect(res.body.operacao).toMatchObject({ uf_origem: 'MG', uf_destino: 'MG', interna: true });
      expect(res.body.regra.descricao).toBe('Venda interna');
      expect(res.body.impostos.ICMS).toMatchObject({ pICMS: '18.0000', vICMS: '18.00' });
    } finally {
      await setSetting(t.db, systemActor, 'empresa_uf', 'SP');
    }
    await setSetting(t.db, systemActor, 'empresa_crt', '1');
    try {
      const res = await simular({
        produto_id: p.misto,
        cliente_id: c.sp,
        quantidade: '1',
        valor_unitario: '100',
      });
      expect(res.body.operacao.crt).toBe('1');
      expect(res.body.regra).toBeNull();
    } finally {
      await setSetting(t.db, systemActor, 'empresa_crt', '3');
    }
  });

  it('refuses wrong input with pt-BR field errors', async () => {
    const res = await simular({
      produto_id: p.misto,
      cliente_id: 'x',
      quantidade: '0',
      valor_unitario: '0',
      desconto: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body.details.fields).toEqual({
      cliente_id: ['Cliente inválido'],
      quantidade: ['Quantidade deve ser maior que zero'],
      valor_unitario: ['Valor unitário deve ser maior que zero'],
      desconto: ['Desconto inválido'],
    });
    const maior = await simular({
      produto_id: p.misto,
      cliente_id: c.sp,
      quantidade: '2',
      valor_unitario: '1,50',
      desconto: '3,01',
    });
    expect(maior.body.details.fields).toEqual({ desconto: ['Desconto maior que o valor dos produtos'] });
    const semUf = await simular({
      produto_id: p.misto,
      cliente_id: c.semUf,
      quantidade: '1',
      valor_unitario: '1',
    });
    expect(semUf.status).toBe(400);
    expect(semUf.body.details.fields).toEqual({
      cliente_id: ['O cliente não tem UF no cadastro: informe o endereço para calcular os impostos'],
    });
    const inexistentes = await simular({
      produto_id: '00000000-0000-4000-8000-000000000000',
      cliente_id: c.sp,
      quantidade: '1',
      valor_unitario: '1',
    });
    expect(inexistentes.body.details.fields).toEqual({ produto_id: ['Produto não encontrado'] });
    const semCliente = await simular({
      produto_id: p.misto,
      cliente_id: '00000000-0000-4000-8000-000000000000',
      quantidade: '1',
      valor_unitario: '1',
    });
    expect(semCliente.body.details.fields).toEqual({ cliente_id: ['Cliente não encontrado'] });
  });
});

describe('Regras (/api/tributacao/regras)', () => {
  it('refuses a second active rule with the same match, naming the first', async () => {
    const res = await chama(t, admin, 'POST', '/api/tributacao/regras', {
      descricao: 'Outra venda interna',
      operacao: 'venda',
      crt: '3',
      cfop: '5102',
      destino: 'interna',
      cst_icms: '20',
      p_red_bc: '10',
      cst_pis: '01',
      cst_cofins: '01',
    });
    expect(res.status).toBe(409);
    const msg =
      'Já existe uma regra ativa com a mesma correspondência: «Venda interna». Mude a correspondência ou inative uma delas.';
    expect(res.body.message).toBe(msg);
    expect(res.body.details.fields).toEqual({ ncm_prefixo: [msg] });

    // an inactive copy is kept; activating it is refused
    const inativa = await chama(t, admin, 'POST', '/api/tributacao/regras', {
      descricao: 'Outra venda interna',
      ativa: false,
      operacao: 'venda',
      crt: '3',
      cfop: '5102',
      destino: 'interna',
      cst_icms: '00',
      cst_pis: '01',
      cst_cofins: '01',
    });
    expect(inativa.status).toBe(201);
    expect(inativa.body).toMatchObject({ ativa: false, produto_codigo: null, versao: 1 });
    const ativa = await chama(t, admin, 'PUT', `/api/tributacao/regras/${inativa.body.id}`, {
      ...inativa.body,
      ativa: true,
    });
    expect(ativa.status).toBe(409);
    expect(ativa.body.details.fields).toEqual({ ncm_prefixo: [msg] });

    // a product's rule with the same match as another product's rule
    const doProduto = {
      descricao: 'Refrigerante em MG',
      operacao: 'venda',
      crt: '3',
      cfop: '6403',
      produto_id: p.refri,
      destino: 'MG',
      cst_icms: '10',
      p_mva_st: '45',
      cst_pis: '04',
      cst_cofins: '04',
    };
    const primeira = await chama(t, admin, 'POST', '/api/tributacao/regras', doProduto);
    expect(primeira.status).toBe(201);
    expect(primeira.body).toMatchObject({ produto_codigo: 'REFRI2L', produto_nome: 'Refrigerante Cola 2 L' });
    const segunda = await chama(t, admin, 'POST', '/api/tributacao/regras', {
      ...doProduto,
      descricao: 'Cópia',
    });
    expect(segunda.status).toBe(409);
    expect(Object.keys(segunda.body.details.fields)).toEqual(['produto_id']);
    expect((await chama(t, admin, 'DELETE', `/api/tributacao/regras/${primeira.body.id}`)).status).toBe(204);
  });

  it('answers 400 with the shared schema pt-BR errors, and clears what the codes do not use', async () => {
    const res = await chama(t, admin, 'POST', '/api/tributacao/regras', {
      descricao: '',
      operacao: 'venda',
      crt: '3',
      cfop: '5100',
      destino: 'interestadual',
      cst_icms: '10',
      p_icms: '18',
      cst_pis: '50',
      cst_cofins: '01',
    });
    expect(res.status).toBe(400);
    expect(res.body.details.fields).toEqual({
      descricao: ['Descrição é obrigatória'],
      cfop: ['CFOP inválido'],
      p_icms: [
        'Operação interestadual usa a alíquota da Resolução do Senado (4, 7 ou 12 %): deixe a alíquota em branco',
      ],
      p_mva_st: ['Informe a MVA da substituição tributária'],
      cst_pis: ['CST do PIS inválido para uma saída'],
    });

    const ok = await chama(t, admin, 'POST', '/api/tributacao/regras', {
      descricao: 'Isenta com MVA esquecida',
      operacao: 'venda',
      crt: '3',
      cfop: '5102',
      ncm_prefixo: '0401.20',
      cst_icms: '40',
      p_icms: '18',
      p_mva_st: '30',
      cst_pis: '06',
      p_pis: '1,65',
      cst_cofins: '06',
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      ncm_prefixo: '040120',
      p_icms: null,
      p_mva_st: null,
      p_pis: null,
      cst_ibs_cbs: null,
      c_enq: '999',
      p_red_bc: '0.0000',
    });
  });

  it('lists with search by NCM, description or CFOP, filters and export', async () => {
    const lista = async (query: string) =>
      (await chama(t, admin, 'GET', `/api/tributacao/regras?${query}`)).body as Json;
    // an NCM typed in full finds the rule of its prefix
    expect((await lista('q=2202.10.00')).items.map((i: Json) => i.descricao)).toEqual(['Bebidas ST para MG']);
    expect((await lista('q=6108')).items.map((i: Json) => i.descricao)).toEqual([
      'Interestadual a não contribuinte',
    ]);
    expect((await lista('q=nao contribuinte')).total).toBe(1);
    expect((await lista('destino=MG')).items.map((i: Json) => i.descricao)).toEqual(['Bebidas ST para MG']);
    expect((await lista('destino=interestadual&sort=cfop&dir=desc')).items.map((i: Json) => i.cfop)).toEqual([
      '6108',
      '6102',
    ]);
    expect((await lista('ativo=false')).items.map((i: Json) => i.descricao)).toEqual(['Outra venda interna']);
    expect((await lista('crt=1')).total).toBe(0);
    expect((await lista('operacao=bonificacao')).total).toBe(0);
    const bad = await chama(t, admin, 'GET', '/api/tributacao/regras?destino=XX&crt=9');
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields).toEqual({
      destino: ['Destino inválido'],
      crt: ['Regime tributário (CRT) inválido'],
    });

    const csv = await t.request('GET', '/api/tributacao/regras/export?formato=csv&destino=MG', {
      token: admin,
    });
    expect(csv.status).toBe(200);
    const linhas = (await csv.text()).replace('\uFEFF', '').trim().split('\r\n');
    expect(linhas).toHaveLength(2);
    expect(linhas[0]!.split(';').slice(0, 12)).toEqual([
      'Descrição',
      'Ativa',
      'Operação',
      'Sentido',
      'CRT',
      'Produto',
      'Prefixo de NCM',
      'UF de origem',
      'Destino',
      'Tipo de destinatário',
      'CFOP',
      'CST/CSOSN do ICMS',
    ]);
    expect(linhas[1]!.split(';').slice(0, 14)).toEqual([
      'Bebidas ST para MG',
      'Sim',
      'Venda',
      'Saída',
      '3 - Regime Normal',
      '',
      '2202',
      'Qualquer',
      'MG',
      'Qualquer',
      '6403',
      '10',
      '',
      '0,0000',
    ]);
  });

  it('is for the admin only: 403 for comercial, 401 signed out', async () => {
    const regra = `/api/tributacao/regras/${r.interna}`;
    for (const [method, path] of [
      ['GET', '/api/tributacao/regras'],
      ['GET', regra],
      ['GET', '/api/tributacao/regras/export'],
      ['POST', '/api/tributacao/regras'],
      ['PUT', regra],
      ['DELETE', regra],
      ['POST', '/api/tributacao/simular'],
    ] as const) {
      expect((await chama(t, comercial, method, path, method === 'GET' ? undefined : {})).status, path).toBe(
        403,
      );
      expect((await chama(t, undefined, method, path)).status, path).toBe(401);
    }
  });
});

describe('calcularImpostosPedido (the order batch)', () => {
  it('taxes every item with its rule and sums the document from the rounded items', async () => {
    // To a contributor in MG, two of the shared cases: the refrigerante with ST (CASO_ST_MG: vBC
    // 126,00, vICMS 15,12, vBCST 189,30, vST 18,95, PIS 1,83, COFINS 8,43, IBS/CBS base 100,62:
    // IBS 0,10, CBS 0,91; vItem 144,95) and the imported notebook at 4 % (CASO_IMPORTADO_4: vBC
    // 300,00, vICMS 12,00, PIS 4,75, COFINS 21,89, IBS/CBS base 261,36: IBS 0,26, CBS 2,35).
    // The document sums the rounded items: vBC 426,00, vICMS 27,12, vPIS 6,58, vCOFINS 30,32,
    // vBCIBSCBS 361,98, vIBS 0,36, vCBS 3,26, vNF 144,95 + 300,00 = 444,95.
    const pedido = await calcularImpostosPedido(t.db, {
      clienteId: c.mg,
      operacao: 'venda',
      itens: [itemDoCaso(CASO_ST_MG, p.refri), itemDoCaso(CASO_IMPORTADO_4, p.notebook)],
    });
    expect(pedido.partes.destinatario).toEqual({ uf: 'MG', indIEDest: '1', indFinal: '0' });
    expect(pedido.itens.map((i) => [i.produtoId, i.regra.descricao, i.impostos.CFOP])).toEqual([
      [p.refri, 'Bebidas ST para MG', '6403'],
      [p.notebook, 'Interestadual a contribuinte', '6102'],
    ]);
    confereImpostos(pedido.itens[0]!.impostos, CASO_ST_MG.espera);
    confereImpostos(pedido.itens[1]!.impostos, CASO_IMPORTADO_4.espera);
    expect(pedido.totais).toEqual({
      ICMSTot: {
        vBC: '426.00',
        vICMS: '27.12',
        vICMSDeson: '0.00',
        vFCPUFDest: '0.00',
        vICMSUFDest: '0.00',
        vICMSUFRemet: '0.00',
        vFCP: '0.00',
        vBCST: '189.30',
        vST: '18.95',
        vFCPST: '0.00',
        vFCPSTRet: '0.00',
        vProd: '420.00',
        vFrete: '6.00',
        vSeg: '0.00',
        vDesc: '0.00',
        vII: '0.00',
        vIPI: '0.00',
        vIPIDevol: '0.00',
        vPIS: '6.58',
        vCOFINS: '30.32',
        vOutro: '0.00',
        vNF: '444.95',
      },
      IBSCBSTot: { vBCIBSCBS: '361.98', vIBSUF: '0.36', vIBSMun: '0.00', vIBS: '0.36', vCBS: '3.26' },
      vCredICMSSN: '0.00',
    });
  });

  it('refuses an item no rule reaches, naming the product, and an unknown product', async () => {
    await expect(
      calcularImpostosPedido(t.db, {
        clienteId: c.mg,
        operacao: 'bonificacao',
        itens: [{ produtoId: p.misto, quantidade: '1', valorUnitario: '1' }],
      }),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'Nenhuma regra de tributação se aplica a: MISTO - Mistura para bolo',
      details: { produtos: [p.misto] },
    });
    await expect(
      calcularImpostosPedido(t.db, {
        clienteId: c.mg,
        operacao: 'venda',
        itens: [{ produtoId: '00000000-0000-4000-8000-000000000000', quantidade: '1', valorUnitario: '1' }],
      }),
    ).rejects.toMatchObject({ code: 'unprocessable', message: 'Produto não encontrado' });
  });
});
