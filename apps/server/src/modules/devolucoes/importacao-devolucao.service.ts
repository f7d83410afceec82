import {
  DESTINOS_DEVOLUCAO,
  Decimal,
  type DestinoDevolucao,
  destinoSugerido,
  devolucaoMensagens,
  devolucoesMensagens,
  MOTIVOS_DEVOLUCAO,
  type MotivoDevolucao,
  onlyDocumentChars,
  type StatusDevolucao,
  statusDevolucaoLabels,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError, pgConstraint } from '../../lib/errors.ts';
import { executa, TarefaInterrompida } from '../../lib/trabalho/pool.ts';
import { empresaDestinataria, recusaDestinatario } from '../entradas/destinatario.ts';
import { caractereProibidoXml } from '../entradas/xml-caracteres.ts';
import { type AnaliseNfe, NfeRecusada } from '../nfe/leitura.ts';
import type { ItemNfe } from '../nfe/parser.ts';
import { NfeIlegivel } from '../nfe/parser.ts';
import { decodificaXmlUtf8 } from '../nfe/xml-seguro.ts';
import { NfeSchemasIndisponiveis } from '../nfe/xsd.ts';
import { getDevolucao } from './devolucoes-leitura.service.ts';
import {
  devolucoesAnteriores,
  embalagensDe,
  insereDevolucaoVenda,
  itensDaDevolucaoVenda,
  type LinhaOriginal,
  linhasOriginais,
  notaDeOrigem,
} from './devolucoes-venda.service.ts';
import { efetivaDevolucao } from './efeitos-devolucao.service.ts';

// Devolução de venda documented by the customer's own NF-e (issue 32; README-importacao.md): a
// customer that is an ICMS contribuinte issues its NF-e de devolução (finNFe 4, NFref = our chave)
// addressed to us; we import its XML through the goods-receipt checks (safe XML, size, XSD,
// XMLDSig — ../nfe/leitura.ts on the worker pool, as entradas/importacao.service.ts), then check
// what makes it a return of one of our sales (our CNPJ as destinatário, the customer of the
// referenced note as emitente), match each det to the original note's lines and store the draft
// (documento 'terceiro') in ONE transaction with the saldo check under the order lines' row locks.
// «Lançar» then applies the effects (stock, títulos, crédito, commission) as our note's
// authorisation does.

export const importarDevolucaoSchema = z.object({
  nome: z.string({ error: 'Nome do arquivo inválido' }).max(255, 'Nome do arquivo longo demais').optional(),
  conteudo_base64: z
    .string({ error: 'Conteúdo do arquivo é obrigatório' })
    .min(1, 'Conteúdo do arquivo é obrigatório')
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'Conteúdo do arquivo inválido (base64)'),
  /** Default 'outro' (the note's text is not a reliable reason), with the observação naming the note. */
  motivo: z.enum(MOTIVOS_DEVOLUCAO, { error: devolucaoMensagens.motivo }).optional(),
  /** Default: the one the motivo suggests (destinoSugerido: avaria/vencido → avaria, else normal). */
  destino: z.enum(DESTINOS_DEVOLUCAO, { error: devolucaoMensagens.destino }).optional(),
  observacao: z
    .string({ error: 'Observação inválida' })
    .trim()
    .max(2000, 'Observação: no máximo 2000 caracteres')
    .nullish()
    .transform((v) => v || null),
});
export type ImportarDevolucao = z.output<typeof importarDevolucaoSchema>;

const refusa = (mensagem: string, reason: string) => new AppError('unprocessable', mensagem, { reason });

/** The refNFe of ide/NFref (the document already passed the XSD: refNFe only lives there and in gPagAntecipado). */
function chavesReferenciadas(texto: string): string[] {
  const ide = /<(?:[\w.-]+:)?ide[\s>][\s\S]*?<\/(?:[\w.-]+:)?ide>/.exec(texto)?.[0] ?? '';
  const out = new Set<string>();
  for (const m of ide.matchAll(/<(?:[\w.-]+:)?NFref>\s*<(?:[\w.-]+:)?refNFe>\s*([0-9A-Z]{44})\s*</g))
    out.add(m[1]!);
  return [...out];
}

