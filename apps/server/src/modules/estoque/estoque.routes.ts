import {
  ajusteSchema,
  businessToday,
  categoriaCreateSchema,
  categoriasListQuerySchema,
  categoriaUpdateSchema,
  comNcmOficial,
  type ExportFormat,
  estoqueConfiguracoesSchema,
  estornoSchema,
  exportQuerySchema,
  grupoEstoqueCreateSchema,
  grupoEstoqueUpdateSchema,
  gruposEstoqueListQuerySchema,
  guards,
  inventarioAbrirSchema,
  inventarioContagemSchema,
  inventarioLancarSchema,
  inventarioLeituraSchema,
  inventariosListQuerySchema,
  kardexQuerySchema,
  locaisListQuerySchema,
  localCreateSchema,
  localUpdateSchema,
  loteCreateSchema,
  lotesListQuerySchema,
  loteUpdateSchema,
  ncmBuscaQuerySchema,
  posicaoListQuerySchema,
  produtoCreateSchema,
  produtosListQuerySchema,
  produtoUpdateSchema,
  screenPermission,
  transferenciaSchema,
  unidadeCreateSchema,
  unidadesListQuerySchema,
  unidadeUpdateSchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { exportResponse } from '../../lib/list-query.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { getSetting, setSetting } from '../configuracoes/settings.service.ts';
import {
  categoriasService,
  codigoNomeExportColumns,
  gruposEstoqueService,
  locaisService,
  localExportColumns,
  unidadeExportColumns,
  unidadesService,
} from './cadastros-estoque.service.ts';
import {
  abreInventario,
  cancelaInventario,
  detalheInventario,
  itensDoInventario,
  lancaInventario,
  listaInventarios,
  registraContagens,
  registraLeitura,
} from './inventario.service.ts';
import { exportaKardex, kardex, kardexExportColumns } from './kardex.service.ts';
import { loteExportColumns, lotesService } from './lotes.service.ts';
import { estornaMovimento, registraAjuste, registraTransferencia } from './movimentos.service.ts';
import { tabelaNcm } from './ncm-tabela.ts';
import { exportaPosicao, listaPosicao, posicaoExportColumns, saldosDoProduto } from './posicao.service.ts';
import { getProduto, produtoExportColumns, produtosService } from './produtos.service.ts';

// Spec section 6: the stock screens are admin/estoque. Unidades, grupos and categorias are read and
// written under their screen's entry of the shared route table (admin and estoque since issue 29,
// decision record 0007), so the API, the web guard and the menu cannot disagree.
const estoque = guards.adminEstoque;
const admin = guards.adminOnly;
const unidades = screenPermission('/estoque/unidades');
const gruposEstoque = screenPermission('/estoque/grupos');
const categorias = screenPermission('/estoque/categorias');

const ncmExiste = (codigo: string) => tabelaNcm().existe(codigo);
const idParams = z.object({ id: uuidParam });
const produtoParams = z.object({ produtoId: uuidParam });
const movimentoParams = z.object({
  id: z.coerce
    .number({ error: 'Identificador inválido' })
    .int('Identificador inválido')
    .min(1, 'Identificador inválido')
    .max(Number.MAX_SAFE_INTEGER, 'Identificador inválido'),
});
const saldosQuery = z.object({ local_id: uuidParam.optional() });

const cadastros = new Hono<AppEnv>()
  .route(
    '/unidades',
    registerRoutes({
      permission: unidades,
      schemas: { list: unidadesListQuerySchema, create: unidadeCreateSchema, update: unidadeUpdateSchema },
      service: unidadesService,
      export: { fileBase: 'unidades', columns: unidadeExportColumns },
    }),
  )
  .route(
    '/grupos',
    registerRoutes({
      permission: gruposEstoque,
      schemas: {
        list: gruposEstoqueListQuerySchema,
        create: grupoEstoqueCreateSchema,
        update: grupoEstoqueUpdateSchema,
      },
      service: gruposEstoqueService,
      export: { fileBase: 'grupos-estoque', columns: codigoNomeExportColumns },
    }),
  )
  .route(
    '/categorias',
    registerRoutes({
      permission: categorias,
      schemas: {
        list: categoriasListQuerySchema,
        create: categoriaCreateSchema,
        update: categoriaUpdateSchema,
      },
      service: categoriasService,
      export: { fileBase: 'categorias', columns: codigoNomeExportColumns },
    }),
  )
  .route(
    '/locais',
    registerRoutes({
      permission: estoque,
      schemas: { list: locaisListQuerySchema, create: localCreateSchema, update: localUpdateSchema },
      service: locaisService,
      export: { fileBase: 'locais-estoque', columns: localExportColumns },
    }),
  )
  .get(
    '/produtos/:id/kardex',
    requires(estoque),
    pathParams(idParams),
    queryParams(kardexQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await getProduto(c.var.deps.db, id);
      return c.json(await kardex(c.var.deps.db, id, c.req.valid('query')));
    },
  )
  .get(
    '/produtos/:id/kardex/export',
    requires(estoque),
    pathParams(idParams),
    queryParams(exportQuerySchema(kardexQuerySchema)),
    async (c) => {
      const { id } = c.req.valid('param');
      const produto = await getProduto(c.var.deps.db, id);
      const query = c.req.valid('query') as z.output<typeof kardexQuerySchema> & { formato: ExportFormat };
      const rows = await exportaKardex(c.var.deps.db, id, query);
      return exportResponse(
        query.formato,
        `kardex-${produto.codigo}`,
        kardexExportColumns,
        rows,
        businessToday(),
      );
    },
  )
  .route(
    '/produtos',
    registerRoutes({
      permission: estoque,
      schemas: {
        list: produtosListQuerySchema,
        create: comNcmOficial(produtoCreateSchema, ncmExiste),
        update: comNcmOficial(produtoUpdateSchema, ncmExiste),
      },
      service: produtosService,
      export: { fileBase: 'produtos', columns: produtoExportColumns },
    }),
  )
  .route(
    '/lotes',
    registerRoutes({
      permission: estoque,
      schemas: { list: lotesListQuerySchema, create: loteCreateSchema, update: loteUpdateSchema },
      service: lotesService,
      export: { fileBase: 'lotes', columns: loteExportColumns },
    }),
  )
  .get('/ncm', requires(estoque), queryParams(ncmBuscaQuerySchema), (c) =>
    c.json(tabelaNcm().buscar(c.req.valid('query').q)),
  );

const razao = new Hono<AppEnv>()
  .get('/configuracoes', requires(estoque), async (c) =>
    c.json({ permitir_estoque_negativo: await getSetting(c.var.deps.db, 'permitir_estoque_negativo') }),
  )
  .put('/configuracoes', requires(admin), jsonBody(estoqueConfiguracoesSchema), async (c) => {
    const { permitir_estoque_negativo } = c.req.valid('json');
    await setSetting(c.var.deps.db, actorOf(c), 'permitir_estoque_negativo', permitir_estoque_negativo);
    return c.json({ permitir_estoque_negativo });
  })
  .get('/posicao', requires(estoque), queryParams(posicaoListQuerySchema), async (c) =>
    c.json(await listaPosicao(c.var.deps.db, c.req.valid('query'))),
  )
  .get(
    '/posicao/export',
    requires(estoque),
    queryParams(exportQuerySchema(posicaoListQuerySchema)),
    async (c) => {
      const query = c.req.valid('query') as z.output<typeof posicaoListQuerySchema> & {
        formato: ExportFormat;
      };
      const rows = await exportaPosicao(c.var.deps.db, query);
      return exportResponse(query.formato, 'posicao-estoque', posicaoExportColumns, rows, businessToday());
    },
  )
  .get(
    '/posicao/:produtoId/saldos',
    requires(estoque),
    pathParams(produtoParams),
    queryParams(saldosQuery),
    async (c) =>
      c.json(
        await saldosDoProduto(c.var.deps.db, c.req.valid('param').produtoId, c.req.valid('query').local_id),
      ),
  )
  .post('/ajustes', requires(estoque), jsonBody(ajusteSchema), async (c) =>
    c.json(await registraAjuste(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .post('/transferencias', requires(estoque), jsonBody(transferenciaSchema), async (c) =>
    c.json(await registraTransferencia(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .post(
    '/movimentos/:id/estorno',
    requires(estoque),
    pathParams(movimentoParams),
    jsonBody(estornoSchema),
    async (c) =>
      c.json(
        await estornaMovimento(
          c.var.deps.db,
          actorOf(c),
          c.req.valid('param').id,
          c.req.valid('json').motivo,
        ),
        201,
      ),
  )
  .get('/inventarios', requires(estoque), queryParams(inventariosListQuerySchema), async (c) =>
    c.json(await listaInventarios(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/inventarios', requires(estoque), jsonBody(inventarioAbrirSchema), async (c) =>
    c.json(await abreInventario(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .get('/inventarios/:id', requires(estoque), pathParams(idParams), async (c) =>
    c.json(await detalheInventario(c.var.deps.db, c.req.valid('param').id)),
  )
  .get('/inventarios/:id/itens', requires(estoque), pathParams(idParams), async (c) =>
    c.json(await itensDoInventario(c.var.deps.db, c.req.valid('param').id)),
  )
  .put(
    '/inventarios/:id/contagens',
    requires(estoque),
    pathParams(idParams),
    jsonBody(inventarioContagemSchema),
    async (c) =>
      c.json(
        await registraContagens(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
      ),
  )
  .post(
    '/inventarios/:id/leituras',
    requires(estoque),
    pathParams(idParams),
    jsonBody(inventarioLeituraSchema),
    async (c) =>
      c.json(
        await registraLeitura(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json').codigo),
      ),
  )
  .post(
    '/inventarios/:id/lancar',
    requires(estoque),
    pathParams(idParams),
    jsonBody(inventarioLancarSchema),
    async (c) =>
      c.json(await lancaInventario(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/inventarios/:id/cancelar', requires(estoque), pathParams(idParams), async (c) =>
    c.json(await cancelaInventario(c.var.deps.db, actorOf(c), c.req.valid('param').id)),
  );

/** /api/estoque: the registers, the ledger's movements and its queries. */
export const estoqueRoutes = new Hono<AppEnv>().route('/', cadastros).route('/', razao);
