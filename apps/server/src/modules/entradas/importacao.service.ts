import { custoItemNfe, IMPORTACAO_MAX_ARQUIVOS, type ImportarEntradas } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts';
import { executa, TarefaInterrompida } from '../../lib/trabalho/pool.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import { type AnaliseNfe, NfeRecusada } from '../nfe/leitura.ts';
import { NfeIlegivel } from '../nfe/parser.ts';
import { NfeSchemasIndisponiveis } from '../nfe/xsd.ts';
import { empresaDestinataria, recusaDestinatario } from './destinatario.ts';
import { type EntradaResumo, getEntrada } from './entradas.service.ts';
import { entradaDuplicatas, entradaItemLotes, entradas } from './entradas.tables.ts';
import { conversao, fatorDoItem, resolveMapeamentos } from './mapeamento.service.ts';
import { caractereProibidoXml } from './xml-caracteres.ts';

// POST /api/estoque/entradas/importar: one or many NF-e XML files (a .zip expands), each checked
// (XSD, chave, signature — ../nfe/leitura.ts) and stored as a receipt in rascunho with the XML
// exactly as received, the supplier found by its CNPJ and the items mapped where possible.
// Each file is its own transaction: one refused file does not stop the others.

export const importacaoMensagens = {
  duplicada: (chave: string) => `NF-e já importada (chave ${chave}).`,
  naoXml: 'Envie arquivos .xml de NF-e ou um .zip com eles.',
  base64: 'Conteúdo do arquivo inválido.',
  zipInvalido: 'O arquivo .zip não pôde ser aberto.',
  zipGrande: 'O arquivo .zip é grande demais (máximo 50 MB descompactados).',
  valorInvalido: 'A NF-e tem um valor fora do formato do leiaute (número, data ou tamanho).',
  arquivosDemais: `Envie no máximo ${IMPORTACAO_MAX_ARQUIVOS} notas por vez.`,
} as const;

const ZIP_MAX_BYTES = 50 * 1024 * 1024;

export type ResultadoImportacao =
  | { arquivo: string; ok: true; entrada: EntradaResumo }
  | { arquivo: string; ok: false; mensagem: string };

type Arquivo = { nome: string; bytes: Uint8Array };

/** Expands .zip files; anything not .xml is refused per file. */
function arquivosDe(input: ImportarEntradas): Array<Arquivo | { nome: string; erro: string }> {
  const out: Array<Arquivo | { nome: string; erro: string }> = [];
  for (const a of input.arquivos) {
    const bytes = Buffer.from(a.conteudo_base64, 'base64');
    if (!bytes.length) {
      out.push({ nome: a.nome, erro: importacaoMensagens.base64 });
      continue;
    }
    const zip = /\.zip$/i.test(a.nome) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
    if (!zip) {
      out.push({ nome: a.nome, bytes });
      continue;
    }
    let total = 0;
    let xmls = 0;
    let grande = false;
    try {
      const files = unzipSync(bytes, {
        filter: (f) => {
          if (!/\.xml$/i.test(f.name) || f.name.startsWith('__MACOSX/')) return false;
          total += f.originalSize;
          if (total > ZIP_MAX_BYTES) grande = true;
          // beyond the per-import limit nothing more is inflated (the count is refused below)
          return !grande && ++xmls <= IMPORTACAO_MAX_ARQUIVOS + 1;
        },
      });
      if (grande) {
        out.push({ nome: a.nome, erro: importacaoMensagens.zipGrande });
        continue;
      }
      const nomes = Object.keys(files).sort();
      if (!nomes.length) out.push({ nome: a.nome, erro: importacaoMensagens.naoXml });
      for (const n of nomes) out.push({ nome: `${a.nome}/${n}`, bytes: files[n]! });
    } catch {
      out.push({ nome: a.nome, erro: importacaoMensagens.zipInvalido });
    }
  }
  return out;
}

const n2 = (v: string | null | undefined) => v ?? '0';

