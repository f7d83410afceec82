import { describe, expect, it } from 'vitest';
import { partes, regra } from './fixtures.test-util.ts';
import { matchRule } from './regra-match.ts';

const PRODUTO = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OUTRO = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const refrigerante = { produtoId: PRODUTO, ncm: '22021000' };

// A São Paulo distributor's table: a general rule, interstate rules, beverages with ST by NCM, and
// a product of its own.
const geral = regra({ descricao: 'Geral' }, 'geral');
const interestadual = regra({ descricao: 'Interestadual', destino: 'interestadual', cfop: '6102' }, 'inter');
const paraMg = regra({ descricao: 'Para MG', destino: 'MG', cfop: '6102' }, 'mg');
const bebidas = regra({ descricao: 'Bebidas', ncm_prefixo: '22', cst_icms: '10', p_mva_st: '40' }, 'bebidas');
const refrigerantes = regra(
  { descricao: 'Refrigerantes', ncm_prefixo: '2202', cst_icms: '10', p_mva_st: '40' },
  'refri',
);
const doProduto = regra({ descricao: 'Produto X', produto_id: PRODUTO }, 'produto');
const naoContribuinte = regra(
  {
    descricao: 'Não contribuinte fora do estado',
    destino: 'interestadual',
    tipo_destinatario: 'nao_contribuinte',
    cfop: '6108',
  },
  'nc',
);
const deSp = regra({ descricao: 'Saídas de SP', uf_origem: 'SP' }, 'sp');
const bonificacao = regra({ descricao: 'Bonificação', operacao: 'bonificacao', cfop: '5910' }, 'bonif');
const inativa = regra({ descricao: 'Inativa', produto_id: PRODUTO, ativa: false }, 'inativa');
const simples = regra(
  { descricao: 'Simples', crt: '1', cst_icms: null, csosn: '102', cst_pis: '49', cst_cofins: '49' },
  'sn',
);

