import {
  businessToday,
  encargosDoBoleto,
  formatBRL,
  formatDateBR,
  gerarBrCode,
  regrasCobranca,
  SITUACOES_BOLETO_VIVO,
  type SituacaoBoleto,
  txidDoTitulo,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client.ts';
import { type Actor, writeTx } from '../../../lib/audit-context.ts';
import { AppError } from '../../../lib/errors.ts';
import { enqueueMail, type MailDeps } from '../../../lib/mail/mail-queue.ts';
import { escapeHtml } from '../../../lib/mail/mail-templates.ts';
import { leConfiguracaoFiscal } from '../../fiscal/configuracao-fiscal.service.ts';
import { type BoletoPdf, gerarBoletosPdf } from './boleto-pdf.ts';
import { agenciaCodigoBeneficiario, type CarteiraDb } from './carteiras.service.ts';
import { DADOS_BOLETO, enderecoPagador, type PendenteRemessa, seuNumero } from './remessas.service.ts';

// The printable boletos (issue 31): the stored barcode and linha digitável, the beneficiário from
// Configurações Fiscais, the pagador from the customer, the instructions from the same rule as the
// remessa (encargosDoBoleto), so the paper and the bank agree.

/** At most this many boletos in one PDF (a load or a period; more: narrow the filter). */
export const MAX_BOLETOS_PDF = 500;

type Linha = PendenteRemessa & {
  codigo_barras: string;
  linha_digitavel: string;
  nosso_numero_impresso: string;
  carteira_json: CarteiraDb;
  chave_pix: string | null;
  titulo_id: string;
};

export async function boletosPdf(db: Db, ids: readonly string[]): Promise<Buffer> {
  if (ids.length === 0) throw new AppError('unprocessable', 'Nenhum boleto para imprimir.');
  if (ids.length > MAX_BOLETOS_PDF)
    throw new AppError(
      'unprocessable',
      `No máximo ${MAX_BOLETOS_PDF} boletos por arquivo: refine os filtros.`,
    );
  const emitente = (await leConfiguracaoFiscal(db)).emitente;
  if (!emitente?.razao_social || !emitente.cnpj)
    throw new AppError(
      'unprocessable',
      'Informe o emitente em Configurações Fiscais: é o beneficiário do boleto.',
    );
  const linhas = rowsOf<Linha>(
    await db.execute(sql`select ${DADOS_BOLETO}, null as instrucao, b.codigo_barras, b.linha_digitavel,
      b.nosso_numero_impresso, to_jsonb(k) as carteira_json, cb.chave_pix, f.id as titulo_id
      from boletos b join carteiras_cobranca k on k.id = b.carteira_id
      join contas_bancarias cb on cb.id = k.conta_bancaria_id
      join financial_accounts f on f.id = b.titulo_id left join clientes c on c.id = f.cliente_id
      where b.id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))
      order by b.vencimento, f.pessoa_nome, b.sequencial`),
  );
  if (linhas.length === 0) throw new AppError('not_found', 'Boleto não encontrado');
  const e = emitente.endereco;
  const hoje = businessToday();
  const boletos: BoletoPdf[] = linhas.map((l) => {
    const k = l.carteira_json;
    const regras = regrasCobranca(k.banco);
    const enc = encargosDoBoleto({
      banco: k.banco,
      layout: k.layout,
      valor: l.valor,
      vencimento: l.vencimento,
      titulo: l,
      carteira: {
        juros_mes_percentual: String(k.juros_mes_percentual),
        multa_percentual: String(k.multa_percentual),
        desconto_percentual: String(k.desconto_percentual),
        dias_protesto: k.dias_protesto,
        dias_baixa: k.dias_baixa,
        mensagens: k.mensagens,
      },
    });
    return {
      banco: { codigo: k.banco, nome: regras?.nome ?? k.banco },
      linhaDigitavel: l.linha_digitavel,
      codigoBarras: l.codigo_barras,
      nossoNumero: l.nosso_numero_impresso,
      agenciaCodigoBeneficiario: agenciaCodigoBeneficiario(k),
      carteira: k.carteira,
      especieDocumento: 'DM',
      aceite: 'N',
      numeroDocumento: seuNumero(l),
      dataDocumento: l.emissao,
      dataProcessamento: hoje,
      vencimento: l.vencimento,
      valor: l.valor,
      localPagamento: 'Pagável em qualquer banco até o vencimento.',
      beneficiario: {
        nome: emitente.razao_social,
        documento: emitente.cnpj,
        endereco: [
          [e.logradouro, e.numero, e.complemento].filter(Boolean).join(', '),
          e.bairro,
          `${e.municipio ?? ''}/${e.uf}`,
          `CEP ${e.cep}`,
        ]
          .filter(Boolean)
          .join(' - '),
      },
      pagador: {
        nome: l.pagador_nome,
        documento: l.pagador_documento ?? '',
        endereco: [enderecoPagador(l), l.bairro].filter((x) => x?.trim()).join(' - '),
        cep: l.cep ?? '',
        cidade: l.municipio ?? '',
        uf: l.uf ?? '',
      },
      instrucoes: enc.instrucoes,
      // boleto híbrido: the account's PIX key charges the same value (its txid is the título's)
      pix:
        l.chave_pix && e.municipio
          ? {
              copiaECola: gerarBrCode({
                chave: l.chave_pix,
                valor: l.valor,
                nome: emitente.razao_social,
                cidade: e.municipio,
                txid: txidDoTitulo(l.titulo_id),
              }),
            }
          : null,
    };
  });
  return gerarBoletosPdf(boletos);
}

/** The live boletos of a load's notes, or of a due period (and account), in print order. */
export async function boletosDoFiltro(
  db: Db,
  q: { carga_id?: string; vencimento_de?: string; vencimento_ate?: string; conta_bancaria_id?: string },
): Promise<string[]> {
  const onde = q.carga_id
    ? sql`f.origem = 'nota_fiscal' and f.origem_id in (select n.id from notas_fiscais n
        join cargas_pedidos cp on cp.pedido_id = n.pedido_id and cp.ativo where cp.carga_id = ${q.carga_id})`
    : sql`b.vencimento between ${q.vencimento_de}::date and ${q.vencimento_ate}::date
        ${q.conta_bancaria_id ? sql`and k.conta_bancaria_id = ${q.conta_bancaria_id}` : sql``}`;
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select b.id from boletos b join financial_accounts f on f.id = b.titulo_id
      join carteiras_cobranca k on k.id = b.carteira_id
      where b.situacao in ('a_registrar', 'enviado', 'registrado') and ${onde}
      order by b.vencimento, b.sequencial limit ${MAX_BOLETOS_PDF + 1}`),
  ).map((r) => r.id);
  if (ids.length === 0)
    throw new AppError('not_found', 'Nenhum boleto em aberto para imprimir neste filtro.');
  return ids;
}

export const boletoEmailMensagens = {
  semEmail: (cliente: string) =>
    `O cliente ${cliente} não tem e-mail no cadastro: informe-o para enviar o boleto.`,
  fechado: 'Boleto liquidado, baixado ou rejeitado: não há o que enviar.',
} as const;

/** POST /cobranca/boletos/:id/email: the boleto PDF to the customer's NF-e (else main) e-mail,
 * through the mail queue; answers the address. */
export async function enviaBoletoPorEmail(
  db: Db,
  deps: MailDeps,
  actor: Actor,
  id: string,
): Promise<{ para: string }> {
  const [b] = rowsOf<{
    situacao: string;
    nosso_numero_impresso: string;
    vencimento: string;
    valor: string;
    razao_social: string | null;
    pessoa_nome: string;
    para: string | null;
  }>(
    await db.execute(sql`select b.situacao, b.nosso_numero_impresso, b.vencimento::text, b.valor::text, c.razao_social,
        f.pessoa_nome, coalesce(nullif(trim(c.email_nfe), ''), nullif(trim(c.email), '')) as para
      from boletos b join financial_accounts f on f.id = b.titulo_id left join clientes c on c.id = f.cliente_id
      where b.id = ${id}`),
  );
  if (!b) throw new AppError('not_found', 'Boleto não encontrado');
  if (!SITUACOES_BOLETO_VIVO.includes(b.situacao as SituacaoBoleto))
    throw new AppError('conflict', boletoEmailMensagens.fechado);
  const nome = b.razao_social ?? b.pessoa_nome;
  if (!b.para) throw new AppError('unprocessable', boletoEmailMensagens.semEmail(nome));
  const pdf = await boletosPdf(db, [id]);
  const assunto = `Boleto ${b.nosso_numero_impresso} - vencimento ${formatDateBR(b.vencimento)}`;
  const corpo = `Segue o boleto de ${formatBRL(b.valor)} com vencimento em ${formatDateBR(b.vencimento)} (nosso número ${b.nosso_numero_impresso}).`;
  const para = b.para;
  await writeTx(db, actor, (tx) =>
    enqueueMail(tx as unknown as Db, deps, {
      para,
      tipo: 'boleto',
      assunto,
      texto: `Olá, ${nome}!\n\n${corpo}\n`,
      html: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(assunto)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937"><p>Olá, ${escapeHtml(nome)}!</p><p>${escapeHtml(corpo)}</p></body></html>`,
      anexos: [
        {
          nome: `boleto-${b.nosso_numero_impresso.replace(/[^0-9A-Za-z]/g, '')}.pdf`,
          tipo: 'application/pdf',
          base64: pdf.toString('base64'),
        },
      ],
    }),
  );
  return { para };
}