/** Reads and checks the file as the goods-receipt import does; refuses what is not a valid, signed NF-e. */
async function analisa(schemasDir: string | undefined, bytes: Uint8Array): Promise<AnaliseNfe> {
  try {
    await executa('verificaPastaSchemas', schemasDir);
  } catch (e) {
    if (e instanceof NfeSchemasIndisponiveis)
      throw new AppError('unavailable', e.message, { reason: 'nfe_schemas' });
    throw e;
  }
  if (!bytes.length) throw refusa(devolucoesMensagens.importacaoArquivo, 'arquivo');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) throw refusa(devolucoesMensagens.importacaoArquivo, 'arquivo');
  const proibido = caractereProibidoXml(bytes);
  if (proibido) throw refusa(proibido, 'caractere');
  let a: AnaliseNfe;
  try {
    a = await executa('analisaNfe', schemasDir, bytes);
  } catch (e) {
    if (e instanceof NfeRecusada || e instanceof NfeIlegivel || e instanceof TarefaInterrompida)
      throw refusa(e.message, 'xml');
    throw e;
  }
  if (!a.xsd.valido) throw refusa(devolucoesMensagens.importacaoXsd(a.xsd.erros[0]), 'xsd');
  if (a.assinatura.status !== 'valida')
    throw refusa(devolucoesMensagens.importacaoAssinatura(a.assinatura.motivo), 'assinatura');
  if (a.nota.ide.finNFe !== '4')
    throw refusa(devolucoesMensagens.importacaoFinalidade(a.nota.ide.finNFe), 'finalidade');
  return a;
}

type Correspondencia = { linha: LinhaOriginal; unidade: string; quantidade: string };

const normaliza = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

const gtinValido = (g: string | null | undefined) => !!g && /^\d{8,14}$/.test(g.trim());

/**
 * Each det of the customer's note matched to a line of our original note: by cProd = our product
 * code, else cEAN (or cEANTrib) = our GTIN, else by the description, else the line at the same
 * position — accepted only when exactly one line qualifies (several lines of one product: the one at
 * the det's position, else the first with saldo). The quantity in the customer's commercial unit
 * when it is our base unit or one of our packagings, else in its tax unit (uTrib/qTrib) on the same
 * terms; otherwise the item is refused by name.
 */
async function correspondencias(
  tx: Tx,
  pedidoId: string,
  numeroNota: number,
  itens: readonly ItemNfe[],
): Promise<Correspondencia[]> {
  const linhas = await linhasOriginais(tx, pedidoId, null);
  const embalagens = await embalagensDe(tx, [...new Set(linhas.map((l) => l.product_id))]);
  const anteriores = await devolucoesAnteriores(
    tx,
    linhas.map((l) => l.id),
  );
  // what is left of each line in its base unit, less what earlier dets of this note took
  const saldo = new Map(
    linhas.map((l) => [
      l.id,
      Decimal.of(l.quantidade).minus(
        Decimal.sum(anteriores.filter((a) => a.pedido_item_id === l.id).map((a) => a.quantidade)),
      ),
    ]),
  );
  const fatorDe = (l: LinhaOriginal, sigla: string): { sigla: string; fator: string } | null => {
    const s = normaliza(sigla);
    if (s === normaliza(l.unidade)) return { sigla: l.unidade, fator: '1' };
    const e = embalagens.find((x) => x.produto_id === l.product_id && normaliza(x.sigla) === s);
    return e ? { sigla: e.sigla, fator: e.fator } : null;
  };
  const out: Correspondencia[] = [];
  for (const [n, item] of itens.entries()) {
    const nItem = item.nItem || n + 1;
    const nome = `${item.cProd} - ${item.xProd}`;
    const porCodigo = linhas.filter((l) => normaliza(l.codigo) === normaliza(item.cProd));
    const gtins = [item.cEAN, item.cEANTrib].filter(gtinValido).map((g) => g!.trim());
    const porGtin = porCodigo.length ? [] : linhas.filter((l) => l.gtin && gtins.includes(l.gtin.trim()));
    const porNome =
      porCodigo.length || porGtin.length
        ? []
        : linhas.filter((l) => normaliza(l.nome) === normaliza(item.xProd));
    const porPosicao =
      porCodigo.length || porGtin.length || porNome.length ? [] : linhas.filter((l) => l.sequencia === nItem);
    const candidatas = porCodigo.length
      ? porCodigo
      : porGtin.length
        ? porGtin
        : porNome.length
          ? porNome
          : porPosicao;
    if (!candidatas.length)
      throw refusa(devolucoesMensagens.importacaoItemSemCorrespondente(nItem, nome, numeroNota), 'item');
    // the unit: the commercial one, else the tax one, when it is ours (base or packaging)
    const unidadeDe = (l: LinhaOriginal) => {
      const com = fatorDe(l, item.uCom);
      if (com) return { ...com, quantidade: item.qCom };
      const trib = item.uTrib && item.qTrib ? fatorDe(l, item.uTrib) : null;
      return trib ? { ...trib, quantidade: item.qTrib! } : null;
    };
    const comUnidade = candidatas
      .map((l) => ({ l, u: unidadeDe(l) }))
      .filter((c): c is { l: LinhaOriginal; u: NonNullable<ReturnType<typeof unidadeDe>> } => !!c.u);
    if (!comUnidade.length)
      throw refusa(
        devolucoesMensagens.importacaoUnidade(nItem, nome, item.uCom, candidatas[0]!.unidade),
        'unidade',
      );
    const base = (c: (typeof comUnidade)[number]) => Decimal.of(c.u.quantidade).times(c.u.fator);
    const escolhida =
      comUnidade.length === 1
        ? comUnidade[0]!
        : (comUnidade.find((c) => c.l.sequencia === nItem && saldo.get(c.l.id)!.gte(base(c))) ??
          comUnidade.find((c) => saldo.get(c.l.id)!.gte(base(c))) ??
          comUnidade[0]!);
    saldo.set(escolhida.l.id, saldo.get(escolhida.l.id)!.minus(base(escolhida)));
    out.push({
      linha: escolhida.l,
      unidade: escolhida.u.sigla,
      quantidade: Decimal.of(escolhida.u.quantidade).toString(),
    });
  }
  return out;
}

