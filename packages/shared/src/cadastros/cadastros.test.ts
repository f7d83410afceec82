import { describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from '../documentos.ts';
import {
  isValidCep,
  isValidInscricaoEstadual,
  isValidTelefone,
  listarMunicipios,
  municipioPorCodigo,
} from './brasil.ts';
import { regiaoCreateSchema } from './classificacoes.schema.ts';
import { clienteCreateSchema, clienteUpdateSchema } from './clientes.schema.ts';
import { maskCep, maskCnpj, maskCpf, maskTelefone } from './mascaras.ts';
import { normalizaBusca, termosBusca, textoBusca } from './normaliza.ts';
import { vendedorCreateSchema } from './vendedores.schema.ts';

const base = {
  tipo_pessoa: 'J' as const,
  documento: '11.222.333/0001-81',
  razao_social: 'Mercado São José Ltda',
};

function fieldErrors(r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('search normalisation', () => {
  it('folds accents and case like erp_normaliza()', () => {
    expect(normalizaBusca('São JOSÉ Ação Ñandu')).toBe('sao jose acao nandu');
    expect(termosBusca('  sao   José ')).toEqual(['sao', 'jose']);
  });
  it('drops document punctuation from a formatted CPF, CNPJ or CEP', () => {
    expect(termosBusca('12.ABC.345/01DE-35')).toEqual(['12abc34501de35']);
    expect(termosBusca('529.982.247-25')).toEqual(['52998224725']);
    expect(termosBusca('01310-100')).toEqual(['01310100']);
    expect(termosBusca('')).toEqual([]);
  });
  it('stores a code with punctuation as the typed words compare it (textoBusca)', () => {
    expect(textoBusca('Água Mineral 1.5 L E2E-97404 coca-cola')).toBe('agua mineral 15 l e2e97404 coca-cola');
    expect(termosBusca('E2E-97404')).toEqual(['e2e97404']);
    expect(termosBusca('E2E97404')).toEqual(['e2e97404']);
  });
});

describe('masks', () => {
  it('formats while typing', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('112223')).toBe('11.222.3');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskTelefone('11987654321')).toBe('(11) 98765-4321');
    expect(maskTelefone('1133334444')).toBe('(11) 3333-4444');
  });
});

describe('Brazilian data', () => {
  it('has the IBGE municipality list with 7-digit codes', () => {
    expect(listarMunicipios()).toHaveLength(5571);
    expect(municipioPorCodigo('4216602')).toEqual({ codigo: '4216602', nome: 'São José', uf: 'SC' });
    expect(municipioPorCodigo('3550308')?.nome).toBe('São Paulo');
    expect(municipioPorCodigo('0000000')).toBeNull();
  });
  it('validates IE per UF, CEP and phones', () => {
    expect(isValidInscricaoEstadual('110.042.490.114', 'SP')).toBe(true);
    expect(isValidInscricaoEstadual('110.042.490.115', 'SP')).toBe(false);
    expect(isValidInscricaoEstadual('110042490114', 'RJ')).toBe(false);
    expect(isValidInscricaoEstadual('ISENTO', 'SP')).toBe(false);
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidTelefone('(11) 98765-4321')).toBe(true);
    expect(isValidTelefone('(20) 3333-4444')).toBe(false);
  });
});

describe('cliente schema', () => {
  it('accepts a valid customer and normalises it', () => {
    const r = clienteCreateSchema.parse({
      ...base,
      inscricao_estadual: '110.042.490.114',
      indicador_ie: '1',
      cep: '01310-100',
      telefone: '(11) 3333-4444',
      codigo_municipio: '3550308',
      uf: 'SP',
      limite_credito: '1.234,56',
      vendedor_id: '',
    });
    expect(r.documento).toBe('11222333000181');
    expect(r.inscricao_estadual).toBe('110042490114');
    expect(r.cep).toBe('01310100');
    expect(r.telefone).toBe('1133334444');
    expect(r.municipio).toBe('São Paulo');
    expect(r.limite_credito).toBe('1234.56');
    expect(r.vendedor_id).toBeNull();
    expect(r.ativo).toBe(true);
  });
  it('accepts the alphanumeric CNPJ', () => {
    const r = clienteCreateSchema.parse({ ...base, documento: '12.ABC.345/01DE-35' });
    expect(r.documento).toBe('12ABC34501DE35');
    expect(
      clienteCreateSchema.parse({ ...base, documento: cnpjWithCheckDigits('AB12CD34EF56') }).documento,
    ).toBe(cnpjWithCheckDigits('AB12CD34EF56'));
  });
  it('gives pt-BR field errors', () => {
    expect(fieldErrors(clienteCreateSchema.safeParse({ ...base, documento: '11.222.333/0001-82' }))).toEqual({
      documento: 'CNPJ inválido',
    });
    expect(
      fieldErrors(clienteCreateSchema.safeParse({ ...base, tipo_pessoa: 'F', documento: '529.982.247-24' })),
    ).toEqual({ documento: 'CPF inválido' });
    expect(
      fieldErrors(
        clienteCreateSchema.safeParse({ ...base, inscricao_estadual: '123', uf: 'SP', cep: '123' }),
      ),
    ).toEqual({ inscricao_estadual: 'Inscrição estadual inválida para a UF SP', cep: 'CEP inválido' });
    expect(fieldErrors(clienteCreateSchema.safeParse({ ...base, indicador_ie: '1' }))).toEqual({
      inscricao_estadual: 'Contribuinte do ICMS exige inscrição estadual',
    });
    expect(
      fieldErrors(clienteCreateSchema.safeParse({ ...base, codigo_municipio: '4216602', uf: 'SP' })),
    ).toEqual({ codigo_municipio: 'O município não pertence à UF informada' });
    expect(fieldErrors(clienteUpdateSchema.safeParse(base))).toEqual({
      versao: 'Versão do registro é obrigatória',
    });
  });
  it('fills ISENTO for an exempt contributor', () => {
    expect(clienteCreateSchema.parse({ ...base, indicador_ie: '2' }).inscricao_estadual).toBe('ISENTO');
  });
});

describe('vendedor and região schemas', () => {
  it('validates commission and CPF', () => {
    expect(vendedorCreateSchema.parse({ nome: 'Ana', comissao: '3,5' }).comissao).toBe('3.50');
    expect(
      fieldErrors(vendedorCreateSchema.safeParse({ nome: 'Ana', comissao: '100,01', cpf: '123' })),
    ).toEqual({
      comissao: 'Comissão deve ser no máximo 100',
      cpf: 'CPF inválido',
    });
  });
  it('validates CEP ranges and municipalities', () => {
    const r = regiaoCreateSchema.parse({
      nome: 'Grande SP',
      dias_entrega: [5, 1, 1],
      municipios: ['3550308'],
      faixas_cep: [{ inicio: '01000-000', fim: '05999-999' }],
    });
    expect(r.dias_entrega).toEqual([1, 5]);
    expect(r.faixas_cep).toEqual([{ inicio: '01000000', fim: '05999999' }]);
    expect(
      fieldErrors(
        regiaoCreateSchema.safeParse({
          nome: 'X',
          municipios: ['1234567'],
          faixas_cep: [{ inicio: '09000000', fim: '01000000' }],
        }),
      ),
    ).toEqual({
      'municipios.0': 'Município não encontrado na lista do IBGE',
      'faixas_cep.0.fim': 'CEP inicial maior que o final',
    });
  });
});
