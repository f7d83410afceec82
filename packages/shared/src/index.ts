// The shared package's entry (the one barrel file the architecture allows).
import './zod-locale.ts';

export * from './api-error.ts';
export * from './auth/auth.schema.ts';
export * from './auth/gotrue.schema.ts';
export * from './dashboard/dashboard.schema.ts';
export * from './dashboard/overdue.ts';
export * from './dashboard/period.ts';
export * from './dashboard/stock-status.ts';
export * from './dates.ts';
export * from './documentos.ts';
export * from './money.ts';
export * from './permissions.ts';
export * from './usuarios/perfil.schema.ts';
export * from './usuarios/usuarios.schema.ts';
export * from './auditoria/auditoria.schema.ts';
export * from './configuracoes/configuracoes.schema.ts';
