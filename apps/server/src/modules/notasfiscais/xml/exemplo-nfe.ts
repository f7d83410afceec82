import {
  computeItemTaxes,
  type Destinatario,
  type Emitente,
  gerarParcelas,
  type PartesOperacao,
  type RegraTributacao,
  type RegraTributacaoInput,
  regraTributacaoSchema,
  totalize,
} from '@erp/shared';
import type { DadosNfe, DestinatarioNfe, EmitenteNfe, ItemNfe } from './tipos.ts';

// Example NF-e data for tests and the bench: a scenario (states, recipient type, regime, ST, IPI,
// items, instalments, alphanumeric CNPJ) taxed by the real tax engine under rules that go through
// the real rule schema, totals by totalize, instalments by the finance rule gerarParcelas.

export type CenarioNfe = {
  nome: string;
  crt?: '1' | '3';
  ufDest?: string;
  cMunDest?: string;
  indIEDest?: '1' | '2' | '9';
  indFinal?: '0' | '1';
  /** Rule fields over the default (venda, CST 00 or CSOSN 102, PIS/COFINS 01, IBS/CBS 000). */
  regra?: Partial<RegraTributacaoInput>;
  itens?: number;
  parcelas?: number[];
  cnpjEmitente?: string;
  documentoDest?: string;
  tpAmb?: '1' | '2';
  frete?: string;
  csrt?: boolean;
};

const MUNICIPIOS: Record<string, { cMun: string; xMun: string; cUF: string }> = {
  SP: { cMun: '3550308', xMun: 'São Paulo', cUF: '35' },
  MG: { cMun: '3106200', xMun: 'Belo Horizonte', cUF: '31' },
  BA: { cMun: '2927408', xMun: 'Salvador', cUF: '29' },
  PR: { cMun: '4106902', xMun: 'Curitiba', cUF: '41' },
  RJ: { cMun: '3304557', xMun: 'Rio de Janeiro', cUF: '33' },
};

export const EMITENTE_EXEMPLO: EmitenteNfe = {
  CNPJ: '12345678000195',
  xNome: 'Distribuidora Exemplo Ltda',
  xFant: 'Exemplo',
  ender: {
    xLgr: 'Rua das Flores',
    nro: '100',
    xCpl: 'Galpão 2',
    xBairro: 'Centro',
    cMun: '3550308',
    xMun: 'São Paulo',
    UF: 'SP',
    CEP: '01001000',
    fone: '1133334444',
  },
  IE: '110042490114',
  IM: '12345',
  CNAE: '4639701',
  CRT: '3',
};

function regraDo(c: CenarioNfe): RegraTributacao {
  const simples = c.crt === '1';
  const base: Partial<RegraTributacaoInput> = {
    descricao: c.nome,
    operacao: 'venda',
    crt: c.crt ?? '3',
    cfop: '5102',
    ...(simples ? { csosn: '102' } : { cst_icms: '00' }),
    cst_pis: simples ? '49' : '01',
    cst_cofins: simples ? '49' : '01',
    cst_ibs_cbs: '000',
    c_class_trib: '000001',
  };
  return { id: 'r1', ...regraTributacaoSchema.parse({ ...base, ...c.regra }) };
}

