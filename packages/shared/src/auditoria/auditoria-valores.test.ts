import { describe, expect, it } from 'vitest';
import {
  auditChanges,
  auditLinkedRefs,
  auditRecordRef,
  auditRefKey,
  auditValueText,
} from './auditoria-valores.ts';

const NBSP = '\u00a0';

describe('auditValueText', () => {
  it('shows values with no field format as they read: dates, instants, booleans, lists', () => {
    expect(auditValueText('campo_x', '2026-11-21')).toBe('21/11/2026');
    expect(auditValueText('campo_x', '2026-11-21T06:27:55.337+00:00')).toBe('21/11/2026, 03:27');
    expect(auditValueText('campo_x', '2026-11-01T02:00:00Z')).toBe('31/10/2026, 23:00');
    expect(auditValueText('logradouro', 'Rua 2026-11-21')).toBe('Rua 2026-11-21');
    expect(auditValueText('campo_x', '1234.56')).toBe('1234.56');
    expect(auditValueText('ativo', true)).toBe('Sim');
    expect(auditValueText('bloqueia_vendas', false)).toBe('Não');
    expect(auditValueText('sessoes_encerradas', 3)).toBe('3');
    expect(auditValueText('campo_x', ['a', 'b'])).toBe('a, b');
    expect(auditValueText('campo_x', { a: 1 })).toBe('{"a":1}');
    expect(auditValueText('campo_x', null)).toBe('');
    expect(auditValueText('roles', [])).toBe('');
  });

  it('money as BRL, quantities and percentages in pt-BR, from JSON numbers or decimal strings', () => {
    expect(auditValueText('limite_credito', 15000.5)).toBe(`R$${NBSP}15.000,50`);
    expect(auditValueText('limite_credito', 20000)).toBe(`R$${NBSP}20.000,00`);
    expect(auditValueText('preco_venda', '1234.56')).toBe(`R$${NBSP}1.234,56`);
    expect(auditValueText('valor', 0.1, { tabela: 'financial_accounts' })).toBe(`R$${NBSP}0,10`);
    expect(auditValueText('estoque_atual', 12.5)).toBe('12,5');
    expect(auditValueText('comissao', 5.25)).toBe('5,25%');
    // a value that is not a number keeps its text
    expect(auditValueText('limite_credito', 'abc')).toBe('abc');
    expect(auditValueText('limite_credito', '1.2345')).toBe('1.2345');
    expect(auditValueText('limite_credito', 1e21)).toBe('1e+21');
    // the same column name in a settings row is not money
    expect(auditValueText('valor', true, { tabela: 'app_settings' })).toBe('Sim');
  });

  it('dates dd/mm/aaaa and instants in São Paulo time by field', () => {
    expect(auditValueText('data_vencimento', '2026-03-05')).toBe('05/03/2026');
    expect(auditValueText('created_at', '2026-03-05T13:04:05.123456+00:00')).toBe('05/03/2026, 10:04');
  });

  it('IBGE codes as Município/UF, weekdays, CEP ranges, documents, CEP and phones with masks', () => {
    expect(auditValueText('codigo_municipio', '3550308')).toBe('São Paulo/SP');
    expect(auditValueText('municipios', ['3550308', '3509502'])).toBe('São Paulo/SP, Campinas/SP');
    expect(auditValueText('municipios', ['9999999'])).toBe('9999999');
    expect(auditValueText('dias_entrega', [1, 3, 5])).toBe('Segunda, Quarta, Sexta');
    expect(
      auditValueText('faixas_cep', [
        { inicio: '01000000', fim: '01999999' },
        { inicio: '13000000', fim: '13139999' },
      ]),
    ).toBe('01000-000 a 01999-999; 13000-000 a 13139-999');
    expect(auditValueText('documento', '11222333000181')).toBe('11.222.333/0001-81');
    expect(auditValueText('cpf', '52998224725')).toBe('529.982.247-25');
    expect(auditValueText('cep', '01310100')).toBe('01310-100');
    expect(auditValueText('telefone', '1133334444')).toBe('(11) 3333-4444');
    expect(auditValueText('celular', '11987654321')).toBe('(11) 98765-4321');
  });

  it('codes, reasons and roles in pt-BR; an unknown code as it is', () => {
    expect(auditValueText('motivo', 'email_nao_confirmado')).toBe('E-mail não confirmado');
    expect(auditValueText('motivo', 'senha_incorreta')).toBe('Senha incorreta');
    expect(auditValueText('motivo', 'motivo_novo')).toBe('motivo_novo');
    expect(auditValueText('metodo', 'link_recovery')).toBe('Link de recuperação de senha');
    expect(auditValueText('escopo', 'others')).toBe('As outras sessões');
    expect(auditValueText('tipo_pessoa', 'J')).toBe('Pessoa jurídica');
    expect(auditValueText('indicador_ie', '9')).toBe('9 - Não contribuinte');
    expect(auditValueText('status', 'em_aberto', { tabela: 'financial_accounts' })).toBe('Em aberto');
    expect(auditValueText('tipo', 'pagar', { tabela: 'financial_accounts' })).toBe('A pagar');
    expect(auditValueText('roles', ['admin', 'estoque'])).toBe('Administrador, Estoque');
    expect(auditValueText('role', 'financeiro')).toBe('Financeiro');
    expect(auditValueText('motivo', 'constructor')).toBe('constructor');
    expect(auditValueText('chave', 'permitir_novos_cadastros', { tabela: 'app_settings' })).toBe(
      'Permitir novos cadastros',
    );
  });

  it('linked records by their resolved name, the id when unknown', () => {
    const nomes = new Map([[auditRefKey('situacoes_cliente', 'a1'), 'Bloqueado']]);
    expect(auditValueText('situacao_id', 'a1', { nomes })).toBe('Bloqueado');
    expect(auditValueText('situacao_id', 'b2', { nomes })).toBe('b2');
    expect(auditValueText('situacao_id', 'a1')).toBe('a1');
  });
});

