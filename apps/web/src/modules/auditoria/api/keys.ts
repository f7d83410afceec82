import type { AuditoriaListQuery } from '@erp/shared';

export const auditoriaKeys = {
  all: ['auditoria'] as const,
  list: (params: AuditoriaListQuery) => ['auditoria', 'list', params] as const,
  detail: (id: number) => ['auditoria', 'detail', id] as const,
  entidades: ['auditoria', 'entidades'] as const,
};
