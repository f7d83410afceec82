import {
  addDays,
  businessToday,
  type CategoriaCnh,
  cpfWithCheckDigits,
  digitoRenavam,
  digitosCnh,
  type Funcao,
  funcionarioCreateSchema,
  placaMercosul,
  type TipoCarroceria,
  type TipoProprietario,
  type TipoVeiculo,
  veiculoCreateSchema,
} from '@erp/shared';
import { funcionarios, veiculos } from '../../modules/frota/frota.tables.ts';
import type { Tx } from '../client.ts';

// The demo fleet: twelve employees (six drivers with every kind of CNH situation — valid, expiring
// within 30 days, expired, a category B driver who cannot take a truck) and eight vehicles from
// a utilitário to a third-party carreta with its owner's RNTRC, one still on an old grey plate,
// one with its licenciamento expired. Deterministic; dates relative to today. Every row goes
// through the shared schema, as the API would take it; the tipo de rodado is the one the schema
// derives from the tipo (the form's proposal), the carroceria the one the model says.

type Pessoa = {
  nome: string;
  funcao: Funcao;
  cnh?: { base: string; categoria: CategoriaCnh; validadeEmDias: number };
  admissaoEmDias: number;
};

export const FROTA_DEMO_FUNCIONARIOS: Pessoa[] = [
  {
    nome: 'José Carlos Pereira',
    funcao: 'motorista',
    cnh: { base: '104837265', categoria: 'AE', validadeEmDias: 900 },
    admissaoEmDias: -2900,
  },
  {
    nome: 'Marcos Antônio Ribeiro',
    funcao: 'motorista',
    cnh: { base: '219384756', categoria: 'D', validadeEmDias: 18 },
    admissaoEmDias: -1800,
  },
  {
    nome: 'Paulo Henrique Souza',
    funcao: 'motorista',
    cnh: { base: '330291847', categoria: 'C', validadeEmDias: -12 },
    admissaoEmDias: -1500,
  },
  {
    nome: 'Ricardo Alves Lima',
    funcao: 'motorista',
    cnh: { base: '441928374', categoria: 'AC', validadeEmDias: 420 },
    admissaoEmDias: -700,
  },
  {
    nome: 'Fernando Gomes da Silva',
    funcao: 'motorista',
    cnh: { base: '558374619', categoria: 'B', validadeEmDias: 1300 },
    admissaoEmDias: -200,
  },
  {
    nome: 'Adriana Costa Martins',
    funcao: 'motorista',
    cnh: { base: '667482910', categoria: 'AB', validadeEmDias: 5 },
    admissaoEmDias: -90,
  },
  { nome: 'Lucas Ferreira Santos', funcao: 'ajudante', admissaoEmDias: -400 },
  { nome: 'Rafael Oliveira Costa', funcao: 'ajudante', admissaoEmDias: -250 },
  { nome: 'Bruno Almeida Rocha', funcao: 'ajudante', admissaoEmDias: -60 },
  { nome: 'Patrícia Mendes Araújo', funcao: 'conferente', admissaoEmDias: -1100 },
  { nome: 'Juliana Barbosa Teixeira', funcao: 'separador', admissaoEmDias: -300 },
  { nome: 'Roberto Carvalho Nunes', funcao: 'outro', admissaoEmDias: -2000 },
];

type Veiculo = {
  placa: string;
  renavamBase: string | null;
  tipo: TipoVeiculo;
  marca: string;
  modelo: string;
  ano: number;
  tara: number;
  capacidade: number;
  volume: string;
  valor: string;
  /** MDF-e tpCar */
  carroceria: TipoCarroceria;
  /** index into FROTA_DEMO_FUNCIONARIOS */
  motorista: number | null;
  terceiro?: {
    nome: string;
    documento: string;
    tipo: TipoProprietario;
    ie: string;
    uf: string;
    rntrc: string;
  };
  licenciamentoEmDias: number;
};

export const FROTA_DEMO_VEICULOS: Veiculo[] = [
  {
    placa: 'FRT1A23',
    renavamBase: '0123456789',
    tipo: 'utilitario',
    marca: 'Fiat',
    modelo: 'Fiorino',
    ano: 2022,
    tara: 1_120,
    capacidade: 650,
    volume: '3.2',
    valor: '30000.00',
    carroceria: '02',
    motorista: 4,
    licenciamentoEmDias: 200,
  },
  {
    placa: 'FRT2B34',
    renavamBase: '1234567890',
    tipo: 'vuc',
    marca: 'Hyundai',
    modelo: 'HR',
    ano: 2021,
    tara: 2_080,
    capacidade: 1_420,
    volume: '9.5',
    valor: '60000.00',
    carroceria: '02',
    motorista: 5,
    licenciamentoEmDias: 25,
  },
  // still on the old grey plate: its Mercosul equivalent is FKM4F21
  {
    placa: 'FKM-4521',
    renavamBase: '6397747763',
    tipo: 'tres_quartos',
    marca: 'Mercedes-Benz',
    modelo: 'Accelo 1016',
    ano: 2016,
    tara: 3_350,
    capacidade: 4_200,
    volume: '22',
    valor: '120000.00',
    carroceria: '02',
    motorista: 3,
    licenciamentoEmDias: 120,
  },
  {
    placa: 'FRT3C45',
    renavamBase: '0035987412',
    tipo: 'toco',
    marca: 'Volkswagen',
    modelo: 'Delivery 11.180',
    ano: 2019,
    tara: 4_300,
    capacidade: 6_500,
    volume: '32',
    valor: '180000.00',
    carroceria: '01',
    motorista: 1,
    licenciamentoEmDias: -15,
  },
  {
    placa: 'FRT4D56',
    renavamBase: '2718281828',
    tipo: 'truck',
    marca: 'Volvo',
    modelo: 'VM 270',
    ano: 2020,
    tara: 7_800,
    capacidade: 15_200,
    volume: '48',
    valor: '350000.00',
    carroceria: '05',
    motorista: 2,
    licenciamentoEmDias: 300,
  },
  {
    placa: 'FRT5E67',
    renavamBase: '3141592653',
    tipo: 'carreta',
    marca: 'Scania',
    modelo: 'R 450 + sider',
    ano: 2023,
    tara: 15_500,
    capacidade: 32_000,
    volume: '90',
    valor: '600000.00',
    carroceria: '05',
    motorista: 0,
    licenciamentoEmDias: 150,
  },
  {
    placa: 'QTS8G12',
    renavamBase: '1618033988',
    tipo: 'carreta',
    marca: 'DAF',
    modelo: 'XF 480 + baú',
    ano: 2021,
    tara: 16_000,
    capacidade: 30_000,
    volume: '88',
    valor: '500000.00',
    carroceria: '02',
    motorista: null,
    terceiro: {
      nome: 'Transportes Serra Azul Ltda',
      documento: '48.736.219/0001-80',
      tipo: '2',
      ie: '110.042.490.114',
      uf: 'SP',
      rntrc: '04567123',
    },
    licenciamentoEmDias: 60,
  },
  {
    placa: 'FRT6F78',
    renavamBase: '5772156649',
    tipo: 'utilitario',
    marca: 'Renault',
    modelo: 'Kangoo',
    ano: 2018,
    tara: 1_150,
    capacidade: 800,
    volume: '3',
    valor: '25000.00',
    carroceria: '02',
    motorista: null,
    licenciamentoEmDias: 10,
  },
];

