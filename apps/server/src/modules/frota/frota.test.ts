import { addDays, businessToday, type Role } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// Funcionários and veículos: CRUD, guards (admin and financeiro), the CNH and plate rules through
// the API, duplicates as field errors, filters, audit, the motorista padrão link.

let t: TestContext;
const tokens: Partial<Record<Role | 'nenhum', string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const r of ['admin', 'comercial', 'estoque', 'financeiro'] as const)
    tokens[r] = (await t.signIn([r])).token;
  tokens.nenhum = (await t.signIn([])).token;
});
afterAll(() => t.close());

type Body = Record<string, unknown> & {
  message: string;
  items?: Record<string, unknown>[];
  details?: { fields?: Record<string, string[]>; [k: string]: unknown };
};
const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
  const res = await t.request(method, path, { token, body });
  return { status: res.status, body: (res.status === 204 ? {} : await res.json()) as Body };
};

const hoje = businessToday();
const F = '/api/frota/funcionarios';
const V = '/api/frota/veiculos';

const joao = {
  nome: 'João Batista Motorista',
  cpf: '529.982.247-25',
  funcao: 'motorista',
  telefone: '(11) 98765-4321',
  cnh_numero: '987654321-09',
  cnh_categoria: 'AC',
  cnh_validade: addDays(hoje, 20),
};

describe('funcionários', () => {
  it('guards: admin and financeiro only', async () => {
    for (const role of ['comercial', 'estoque', 'nenhum'] as const) {
      expect((await call('GET', F, tokens[role])).status).toBe(403);
      expect((await call('POST', V, tokens[role], {})).status).toBe(403);
    }
    expect((await call('GET', F, tokens.financeiro)).status).toBe(200);
    expect((await call('GET', V, tokens.admin)).status).toBe(200);
  });

  it('CRUD of a driver; duplicate CPF and CNH are field errors; audited', async () => {
    const created = await call('POST', F, tokens.financeiro, joao);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ cpf: '52998224725', cnh_numero: '98765432109', versao: 1 });
    const id = created.body.id as string;

    const dup = await call('POST', F, tokens.financeiro, { ...joao, nome: 'Outro', cnh_numero: '' });
    expect(dup.status).toBe(400);
    expect(dup.body.details?.fields).toEqual({
      cnh_numero: ['Obrigatório para motorista'],
    });
    const dupCpf = await call('POST', F, tokens.financeiro, {
      ...joao,
      nome: 'Outro',
      cnh_numero: '02345678045',
    });
    expect(dupCpf.status).toBe(409);
    expect(dupCpf.body.details?.fields).toEqual({ cpf: ['Já existe um funcionário com este CPF.'] });
    const dupCnh = await call('POST', F, tokens.financeiro, { ...joao, cpf: '111.444.777-35' });
    expect(dupCnh.status).toBe(409);
    expect(dupCnh.body.details?.fields).toEqual({ cnh_numero: ['Já existe um funcionário com esta CNH.'] });

    const bad = await call('POST', F, tokens.financeiro, {
      ...joao,
      cpf: '111.444.777-35',
      cnh_numero: '98765432100',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.fields).toEqual({ cnh_numero: ['Número da CNH inválido'] });

    const updated = await call('PUT', `${F}/${id}`, tokens.admin, {
      ...joao,
      cnh_categoria: 'AE',
      versao: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ cnh_categoria: 'AE', versao: 2 });

    const audit = rowsOf<{ acao: string }>(
      await t.db.execute(
        sql`select acao from audit_log where tabela = 'funcionarios' and registro_id = ${id} order by id`,
      ),
    );
    expect(audit.map((a) => a.acao)).toEqual(['criacao', 'alteracao']);
  });

  it('filters by função and CNH a vencer / vencida; searches by name or CPF', async () => {
    const ana = await call('POST', F, tokens.admin, {
      nome: 'Ana Conferente',
      cpf: '111.444.777-35',
      funcao: 'conferente',
    });
    expect(ana.status).toBe(201);
    const vencida = await call('POST', F, tokens.admin, {
      nome: 'Carlos CNH Vencida',
      cpf: '390.533.447-05',
      funcao: 'motorista',
      cnh_numero: '02345678045',
      cnh_categoria: 'D',
      cnh_validade: addDays(hoje, -3),
    });
    expect(vencida.status).toBe(201);
    const nomes = async (qs: string) =>
      ((await call('GET', `${F}?${qs}`, tokens.financeiro)).body.items ?? []).map((r) => r.nome);
    expect(await nomes('funcao=conferente')).toEqual(['Ana Conferente']);
    expect(await nomes('cnh=vencidos')).toEqual(['Carlos CNH Vencida']);
    expect(await nomes('cnh=30')).toEqual(['João Batista Motorista']);
    expect(await nomes('q=390.533')).toEqual(['Carlos CNH Vencida']);
    expect(await nomes('funcao=gerente')).toEqual([]);
    expect((await call('GET', `${F}?funcao=gerente`, tokens.financeiro)).status).toBe(400);
  });
});

