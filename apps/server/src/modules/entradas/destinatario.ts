import { formatDocumento, onlyDocumentChars } from '@erp/shared';
import type { Db } from '../../db/client.ts';
import { leConfiguracaoFiscal } from '../fiscal/configuracao-fiscal.service.ts';
import type { NotaNfe } from '../nfe/parser.ts';

// A goods receipt is a note issued TO the company (issue 29, item 7): the destinatário's CNPJ/CPF must
// be the company's — the emitente of Configurações Fiscais — and so must its IE when both have one. A
// note the company issued itself is one of its outgoing notes (Notas Fiscais de Saída), never a
// purchase. While the company's CNPJ was never configured there is nothing to compare with: the note
// is received as before (the demo and a company's first day), and posting is unaffected.

export type EmpresaDestinataria = { documento: string; ie: string | null; nome: string };

export const destinatarioMensagens = {
  notaPropria: (doc: string, numero: string, serie: string) =>
    `Esta NF-e (nº ${numero}, série ${serie}) foi emitida pela própria empresa (CNPJ ${formatDocumento(doc)}): é uma nota de saída, não uma compra — veja Notas Fiscais de Saída.`,
  semDestinatario: 'A NF-e não tem destinatário: não é uma nota emitida para a empresa.',
  outroDestinatario: (dest: string, nome: string, empresa: string) =>
    `A NF-e não é destinada à empresa: o destinatário é ${formatDocumento(dest)}${nome ? ` (${nome})` : ''} e o CNPJ da empresa é ${formatDocumento(empresa)}.`,
  outraIe: (ieDest: string, ieEmpresa: string) =>
    `A NF-e não é destinada a este estabelecimento: a inscrição estadual do destinatário é ${ieDest} e a da empresa é ${ieEmpresa}.`,
} as const;

/** The company as configured in Configurações Fiscais, or null while its emitente was never saved. */
export async function empresaDestinataria(db: Db): Promise<EmpresaDestinataria | null> {
  const { emitente } = await leConfiguracaoFiscal(db);
  if (!emitente?.cnpj) return null;
  return {
    documento: onlyDocumentChars(emitente.cnpj),
    ie: emitente.ie || null,
    nome: emitente.razao_social,
  };
}

const ieNormalizada = (ie: string | null | undefined) => {
  const v = (ie ?? '').trim().toUpperCase();
  return v === 'ISENTO' ? v : v.replace(/\D/g, '');
};

/** Why this note is not a purchase of the company (pt-BR), or null when it is addressed to it. */
export function recusaDestinatario(
  nota: Pick<NotaNfe, 'emit' | 'dest' | 'ide'>,
  empresa: EmpresaDestinataria | null,
) {
  if (!empresa) return null;
  const nossa = empresa.documento;
  if (onlyDocumentChars(nota.emit.documento) === nossa)
    return destinatarioMensagens.notaPropria(nossa, nota.ide.nNF, nota.ide.serie);
  if (!nota.dest?.documento) return destinatarioMensagens.semDestinatario;
  const dest = onlyDocumentChars(nota.dest.documento);
  if (dest !== nossa) return destinatarioMensagens.outroDestinatario(dest, nota.dest.xNome, nossa);
  const ieDest = ieNormalizada(nota.dest.IE);
  const ieEmpresa = ieNormalizada(empresa.ie);
  // IE compared only when both have one, digits only (zeros on the left are part of some UFs' IE)
  if (ieDest && ieEmpresa && ieDest !== ieEmpresa) return destinatarioMensagens.outraIe(ieDest, ieEmpresa);
  return null;
}
