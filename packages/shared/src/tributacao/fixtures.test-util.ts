import type { Destinatario, Emitente, PartesOperacao } from './partes.ts';
import { type RegraTributacao, type RegraTributacaoInput, regraTributacaoSchema } from './regra.schema.ts';

// Builders shared by the tributacao tests: rules go through the real schema, as the server will
// save them, so every test also exercises its defaults and clean-up.

export const REGRA_BASE: Partial<RegraTributacaoInput> = {
  descricao: 'Venda interna',
  operacao: 'venda',
  crt: '3',
  cfop: '5102',
  cst_icms: '00',
  cst_pis: '01',
  cst_cofins: '01',
  cst_ibs_cbs: '000',
  c_class_trib: '000001',
};

export function regra(campos: Partial<RegraTributacaoInput> = {}, id = 'r1'): RegraTributacao {
  return { id, ...regraTributacaoSchema.parse({ ...REGRA_BASE, ...campos }) };
}

/** A São Paulo distributor in the regime normal (lucro real), selling to a contributor in SP. */
export function partes(
  campos: {
    emitente?: Partial<Emitente>;
    destinatario?: Partial<Destinatario>;
    operacao?: PartesOperacao['operacao'];
    sentido?: PartesOperacao['sentido'];
  } = {},
): PartesOperacao {
  return {
    emitente: {
      uf: 'SP',
      crt: '3',
      regimePisCofins: 'nao_cumulativo',
      excluiIcmsBasePisCofins: true,
      ...campos.emitente,
    },
    destinatario: { uf: 'SP', indIEDest: '1', indFinal: '0', ...campos.destinatario },
    operacao: campos.operacao ?? 'venda',
    sentido: campos.sentido ?? 'saida',
  };
}
