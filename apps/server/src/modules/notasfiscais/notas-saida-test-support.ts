// Helpers for the outgoing NF-e tests (not a test file itself): the fiscal settings, a série and
// the A1 certificate through the API (the test PFX of pfx-teste.ts), customers with a full address,
// and released orders through the comercial API.
import { cnpjWithCheckDigits, formatCnpj } from '@erp/shared';
import { type AcTeste, geraAcTeste, geraPfxTeste, type PfxTeste } from '../../test/pfx-teste.ts';
import { TEST_CNPJ_EMITENTE, type TestContext } from '../../test/test-app.ts';
import { clientes } from '../cadastros/cadastros.tables.ts';
import {
  chama,
  criaProduto,
  criaRegra,
  entrada,
  type Json,
  pedido,
} from '../comercial/comercial-test-support.ts';

/** An alphanumeric CNPJ (IN RFB 2.229/2024) for the tests of the settings themselves. */
export const CNPJ_ALFANUMERICO = '12ABC34501DE35';
/**
 * The emitente's CNPJ in the emission tests: alphanumeric when the active XSD package accepts it (the
 * official PL_010 v1.30, as in CI), numeric with the npm default on a fresh clone (its PL_010b TCnpj is
 * digits only — docs/decisions/0006-pacote-xsd-nfe.md).
 */
export const CNPJ_EMITENTE = TEST_CNPJ_EMITENTE;

export const CONFIG_FISCAL = {
  emitente: {
    cnpj: formatCnpj(CNPJ_EMITENTE),
    ie: '110.042.490.114',
    im: '1234567',
    cnae: '4639-7/01',
    crt: '3',
    razao_social: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA',
    fantasia: 'Distribuidora Paulista',
    endereco: {
      logradouro: 'Rua da Mooca',
      numero: '1200',
      complemento: 'Galpão 3',
      bairro: 'Mooca',
      codigo_municipio: '3550308',
      municipio: '',
      uf: 'SP',
      cep: '03103-000',
      telefone: '(11) 3222-4000',
    },
  },
  ambiente: 'homologacao',
  responsavel_tecnico: {
    cnpj: '11.222.333/0001-81',
    contato: 'Equipe Plataforma ERP',
    email: 'suporte@plataforma-erp.com.br',
    fone: '(11) 4000-1234',
    id_csrt: '01',
    csrt: 'CSRT-SEGREDO-123456',
  },
  informacoes_complementares: 'Mercadoria conferida na entrega.',
  regime: { regime_pis_cofins: 'nao_cumulativo', exclui_icms_base_pis_cofins: true },
};