describe('matchRule', () => {
  it('a rule of the product beats every NCM rule, and tells why the others lost or did not apply', () => {
    const r = matchRule(
      [geral, bebidas, refrigerantes, doProduto, inativa, bonificacao, simples],
      refrigerante,
      partes(),
    );
    expect(r.regra?.id).toBe('produto');
    expect(r.empate).toBe(false);
    expect(r.avaliacoes.map((a) => [a.regra.id, a.situacao, a.motivos])).toEqual([
      ['geral', 'perdeu', ['Perde para «Produto X», que é do produto']],
      ['bebidas', 'perdeu', ['Perde para «Produto X», que é do produto']],
      ['refri', 'perdeu', ['Perde para «Produto X», que é do produto']],
      ['produto', 'vencedora', ['Regra do produto']],
      ['inativa', 'nao_aplica', ['Regra inativa']],
      ['bonif', 'nao_aplica', ['A regra é de bonificação; a operação é venda']],
      [
        'sn',
        'nao_aplica',
        ['A regra é do regime 1 - Simples Nacional; a empresa é do regime 3 - Regime Normal'],
      ],
    ]);
  });

  it('the longest NCM prefix wins', () => {
    const r = matchRule([geral, bebidas, refrigerantes], { produtoId: OUTRO, ncm: '22021000' }, partes());
    expect(r.regra?.id).toBe('refri');
    expect(r.avaliacoes.map((a) => a.motivos[0])).toEqual([
      'Perde para «Refrigerantes», de NCM mais específico (2202)',
      'Perde para «Refrigerantes», de NCM mais específico (2202)',
      'O NCM 2202.10.00 começa com 2202 (4 dígitos)',
    ]);
    const agua = matchRule([geral, bebidas, refrigerantes], { produtoId: OUTRO, ncm: '22011000' }, partes());
    expect(agua.regra?.id).toBe('bebidas');
    expect(agua.avaliacoes[2]?.motivos).toEqual(['O NCM 2201.10.00 não começa com 2202']);
  });

  it('between states: one UF beats "interestadual", which beats any destination', () => {
    const regras = [geral, interestadual, paraMg];
    const item = { produtoId: OUTRO, ncm: '21069090' };
    expect(matchRule(regras, item, partes({ destinatario: { uf: 'MG' } })).regra?.id).toBe('mg');
    const pr = matchRule(regras, item, partes({ destinatario: { uf: 'PR' } }));
    expect(pr.regra?.id).toBe('inter');
    expect(pr.avaliacoes.map((a) => a.motivos)).toEqual([
      ['Perde para «Interestadual», que é para operação interestadual'],
      ['Regra para qualquer produto', 'Operação interestadual (SP → PR)'],
      ['A regra é para destino MG; o destino é PR'],
    ]);
    const sp = matchRule(regras, item, partes());
    expect(sp.regra?.id).toBe('geral');
    expect(sp.avaliacoes[1]?.motivos).toEqual(['A regra é para operação interestadual; esta é interna (SP)']);
  });

  it('the recipient type, from indIEDest and indFinal, narrows a rule', () => {
    const regras = [interestadual, naoContribuinte];
    const item = { produtoId: OUTRO, ncm: '85167920' };
    const pf = matchRule(regras, item, partes({ destinatario: { uf: 'BA', indIEDest: '9', indFinal: '1' } }));
    expect(pf.regra?.id).toBe('nc');
    expect(pf.avaliacoes.map((a) => a.motivos)).toEqual([
      ['Perde para «Não contribuinte fora do estado», que define o tipo de destinatário'],
      ['Regra para qualquer produto', 'Operação interestadual (SP → BA)', 'Destinatário: não contribuinte'],
    ]);
    // indIEDest 2 (isento de inscrição) is not a contributor either.
    const isento = matchRule(
      regras,
      item,
      partes({ destinatario: { uf: 'BA', indIEDest: '2', indFinal: '1' } }),
    );
    expect(isento.regra?.id).toBe('nc');
    const empresa = matchRule(regras, item, partes({ destinatario: { uf: 'BA' } }));
    expect(empresa.regra?.id).toBe('inter');
    expect(empresa.avaliacoes[1]?.motivos).toEqual([
      'A regra é para não contribuinte; o destinatário é contribuinte do ICMS (revenda ou industrialização)',
    ]);
  });

  it('a UF of origin is the last tie-breaker and must match the goods’ origin', () => {
    const item = { produtoId: OUTRO, ncm: '21069090' };
    const r = matchRule([geral, deSp], item, partes());
    expect(r.regra?.id).toBe('sp');
    expect(r.avaliacoes[0]?.motivos).toEqual(['Perde para «Saídas de SP», que define a UF de origem']);
    const rj = matchRule([geral, deSp], item, partes({ emitente: { uf: 'RJ' } }));
    expect(rj.regra?.id).toBe('geral');
    expect(rj.avaliacoes[1]?.motivos).toEqual(['A regra é para saídas de SP; a mercadoria sai de RJ']);
  });

  it('an entry takes the goods from the other party to the company', () => {
    const devolucao = regra(
      {
        descricao: 'Devolução de MG',
        operacao: 'devolucao',
        sentido: 'entrada',
        uf_origem: 'MG',
        cfop: '2202',
        cst_pis: '98',
        cst_cofins: '98',
      },
      'dev',
    );
    const item = { produtoId: OUTRO, ncm: '21069090' };
    const r = matchRule(
      [devolucao],
      item,
      partes({ operacao: 'devolucao', sentido: 'entrada', destinatario: { uf: 'MG' } }),
    );
    expect(r.regra?.id).toBe('dev');
    const saida = matchRule([devolucao], item, partes({ operacao: 'devolucao', destinatario: { uf: 'MG' } }));
    expect(saida.avaliacoes[0]?.motivos).toEqual(['A regra é de entrada; o documento é de saída']);
  });

  it('equal specificity is reported and the first rule of the list wins', () => {
    const outra = regra({ descricao: 'Geral 2' }, 'geral2');
    const r = matchRule([geral, outra], { produtoId: OUTRO, ncm: '21069090' }, partes());
    expect(r.regra?.id).toBe('geral');
    expect(r.empate).toBe(true);
    expect(r.avaliacoes.map((a) => a.motivos)).toEqual([
      [
        'Regra para qualquer produto',
        'Empata com outra regra de mesma especificidade: vale a primeira da lista',
      ],
      ['Empata com «Geral» (mesma especificidade): vale a primeira da lista'],
    ]);
  });

  it('no rule applies: null; explicar false answers only the winner', () => {
    const nada = matchRule([bonificacao, simples], refrigerante, partes());
    expect(nada).toMatchObject({ regra: null, empate: false });
    expect(nada.avaliacoes).toHaveLength(2);
    const rapido = matchRule([geral, bebidas, doProduto], refrigerante, partes(), { explicar: false });
    expect(rapido).toEqual({ regra: doProduto, empate: false, avaliacoes: [] });
  });
});
