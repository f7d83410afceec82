import { describe, expect, it } from 'vitest';
import type { CategoriaCnh } from './cnh.ts';
import {
  type CategoriaExigida,
  categoriaExigida,
  categoriaHabilita,
  type MotoristaParaDespacho,
  podeDirigir,
  type TipoVeiculo,
} from './habilitacao.ts';

describe('categoriaExigida (CTB art. 143)', () => {
  it.each([
    // tipo, tara, capacidade → PBT → category
    ['utilitario', 1_100, 700, 'B'], // Fiorino-like: 1,800 kg
    ['vuc', 2_000, 1_500, 'B'], // exactly 3,500 kg is still B
    ['vuc', 2_001, 1_500, 'C'], // 3,501 kg
    ['tres_quartos', 3_200, 4_000, 'C'], // 7,200 kg
    ['toco', 5_000, 8_000, 'C'],
    ['truck', 7_000, 14_000, 'C'],
    ['carreta', 15_000, 30_000, 'E'], // a combination: E whatever the weight
    ['carreta', 1_000, 1_000, 'E'],
  ] as const)('%s tara %i + capacidade %i → %s', (tipo, tara, capacidade, cat) => {
    expect(categoriaExigida({ tipo: tipo as TipoVeiculo, tara, capacidade })).toBe(cat);
  });
});

describe('categoriaHabilita (B–E a sequence, A apart)', () => {
  it.each([
    ['A', 'B', false],
    ['B', 'B', true],
    ['B', 'C', false],
    ['AB', 'B', true],
    ['AB', 'C', false],
    ['C', 'B', true],
    ['C', 'C', true],
    ['C', 'E', false],
    ['AC', 'C', true],
    ['D', 'C', true],
    ['AD', 'E', false],
    ['E', 'B', true],
    ['E', 'C', true],
    ['AE', 'E', true],
  ] as const)('%s drives a vehicle requiring %s: %s', (cnh, exigida, ok) => {
    expect(categoriaHabilita(cnh as CategoriaCnh, exigida as CategoriaExigida)).toBe(ok);
  });
  it('no CNH drives nothing', () => {
    expect(categoriaHabilita(null, 'B')).toBe(false);
  });
});

describe('podeDirigir', () => {
  const motorista: MotoristaParaDespacho = {
    nome: 'João',
    ativo: true,
    cnh_numero: '98765432109',
    cnh_categoria: 'AC',
    cnh_validade: '2027-03-31',
  };
  const toco = { tipo: 'toco' as const, tara: 5_000, capacidade: 8_000 };
  const carreta = { tipo: 'carreta' as const, tara: 15_000, capacidade: 30_000 };

  it('a valid C licence drives a toco', () => {
    expect(podeDirigir(motorista, toco, '2026-11-23')).toEqual({ pode: true, exigida: 'C' });
  });
  it('the licence is valid on its last day, expired the day after', () => {
    expect(podeDirigir(motorista, toco, '2027-03-31').pode).toBe(true);
    expect(podeDirigir(motorista, toco, '2027-04-01')).toEqual({
      pode: false,
      exigida: 'C',
      motivos: ['CNH vencida em 31/03/2027.'],
    });
  });
  it('a C licence does not drive a carreta', () => {
    expect(podeDirigir(motorista, carreta, '2026-11-23')).toEqual({
      pode: false,
      exigida: 'E',
      motivos: ['CNH categoria AC não habilita para este veículo (exige categoria E).'],
    });
  });
  it('lists every reason: inactive, expired and category', () => {
    const r = podeDirigir(
      { ...motorista, ativo: false, cnh_categoria: 'B', cnh_validade: '2026-01-01' },
      toco,
      '2026-11-23',
    );
    expect(r).toEqual({
      pode: false,
      exigida: 'C',
      motivos: [
        'Funcionário inativo.',
        'CNH vencida em 01/01/2026.',
        'CNH categoria B não habilita para este veículo (exige categoria C).',
      ],
    });
  });
  it('no CNH, or an inactive vehicle', () => {
    const sem = { ...motorista, cnh_numero: null, cnh_categoria: null, cnh_validade: null };
    expect(podeDirigir(sem, { ...toco, ativo: false }, '2026-11-23')).toMatchObject({
      pode: false,
      motivos: ['Veículo inativo.', 'Funcionário sem CNH cadastrada.'],
    });
  });
});
