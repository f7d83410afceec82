/** Query keys of the usuarios module; a mutation invalidates the prefix it changed. */
export const usuariosKeys = {
  all: ['usuarios'] as const,
  list: (query: Record<string, string>) => ['usuarios', 'list', query] as const,
  porPapel: ['usuarios', 'por-papel'] as const,
  opcoes: ['usuarios', 'opcoes'] as const,
};

export const meKeys = {
  /** GET /api/me (profile and roles) */
  me: ['me'] as const,
  sessoes: ['me', 'sessoes'] as const,
};
