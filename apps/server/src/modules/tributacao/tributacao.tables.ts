import type {
  Crt,
  Csosn,
  CstIbsCbs,
  CstIcms,
  CstIpi,
  CstPisCofins,
  DestinoRegra,
  OperacaoFiscal,
  SentidoNf,
  TipoDestinatario,
  Uf,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, versao } from '../../db/columns.ts';
import { products } from '../estoque/estoque.tables.ts';

// The tabela de tributação: one row per rule, its columns the fields of the shared
// regraTributacaoSchema (packages/shared/src/tributacao/regra.schema.ts), which the engine reads
// as they are. See README.md for what each field means and which rule wins.

/** A rate in percent: numeric(7,4) text ("18.0000"); null = "automático" where the schema allows. */
const percentual = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(7,4)' });

export const regrasTributacao = pgTable(
  'regras_tributacao',
  {
    id: id(),
    descricao: text('descricao').notNull(),
    ativa: boolean('ativa').notNull().default(true),

    // match
    operacao: text('operacao').$type<OperacaoFiscal>().notNull(),
    sentido: text('sentido').$type<SentidoNf>().notNull().default('saida'),
    crt: text('crt').$type<Crt>().notNull(),
    produtoId: uuid('produto_id').references(() => products.id),
    ncmPrefixo: text('ncm_prefixo'),
    ufOrigem: text('uf_origem').$type<Uf>(),
    destino: text('destino').$type<DestinoRegra>(),
    tipoDestinatario: text('tipo_destinatario').$type<TipoDestinatario>(),

    // gives
    cfop: text('cfop').notNull(),
    cstIcms: text('cst_icms').$type<CstIcms>(),
    csosn: text('csosn').$type<Csosn>(),
    pIcms: percentual('p_icms'),
    pRedBc: percentual('p_red_bc').notNull().default('0'),
    pFcp: percentual('p_fcp'),
    pCredSn: percentual('p_cred_sn'),
    pMvaSt: percentual('p_mva_st'),
    ajustaMva: boolean('ajusta_mva').notNull().default(true),
    pIcmsSt: percentual('p_icms_st'),
    pRedBcSt: percentual('p_red_bc_st').notNull().default('0'),
    pFcpSt: percentual('p_fcp_st'),
    pIcmsUfDest: percentual('p_icms_uf_dest'),
    pFcpUfDest: percentual('p_fcp_uf_dest'),
    cstIpi: text('cst_ipi').$type<CstIpi>(),
    cEnq: text('c_enq').notNull().default('999'),
    pIpi: percentual('p_ipi').notNull().default('0'),
    cstPis: text('cst_pis').$type<CstPisCofins>().notNull(),
    pPis: percentual('p_pis'),
    cstCofins: text('cst_cofins').$type<CstPisCofins>().notNull(),
    pCofins: percentual('p_cofins'),
    cstIbsCbs: text('cst_ibs_cbs').$type<CstIbsCbs>(),
    cClassTrib: text('c_class_trib'),
    pIbsUf: percentual('p_ibs_uf'),
    pIbsMun: percentual('p_ibs_mun'),
    pCbs: percentual('p_cbs'),
    pRedAliq: percentual('p_red_aliq').notNull().default('0'),

    busca: text('busca')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`erp_normaliza(descricao || ' ' || coalesce(ncm_prefixo, '') || ' ' || cfop)`),
      ),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Two active rules with the same match would tie (matchRule: the first wins): refused. NULL is
    // "qualquer", so it takes part in the key as ''.
    uniqueIndex('regras_tributacao_correspondencia_key')
      .on(
        t.operacao,
        t.sentido,
        t.crt,
        sql`coalesce(${t.produtoId}::text, '')`,
        sql`coalesce(${t.ncmPrefixo}, '')`,
        sql`coalesce(${t.ufOrigem}, '')`,
        sql`coalesce(${t.destino}, '')`,
        sql`coalesce(${t.tipoDestinatario}, '')`,
      )
      .where(sql`${t.ativa}`),
    // matching: the active rules of an operation and regime, by destination and origin UF …
    index('regras_tributacao_operacao_idx')
      .on(t.operacao, t.sentido, t.crt, t.destino, t.ufOrigem)
      .where(sql`${t.ativa}`),
    // … narrowed to the item's NCM prefixes and products
    index('regras_tributacao_ncm_idx').on(t.ncmPrefixo).where(sql`${t.ncmPrefixo} is not null`),
    index('regras_tributacao_produto_idx').on(t.produtoId).where(sql`${t.produtoId} is not null`),
    // the list: search (trigram) and its default order
    index('regras_tributacao_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    index('regras_tributacao_busca_ordem_idx').on(t.busca, t.id),
    check(
      'regras_tributacao_operacao_check',
      sql`${t.operacao} in ('venda', 'bonificacao', 'devolucao', 'transferencia')`,
    ),
    check('regras_tributacao_sentido_check', sql`${t.sentido} in ('saida', 'entrada')`),
    check('regras_tributacao_crt_check', sql`${t.crt} in ('1', '2', '3', '4')`),
    check('regras_tributacao_alvo_check', sql`${t.produtoId} is null or ${t.ncmPrefixo} is null`),
    check('regras_tributacao_ncm_check', sql`${t.ncmPrefixo} ~ '^[0-9]{2,8}$'`),
    check('regras_tributacao_cfop_check', sql`${t.cfop} ~ '^[1256][0-9]{3}$'`),
    check(
      'regras_tributacao_icms_check',
      sql`(${t.cstIcms} is null) <> (${t.csosn} is null) and (${t.csosn} is null) = (${t.crt} in ('2', '3'))`,
    ),
    check(
      'regras_tributacao_tipo_destinatario_check',
      sql`${t.tipoDestinatario} in ('contribuinte', 'consumidor_final', 'nao_contribuinte')`,
    ),
    check('regras_tributacao_c_enq_check', sql`${t.cEnq} ~ '^[0-9]{3}$'`),
    check('regras_tributacao_c_class_trib_check', sql`${t.cClassTrib} ~ '^[0-9]{6}$'`),
    check('regras_tributacao_ibs_cbs_check', sql`(${t.cstIbsCbs} is null) = (${t.cClassTrib} is null)`),
    check(
      'regras_tributacao_percentuais_check',
      sql`coalesce(${t.pIcms}, 0) >= 0 and ${t.pRedBc} >= 0 and ${t.pRedBc} < 100
        and coalesce(${t.pFcp}, 0) >= 0 and coalesce(${t.pCredSn}, 0) >= 0 and coalesce(${t.pMvaSt}, 0) >= 0
        and coalesce(${t.pIcmsSt}, 0) >= 0 and ${t.pRedBcSt} >= 0 and ${t.pRedBcSt} < 100
        and coalesce(${t.pFcpSt}, 0) >= 0 and coalesce(${t.pIcmsUfDest}, 0) >= 0
        and coalesce(${t.pFcpUfDest}, 0) >= 0 and ${t.pIpi} >= 0 and coalesce(${t.pPis}, 0) >= 0
        and coalesce(${t.pCofins}, 0) >= 0 and coalesce(${t.pIbsUf}, 0) >= 0
        and coalesce(${t.pIbsMun}, 0) >= 0 and coalesce(${t.pCbs}, 0) >= 0
        and ${t.pRedAliq} >= 0 and ${t.pRedAliq} <= 100`,
    ),
  ],
);
