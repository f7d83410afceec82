import { describe, expect, it } from 'vitest';
import { funcionarioCreateSchema, funcionariosListQuerySchema } from './funcionarios.schema.ts';
import {
  isValidCpfCnpj,
  isValidRntrc,
  tipoRodadoPadrao,
  veiculoCreateSchema,
  veiculosListQuerySchema,
  veiculoUpdateSchema,
} from './veiculos.schema.ts';

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
      tipo_rodado: '01',
      tipo_carroceria: '02',
      proprietario_nome: null,
      proprietario_documento: null,
      proprietario_tipo: null,
      proprietario_ie: null,
      proprietario_uf: null,
      rntrc: null,
    });
  });
  it('an own vehicle drops whatever owner data came with it', () => {
    const dono = {
      proprietario_documento: '52998224725',
      proprietario_tipo: '1',
      proprietario_ie: '110042490114',
      proprietario_uf: 'SP',
      rntrc: '04567123',
    };
    expect(veiculoCreateSchema.parse({ ...truck, ...dono })).toMatchObject({
      proprietario_nome: null,
      proprietario_documento: null,
      proprietario_tipo: null,
      proprietario_ie: null,
      proprietario_uf: null,
      rntrc: null,
    });
  });
  it('the tipo de rodado: the one sent, else the usual one for the tipo', () => {
    expect(tipoRodadoPadrao).toEqual({
      truck: '01',
      toco: '02',
      carreta: '03',
      utilitario: '05',
      vuc: '06',
      tres_quartos: '06',
    });
    const rodado = (patch: object) => veiculoCreateSchema.parse({ ...truck, ...patch }).tipo_rodado;
    expect(rodado({ tipo: 'carreta' })).toBe('03');
    expect(rodado({ tipo: 'vuc' })).toBe('06');
    expect(rodado({ tipo: 'utilitario', tipo_rodado: '04' })).toBe('04');
    expect(rodado({ tipo: 'carreta', tipo_rodado: '01' })).toBe('01');
    expect(veiculoUpdateSchema.parse({ ...truck, tipo: 'toco', versao: 3 }).tipo_rodado).toBe('02');
    expect(errors(veiculoCreateSchema.safeParse({ ...truck, tipo_rodado: '07' }))).toEqual({
      tipo_rodado: 'Tipo de rodado inválido',
    });
    expect(errors(veiculoCreateSchema.safeParse({ ...truck, tipo_carroceria: '2' }))).toEqual({
      tipo_carroceria: 'Tipo de carroceria inválido',
    });
    expect(veiculoCreateSchema.parse({ ...truck, tipo_carroceria: '05' }).tipo_carroceria).toBe('05');
  });
  it('a third-party vehicle needs its owner: name, CPF or CNPJ and RNTRC (8 digits)', () => {
    const terceiro = { ...truck, proprio: false, proprietario_nome: '' };
    expect(errors(veiculoCreateSchema.safeParse(terceiro))).toEqual({
      proprietario_nome: 'Obrigatório para veículo de terceiro',
      proprietario_documento: 'Obrigatório para veículo de terceiro',
      rntrc: 'Obrigatório para veículo de terceiro',
    });
    const dono = {
      ...terceiro,
      proprietario_nome: 'José Autônomo',
      proprietario_documento: '529.982.247-25',
    };
    expect(errors(veiculoCreateSchema.safeParse({ ...dono, rntrc: '1234567' }))).toEqual({
      rntrc: 'RNTRC deve ter 8 dígitos',
    });
    expect(
      errors(
        veiculoCreateSchema.safeParse({
          ...dono,
          rntrc: '04567123',
          proprietario_documento: '529.982.247-24',
        }),
      ),
    ).toEqual({
      proprietario_documento: 'CPF ou CNPJ inválido',
    });
    // tpProp «outros» unless told; IE and UF optional
    expect(veiculoCreateSchema.parse({ ...dono, rntrc: '04567123' })).toMatchObject({
      rntrc: '04567123',
      proprietario_nome: 'José Autônomo',
      proprietario_documento: '52998224725',
      proprietario_tipo: '2',
      proprietario_ie: null,
      proprietario_uf: null,
    });
    expect(
      veiculoCreateSchema.parse({
        ...dono,
        rntrc: '04567123',
        proprietario_documento: '48.736.219/0001-80',
        proprietario_tipo: '0',
        proprietario_ie: '110.042.490.114',
        proprietario_uf: 'SP',
      }),
    ).toMatchObject({
      proprietario_documento: '48736219000180',
      proprietario_tipo: '0',
      proprietario_ie: '110042490114',
      proprietario_uf: 'SP',
    });
  });
  it('the owner IE and UF come together, the IE valid for that UF (or ISENTO)', () => {
    const dono = {
      ...truck,
      proprio: false,
      proprietario_nome: 'Transportes Serra Azul Ltda',
      proprietario_documento: '48736219000180',
      rntrc: '04567123',
    };
    const erros = (patch: object) => errors(veiculoCreateSchema.safeParse({ ...dono, ...patch }));
    expect(erros({ proprietario_ie: '110042490114' })).toEqual({
      proprietario_uf: 'Informe a UF da inscrição estadual',
    });
    expect(erros({ proprietario_uf: 'SP' })).toEqual({
      proprietario_ie: 'Informe a inscrição estadual desta UF',
    });
    expect(erros({ proprietario_ie: '110042490115', proprietario_uf: 'SP' })).toEqual({
      proprietario_ie: 'Inscrição estadual inválida para a UF SP',
    });
    // a valid SP number is not an MG one
    expect(erros({ proprietario_ie: '110042490114', proprietario_uf: 'MG' })).toEqual({
      proprietario_ie: 'Inscrição estadual inválida para a UF MG',
    });
    expect(erros({ proprietario_uf: 'XX', proprietario_ie: '1' })).toEqual({
      proprietario_uf: 'UF inválida',
    });
    expect(erros({ proprietario_tipo: '3' })).toEqual({ proprietario_tipo: 'Tipo de proprietário inválido' });
    expect(erros({ proprietario_ie: 'isento', proprietario_uf: 'SP' })).toEqual({});
    expect(
      veiculoCreateSchema.parse({ ...dono, proprietario_ie: 'isento', proprietario_uf: 'SP' }),
    ).toMatchObject({
      proprietario_ie: 'ISENTO',
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

describe('CPF or CNPJ of the owner', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['529.982.247-24', false],
    ['48.736.219/0001-80', true],
    ['48736219000181', false],
    // the alphanumeric CNPJ (from July 2026), the Receita Federal's example
    ['12.ABC.345/01DE-35', true],
    ['1234567890', false],
    ['', false],
  ])('%j valid: %s', (value, ok) => {
    expect(isValidCpfCnpj(value)).toBe(ok);
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
