import { describe, expect, it } from 'vitest';
import {
  type AuditCampo,
  auditCampo,
  auditCampoLabel,
  auditCampos,
  auditEntidadeLabel,
  auditEntidades,
} from './auditoria-campos.ts';

describe('auditCampoLabel', () => {
  it('names audited columns in pt-BR', () => {
    expect(auditCampoLabel('codigo_municipio')).toBe('Município (IBGE)');
    expect(auditCampoLabel('created_at')).toBe('Criado em');
    expect(auditCampoLabel('grupo_id')).toBe('Grupo empresarial');
    expect(auditCampoLabel('razao_social')).toBe('Razão social');
    expect(auditCampoLabel('limite_credito')).toBe('Limite de crédito');
    expect(auditCampoLabel('email_nfe')).toBe('E-mail para NF-e');
    expect(auditCampoLabel('data_vencimento')).toBe('Data de vencimento');
    expect(auditCampoLabel('roles')).toBe('Papéis');
  });

  it('takes a table-specific entry first', () => {
    expect(auditCampo('valor', 'financial_accounts')).toEqual({ rotulo: 'Valor', formato: 'dinheiro' });
    expect(auditCampo('valor', 'app_settings')).toEqual({ rotulo: 'Valor' });
    expect(auditCampoLabel('status', 'sales_orders')).toBe('Status');
    expect(auditCampo('status')).toBeUndefined();
  });

  it('falls back to the raw name for an unknown field, prototype names included', () => {
    expect(auditCampoLabel('coluna_nova')).toBe('coluna_nova');
    expect(auditCampoLabel('constructor')).toBe('constructor');
    expect(auditCampoLabel('toString', 'clientes')).toBe('toString');
    expect(auditCampoLabel('')).toBe('');
  });

  it('gives every field a trimmed, non-empty label; a linked field names an entity that names its records', () => {
    for (const [campo, def] of Object.entries<AuditCampo>(auditCampos)) {
      expect(def.rotulo.trim(), campo).toBe(def.rotulo);
      expect(def.rotulo.length, campo).toBeGreaterThan(0);
      if (def.formato === 'registro') expect(Object.keys(auditEntidades), campo).toContain(def.tabela);
      if (def.formato === 'codigo') expect(Object.keys(def.codigos ?? {}).length, campo).toBeGreaterThan(0);
    }
  });
});

describe('auditEntidadeLabel', () => {
  it('names audited tables in pt-BR, the raw name when unknown', () => {
    expect(auditEntidadeLabel('grupos_empresariais')).toBe('Grupo empresarial');
    expect(auditEntidadeLabel('situacoes_cliente')).toBe('Situação de cliente');
    expect(auditEntidadeLabel('users')).toBe('Usuário');
    expect(auditEntidadeLabel('tabela_nova')).toBe('tabela_nova');
    expect(auditEntidadeLabel('constructor')).toBe('constructor');
    expect(auditEntidadeLabel(null)).toBe('');
  });

  it('gives every entity a distinct name', () => {
    const labels = Object.values(auditEntidades).map((e) => e.rotulo);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
