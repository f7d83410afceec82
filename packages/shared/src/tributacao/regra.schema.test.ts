import { describe, expect, it } from 'vitest';
import { REGRA_BASE } from './fixtures.test-util.ts';
import {
  type RegraTributacaoInput,
  regraTributacaoSchema,
  regraTributacaoUpdateSchema,
} from './regra.schema.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function erros(campos: Partial<RegraTributacaoInput> | Record<string, unknown>) {
  const r = regraTributacaoSchema.safeParse({ ...REGRA_BASE, ...campos });
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('regraTributacaoSchema', () => {
  it('accepts a typed rule and answers the row: defaults, digits only, rates with 4 decimals', () => {
    const r = regraTributacaoSchema.parse({
      ...REGRA_BASE,
      descricao: '  Bebidas para MG  ',
      cfop: '6.403',
      ncm_prefixo: '2202.10',
      uf_origem: 'SP',
      destino: 'MG',
      tipo_destinatario: 'contribuinte',
      cst_icms: '10',
      p_mva_st: '40,5',
      p_icms_st: '',
      p_fcp: '',
      cst_ipi: '',
    });
    expect(r).toEqual({
      descricao: 'Bebidas para MG',
      ativa: true,
      operacao: 'venda',
      sentido: 'saida',
      crt: '3',
      produto_id: null,
      ncm_prefixo: '220210',
      uf_origem: 'SP',
      destino: 'MG',
      tipo_destinatario: 'contribuinte',
      cfop: '6403',
      cst_icms: '10',
      csosn: null,
      p_icms: null,
      p_red_bc: '0.0000',
      p_fcp: null,
      p_cred_sn: null,
      p_mva_st: '40.5000',
      ajusta_mva: true,
      p_icms_st: null,
      p_red_bc_st: '0.0000',
      p_fcp_st: null,
      p_icms_uf_dest: null,
      p_fcp_uf_dest: null,
      cst_ipi: null,
      c_enq: '999',
      p_ipi: '0.0000',
      cst_pis: '01',
      p_pis: null,
      cst_cofins: '01',
      p_cofins: null,
      cst_ibs_cbs: '000',
      c_class_trib: '000001',
      p_ibs_uf: null,
      p_ibs_mun: null,
      p_cbs: null,
      p_red_aliq: '0.0000',
    });
  });

  it('clears what the chosen codes do not use', () => {
    const r = regraTributacaoSchema.parse({
      ...REGRA_BASE,
      cst_icms: '40',
      p_icms: '18',
      p_red_bc: '10',
      p_mva_st: '30',
      p_cred_sn: '2',
      cst_ipi: '53',
      p_ipi: '5',
      cst_pis: '04',
      p_pis: '1,65',
      cst_ibs_cbs: '410',
      c_class_trib: '410001',
      p_cbs: '0,9',
      p_red_aliq: '60',
    });
    expect(r).toMatchObject({
      p_icms: null,
      p_red_bc: '0.0000',
      p_mva_st: null,
      p_cred_sn: null,
      cst_ipi: '53',
      p_ipi: '0.0000',
      p_pis: null,
      p_cbs: null,
      p_red_aliq: '0.0000',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no description', { descricao: ' ' }, { descricao: 'Descrição é obrigatória' }],
    [
      'product and NCM',
      { produto_id: ID, ncm_prefixo: '2202' },
      { ncm_prefixo: 'Informe o produto ou o prefixo de NCM, não os dois' },
    ],
    ['short NCM prefix', { ncm_prefixo: '2' }, { ncm_prefixo: 'Prefixo de NCM deve ter de 2 a 8 dígitos' }],
    [
      'sale as an entry',
      { sentido: 'entrada', cfop: '1102', cst_pis: '98', cst_cofins: '98' },
      { sentido: 'Venda é sempre uma saída' },
    ],
    ['unknown UF', { destino: 'XX' }, { destino: 'Destino inválido' }],
    ['CFOP of 3 digits', { cfop: '510' }, { cfop: 'CFOP deve ter 4 dígitos' }],
    ['CFOP title', { cfop: '5100' }, { cfop: 'CFOP inválido' }],
    [
      'entry CFOP on an exit',
      { cfop: '1102' },
      { cfop: 'CFOP de saída começa com 5 (operação interna) ou 6 (interestadual)' },
    ],
    [
      'exit CFOP on an entry',
      { operacao: 'devolucao', sentido: 'entrada', cfop: '5202', cst_pis: '98', cst_cofins: '98' },
      { cfop: 'CFOP de entrada começa com 1 (operação interna) ou 2 (interestadual)' },
    ],
    [
      'interstate CFOP inside the state',
      { destino: 'interna', cfop: '6102' },
      { cfop: 'CFOP de operação interna começa com 5' },
    ],
    [
      'internal CFOP between states',
      { uf_origem: 'SP', destino: 'MG', cfop: '5102' },
      { cfop: 'CFOP de operação interestadual começa com 6' },
    ],
    [
      'CST for the Simples Nacional',
      { crt: '1' },
      {
        cst_icms: 'Empresa do Simples Nacional (CRT 1 ou 4) usa CSOSN, não CST',
        csosn: 'Informe o CSOSN (empresa do Simples Nacional)',
      },
    ],
    [
      'CSOSN for the regime normal',
      { cst_icms: null, csosn: '102' },
      {
        cst_icms: 'Informe o CST do ICMS',
        csosn: 'CSOSN é só para o Simples Nacional (CRT 1 ou 4): informe o CST',
      },
    ],
    [
      'rate on an interstate rule',
      { destino: 'interestadual', cfop: '6102', p_icms: '12' },
      {
        p_icms:
          'Operação interestadual usa a alíquota da Resolução do Senado (4, 7 ou 12 %): deixe a alíquota em branco',
      },
    ],
    [
      'CST 20 without reduction',
      { cst_icms: '20' },
      { p_red_bc: 'Informe o percentual de redução da base de cálculo' },
    ],
    [
      'reduction of 100 %',
      { cst_icms: '20', p_red_bc: '100' },
      { p_red_bc: 'Redução da base de cálculo deve ser menor que 100 %' },
    ],
    ['ST without MVA', { cst_icms: '10' }, { p_mva_st: 'Informe a MVA da substituição tributária' }],
    [
      'CSOSN 101 without credit',
      { crt: '1', cst_icms: null, csosn: '101', cst_pis: '49', cst_cofins: '49' },
      { p_cred_sn: 'Informe a alíquota do crédito do Simples Nacional' },
    ],
    ['rate above 100 %', { p_icms: '100,01' }, { p_icms: 'Alíquota do ICMS deve ser no máximo 100 %' }],
    [
      'rate with 5 decimals',
      { p_icms: '18,00001' },
      { p_icms: 'Alíquota do ICMS aceita no máximo 4 casas decimais' },
    ],
    ['negative FCP', { p_fcp: '-1' }, { p_fcp: 'Percentual do FCP não pode ser negativo' }],
    [
      'MVA above 999,9999 %',
      { cst_icms: '10', p_mva_st: '1000' },
      { p_mva_st: 'MVA deve ser no máximo 999,9999 %' },
    ],
    ['IPI CST of entries on an exit', { cst_ipi: '00' }, { cst_ipi: 'CST do IPI de saída: 50 a 55 ou 99' }],
    ['PIS CST of entries on an exit', { cst_pis: '50' }, { cst_pis: 'CST do PIS inválido para uma saída' }],
    ['COFINS CST unknown', { cst_cofins: '03' }, { cst_cofins: 'CST da COFINS inválido' }],
    [
      'PIS CST 02 without rate',
      { cst_pis: '02' },
      { p_pis: 'Informe a alíquota do PIS (alíquota diferenciada)' },
    ],
    [
      'IBS/CBS CST without cClassTrib',
      { c_class_trib: null },
      { c_class_trib: 'Informe a classificação tributária (cClassTrib)' },
    ],
    ['cClassTrib without CST', { cst_ibs_cbs: null }, { cst_ibs_cbs: 'Informe o CST do IBS/CBS' }],
    [
      'cClassTrib of another CST',
      { c_class_trib: '200003' },
      { c_class_trib: 'cClassTrib deve começar pelo CST do IBS/CBS (000)' },
    ],
    ['cClassTrib of 5 digits', { c_class_trib: '00001' }, { c_class_trib: 'cClassTrib deve ter 6 dígitos' }],
    [
      'CST 200 without reduction',
      { cst_ibs_cbs: '200', c_class_trib: '200003' },
      { p_red_aliq: 'Informe o percentual de redução das alíquotas do IBS e da CBS' },
    ],
    ['unknown CST', { cst_icms: '51' }, { cst_icms: 'CST do ICMS inválido' }],
  ])('%s', (_nome, campos, esperado) => {
    expect(erros(campos)).toEqual(esperado);
  });

  it('accepts a return of a sale as an entry with entry CSTs', () => {
    const r = regraTributacaoSchema.safeParse({
      ...REGRA_BASE,
      operacao: 'devolucao',
      sentido: 'entrada',
      cfop: '1202',
      cst_ipi: '49',
      cst_pis: '98',
      cst_cofins: '98',
    });
    expect(r.success).toBe(true);
  });

  it('update needs the version read', () => {
    const r = regraTributacaoUpdateSchema.safeParse({ ...REGRA_BASE });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['versao', 'Versão do registro é obrigatória'],
    ]);
  });
});