describe('veículos', () => {
  const truck = {
    placa: 'abc-1234',
    renavam: '63977477639',
    uf: 'SP',
    tipo: 'truck',
    marca: 'Volkswagen',
    modelo: 'Delivery 11.180',
    ano: 2019,
    tara: '4.200',
    capacidade: '6.800',
    volume: '32,5',
    valor_maximo_carga: '150.000,00',
    proprio: true,
    licenciamento_vencimento: addDays(hoje, 10),
  };

  it('stores the plate normalised with its Mercosul equivalent; the same vehicle cannot come twice', async () => {
    const created = await call('POST', V, tokens.financeiro, truck);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      placa: 'ABC1234',
      placa_mercosul: 'ABC1C34',
      tara: 4200,
      capacidade: 6800,
      volume: '32.500',
      valor_maximo_carga: '150000.00',
      categoria_exigida: 'C',
    });
    // the Mercosul plate of the same vehicle is a duplicate
    const dup = await call('POST', V, tokens.financeiro, { ...truck, placa: 'ABC1C34', renavam: '' });
    expect(dup.status).toBe(409);
    expect(dup.body.details?.fields).toEqual({ placa: ['Já existe um veículo com esta placa.'] });
    const dupRenavam = await call('POST', V, tokens.financeiro, { ...truck, placa: 'BRA2E19' });
    expect(dupRenavam.status).toBe(409);
    expect(dupRenavam.body.details?.fields).toEqual({ renavam: ['Já existe um veículo com este RENAVAM.'] });
  });

  it('a third-party carreta needs an RNTRC; the motorista padrão must be a driver', async () => {
    const terceiro = {
      ...truck,
      placa: 'RIO2A18',
      renavam: '',
      tipo: 'carreta',
      tara: 15000,
      capacidade: 30000,
      proprio: false,
      proprietario_nome: 'Transportes Serra Azul Ltda',
      licenciamento_vencimento: addDays(hoje, -1),
    };
    const sem = await call('POST', V, tokens.admin, terceiro);
    expect(sem.status).toBe(400);
    expect(sem.body.details?.fields).toEqual({ rntrc: ['Obrigatório para veículo de terceiro'] });

    const funcionarios = (await call('GET', `${F}?pageSize=100`, tokens.admin)).body.items ?? [];
    const ana = funcionarios.find((f) => f.nome === 'Ana Conferente')!;
    const joao = funcionarios.find((f) => f.nome === 'João Batista Motorista')!;
    const naoMotorista = await call('POST', V, tokens.admin, {
      ...terceiro,
      rntrc: '04567123',
      motorista_padrao_id: ana.id,
    });
    expect(naoMotorista.status).toBe(400);
    expect(naoMotorista.body.details?.fields).toEqual({
      motorista_padrao_id: ['O funcionário escolhido não é motorista'],
    });
    const inexistente = await call('POST', V, tokens.admin, {
      ...terceiro,
      rntrc: '04567123',
      motorista_padrao_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(inexistente.status).toBe(400);
    expect(inexistente.body.details?.fields).toEqual({ motorista_padrao_id: ['Motorista não encontrado'] });

    const ok = await call('POST', V, tokens.admin, {
      ...terceiro,
      rntrc: '04567123',
      motorista_padrao_id: joao.id,
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      rntrc: '04567123',
      categoria_exigida: 'E',
      motorista_padrao_nome: 'João Batista Motorista',
    });

    // a driver with a vehicle is referenced: deleting him is refused, inactivating offered
    const del = await call('DELETE', `${F}/${joao.id}`, tokens.admin);
    expect(del.status).toBe(409);
    expect(del.body.details).toMatchObject({ referenciadoPor: 'veiculos', podeInativar: true });
  });

  it('filters by tipo, próprio/terceiro and licenciamento; searches by either plate', async () => {
    const placas = async (qs: string) =>
      ((await call('GET', `${V}?${qs}`, tokens.financeiro)).body.items ?? []).map((r) => r.placa);
    expect(await placas('tipo=carreta')).toEqual(['RIO2A18']);
    expect(await placas('proprio=true')).toEqual(['ABC1234']);
    expect(await placas('proprio=false')).toEqual(['RIO2A18']);
    expect(await placas('licenciamento=vencidos')).toEqual(['RIO2A18']);
    expect(await placas('licenciamento=30')).toEqual(['ABC1234']);
    expect(await placas('q=ABC1C34')).toEqual(['ABC1234']);
    expect(await placas('q=abc-1234')).toEqual(['ABC1234']);
    expect(await placas('sort=capacidade&dir=desc')).toEqual(['RIO2A18', 'ABC1234']);

    const csv = await t.request('GET', `${V}/export?formato=csv`, { token: tokens.financeiro });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('ABC-1234;ABC1C34');
  });
});
