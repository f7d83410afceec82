import {
  gerarBrCode,
  motivoSemPix,
  pixCobrancaMensagens,
  type TipoChavePix,
  type TituloRow,
  txidDoTitulo,
} from '@erp/shared';
import bwipjs from 'bwip-js/node';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { leConfiguracaoFiscal } from '../fiscal/configuracao-fiscal.service.ts';
import { getTitulo } from './titulos.service.ts';

// PIX charge of a receivable (issue 18, PIX part): the static BR Code ("copia e cola") for the
// título's saldo, with the chave of its bank account (or of the only active account that has one),
// txid from the título, merchant name and city from the emitente of the fiscal settings; its QR
// (bwip-js) and the printable "Cobrança PIX" (pix-cobranca-pdf.ts).

type ContaPix = {
  id: string;
  nome: string;
  ativa: boolean;
  tipo_chave_pix: TipoChavePix | null;
  chave_pix: string | null;
};

export type CobrancaPix = {
  titulo_id: string;
  br_code: string;
  valor: string;
  txid: string;
  chave: string;
  tipo_chave: TipoChavePix;
  nome: string;
  cidade: string;
  conta: { id: string; nome: string };
  /** For the print: the título as read. */
  titulo: TituloRow;
  cliente_documento: string | null;
};

async function contaDoPix(db: Db, contaId: string | null): Promise<ContaPix> {
  const contas = rowsOf<ContaPix>(
    await db.execute(sql`select c.id, c.nome, c.ativa, c.tipo_chave_pix, c.chave_pix from contas_bancarias c
      where ${contaId ? sql`c.id = ${contaId}` : sql`c.ativa and c.chave_pix is not null`}
      order by c.nome limit 2`),
  );
  if (contaId) {
    const c = contas[0];
    if (!c) throw new AppError('unprocessable', pixCobrancaMensagens.semConta);
    if (!c.chave_pix || !c.tipo_chave_pix)
      throw new AppError('unprocessable', pixCobrancaMensagens.contaSemChave(c.nome));
    if (!c.ativa) throw new AppError('unprocessable', pixCobrancaMensagens.contaInativa(c.nome));
    return c;
  }
  if (contas.length !== 1) throw new AppError('unprocessable', pixCobrancaMensagens.semConta);
  return contas[0]!;
}

/** GET /api/financeiro/receber/:id/pix — 404 unknown (or a payable), 422 with the reason when it cannot be charged. */
export async function cobrancaPix(db: Db, id: string): Promise<CobrancaPix> {
  const titulo = await getTitulo(db, 'receber', id);
  const motivo = motivoSemPix(titulo);
  if (motivo) throw new AppError('unprocessable', motivo);
  const conta = await contaDoPix(db, titulo.conta_bancaria_id);
  const emitente = (await leConfiguracaoFiscal(db)).emitente;
  const nome = emitente?.razao_social?.trim();
  const cidade = emitente?.endereco?.municipio?.trim();
  if (!nome || !cidade) throw new AppError('unprocessable', pixCobrancaMensagens.semEmitente);
  const txid = txidDoTitulo(titulo.id);
  const valor = titulo.saldo!;
  const br_code = gerarBrCode({ chave: conta.chave_pix, valor, nome, cidade, txid });
  const [cli] = titulo.cliente_id
    ? rowsOf<{ documento: string | null }>(
        await db.execute(sql`select documento from clientes where id = ${titulo.cliente_id}`),
      )
    : [];
  return {
    titulo_id: titulo.id,
    br_code,
    valor,
    txid,
    chave: conta.chave_pix!,
    tipo_chave: conta.tipo_chave_pix!,
    nome,
    cidade,
    conta: { id: conta.id, nome: conta.nome },
    titulo,
    cliente_documento: cli?.documento ?? null,
  };
}

/** BWIPP options the bwip-js types do not list: error correction level M. */
const QR_BWIPP = { eclevel: 'M' };

/** The QR code (PNG) of a BR Code: error correction M, `escala` px modules, quiet zone of 4 modules. */
export function qrPix(brCode: string, escala = 4): Promise<Buffer> {
  return bwipjs.toBuffer({
    ...QR_BWIPP,
    bcid: 'qrcode',
    text: brCode,
    scale: escala,
    paddingwidth: 4,
    paddingheight: 4,
  });
}
