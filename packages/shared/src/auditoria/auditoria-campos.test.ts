import { describe, expect, it } from 'vitest';
import { auditCampoLabel, auditCampoLabels, sortByCampoLabel } from './auditoria-campos.ts';

describe('auditCampoLabel', () => {
  it('names audited columns in pt-BR', () => {
    expect(auditCampoLabel('codigo_municipio')).toBe('Código do município');
    expect(auditCampoLabel('created_at')).toBe('Criado em');
    expect(auditCampoLabel('updated_at')).toBe('Atualizado em');
    expect(auditCampoLabel('grupo_id')).toBe('Grupo empresarial');
    expect(auditCampoLabel('razao_social')).toBe('Razão social');
    expect(auditCampoLabel('limite_credito')).toBe('Limite de crédito');
    expect(auditCampoLabel('versao')).toBe('Versão');
    expect(auditCampoLabel('email_nfe')).toBe('E-mail para NF-e');
    expect(auditCampoLabel('nome_completo')).toBe('Nome completo');
    expect(auditCampoLabel('preco_venda')).toBe('Preço de venda');
    expect(auditCampoLabel('data_vencimento')).toBe('Data de vencimento');
    expect(auditCampoLabel('roles')).toBe('Papéis');
  });

  it('falls back to the raw name for an unknown field, prototype names included', () => {
    expect(auditCampoLabel('coluna_nova')).toBe('coluna_nova');
    expect(auditCampoLabel('constructor')).toBe('constructor');
    expect(auditCampoLabel('toString')).toBe('toString');
    expect(auditCampoLabel('')).toBe('');
  });

  it('gives every field a distinct, non-empty label', () => {
    const labels = Object.values(auditCampoLabels);
    expect(labels.every((l) => l.trim() === l && l.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('orders changed fields by their pt-BR name, accents compared as letters', () => {
    const campos = ['versao', 'updated_at', 'codigo_municipio', 'created_at', 'uf', 'coluna_x', 'ativo'];
    expect(sortByCampoLabel(campos.map((campo) => ({ campo }))).map((c) => auditCampoLabel(c.campo))).toEqual(
      ['Ativo', 'Atualizado em', 'Código do município', 'coluna_x', 'Criado em', 'UF', 'Versão'],
    );
  });
});