const ok = (r: { status: number; body: Json }, esperado: number, o: string) => {
  if (r.status !== esperado) throw new Error(`${o}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

/** Settings and série 1 (from `proximo`): what an emission needs besides the certificate. */
export async function preparaEmissao(
  t: TestContext,
  admin: string,
  opts: { proximo?: number; cnpj?: string } = {},
) {
  const config = opts.cnpj
    ? { ...CONFIG_FISCAL, emitente: { ...CONFIG_FISCAL.emitente, cnpj: formatCnpj(opts.cnpj) } }
    : CONFIG_FISCAL;
  ok(await chama(t, admin, 'PUT', '/api/fiscal/configuracao', config), 200, 'configuração fiscal');
  ok(
    await chama(t, admin, 'POST', '/api/fiscal/series', {
      serie: 1,
      proximo_numero: opts.proximo ?? 1,
      padrao: true,
    }),
    201,
    'série',
  );
}

/** Uploads an ICP-Brasil-like test A1 of the emitente (legacy-encrypted PFX); the CA that issued it. */
export async function enviaCertificado(
  t: TestContext,
  admin: string,
  opts: { cnpj?: string } = {},
): Promise<AcTeste & { pfx: PfxTeste }> {
  const ac = geraAcTeste();
  const g = geraPfxTeste({
    cnpj: opts.cnpj ?? CNPJ_EMITENTE,
    razaoSocial: CONFIG_FISCAL.emitente.razao_social,
    ac,
  });
  ok(
    await chama(t, admin, 'POST', '/api/fiscal/certificado', {
      nome: 'empresa.pfx',
      conteudo_base64: g.pfx.toString('base64'),
      senha: g.senha,
    }),
    201,
    'certificado',
  );
  return { ...ac, pfx: g };
}

let seq = 0;

/** A customer with the address an NF-e needs (contribuinte in SP unless told otherwise). */
export async function criaClienteNfe(
  t: TestContext,
  v: {
    razaoSocial?: string;
    uf?: string;
    codigoMunicipio?: string;
    municipio?: string;
    indicadorIe?: '1' | '2' | '9';
  } = {},
): Promise<string> {
  seq++;
  const ind = v.indicadorIe ?? '1';
  const [row] = await t.db
    .insert(clientes)
    .values({
      tipoPessoa: 'J',
      documento: cnpjWithCheckDigits(`${String(40_000_000 + seq * 7919).slice(0, 8)}0001`),
      razaoSocial: v.razaoSocial ?? `Mercado Teste ${seq} Ltda`,
      uf: v.uf ?? 'SP',
      indicadorIe: ind,
      inscricaoEstadual: ind === '1' ? '110042490114' : null,
      limiteCredito: '1000000',
      logradouro: 'Avenida Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      municipio: v.municipio ?? 'São Paulo',
      codigoMunicipio: v.codigoMunicipio ?? '3550308',
      cep: '01310100',
      email: 'compras@mercado.example',
    })
    .returning({ id: clientes.id });
  return row!.id;
}

/** A product with stock and its tax rule (once per test file). */
export async function produtoComRegra(
  t: TestContext,
  admin: string,
  v: { nome: string; regra?: Json; estoque?: string },
): Promise<string> {
  const id = await criaProduto(t.db, {
    nome: v.nome,
    precoVenda: '12.50',
    pesoBruto: '1.2',
    pesoLiquido: '1',
  });
  await criaRegra(t, admin, {
    descricao: `Venda de ${v.nome}`,
    cfop: '5102',
    produto_id: id,
    ...(v.regra as object),
  });
  await entrada(t.db, id, v.estoque ?? '100000');
  return id;
}

/** An order of the customer confirmed to liberado; its id. */
export async function pedidoLiberado(
  t: TestContext,
  token: string,
  clienteId: string,
  itens: [produtoId: string, quantidade: string, preco: string][],
  extra: Json = {},
): Promise<{ id: string; numero: number; valor_total: string }> {
  const criado = ok(
    await chama(
      t,
      token,
      'POST',
      '/api/comercial/pedidos',
      pedido(
        clienteId,
        itens.map(([p, q, preco]) => [p, 'UN', q, preco]),
        extra,
      ),
    ),
    201,
    'pedido',
  );
  const conf = ok(
    await chama(t, token, 'POST', `/api/comercial/pedidos/${criado.id}/confirmar`, { versao: criado.versao }),
    200,
    'confirmar',
  );
  if (conf.status !== 'liberado') throw new Error(`pedido ${conf.numero} ficou ${conf.status}`);
  return { id: conf.id, numero: conf.numero, valor_total: conf.valor_total };
}

/**
 * Issue 21: an order is invoiced only once conferido — here through the real dispatch API: a
 * liberado order moves to em separação, every product is scanned blind by its code and base
 * quantity, and the check is finished (conferida; the order conferido).
 */
export async function conferePedido(t: TestContext, token: string, pedidoId: string): Promise<void> {
  let p = ok(await chama(t, token, 'GET', `/api/comercial/pedidos/${pedidoId}`), 200, 'pedido');
  if (p.status === 'liberado')
    p = ok(
      await chama(t, token, 'POST', `/api/comercial/pedidos/${pedidoId}/transicao`, {
        para: 'em_separacao',
        versao: p.versao,
      }),
      200,
      'em separação',
    );
  const c = ok(
    await chama(t, token, 'POST', '/api/expedicao/conferencias', { pedido_id: pedidoId }),
    201,
    'conferência',
  );
  for (const it of p.itens as Json[])
    ok(
      await chama(t, token, 'POST', `/api/expedicao/conferencias/${c.id}/leituras`, {
        codigo: it.produto_codigo,
        quantidade: it.quantidade_base,
      }),
      200,
      'leitura',
    );
  const fim = ok(
    await chama(t, token, 'POST', `/api/expedicao/conferencias/${c.id}/finalizar`),
    200,
    'finalizar',
  );
  if (fim.status !== 'conferida') throw new Error(`conferência do pedido ficou ${fim.status}`);
}

/** A released order of the customer, conferido through the real conferência (ready to invoice). */
export async function pedidoConferido(
  t: TestContext,
  token: string,
  clienteId: string,
  itens: [produtoId: string, quantidade: string, preco: string][],
  extra: Json = {},
): Promise<{ id: string; numero: number; valor_total: string }> {
  const p = await pedidoLiberado(t, token, clienteId, itens, extra);
  await conferePedido(t, token, p.id);
  return p;
}