export function dadosNfeExemplo(c: CenarioNfe, opts: { nNF?: number; dhEmi?: Date } = {}): DadosNfe {
  const ufDest = c.ufDest ?? 'SP';
  const mun = MUNICIPIOS[ufDest] ?? MUNICIPIOS.SP!;
  const indIEDest = c.indIEDest ?? '1';
  const indFinal = c.indFinal ?? (indIEDest === '1' ? '0' : '1');
  const emitente: Emitente = {
    uf: 'SP',
    crt: c.crt ?? '3',
    regimePisCofins: 'nao_cumulativo',
    excluiIcmsBasePisCofins: true,
  };
  const destinatario = { uf: ufDest, indIEDest, indFinal } as Destinatario;
  const partes: PartesOperacao = { emitente, destinatario, operacao: 'venda', sentido: 'saida' };
  const regra = regraDo(c);
  const n = c.itens ?? 2;
  const itens: ItemNfe[] = [];
  for (let i = 1; i <= n; i++) {
    const quantidade = String((i % 7) + 1);
    const valorUnitario = `${10 + (i % 13)}.${String((i * 37) % 100).padStart(2, '0')}`;
    const frete = c.frete && i === 1 ? c.frete : undefined;
    const impostos = computeItemTaxes(
      { quantidade, valorUnitario, frete, origem: '0', ncm: '22021000' },
      regra,
      partes,
    );
    itens.push({
      cProd: `P${String(i).padStart(4, '0')}`,
      cEAN: i % 2 ? '7891234567895' : null,
      xProd: `Produto de exemplo ${i} & cia <caixa>`,
      NCM: '22021000',
      CEST: i % 3 === 0 ? '0300700' : null,
      uCom: 'UN',
      qCom: quantidade,
      vUnCom: valorUnitario,
      impostos,
    });
  }
  const totais = totalize(itens.map((i) => i.impostos));
  const vNF = totais.ICMSTot.vNF;
  const dhEmi = opts.dhEmi ?? new Date('2026-11-23T12:30:00Z');
  const parcelas = c.parcelas ?? [30];
  const geradas = gerarParcelas(vNF, { dias: parcelas }, '2026-11-23');
  if (!geradas.ok) throw new Error(geradas.mensagem);
  const nNF = opts.nNF ?? 1;
  const documentoDest = c.documentoDest ?? (indIEDest === '9' ? '12345678909' : '11222333000181');
  const dest: DestinatarioNfe = {
    documento: documentoDest,
    xNome: 'Cliente Exemplo S.A.',
    ender: {
      xLgr: 'Avenida Brasil',
      nro: '2000',
      xBairro: 'Jardim',
      cMun: mun.cMun,
      xMun: mun.xMun,
      UF: ufDest,
      CEP: '30130000',
      fone: '3132221111',
    },
    indIEDest,
    IE: indIEDest === '1' ? '0623079040081' : null,
    email: 'compras@cliente.example',
  };
  return {
    ide: {
      cUF: '35',
      cNF: '48213907',
      natOp: 'Venda de mercadoria',
      serie: 1,
      nNF,
      dhEmi,
      tpNF: '1',
      idDest: ufDest === 'SP' ? '1' : '2',
      cMunFG: '3550308',
      tpImp: '1',
      tpEmis: '1',
      tpAmb: c.tpAmb ?? '2',
      finNFe: '1',
      indFinal,
      indPres: '9',
      verProc: 'Plataforma ERP 1.0',
    },
    emit: { ...EMITENTE_EXEMPLO, CNPJ: c.cnpjEmitente ?? EMITENTE_EXEMPLO.CNPJ, CRT: c.crt ?? '3' },
    dest,
    itens,
    totais,
    transp: {
      modFrete: c.frete ? '0' : '1',
      transporta: {
        documento: '49929194000284',
        xNome: 'Transportes Rápidos Ltda',
        UF: 'SP',
        xMun: 'São Paulo',
      },
      veicTransp: null,
      vol: [{ qVol: n, esp: 'CAIXA', pesoL: '12.500', pesoB: '13.750' }],
    },
    cobr: {
      nFat: String(nNF),
      vOrig: vNF,
      vDesc: '0.00',
      vLiq: vNF,
      dup: geradas.parcelas.map((p) => ({
        nDup: String(p.numero).padStart(3, '0'),
        dVenc: p.vencimento,
        vDup: p.valor,
      })),
    },
    pag: [{ indPag: '1', tPag: '15', vPag: vNF }],
    infAdic: { infCpl: 'Pedido nº 123. Documento emitido em teste.' },
    infRespTec: {
      CNPJ: '12345678000195',
      xContato: 'Suporte Plataforma ERP',
      email: 'suporte@plataforma.example',
      fone: '11999998888',
    },
    csrt: c.csrt ? { id: '01', csrt: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' } : null,
  };
}
