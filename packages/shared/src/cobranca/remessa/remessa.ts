// gerarRemessa: the remessa file of one account — every boleto and instruction not yet sent — in
// the account's layout. Pure: the server takes the NSA under a lock, stores the text as generated
// (byte for byte) and marks the boletos "enviado".

import { Coletor, ErroRemessa } from './campos.ts';
import { BANCOS_240, registrosCnab240 } from './cnab240.ts';
import { BANCOS_400, registrosCnab400 } from './cnab400.ts';
import type { EntradaRemessa, Remessa } from './tipos.ts';

const NOMES: Record<string, string> = {
  '001': 'Banco do Brasil',
  '341': 'Itaú',
  '237': 'Bradesco',
  '104': 'Caixa',
  '033': 'Santander',
  '756': 'Sicoob',
  '748': 'Sicredi',
};

/** The layouts each bank's remessa is written in here. */
export const LAYOUTS_REMESSA: Readonly<Record<string, readonly ('cnab240' | 'cnab400')[]>> =
  Object.fromEntries(
    Object.keys(NOMES).map((b) => [
      b,
      [...(BANCOS_240[b] ? ['cnab240' as const] : []), ...(BANCOS_400[b] ? ['cnab400' as const] : [])],
    ]),
  );

/** Throws ErroRemessa with every refusal (pt-BR, each naming its field and boleto). */
export function gerarRemessa(e: EntradaRemessa): Remessa {
  const col = new Coletor();
  const banco = (e.conta.banco ?? '').trim().padStart(3, '0');
  const nome = NOMES[banco];
  if (!nome)
    throw new ErroRemessa([
      { campo: 'banco', mensagem: `Banco ${e.conta.banco} sem remessa de cobrança neste sistema.` },
    ]);
  const b240 = e.layout === 'cnab240' ? BANCOS_240[banco] : undefined;
  const b400 = e.layout === 'cnab400' ? BANCOS_400[banco] : undefined;
  if (!b240 && !b400)
    throw new ErroRemessa([
      {
        campo: 'layout',
        mensagem: `Layout ${e.layout === 'cnab240' ? 'CNAB 240' : e.layout === 'cnab400' ? 'CNAB 400' : String(e.layout)} não disponível para ${nome} (disponível: ${LAYOUTS_REMESSA[banco]!.map((l) => (l === 'cnab240' ? 'CNAB 240' : 'CNAB 400')).join(', ')}).`,
      },
    ]);
  if (!Number.isSafeInteger(e.nsa) || e.nsa < 0)
    col.erro('nsa', `Número sequencial do arquivo (NSA) inválido: ${e.nsa}.`);
  if (!(e.beneficiario.nome ?? '').trim())
    col.erro('beneficiario', 'Nome do beneficiário: obrigatório na remessa.');
  if (e.itens.length === 0) col.erro('itens', 'Nenhum boleto ou instrução a enviar nesta remessa.');
  col.falhar();
  const linhas = b240 ? registrosCnab240(b240, e, col) : registrosCnab400(b400!, e, col);
  col.falhar();
  return { linhas, texto: linhas.map((l) => `${l}\r\n`).join('') };
}