async function fornecedorPorDocumento(tx: Tx, documento: string): Promise<string | null> {
  if (!documento) return null;
  const [r] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from fornecedores where documento = ${documento.toUpperCase()} limit 1`),
  );
  return r?.id ?? null;
}

/** Inserts the receipt of one analysed XML; answers its id. */
export async function gravaEntradaDeXml(
  tx: Tx,
  actor: Actor,
  a: AnaliseNfe,
  bytes: Uint8Array,
  nomeArquivo: string,
  recuperaveis: boolean,
): Promise<string> {
  const { nota } = a;
  const [dup] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from entradas where chave = ${nota.chave}`),
  );
  if (dup) throw new AppError('conflict', importacaoMensagens.duplicada(nota.chave), { reason: 'duplicada' });
  const fornecedorId = await fornecedorPorDocumento(tx, nota.emit.documento);
  const t = nota.total;
  const [e] = await tx
    .insert(entradas)
    .values({
      origem: 'xml',
      chave: nota.chave,
      modelo: nota.ide.mod,
      serie: Number(nota.ide.serie),
      numero: Number(nota.ide.nNF),
      emissao: new Date(nota.ide.dhEmi),
      naturezaOperacao: nota.ide.natOp,
      fornecedorId,
      emitente: nota.emit as unknown as Record<string, unknown>,
      emitenteDocumento: nota.emit.documento,
      emitenteNome: nota.emit.xNome,
      valorProdutos: n2(t.vProd),
      valorDesconto: n2(t.vDesc),
      valorFrete: n2(t.vFrete),
      valorSeguro: n2(t.vSeg),
      valorOutros: n2(t.vOutro),
      valorIpi: n2(t.vIPI),
      valorIcmsSt: n2(t.vST),
      valorIcms: n2(t.vICMS),
      valorNota: n2(t.vNF),
      xmlOriginal: Buffer.from(bytes),
      xmlNomeArquivo: nomeArquivo.slice(0, 255),
      xsdValido: a.xsd.valido,
      xsdErros: a.xsd.erros,
      assinatura: a.assinatura.status,
      assinaturaMotivo: a.assinatura.motivo,
      certificado: a.assinatura.certificado,
      alertas: a.alertas,
      criadoPor: actor.userId,
    })
    .returning({ id: entradas.id });
  const entradaId = e!.id;
  const custos = nota.itens.map((i) =>
    custoItemNfe(
      {
        vProd: i.vProd,
        vDesc: i.vDesc,
        vFrete: i.vFrete,
        vSeg: i.vSeg,
        vOutro: i.vOutro,
        vIPI: i.imposto.vIPI,
        vICMSST: i.imposto.vICMSST,
        vICMS: i.imposto.vICMS,
        vPIS: i.imposto.vPIS,
        vCOFINS: i.imposto.vCOFINS,
      },
      recuperaveis,
    ),
  );
  // the automatic mapping is chosen before the rows are written (one insert, no update pass)
  const mapeados = await resolveMapeamentos(
    tx,
    nota.itens.map((i, idx) => ({
      id: String(idx),
      c_prod: i.cProd,
      c_ean: i.cEAN,
      c_ean_trib: i.cEANTrib,
      u_com: i.uCom,
      q_com: i.qCom,
      u_trib: i.uTrib,
      q_trib: i.qTrib,
      custo_total: custos[idx]!,
    })),
    fornecedorId,
  );
  const escolhas = new Map(
    mapeados.map((m) => {
      const f = fatorDoItem(m.item, m.produto, m.embalagens, m.embalagemId);
      const c = conversao(m.item, f?.fator ?? null);
      const valores = {
        produtoId: m.produto.id,
        embalagemId: f?.embalagemId ?? m.embalagemId,
        fator: f?.fator ?? null,
        quantidadeBase: c.quantidadeBase,
        custoUnitario: c.custoUnitario,
        mapeamento: m.como,
      };
      return [Number(m.itemId), valores] as const;
    }),
  );
  // The items travel as one jsonb parameter read with the table's own row type: a 990-item note built
  // as a multi-row insert of ~30,000 bound parameters cost ~200 ms of the event loop in the query
  // builder alone (profiled in bench:uploads), time every other user's request waited for.
  const linhas = nota.itens.map((i, idx) => {
    const m = escolhas.get(idx);
    return {
      entrada_id: entradaId,
      n_item: i.nItem || idx + 1,
      c_prod: i.cProd,
      c_ean: i.cEAN,
      c_ean_trib: i.cEANTrib,
      x_prod: i.xProd,
      ncm: i.NCM,
      cfop: i.CFOP,
      u_com: i.uCom,
      q_com: i.qCom,
      v_un_com: i.vUnCom,
      u_trib: i.uTrib,
      q_trib: i.qTrib,
      v_prod: i.vProd,
      v_desc: n2(i.vDesc),
      v_frete: n2(i.vFrete),
      v_seg: n2(i.vSeg),
      v_outro: n2(i.vOutro),
      v_ipi: n2(i.imposto.vIPI),
      v_icms_st: n2(i.imposto.vICMSST),
      v_icms: n2(i.imposto.vICMS),
      v_pis: n2(i.imposto.vPIS),
      v_cofins: n2(i.imposto.vCOFINS),
      custo_total: custos[idx]!,
      produto_id: m?.produtoId ?? null,
      embalagem_id: m?.embalagemId ?? null,
      fator: m?.fator ?? null,
      quantidade_base: m?.quantidadeBase ?? null,
      custo_unitario: m?.custoUnitario ?? null,
      mapeamento: m?.mapeamento ?? null,
      dados: { imposto: i.imposto, xPed: i.xPed, infAdProd: i.infAdProd, CEST: i.CEST },
    };
  });
  const colunas = sql.raw(Object.keys(linhas[0] ?? { entrada_id: null }).join(', '));
  const inseridos = linhas.length
    ? rowsOf<{ id: string; n_item: number }>(
        await tx.execute(sql`insert into entrada_itens (${colunas})
          select ${colunas} from jsonb_populate_recordset(null::entrada_itens, ${JSON.stringify(linhas)}::jsonb)
          returning id, n_item`),
      )
    : [];
  const idDoItem = new Map(inseridos.map((r) => [r.n_item, r.id]));
  const itens = linhas.map((l) => ({ id: idDoItem.get(l.n_item)!, nItem: l.n_item }));
  const lotes = nota.itens.flatMap((i, idx) =>
    i.rastro
      .filter((r) => r.nLote)
      .map((r) => ({
        itemId: itens[idx]!.id,
        numero: r.nLote.slice(0, 60),
        quantidade: r.qLote,
        fabricacao: r.dFab,
        validade: r.dVal,
        origem: 'rastro' as const,
      })),
  );
  if (lotes.length) await tx.insert(entradaItemLotes).values(lotes);
  if (nota.cobr.dup.length)
    await tx.insert(entradaDuplicatas).values(
      nota.cobr.dup.map((d, i) => ({
        entradaId,
        numero: d.nDup || String(i + 1).padStart(3, '0'),
        vencimento: d.dVenc,
        valor: d.vDup,
      })),
    );
  return entradaId;
}