/** 11-digit CPF of the n-th demo employee (valid check digits, 900… so they look made up). */
const cpfDemo = (n: number) => cpfWithCheckDigits(`9007${String(n).padStart(5, '0')}`);

/** Inserts the demo fleet (the ids of the employees are returned in order). */
export async function seedFrotaDemo(
  tx: Tx,
  today?: string,
): Promise<{ funcionarios: number; veiculos: number }> {
  const hoje = today ?? businessToday();
  const pessoas = FROTA_DEMO_FUNCIONARIOS.map((p, i) =>
    funcionarioCreateSchema.parse({
      nome: p.nome,
      cpf: cpfDemo(i + 1),
      funcao: p.funcao,
      telefone: `1199${String(8100000 + i * 1379).padStart(7, '0')}`,
      data_admissao: addDays(hoje, p.admissaoEmDias),
      ...(p.cnh
        ? {
            cnh_numero: `${p.cnh.base}${digitosCnh(p.cnh.base)}`,
            cnh_categoria: p.cnh.categoria,
            cnh_validade: addDays(hoje, p.cnh.validadeEmDias),
          }
        : {}),
    }),
  );
  const ids = await tx
    .insert(funcionarios)
    .values(
      pessoas.map((p) => ({
        nome: p.nome,
        cpf: p.cpf,
        funcao: p.funcao,
        telefone: p.telefone,
        dataAdmissao: p.data_admissao,
        cnhNumero: p.cnh_numero,
        cnhCategoria: p.cnh_categoria,
        cnhValidade: p.cnh_validade,
      })),
    )
    .returning({ id: funcionarios.id });
  const frota = FROTA_DEMO_VEICULOS.map((v) =>
    veiculoCreateSchema.parse({
      placa: v.placa,
      renavam: v.renavamBase ? `${v.renavamBase}${digitoRenavam(v.renavamBase)}` : '',
      uf: 'SP',
      tipo: v.tipo,
      marca: v.marca,
      modelo: v.modelo,
      ano: v.ano,
      tara: v.tara,
      capacidade: v.capacidade,
      volume: v.volume,
      valor_maximo_carga: v.valor,
      motorista_padrao_id: v.motorista === null ? null : ids[v.motorista]!.id,
      tipo_carroceria: v.carroceria,
      proprio: !v.terceiro,
      proprietario_nome: v.terceiro?.nome ?? null,
      proprietario_documento: v.terceiro?.documento ?? null,
      proprietario_tipo: v.terceiro?.tipo ?? null,
      proprietario_ie: v.terceiro?.ie ?? null,
      proprietario_uf: v.terceiro?.uf ?? null,
      rntrc: v.terceiro?.rntrc ?? null,
      licenciamento_vencimento: addDays(hoje, v.licenciamentoEmDias),
    }),
  );
  await tx.insert(veiculos).values(
    frota.map((v) => ({
      placa: v.placa,
      placaMercosul: placaMercosul(v.placa)!,
      renavam: v.renavam,
      uf: v.uf,
      tipo: v.tipo,
      marca: v.marca,
      modelo: v.modelo,
      ano: v.ano,
      tara: v.tara,
      capacidade: v.capacidade,
      volume: v.volume,
      valorMaximoCarga: v.valor_maximo_carga,
      motoristaPadraoId: v.motorista_padrao_id,
      tipoRodado: v.tipo_rodado,
      tipoCarroceria: v.tipo_carroceria,
      proprio: v.proprio,
      proprietarioNome: v.proprietario_nome,
      proprietarioDocumento: v.proprietario_documento,
      proprietarioTipo: v.proprietario_tipo,
      proprietarioIe: v.proprietario_ie,
      proprietarioUf: v.proprietario_uf,
      rntrc: v.rntrc,
      licenciamentoVencimento: v.licenciamento_vencimento,
    })),
  );
  return { funcionarios: pessoas.length, veiculos: frota.length };
}
