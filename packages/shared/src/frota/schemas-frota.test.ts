import { describe, expect, it } from 'vitest';
import { funcionarioCreateSchema, funcionariosListQuerySchema } from './funcionarios.schema.ts';
import { isValidRntrc, veiculoCreateSchema, veiculosListQuerySchema } from './veiculos.schema.ts';

function errors(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const motorista = {
  nome: 'João da Silva',
  cpf: '529.982.247-25',
  funcao: 'motorista',
  telefone: '(11) 98765-4321',
  email: 'Joao@Exemplo.com.br',
  data_admissao: '2020-02-03',
  cnh_numero: '987654321-09',
  cnh_categoria: 'AD',
  cnh_validade: '2028-05-10',
  user_id: '',
};

describe('funcionário schema', () => {
  it('normalises a driver', () => {
    const r = funcionarioCreateSchema.parse(motorista);
    expect(r).toMatchObject({
      cpf: '52998224725',
      telefone: '11987654321',
      email: 'joao@exemplo.com.br',
      cnh_numero: '98765432109',
      cnh_categoria: 'AD',
      user_id: null,
      ativo: true,
    });
  });
  it.each([
    [{ cpf: '' }, 'cpf', 'CPF é obrigatório'],
    [{ cpf: '529.982.247-24' }, 'cpf', 'CPF inválido'],
    [{ funcao: 'gerente' }, 'funcao', 'Função inválida'],
    [{ cnh_numero: '98765432100' }, 'cnh_numero', 'Número da CNH inválido'],
    [{ cnh_categoria: 'F' }, 'cnh_categoria', 'Categoria da CNH inválida'],
    [{ cnh_categoria: 'BA' }, 'cnh_categoria', 'Categoria da CNH inválida'],
    [{ cnh_validade: '2028-02-30' }, 'cnh_validade', 'Validade da CNH inválida'],
    [{ cnh_numero: '' }, 'cnh_numero', 'Obrigatório para motorista'],
    [{ cnh_validade: '' }, 'cnh_validade', 'Obrigatório para motorista'],
  ])('refuses %j', (patch, field, message) => {
    expect(errors(funcionarioCreateSchema.safeParse({ ...motorista, ...patch }))[field]).toBe(message);
  });
  it('a helper may have no CNH, but not half of one', () => {
    const ajudante = {
      ...motorista,
      funcao: 'ajudante',
      cnh_numero: '',
      cnh_categoria: '',
      cnh_validade: '',
    };
    expect(funcionarioCreateSchema.safeParse(ajudante).success).toBe(true);
    expect(errors(funcionarioCreateSchema.safeParse({ ...ajudante, cnh_categoria: 'B' }))).toEqual({
      cnh_numero: 'Informe número, categoria e validade da CNH',
      cnh_validade: 'Informe número, categoria e validade da CNH',
    });
  });
  it('list filters', () => {
    expect(funcionariosListQuerySchema.parse({ funcao: 'motorista', cnh: '30' })).toMatchObject({
      funcao: 'motorista',
      cnh: '30',
      sort: 'nome',
    });
    expect(funcionariosListQuerySchema.safeParse({ cnh: '15' }).success).toBe(false);
  });
});

const truck = {
  placa: 'abc-1234',
  renavam: '63977477639',
  uf: 'SP',
  tipo: 'truck',
  marca: 'Volkswagen',
  modelo: 'Delivery 11.180',
  ano: '2019',
  tara: '4.200',
  capacidade: 6800,
  volume: '32,5',
  valor_maximo_carga: '150.000,00',
  motorista_padrao_id: '',
  proprio: true,
  proprietario_nome: 'Ignorado',
  rntrc: '',
  licenciamento_vencimento: '2027-07-31',
};

describe('veículo schema', () => {
  it('normalises the plate, numbers and money; an own vehicle keeps no owner data', () => {
    expect(veiculoCreateSchema.parse(truck)).toMatchObject({
      placa: 'ABC1234',
      ano: 2019,
      tara: 4200,
      capacidade: 6800,
      volume: '32.500',
      valor_maximo_carga: '150000.00',
      motorista_padrao_id: null,
      proprietario_nome: null,
      rntrc: null,
    });
  });
  it('a third-party vehicle needs the owner RNTRC (8 digits)', () => {
    const terceiro = { ...truck, proprio: false };
    expect(errors(veiculoCreateSchema.safeParse(terceiro))).toEqual({
      rntrc: 'Obrigatório para veículo de terceiro',
    });
    expect(errors(veiculoCreateSchema.safeParse({ ...terceiro, rntrc: '1234567' }))).toEqual({
      rntrc: 'RNTRC deve ter 8 dígitos',
    });
    expect(veiculoCreateSchema.parse({ ...terceiro, rntrc: '04567123' })).toMatchObject({
      rntrc: '04567123',
      proprietario_nome: 'Ignorado',
    });
  });
  it.each([
    [{ placa: '' }, 'placa', 'Placa é obrigatória'],
    [{ placa: 'AB-12345' }, 'placa', 'Placa inválida (use ABC1D23 ou ABC-1234)'],
    [{ renavam: '63977477638' }, 'renavam', 'RENAVAM inválido'],
    [{ uf: 'XX' }, 'uf', 'UF inválida'],
    [{ tipo: 'bitrem' }, 'tipo', 'Tipo inválido'],
    [{ tara: '' }, 'tara', 'Tara é obrigatória'],
    [{ tara: '3,5' }, 'tara', 'Tara inválida'],
    [{ capacidade: 0 }, 'capacidade', 'Capacidade de carga deve ser no mínimo 1 kg'],
    [{ capacidade: 100_000 }, 'capacidade', 'Capacidade de carga deve ser no máximo 99.999 kg'],
    [{ ano: '1900' }, 'ano', 'Ano deve ser no mínimo 1950'],
    [
      { licenciamento_vencimento: '31/07/2027' },
      'licenciamento_vencimento',
      'Vencimento do licenciamento inválida',
    ],
  ])('refuses %j', (patch, field, message) => {
    expect(errors(veiculoCreateSchema.safeParse({ ...truck, ...patch }))[field]).toBe(message);
  });
  it('list filters', () => {
    expect(
      veiculosListQuerySchema.parse({ tipo: 'carreta', proprio: 'false', licenciamento: 'vencidos' }),
    ).toMatchObject({
      tipo: 'carreta',
      proprio: false,
      licenciamento: 'vencidos',
    });
  });
});

describe('RNTRC', () => {
  it.each([
    ['04567123', true],
    ['0456.7123', true],
    ['4567123', false],
    ['045671234', false],
    ['ABC45671', false],
    ['', false],
  ])('%j valid: %s', (value, ok) => {
    expect(isValidRntrc(value)).toBe(ok);
  });
});