export async function importaEntradas(
  db: Db,
  actor: Actor,
  schemasDir: string | undefined,
  input: ImportarEntradas,
): Promise<{ resultados: ResultadoImportacao[] }> {
  // Never skip validation: without the schemas folder nothing is imported. The schemas are compiled,
  // and every file read, on the worker pool (lib/trabalho): the event loop stays free for other users.
  try {
    await executa('verificaPastaSchemas', schemasDir);
  } catch (e) {
    if (e instanceof NfeSchemasIndisponiveis)
      throw new AppError('unavailable', e.message, { reason: 'nfe_schemas' });
    throw e;
  }
  const arquivos = arquivosDe(input);
  if (arquivos.length > IMPORTACAO_MAX_ARQUIVOS)
    throw new AppError('validation_failed', importacaoMensagens.arquivosDemais);
  const recuperaveis = await getSetting(db, 'entradas_impostos_recuperaveis');
  const empresa = await empresaDestinataria(db);
  const resultados: ResultadoImportacao[] = [];
  for (const a of arquivos) {
    if ('erro' in a) {
      resultados.push({ arquivo: a.nome, ok: false, mensagem: a.erro });
      continue;
    }
    try {
      const proibido = caractereProibidoXml(a.bytes);
      if (proibido) throw new AppError('unprocessable', proibido, { reason: 'caractere' });
      const analise = await executa('analisaNfe', schemasDir, a.bytes);
      // a note not addressed to the company (or issued by it) is refused before anything is written
      const recusa = recusaDestinatario(analise.nota, empresa);
      if (recusa) throw new AppError('unprocessable', recusa, { reason: 'destinatario' });
      const id = await writeTx(db, actor, (tx) =>
        gravaEntradaDeXml(tx, actor, analise, a.bytes, a.nome, recuperaveis),
      ).catch((e) => {
        if (pgConstraint(e) === 'entradas_chave_key')
          throw new AppError('conflict', importacaoMensagens.duplicada(analise.nota.chave));
        throw e;
      });
      resultados.push({ arquivo: a.nome, ok: true, entrada: await getEntrada(db, id) });
    } catch (e) {
      if (
        e instanceof NfeRecusada ||
        e instanceof NfeIlegivel ||
        e instanceof AppError ||
        e instanceof TarefaInterrompida
      )
        resultados.push({ arquivo: a.nome, ok: false, mensagem: e.message });
      else if (e instanceof NfeSchemasIndisponiveis) throw e;
      // A value the layout does not allow (a number, a date, a size) that only the arithmetic or the
      // database noticed: the file is refused; a database failure of another kind is not the file's fault.
      else if (!pgErrorCode(e) || ['22P02', '22003', '22007', '22008', '22001'].includes(pgErrorCode(e)!))
        resultados.push({ arquivo: a.nome, ok: false, mensagem: importacaoMensagens.valorInvalido });
      else throw e;
    }
  }
  return { resultados };
}
