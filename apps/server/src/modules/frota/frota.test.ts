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

/** The constraint a statement violates (null when it passes). */
const violada = async (q: ReturnType<typeof sql>) => {
  try {
    await t.db.execute(q);
    return null;
  } catch (err) {
    return (err as { cause?: { constraint?: string } }).cause?.constraint ?? String(err);
  }
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

  it('a third-party carreta needs its owner (name, CPF/CNPJ, RNTRC); the motorista padrão must be a driver', async () => {
    const terceiro = {
      ...truck,
      placa: 'RIO2A18',
      renavam: '',
      tipo: 'carreta',
      tara: 15000,
      capacidade: 30000,
      proprio: false,
      proprietario_nome: 'Transportes Serra Azul Ltda',
      proprietario_documento: '48.736.219/0001-80',
      licenciamento_vencimento: addDays(hoje, -1),
    };
    const sem = await call('POST', V, tokens.admin, { ...terceiro, proprietario_documento: '' });
    expect(sem.status).toBe(400);
    expect(sem.body.details?.fields).toEqual({
      proprietario_documento: ['Obrigatório para veículo de terceiro'],
      rntrc: ['Obrigatório para veículo de terceiro'],
    });
    const ieErrada = await call('POST', V, tokens.admin, {
      ...terceiro,
      rntrc: '04567123',
      proprietario_ie: '110.042.490.115',
      proprietario_uf: 'SP',
    });
    expect(ieErrada.status).toBe(400);
    expect(ieErrada.body.details?.fields).toEqual({
      proprietario_ie: ['Inscrição estadual inválida para a UF SP'],
    });

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
    // a carreta is registered by its tractor: tpRod 03 cavalo mecânico; tpProp «outros» unless told
    expect(ok.body).toMatchObject({
      rntrc: '04567123',
      categoria_exigida: 'E',
      motorista_padrao_nome: 'João Batista Motorista',
      tipo_rodado: '03',
      tipo_carroceria: '02',
      proprietario_nome: 'Transportes Serra Azul Ltda',
      proprietario_documento: '48736219000180',
      proprietario_tipo: '2',
      proprietario_ie: null,
      proprietario_uf: null,
    });

    // the owner turns out a TAC agregado with an IE: edited, audited with the new columns
    const editado = await call('PUT', `${V}/${ok.body.id}`, tokens.admin, {
      ...terceiro,
      rntrc: '04567123',
      motorista_padrao_id: joao.id,
      tipo_carroceria: '05',
      proprietario_tipo: '0',
      proprietario_ie: '110.042.490.114',
      proprietario_uf: 'SP',
      versao: 1,
    });
    expect(editado.status).toBe(200);
    expect(editado.body).toMatchObject({
      tipo_rodado: '03',
      tipo_carroceria: '05',
      proprietario_tipo: '0',
      proprietario_ie: '110042490114',
      proprietario_uf: 'SP',
      versao: 2,
    });
    const [audit] = rowsOf<{ antes: Record<string, unknown>; depois: Record<string, unknown> }>(
      await t.db.execute(sql`select antes, depois from audit_log
        where tabela = 'veiculos' and registro_id = ${ok.body.id as string} and acao = 'alteracao'`),
    );
    expect(audit?.depois).toMatchObject({
      tipo_carroceria: '05',
      proprietario_tipo: '0',
      proprietario_ie: '110042490114',
      proprietario_uf: 'SP',
    });
    expect(audit?.antes).toMatchObject({
      tipo_carroceria: '02',
      proprietario_tipo: '2',
      proprietario_ie: null,
      proprietario_uf: null,
    });

    // a driver with a vehicle is referenced: deleting him is refused, inactivating offered
    const del = await call('DELETE', `${F}/${joao.id}`, tokens.admin);
    expect(del.status).toBe(409);
    expect(del.body.details).toMatchObject({ referenciadoPor: 'veiculos', podeInativar: true });
  });

  it('the tipo de rodado proposed for the tipo is editable; writers that leave it out get it from the database', async () => {
    const van = await call('POST', V, tokens.financeiro, {
      ...truck,
      placa: 'VAN1A23',
      renavam: '',
      tipo: 'utilitario',
      tara: 1900,
      capacidade: 1500,
      tipo_rodado: '04',
      tipo_carroceria: '00',
    });
    expect(van.status).toBe(201);
    expect(van.body).toMatchObject({ tipo_rodado: '04', tipo_carroceria: '00', proprietario_tipo: null });
    const bad = await call('POST', V, tokens.financeiro, {
      ...truck,
      placa: 'VAN1A24',
      renavam: '',
      tipo_rodado: '07',
      tipo_carroceria: 'baú',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.fields).toEqual({
      tipo_rodado: ['Tipo de rodado inválido'],
      tipo_carroceria: ['Tipo de carroceria inválido'],
    });
    await call('DELETE', `${V}/${van.body.id}`, tokens.financeiro);

    // an insert predating the MDF-e columns (as other modules' tests do): the database derives them
    const rows = rowsOf<{
      placa: string;
      tipo_rodado: string;
      tipo_carroceria: string;
      proprietario_tipo: string | null;
    }>(
      await t.db.execute(sql`insert into veiculos (placa, placa_mercosul, uf, tipo, tara, capacidade, proprio, proprietario_nome, rntrc)
        values ('TMP1A01', 'TMP1A01', 'SP', 'vuc', 2000, 1500, true, null, null),
               ('TMP1A02', 'TMP1A02', 'SP', 'toco', 4000, 6000, false, 'Terceiro', '12345678')
        returning placa, tipo_rodado, tipo_carroceria, proprietario_tipo`),
    );
    expect(rows).toEqual([
      { placa: 'TMP1A01', tipo_rodado: '06', tipo_carroceria: '02', proprietario_tipo: null },
      { placa: 'TMP1A02', tipo_rodado: '02', tipo_carroceria: '02', proprietario_tipo: '2' },
    ]);
    // the database holds the codes and the IE/UF pair too
    for (const [set, constraint] of [
      [sql`tipo_rodado = '07'`, 'veiculos_tipo_rodado_check'],
      [sql`tipo_carroceria = '06'`, 'veiculos_tipo_carroceria_check'],
      [sql`proprietario_tipo = '3'`, 'veiculos_proprietario_tipo_check'],
      [sql`proprietario_ie = '110042490114'`, 'veiculos_proprietario_ie_uf_check'],
      [sql`proprietario_tipo = null`, 'veiculos_terceiro_tipo_check'],
    ] as const) {
      expect(await violada(sql`update veiculos set ${set} where placa = 'TMP1A02'`)).toBe(constraint);
    }
    await t.db.execute(sql`delete from veiculos where placa in ('TMP1A01', 'TMP1A02')`);
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
    expect(text).toContain(
      '03 - Cavalo mecânico;05 - Sider;Não;Transportes Serra Azul Ltda;48.736.219/0001-80;TAC agregado;110042490114;SP;04567123',
    );
  });
});
