import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { chama } from '../financeiro/financeiro-test-support.ts';
import { montaNfeXml } from './nfe-exemplo.ts';

// The DANFE (PDF) of an incoming note: GET /api/estoque/entradas/:id/danfe (admin, estoque) and
// /api/notasfiscais/entrada/:id/danfe (admin, comercial) — the same permissions as the XML download.

const pula = !TEST_NFE_SCHEMAS_DIR || !temPoppler;
if (pula)
  console.warn(
    'danfe-entrada.test: ../shared/nfe/schemas/PL_010_V1.30 ou pdftotext ausente — testes pulados',
  );

let t: TestContext;
let estoque: string;
let comercial: string;
let financeiro: string;
let id: string;

const xml = montaNfeXml({
  cnpjEmitente: '34128745000152',
  nomeEmitente: 'Alimentos Granola Ltda',
  numero: 4321,
  dhEmi: '2026-03-10T10:00:00-03:00',
  itens: [{ cProd: 'AV-500', xProd: 'AVEIA 500G', uCom: 'UN', qCom: '7.0000', vUnCom: '3.1000000000' }],
});

beforeAll(async () => {
  if (pula) return;
  t = await createTestApp();
  estoque = (await t.signIn(['estoque'])).token;
  comercial = (await t.signIn(['comercial'])).token;
  financeiro = (await t.signIn(['financeiro'])).token;
  const r = await chama(t, estoque, 'POST', '/api/estoque/entradas/importar', {
    arquivos: [{ nome: 'nota.xml', conteudo_base64: Buffer.from(xml).toString('base64') }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  id = r.body.resultados[0].entrada.id;
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(pula)('DANFE of an incoming note', () => {
  it('estoque and comercial get the PDF with the chave, número and total; others 403; unknown id 404', async () => {
    for (const [tok, url] of [
      [estoque, `/api/estoque/entradas/${id}/danfe`],
      [comercial, `/api/notasfiscais/entrada/${id}/danfe`],
    ] as const) {
      const res = await t.request('GET', url, { token: tok });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="[0-9]{44}-danfe\.pdf"$/);
      const [pagina] = paginasPdf(Buffer.from(await res.arrayBuffer()));
      expect(pagina).toContain('DANFE');
      expect(pagina).toContain('Nº 000.004.321');
      expect(pagina).toContain('Alimentos Granola Ltda');
      expect(pagina).toContain('AVEIA 500G');
      expect(pagina).toContain('21,70');
    }
    expect((await t.request('GET', `/api/estoque/entradas/${id}/danfe`, { token: comercial })).status).toBe(
      403,
    );
    expect(
      (await t.request('GET', `/api/notasfiscais/entrada/${id}/danfe`, { token: financeiro })).status,
    ).toBe(403);
    const outro = '00000000-0000-4000-8000-000000000000';
    expect(
      (await t.request('GET', `/api/notasfiscais/entrada/${outro}/danfe`, { token: comercial })).status,
    ).toBe(404);
  });
});
