import { type CarteiraCobranca, gerarBoleto, regrasCobranca } from '@erp/shared';
import type { BoletoPdf } from './boleto-pdf.ts';

// Boletos for the boleto PDF's test and bench: real barcodes from the shared cobrança rules
// (gerarBoleto) for Itaú and Banco do Brasil carteiras, with pt-BR names and addresses.

export const CARTEIRA_ITAU: CarteiraCobranca = {
  banco: '341',
  agencia: '0810',
  conta: '53678',
  contaDv: '9',
  carteira: '109',
};
export const CARTEIRA_BB: CarteiraCobranca = {
  banco: '001',
  agencia: '4042',
  agenciaDv: '8',
  conta: '61900',
  contaDv: '0',
  carteira: '18',
  convenio: '1238798',
};

/** A PIX copia e cola (BR Code) as a bank issues for a boleto híbrido. */
export const PIX_EXEMPLO =
  '00020101021226900014br.gov.bcb.pix2568qrpix.bradesco.com.br/qr/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca255204000053039865406123450' +
  '5802BR5925DISTRIBUIDORA EXEMPLO LTDA6009SAO PAULO62070503***63041D3D';

export function boletoExemplo(
  carteira: CarteiraCobranca,
  o: { sequencial?: number; valor?: string; vencimento?: string; pix?: boolean } = {},
): BoletoPdf {
  const valor = o.valor ?? '1234.50';
  const vencimento = o.vencimento ?? '2026-12-15';
  const sequencial = o.sequencial ?? 12345;
  const gerado = gerarBoleto(carteira, { sequencial, vencimento, valor, emissao: '2026-11-29' });
  return {
    banco: { codigo: gerado.banco, nome: regrasCobranca(gerado.banco)!.nome },
    linhaDigitavel: gerado.linhaDigitavel,
    codigoBarras: gerado.codigoBarras,
    nossoNumero: gerado.nossoNumero.impresso,
    agenciaCodigoBeneficiario: gerado.agenciaCodigoBeneficiario,
    carteira: carteira.carteira,
    especieDocumento: 'DM',
    aceite: 'N',
    numeroDocumento: `NF 4632/${sequencial}`,
    dataDocumento: '2026-11-29',
    dataProcessamento: '2026-11-29',
    vencimento,
    valor,
    localPagamento: 'Pagável em qualquer banco até o vencimento',
    beneficiario: {
      nome: 'Distribuidora São João Ltda',
      documento: '06117473000150',
      endereco: 'Rua das Acácias, 1200 - Jardim América - São Paulo/SP - CEP 01310-100',
    },
    pagador: {
      nome: 'Mercearia Pão de Açúcar do Zé Ltda',
      documento: '34128745000152',
      endereco: 'Avenida Brasil, 455 - Centro',
      cep: '13015904',
      cidade: 'Campinas',
      uf: 'SP',
    },
    instrucoes: [
      'Após o vencimento, multa de 2,00% (R$ 24,69).',
      'Juros de mora de 1,00% ao mês (R$ 0,41 por dia de atraso).',
      'Protestar após 5 dias corridos do vencimento.',
      'Não receber após 30 dias do vencimento.',
    ],
    pix: o.pix ? { copiaECola: PIX_EXEMPLO } : null,
  };
}