export type ResultadoImportacaoDevolucao = Awaited<ReturnType<typeof getDevolucao>> & {
  /** Where the customer's values differ from ours (the return is valued by our note): warnings only. */
  divergencias: string[];
  /** The reading's alerts (no protocol, homologação, a chave that disagrees with ide…). */
  alertas: string[];
};

/** POST /api/comercial/devolucoes/importar: the customer's NF-e de devolução as a rascunho 'terceiro'. */
export async function importaDevolucaoCliente(
  db: Db,
  actor: Actor,
  schemasDir: string | undefined,
  input: ImportarDevolucao,
): Promise<ResultadoImportacaoDevolucao> {
  const bytes = new Uint8Array(Buffer.from(input.conteudo_base64, 'base64'));
  const analise = await analisa(schemasDir, bytes);
  const { nota } = analise;
  const empresa = await empresaDestinataria(db);
  if (!empresa) throw refusa(devolucoesMensagens.importacaoEmpresaSemCnpj, 'empresa');
  if (onlyDocumentChars(nota.emit.documento) === empresa.documento)
    throw refusa(devolucoesMensagens.importacaoNotaPropria, 'nota_propria');
  const recusa = recusaDestinatario(nota, empresa);
  if (recusa) throw refusa(recusa, 'destinatario');
  const texto = decodificaXmlUtf8(bytes).texto;
  const referenciadas = chavesReferenciadas(texto);

  const motivo: MotivoDevolucao = input.motivo ?? 'outro';
  const destino: DestinoDevolucao = input.destino ?? destinoSugerido(motivo);
  const numero = Number(nota.ide.nNF);
  const serie = Number(nota.ide.serie);
  const observacao = [`NF-e de devolução do cliente nº ${numero}, série ${serie}`, input.observacao]
    .filter(Boolean)
    .join(' — ');

  const id = await writeTx(db, actor, async (tx) => {
    // two imports of the same note take turns: the second finds the first's devolução (409), never
    // a saldo the first has just taken (the unique index below stays the last word)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`devolucao-terceiro:${nota.chave}`}))`);
    const [dup] = rowsOf<{ numero: number }>(
      await tx.execute(sql`select numero from devolucoes where chave_terceiro = ${nota.chave} and status <> 'cancelada'
        limit 1`),
    );
    if (dup)
      throw new AppError(
        'conflict',
        devolucoesMensagens.importacaoDuplicada(nota.chave, Number(dup.numero)),
        {
          reason: 'duplicada',
        },
      );
    // our authorised sale notes among the references (others — a third party's note — are ignored)
    const nossas = referenciadas.length
      ? rowsOf<{ id: string; numero: number }>(
          await tx.execute(sql`select id, numero from notas_fiscais
            where chave = any(array(select jsonb_array_elements_text(${JSON.stringify(referenciadas)}::jsonb)))
              and devolucao_id is null and pedido_id is not null and status = 'autorizada'
            order by numero`),
        )
      : [];
    if (!nossas.length) throw refusa(devolucoesMensagens.importacaoSemReferencia, 'referencia');
    if (nossas.length > 1)
      throw refusa(
        devolucoesMensagens.importacaoVariasNotas(nossas.map((x) => Number(x.numero))),
        'varias_notas',
      );
    const origem = await notaDeOrigem(tx, nossas[0]!.id, true);
    const [cli] = rowsOf<{ documento: string }>(
      await tx.execute(sql`select documento from clientes where id = ${origem.cliente_id}`),
    );
    if (onlyDocumentChars(cli?.documento ?? '') !== onlyDocumentChars(nota.emit.documento))
      throw refusa(
        devolucoesMensagens.importacaoOutroEmitente(
          nota.emit.documento,
          Number(origem.numero),
          origem.razao_social,
          cli?.documento ?? '',
        ),
        'emitente',
      );
    const pares = await correspondencias(tx, origem.pedido_id!, Number(origem.numero), nota.itens);
    const itens = await itensDaDevolucaoVenda(
      tx,
      origem,
      pares.map((p) => ({
        item_id: p.linha.id,
        quantidade: p.quantidade,
        unidade: p.unidade,
        motivo,
        destino,
      })),
    ).catch((e: unknown) => {
      // the saldo or unit refusal names our item; the customer's item number leads it
      if (e instanceof AppError && e.details?.fields) {
        const campo = Object.keys(e.details.fields)[0] ?? '';
        const n = Number(/^itens\.(\d+)\./.exec(campo)?.[1] ?? Number.NaN);
        const nItem = Number.isNaN(n) ? null : nota.itens[n]?.nItem || n + 1;
        if (nItem !== null)
          throw new AppError('unprocessable', devolucoesMensagens.importacaoItem(nItem, e.message), {
            reason: 'item',
            fields: { [`itens.${n}`]: [e.message] },
          });
      }
      throw e;
    });
    return insereDevolucaoVenda(tx, actor, origem, itens, observacao, 'terceiro', {
      chave: nota.chave,
      numero,
      serie,
      emissao: nota.ide.dhEmi,
      xml: texto,
    });
  }).catch((e: unknown) => {
    if (pgConstraint(e) === 'devolucoes_chave_terceiro_key')
      throw new AppError('conflict', devolucoesMensagens.importacaoDuplicada(nota.chave, null), {
        reason: 'duplicada',
      });
    throw e;
  });

  const devolucao = await getDevolucao(db, id);
  const divergencias: string[] = [];
  // the return is valued by our note (in proportion to the original item); the customer's rounding
  // may differ by a cent per item — beyond that the difference is shown, never refused
  const vNF = nota.total.vNF ?? '0';
  const calculado = String(devolucao.valor_total);
  const tolerancia = Decimal.of('0.01').times(Math.max(1, nota.itens.length));
  if (Decimal.of(vNF).minus(calculado).abs().gt(tolerancia))
    divergencias.push(devolucoesMensagens.importacaoDivergenciaValor(vNF, calculado));
  return { ...devolucao, divergencias, alertas: analise.alertas };
}

/** POST /api/comercial/devolucoes/:id/lancar: a rascunho with the customer's NF-e → its effects. */
export async function lancaDevolucaoCliente(db: Db, actor: Actor, id: string) {
  await writeTx(db, actor, async (tx) => {
    const [d] = rowsOf<{ tipo: string; documento: string; status: StatusDevolucao }>(
      await tx.execute(sql`select tipo, documento, status from devolucoes where id = ${id} for update`),
    );
    if (d?.tipo !== 'venda') throw new AppError('not_found', devolucoesMensagens.naoEncontrada);
    if (d.documento !== 'terceiro')
      throw new AppError('conflict', devolucoesMensagens.lancarNotaPropria, { reason: 'documento_propria' });
    if (d.status !== 'rascunho')
      throw new AppError('conflict', devolucoesMensagens.lancarSoRascunho(statusDevolucaoLabels[d.status]), {
        reason: 'status',
      });
    await efetivaDevolucao(tx, actor, id, 'lancada');
  });
  return getDevolucao(db, id);
}
