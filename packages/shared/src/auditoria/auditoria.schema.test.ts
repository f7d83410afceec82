import { describe, expect, it } from 'vitest';
import { auditValueText } from './auditoria.schema.ts';

describe('auditValueText', () => {
  it('shows dates and instants in pt-BR (São Paulo time), other values as they are', () => {
    expect(auditValueText('2026-11-21')).toBe('21/11/2026');
    expect(auditValueText('2026-11-21T06:27:55.337+00:00')).toBe('21/11/2026, 03:27');
    expect(auditValueText('2026-11-01T02:00:00Z')).toBe('31/10/2026, 23:00');
    expect(auditValueText('Rua 2026-11-21')).toBe('Rua 2026-11-21');
    expect(auditValueText('1234.56')).toBe('1234.56');
    expect(auditValueText(true)).toBe('sim');
    expect(auditValueText(false)).toBe('não');
    expect(auditValueText(null)).toBe('');
    expect(auditValueText(['estoque'])).toBe('["estoque"]');
  });
});
