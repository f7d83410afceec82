export const auditoriaKeys = {
  all: ['auditoria'] as const,
  list: (query: Record<string, string>) => ['auditoria', 'list', query] as const,
  detail: (id: number) => ['auditoria', 'detail', id] as const,
  entidades: ['auditoria', 'entidades'] as const,
};