describe('refs and changes', () => {
  it('lists the record and the linked records to name', () => {
    expect(auditRecordRef('clientes', 'c1')).toEqual({ tabela: 'clientes', id: 'c1' });
    expect(auditRecordRef('tabela_nova', 'c1')).toBeNull();
    expect(auditRecordRef('clientes', null)).toBeNull();
    expect(
      auditLinkedRefs(
        'clientes',
        { situacao_id: 's1', vendedor_id: null },
        { situacao_id: 's2', razao_social: 'X' },
      ),
    ).toEqual([
      { tabela: 'situacoes_cliente', id: 's1' },
      { tabela: 'situacoes_cliente', id: 's2' },
    ]);
    expect(auditLinkedRefs('vendedores', null, { user_id: 'u1' })).toEqual([{ tabela: 'users', id: 'u1' }]);
  });

  it('names and formats the changed fields, in the order of their pt-BR names', () => {
    const nomes = new Map([
      [auditRefKey('situacoes_cliente', 's1'), 'Ativo'],
      [auditRefKey('situacoes_cliente', 's2'), 'Bloqueado'],
    ]);
    expect(
      auditChanges(
        'clientes',
        { situacao_id: 's1', limite_credito: 15000.5, ativo: true },
        { situacao_id: 's2', limite_credito: 20000, ativo: false },
        nomes,
      ).map((c) => `${c.rotulo}: ${c.antes_texto} → ${c.depois_texto}`),
    ).toEqual([
      'Ativo: Sim → Não',
      `Limite de crédito: R$${NBSP}15.000,50 → R$${NBSP}20.000,00`,
      'Situação: Ativo → Bloqueado',
    ]);
    expect(auditChanges('users', null, { roles: ['estoque'] })).toEqual([
      {
        campo: 'roles',
        rotulo: 'Papéis',
        antes: null,
        depois: ['estoque'],
        antes_texto: '',
        depois_texto: 'Estoque',
      },
    ]);
    expect(auditChanges('users', null, null)).toEqual([]);
  });
});
