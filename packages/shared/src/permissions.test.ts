import { describe, expect, it } from 'vitest';
import { allows, canAccessModule, hasAnyRole, hasArea } from './permissions.ts';

describe('permission basics', () => {
  it('admin passes role lists and known modules, unknown modules are denied', () => {
    expect(hasAnyRole(['admin'], [])).toBe(true);
    expect(canAccessModule(['admin'], 'auditoria')).toBe(true);
    expect(canAccessModule(['admin'], 'inexistente')).toBe(false);
  });
  it('derived areas', () => {
    expect(hasArea(['financeiro'], 'finance')).toBe(true);
    expect(hasArea(['estoque'], 'finance')).toBe(false);
    expect(canAccessModule(['estoque'], 'cadastros')).toBe(true);
    expect(canAccessModule(['financeiro'], 'cadastros')).toBe(false);
  });
  it('no sign-in only passes public', () => {
    expect(allows(null, 'public')).toBe(true);
    expect(allows(null, 'authenticated')).toBe(false);
    expect(allows([], 'authenticated')).toBe(true);
  });
});
